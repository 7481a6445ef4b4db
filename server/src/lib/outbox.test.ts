/**
 * The mail outbox against a real SMTP server, on the test engine (SQLite, or PostgreSQL with
 * TEST_ENGINE=postgres): a server that refuses the first three attempts gets the mail once, on the
 * fourth; a mail left `sending` by an instance that stopped is delivered once by another; a mail
 * refused every time is tried for 3 days, then given up and listed; a permanent refusal is given
 * up at once; an urgent mail overtakes a queue of notices; two instances delivering at once send
 * each mail once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { startInbox } from '../test/smtp';
import { createMailer } from './mailer';
import { GIVE_UP_AFTER_MS, MailOutbox } from './outbox';
import { transaction } from '../db/transaction';

const t = useTestApp();

/** A real SMTP server refusing the first `refusals` attempts of each subject. */
async function flakySmtp(refusals: number) {
  const inbox = await startInbox({ refuseFirst: refusals });
  return {
    url: inbox.url,
    get received() {
      return inbox.all().map((mail) => ({ to: mail.to, subject: mail.subject }));
    },
    refused: inbox.refused,
    close: () => {
      closeMailers();
      return inbox.close();
    },
  };
}

let smtp: Awaited<ReturnType<typeof flakySmtp>>;
beforeAll(async () => {
  smtp = await flakySmtp(3);
});
afterAll(() => smtp.close());

/** Each outbox's mailer keeps pooled connections: closed before a test's SMTP server closes. */
const mailers: Array<ReturnType<typeof createMailer>> = [];
const closeMailers = () => {
  for (const mailer of mailers.splice(0)) mailer.close();
};
afterEach(closeMailers);

function outboxWith(url: string, backoffMs = [0], staleAfterMs?: number) {
  const mailer = createMailer(url, 'Cadence <c@test>', t.app.log);
  mailers.push(mailer);
  return new MailOutbox({
    db: t.database.db,
    engine: t.database.engine.name,
    mailer,
    log: t.app.log,
    backoffMs,
    staleAfterMs,
  });
}

const rowOf = (subject: string) =>
  t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();

describe('the mail outbox', () => {
  it('delivers once a mail the SMTP server refused three times, on the fourth attempt', async () => {
    const outbox = outboxWith(smtp.url);
    await transaction(t.database.db, (trx) =>
      outbox.enqueue(trx, [{ to: 'ana@example.com', subject: 'Refused thrice', text: 'Hello' }]),
    );
    for (let attempt = 0; attempt < 6; attempt += 1) await outbox.deliver();
    expect(smtp.refused.get('Refused thrice')).toBe(3);
    expect(smtp.received.filter((mail) => mail.subject === 'Refused thrice')).toEqual([
      { to: 'ana@example.com', subject: 'Refused thrice' },
    ]);
    expect(await rowOf('Refused thrice')).toMatchObject({ state: 'sent', attempts: 4, last_error: null });
  });

  it('waits the backoff between attempts', async () => {
    const outbox = outboxWith(smtp.url, [60_000, 60_000]);
    await transaction(t.database.db, (trx) =>
      outbox.enqueue(trx, [{ to: 'bo@example.com', subject: 'Backed off', text: 'Hi' }]),
    );
    await outbox.deliver();
    await outbox.deliver();
    expect(smtp.refused.get('Backed off')).toBe(1);
    const row = await rowOf('Backed off');
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThan(Date.now() + 50_000);
    // A minute later, by the clock the delivery is given.
    await outbox.deliver(Date.now() + 61_000);
    expect(await rowOf('Backed off')).toMatchObject({ state: 'pending', attempts: 2 });
  });

  it('tries a refused mail for 3 days, then gives up, keeps the error and lists it', async () => {
    const nowhere = await flakySmtp(100);
    try {
      const outbox = outboxWith(nowhere.url, [3_600_000]);
      await transaction(t.database.db, (trx) =>
        outbox.enqueue(trx, [{ to: 'cy@example.com', subject: 'Never', text: 'No' }]),
      );
      await outbox.deliver();
      expect(await rowOf('Never')).toMatchObject({ state: 'pending', attempts: 1 });
      // Two days on: still tried.
      await outbox.deliver(Date.now() + 2 * 24 * 3_600_000);
      const twoDays = await rowOf('Never');
      expect(twoDays).toMatchObject({ state: 'pending', attempts: 2 });
      // Its last try is set for when the 3 days are up, not an hour after.
      const last = Date.parse(twoDays.next_attempt_at) - Date.parse(twoDays.created_at);
      expect(last).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
      await outbox.deliver(Date.parse(twoDays.created_at) + GIVE_UP_AFTER_MS);
      expect(nowhere.refused.get('Never')).toBe(3);
      const row = await rowOf('Never');
      expect(row).toMatchObject({ state: 'failed', attempts: 3 });
      expect(row.last_error).toMatch(/try again later/);
      expect((await outbox.undelivered()).map((mail) => mail.subject)).toContain('Never');
    } finally {
      await nowhere.close();
    }
  });

  it('gives up at once on a permanent refusal (550)', async () => {
    const refusing = await startInbox({ refuseFirst: 100, refuseCode: 550 });
    try {
      const outbox = outboxWith(refusing.url, [0]);
      await transaction(t.database.db, (trx) =>
        outbox.enqueue(trx, [{ to: 'nobody@example.com', subject: 'No such mailbox', text: 'No' }]),
      );
      await outbox.deliver();
      await outbox.deliver();
      expect(refusing.refused.get('No such mailbox')).toBe(1);
      const row = await rowOf('No such mailbox');
      expect(row).toMatchObject({ state: 'failed', attempts: 1 });
      expect(row.last_error).toMatch(/no such mailbox/);
    } finally {
      closeMailers();
      await refusing.close();
    }
  });

  it('sends an urgent mail before a queue of notices written earlier', async () => {
    const good = await flakySmtp(0);
    try {
      const writer = outboxWith(good.url);
      await writer.stop(); // writes only: its kick does not deliver
      await transaction(t.database.db, (trx) =>
        writer.enqueue(
          trx,
          Array.from({ length: 60 }, (_, n) => ({
            to: 'gu@example.com',
            subject: `Notice ${n}`,
            text: 'Bulk',
          })),
          'bulk',
        ),
      );
      await transaction(t.database.db, (trx) =>
        writer.enqueue(trx, [{ to: 'gu@example.com', subject: 'Your password', text: 'Reset' }], 'urgent'),
      );
      await outboxWith(good.url).deliver();
      const order = good.received.filter((mail) => mail.to === 'gu@example.com').map((mail) => mail.subject);
      expect(order).toHaveLength(61);
      // In the first batch, among the first connections' mails, where it would be 61st in order.
      expect(order.indexOf('Your password')).toBeLessThan(10);
    } finally {
      await good.close();
    }
  });

  it('delivers once a mail an instance left `sending` when it stopped, after MAIL_STALE_AFTER', async () => {
    const good = await flakySmtp(0);
    try {
      const outbox = outboxWith(good.url, undefined, 60_000);
      // Written by an instance that then stopped (its delivery after the commit does not start).
      const dead = outboxWith(good.url, undefined, 60_000);
      await dead.stop();
      await transaction(t.database.db, (trx) =>
        dead.enqueue(trx, [{ to: 'di@example.com', subject: 'Orphan', text: 'Hi' }]),
      );
      // As an instance that claimed it and died before sending.
      const claimedAt = new Date(Date.now() - 30_000).toISOString();
      await t.database.db
        .updateTable('mail_outbox')
        .set({ state: 'sending', claimed_at: claimedAt })
        .where('subject', '=', 'Orphan')
        .execute();
      const orphans = () => good.received.filter((mail) => mail.subject === 'Orphan');
      await outbox.deliver();
      expect(orphans()).toEqual([]); // not yet stale: its instance may still be sending it
      await outbox.deliver(Date.now() + 31_000);
      await outbox.deliver(Date.now() + 120_000);
      expect(orphans()).toEqual([{ to: 'di@example.com', subject: 'Orphan' }]);
      expect(await rowOf('Orphan')).toMatchObject({ state: 'sent' });
    } finally {
      await good.close();
    }
  });

  it('sends each mail once when two instances deliver at the same time', async () => {
    const good = await flakySmtp(0);
    try {
      const [one, two] = [outboxWith(good.url), outboxWith(good.url)];
      const subjects = Array.from({ length: 20 }, (_, n) => `Race ${n}`);
      await transaction(t.database.db, (trx) =>
        one.enqueue(
          trx,
          subjects.map((subject) => ({ to: 'ed@example.com', subject, text: 'Once' })),
        ),
      );
      await Promise.all([one.deliver(), two.deliver(), one.deliver(), two.deliver()]);
      const raced = good.received.filter((mail) => mail.subject.startsWith('Race '));
      expect(raced.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    } finally {
      await good.close();
    }
  });

  it('writes nothing when the transaction that caused the mail rolls back', async () => {
    const outbox = outboxWith(smtp.url);
    await expect(
      transaction(t.database.db, async (trx) => {
        await outbox.enqueue(trx, [{ to: 'fi@example.com', subject: 'Rolled back', text: 'No' }]);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rows = await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('subject', '=', 'Rolled back')
      .execute();
    expect(rows).toEqual([]);
  });
});
