/**
 * The mail outbox against a real SMTP server, on the test engine (SQLite, or PostgreSQL with
 * TEST_ENGINE=postgres): a server that refuses the first three attempts gets the mail once, on the
 * fourth; a mail left `sending` by an instance that stopped is delivered once by another; a mail
 * refused every time is given up after the last attempt and listed; two instances delivering at
 * once send each mail once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';
import { startInbox } from '../test/smtp';
import { createMailer } from './mailer';
import { MAX_ATTEMPTS, MailOutbox } from './outbox';
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
    close: () => inbox.close(),
  };
}

let smtp: Awaited<ReturnType<typeof flakySmtp>>;
beforeAll(async () => {
  smtp = await flakySmtp(3);
});
afterAll(() => smtp.close());

function outboxWith(url: string, backoffMs = [0, 0, 0, 0, 0], staleAfterMs?: number) {
  return new MailOutbox({
    db: t.database.db,
    mailer: createMailer(url, 'Cadence <c@test>', t.app.log),
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

  it('gives up after the last attempt, keeps the error, and lists the mail as undelivered', async () => {
    const nowhere = await flakySmtp(100);
    try {
      const outbox = outboxWith(nowhere.url);
      await transaction(t.database.db, (trx) =>
        outbox.enqueue(trx, [{ to: 'cy@example.com', subject: 'Never', text: 'No' }]),
      );
      for (let attempt = 0; attempt < MAX_ATTEMPTS + 2; attempt += 1) await outbox.deliver();
      expect(nowhere.refused.get('Never')).toBe(MAX_ATTEMPTS);
      const row = await rowOf('Never');
      expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
      expect(row.last_error).toMatch(/try again later/);
      expect((await outbox.undelivered()).map((mail) => mail.subject)).toContain('Never');
    } finally {
      await nowhere.close();
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
