/**
 * The mail outbox. A service writes each e-mail, rendered, with `enqueue` inside the transaction
 * that causes it — so a mail exists exactly when its cause was committed — and calls `kick` after
 * the commit. Any instance delivers: it claims a due row (pending → sending) with a conditional
 * update, so two instances never send one row, sends it through SMTP and marks it sent. A failed
 * send goes back to pending with a growing delay; after MAX_ATTEMPTS it is `failed` with its last
 * error, for the operator to list. A row left `sending` by an instance that stopped is claimed
 * again after MAIL_STALE_AFTER (the one case in which a mail may go out twice).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { afterCommit } from '../db/transaction';
import type { Mail, Mailer } from './mailer';

/** Delays before the 2nd, 3rd… attempt. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
const BATCH = 50;

const iso = (ms: number) => new Date(ms).toISOString();

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The delays between attempts (tests shorten them). */
  backoffMs?: number[];
  /** How long a row may stay `sending` before another delivery claims it again (MAIL_STALE_AFTER). */
  staleAfterMs?: number;
}

export class MailOutbox {
  private delivering: Promise<number> | undefined;
  private again = false;
  private stopped = false;
  private readonly backoff: number[];
  private readonly staleAfter: number;

  constructor(private readonly options: OutboxOptions) {
    this.backoff = options.backoffMs ?? BACKOFF_MS;
    this.staleAfter = options.staleAfterMs ?? 10 * 60_000;
  }

  /**
   * Writes the mails in the caller's transaction (opened with `transaction()`); nothing is sent
   * before it commits, and delivery starts as soon as it has.
   */
  async enqueue(trx: Db, mails: Mail[]): Promise<void> {
    if (mails.length === 0) return;
    afterCommit(trx, () => this.kick());
    const now = iso(Date.now());
    await trx
      .insertInto('mail_outbox')
      .values(
        mails.map((mail) => ({
          to_address: mail.to,
          subject: mail.subject,
          body: mail.text,
          calendar_method: mail.calendar?.method ?? null,
          calendar_content: mail.calendar?.content ?? null,
          state: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          claimed_at: null,
          last_error: null,
          created_at: now,
          sent_at: null,
        })),
      )
      .execute();
  }

  /** After a commit: deliver what is due now, without waiting for the scheduler's next tick. */
  kick(): void {
    if (this.stopped) return;
    void this.deliver().catch((error: unknown) =>
      this.options.log.warn({ err: error }, 'the mail outbox could not be delivered'),
    );
  }

  /**
   * Sends every due mail; answers how many were sent. One delivery runs at a time per process; a
   * call during one runs once more after it, so that a mail written meanwhile is not left waiting.
   */
  deliver(now = Date.now()): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.delivering) {
      this.again = true;
      return this.delivering;
    }
    this.delivering = (async () => {
      let sent = 0;
      do {
        this.again = false;
        sent += await this.deliverDue(now);
        now = Date.now();
      } while (this.again);
      return sent;
    })().finally(() => (this.delivering = undefined));
    return this.delivering;
  }

  private async deliverDue(now: number): Promise<number> {
    const { db } = this.options;
    let sent = 0;
    for (;;) {
      const due = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', iso(now))]),
            eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<=', iso(now - this.staleAfter))]),
          ]),
        )
        .orderBy('id')
        .limit(BATCH)
        .execute();
      let claimed = 0;
      for (const row of due) {
        if (this.stopped) return sent;
        const claim = await db
          .updateTable('mail_outbox')
          .set({ state: 'sending', claimed_at: iso(Date.now()) })
          .where('id', '=', row.id)
          .where('state', '=', row.state)
          .where((eb) =>
            row.claimed_at === null ? eb('claimed_at', 'is', null) : eb('claimed_at', '=', row.claimed_at),
          )
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) continue;
        claimed += 1;
        if (await this.send(row)) sent += 1;
      }
      if (due.length < BATCH || claimed === 0) return sent;
    }
  }

  private async send(row: {
    id: number;
    to_address: string;
    subject: string;
    body: string;
    calendar_method: 'REQUEST' | 'CANCEL' | null;
    calendar_content: string | null;
    attempts: number;
  }): Promise<boolean> {
    const { db, mailer, log } = this.options;
    try {
      await mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        ...(row.calendar_method && row.calendar_content
          ? { calendar: { method: row.calendar_method, content: row.calendar_content } }
          : {}),
      });
      await db
        .updateTable('mail_outbox')
        .set({ state: 'sent', sent_at: iso(Date.now()), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const delay = this.backoff[attempts - 1];
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ err: error, mailId: row.id, attempts }, 'an e-mail could not be sent');
      await db
        .updateTable('mail_outbox')
        .set({
          state: delay === undefined ? 'failed' : 'pending',
          attempts,
          next_attempt_at: iso(Date.now() + (delay ?? 0)),
          claimed_at: null,
          last_error: message.slice(0, 1000),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
  }

  /**
   * Stopping (the server's shutdown): no new claim, and the mail being sent finishes, so that no
   * row is left `sending` for MAIL_STALE_AFTER; what is still pending waits for the next instance.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.delivering?.catch(() => undefined);
  }

  /** The mails given up on, newest first, for the operator. */
  undelivered(limit = 100) {
    return this.options.db
      .selectFrom('mail_outbox')
      .select(['id', 'to_address', 'subject', 'attempts', 'last_error', 'created_at'])
      .where('state', '=', 'failed')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}

/**
 * The account of this address is deleted: nothing more goes to it, sent or not, and no copy of
 * what went stays.
 */
export async function eraseMailTo(trx: Db, address: string): Promise<void> {
  await trx.deleteFrom('mail_outbox').where('to_address', '=', address).execute();
}
