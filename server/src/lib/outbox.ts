/**
 * The mail outbox. A service writes each e-mail, rendered, with `enqueue` inside the transaction
 * that causes it — so a mail exists exactly when its cause was committed — and calls `kick` after
 * the commit. Any instance delivers: it claims a batch of due rows (pending → sending) in one
 * conditional update, most urgent first (a password reset before a queue of notices), so two
 * instances never send one row, and sends the batch at once over its pooled SMTP connections.
 *
 * Sending and recording are apart: once the SMTP server has taken a mail, its `sent` is written
 * again and again until the database takes it (an outage, a dropped connection), so a mail goes
 * out twice only when the process dies between the two — after MAIL_STALE_AFTER another instance
 * claims a row left `sending` again. A refused send is tried again after a growing delay for 3
 * days, as mail servers do, then marked `failed` with its last error for the operator; a
 * permanent refusal (an SMTP 5xx, such as an unknown mailbox) is `failed` at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Selectable, Updateable } from 'kysely';
import type { Db } from '../db';
import type { EngineName } from '../db/dialect';
import type { Database, MailOutboxTable } from '../db/schema';
import { afterCommit } from '../db/transaction';
import type { Mail, Mailer } from './mailer';

/** Urgent: a password reset, an unlock link, a reminder; bulk: notices of shared work. */
export type MailPriority = 'urgent' | 'normal' | 'bulk';
const PRIORITIES: Record<MailPriority, number> = { urgent: 0, normal: 1, bulk: 2 };

/** Delays before the 2nd, 3rd… attempt; the last one repeats until GIVE_UP_AFTER_MS. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** How long a mail is tried before it is marked failed (counted from when it was written). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000;
/** Mails claimed at once, and sent together over the pooled connections. */
const CLAIM_BATCH = 20;
/** How often an outcome the database did not take is written again. */
const RECORD_AGAIN_MS = 500;

const iso = (ms: number) => new Date(ms).toISOString();

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** PostgreSQL claims with SKIP LOCKED, so that instances take different rows at once. */
  engine?: EngineName;
  /** The delays between attempts (tests shorten them); the last repeats. */
  backoffMs?: number[];
  /** How long a mail is tried before it is given up (GIVE_UP_AFTER_MS). */
  giveUpAfterMs?: number;
  /** How long a row may stay `sending` before another delivery claims it again (MAIL_STALE_AFTER). */
  staleAfterMs?: number;
}

/** What a claim reads of each row. */
const CLAIMED = [
  'id',
  'to_address',
  'subject',
  'body',
  'calendar_method',
  'calendar_content',
  'attempts',
  'created_at',
  'priority',
] as const;
type Claimed = Pick<Selectable<MailOutboxTable>, (typeof CLAIMED)[number]> & { claimedAt: string };

/** What became of a claimed row, to write (again, until the database takes it). */
interface Outcome {
  id: number;
  claimedAt: string;
  values: Updateable<MailOutboxTable>;
}

export class MailOutbox {
  private delivering: Promise<number> | undefined;
  private again = false;
  private stopped = false;
  private readonly backoff: number[];
  private readonly staleAfter: number;
  private readonly giveUpAfter: number;
  /** Outcomes the database has not taken yet, oldest first. */
  private unrecorded: Outcome[] = [];
  private recordTimer: NodeJS.Timeout | undefined;
  /** The writing of `unrecorded` under way (one at a time: each takes the first and drops it). */
  private recording: Promise<boolean> | undefined;

  constructor(private readonly options: OutboxOptions) {
    this.backoff = options.backoffMs ?? BACKOFF_MS;
    this.staleAfter = options.staleAfterMs ?? 10 * 60_000;
    this.giveUpAfter = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;
  }

  /**
   * Writes the mails in the caller's transaction (opened with `transaction()`); nothing is sent
   * before it commits, and delivery starts as soon as it has.
   */
  async enqueue(trx: Db, mails: Mail[], priority: MailPriority = 'normal'): Promise<void> {
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
          priority: PRIORITIES[priority],
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
   * call during one runs once more after it, so that a mail written meanwhile is not left waiting
   * (and each batch is claimed afresh, so an urgent mail written meanwhile goes in the next one).
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
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      // What was sent but not yet written goes first: a claim would otherwise see it `sending`.
      if (!(await this.recordAgain())) return sent;
      const batch = await this.claim(now);
      if (batch.length === 0) return sent;
      const results = await Promise.all(batch.map((row) => this.send(row, now)));
      sent += results.filter(Boolean).length;
      // Later batches are due by the clock of their claim.
      if (now <= Date.now()) now = Date.now();
    }
  }

  /** Claims up to CLAIM_BATCH due rows, most urgent first, in one statement. */
  private async claim(now: number): Promise<Claimed[]> {
    const { db, engine } = this.options;
    const claimedAt = iso(Date.now());
    const due = (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
      eb.or([
        eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', iso(now))]),
        eb.and([eb('state', '=', 'sending'), eb('claimed_at', '<=', iso(now - this.staleAfter))]),
      ]);
    const rows = await db
      .updateTable('mail_outbox')
      .set({ state: 'sending', claimed_at: claimedAt })
      .where('id', 'in', (eb) => {
        const ids = eb
          .selectFrom('mail_outbox')
          .select('id')
          .where(due)
          .orderBy('priority')
          .orderBy('id')
          .limit(CLAIM_BATCH);
        return engine === 'postgres' ? ids.forUpdate().skipLocked() : ids;
      })
      // Checked again on the row as it is when updated: another instance's claim in between wins.
      .where(due)
      .returning(CLAIMED)
      .execute();
    // Handed to the pool in this order: the most urgent take the first connections.
    return rows.sort((a, b) => a.priority - b.priority || a.id - b.id).map((row) => ({ ...row, claimedAt }));
  }

  private async send(row: Claimed, now: number): Promise<boolean> {
    const { mailer, log } = this.options;
    const { claimedAt } = row;
    const attempts = row.attempts + 1;
    try {
      await mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        ...(row.calendar_method && row.calendar_content
          ? { calendar: { method: row.calendar_method, content: row.calendar_content } }
          : {}),
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const code = (error as { responseCode?: number }).responseCode;
      const permanent = code !== undefined && code >= 500 && code < 600;
      const giveUpAt = Date.parse(row.created_at) + this.giveUpAfter;
      const delay = this.backoff[Math.min(attempts - 1, this.backoff.length - 1)] ?? 0;
      const failed = permanent || now >= giveUpAt;
      log.warn({ err: error, mailId: row.id, attempts, failed }, 'an e-mail could not be sent');
      await this.record({
        id: row.id,
        claimedAt,
        values: {
          state: failed ? 'failed' : 'pending',
          attempts,
          // The last attempt is made when the 3 days are up, not after them.
          next_attempt_at: iso(Math.min(now + delay, giveUpAt)),
          claimed_at: null,
          last_error: message.slice(0, 1000),
        },
      });
      return false;
    }
    await this.record({
      id: row.id,
      claimedAt,
      values: { state: 'sent', sent_at: iso(Date.now()), attempts, last_error: null },
    });
    return true;
  }

  /**
   * Writes an outcome of this instance's claim; one the database does not take waits in memory
   * and is written again every RECORD_AGAIN_MS (and before the next claim) until it is.
   */
  private async record(outcome: Outcome): Promise<void> {
    try {
      await this.write(outcome);
    } catch (error) {
      if (this.unrecorded.length === 0) {
        this.options.log.error(
          { err: error, mailId: outcome.id },
          'the mail outbox could not record what became of a mail; it tries again',
        );
      }
      this.unrecorded.push(outcome);
      this.recordLater();
    }
  }

  private write({ id, claimedAt, values }: Outcome) {
    return this.options.db
      .updateTable('mail_outbox')
      .set(values)
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('claimed_at', '=', claimedAt)
      .execute();
  }

  /** Writes the outcomes waiting; answers whether none is left. */
  private recordAgain(): Promise<boolean> {
    this.recording ??= this.writeUnrecorded().finally(() => (this.recording = undefined));
    return this.recording;
  }

  private async writeUnrecorded(): Promise<boolean> {
    while (this.unrecorded.length > 0) {
      try {
        await this.write(this.unrecorded[0]!);
      } catch {
        this.recordLater();
        return false;
      }
      this.unrecorded.shift();
      if (this.unrecorded.length === 0) this.options.log.info('the mail outbox recorded what it had kept');
    }
    return true;
  }

  private recordLater(): void {
    if (this.recordTimer) return;
    this.recordTimer = setTimeout(() => {
      this.recordTimer = undefined;
      void this.recordAgain();
    }, RECORD_AGAIN_MS);
    this.recordTimer.unref();
  }

  /**
   * Stopping (the server's shutdown): no new claim, and the mails being sent finish and are
   * recorded, so that no row is left `sending` for MAIL_STALE_AFTER; what is still pending waits
   * for the next instance. What the database still does not take is said in the log.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.delivering?.catch(() => undefined);
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    if (await this.recordAgain().catch(() => false)) return;
    this.options.log.error(
      { mails: this.unrecorded.map((outcome) => outcome.id) },
      'stopping with mails sent (or refused) but not recorded: they may go again after MAIL_STALE_AFTER',
    );
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
