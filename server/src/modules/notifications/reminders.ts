/**
 * Reminders: one row per person and thing to remind of, holding when it fires next —
 * `reminder` minutes before an event's next occurrence (for its owner and guests), 08:00 in each
 * person's time zone on a to-do's due day (for its owner and assignees). Writes keep the rows in
 * step, in their own transactions.
 *
 * Firing is safe with any number of instances on one database: an instance claims a due row by
 * moving it on (to the next occurrence) or deleting it with a conditional update on its current
 * fire time; only the instance whose update changed the row writes the notification, in the same
 * transaction, with its e-mail (in the user's language and zone, when their settings want it)
 * into the mail outbox, which delivers it after the commit and retries it. A reminder that came
 * due while no instance ran fires at the next start, unless it is over a day old.
 */
import { DateTime } from 'luxon';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { ServiceDeps } from '../../deps';
import type { Mail } from '../../lib/mailer';
import {
  eventPath,
  mailText,
  nameOf,
  type Recipient,
  recipientColumns,
  taskPath,
  whenText,
} from '../../lib/mail-texts';
import type { Selectable } from 'kysely';
import type { EventsTable } from '../../db/schema';
import { exceptionsOf } from '../calendar/exceptions';
import { nextStart } from '../../lib/occurrences';
import { seriesOf } from '../calendar/entries';
import { notify } from './notify';
import { afterCommit, transaction } from '../../db/transaction';

/** A reminder fired later than this after its time is dropped rather than sent. */
export const STALE_AFTER_MS = 24 * 3_600_000;
/** The hour of a due day at which its task is reminded of, in the person's time zone. */
export const DUE_MORNING_HOUR = 8;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The event's rows, one per participant: its next occurrence whose reminder time is still ahead.
 * An occurrence whose reminder has passed is not reminded of again when the event is edited.
 */
export async function syncEventReminders(trx: Db, eventId: number, now = Date.now()): Promise<void> {
  await trx.deleteFrom('reminders').where('kind', '=', 'event').where('source_id', '=', eventId).execute();
  const event = await trx.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();
  if (!event) return;
  const reminded = await nextReminderOf(trx, event, now);
  if (reminded === null) return;
  const { start: next, fire } = reminded;
  const guests = await trx
    .selectFrom('event_guests')
    .select('user_id')
    .where('event_id', '=', eventId)
    .execute();
  const people = [event.owner_id, ...guests.map((guest) => guest.user_id)];
  await trx
    .insertInto('reminders')
    .values(
      people.map((user_id) => ({
        user_id,
        kind: 'event' as const,
        source_id: eventId,
        fire_at: iso(fire),
        occurrence_at: iso(next),
      })),
    )
    .execute();
}

/**
 * The event's next occurrence to remind of, starting at or after `startAfter`, whose reminder fires
 * at or after `fireNotBefore`: the rule's occurrences (less those cancelled or overridden) and the
 * added ones with the event's reminder, each override with its own (D39); the first to fire.
 */
async function nextReminderOf(
  db: Db,
  event: Selectable<EventsTable>,
  fireNotBefore: number,
  startAfter = -Infinity,
): Promise<{ fire: number; start: number } | null> {
  const exceptions = event.recurrence ? (await exceptionsOf(db, [event.id])).get(event.id) : undefined;
  const candidates: Array<{ fire: number; start: number }> = [];
  if (event.reminder !== null) {
    const before = event.reminder * 60_000;
    const next = nextStart(seriesOf(event, exceptions), Math.max(fireNotBefore + before, startAfter));
    if (next !== null) candidates.push({ fire: next - before, start: next });
  }
  for (const row of exceptions ?? []) {
    const minutes = row.kind === 'override' ? row.reminder : row.kind === 'addition' ? event.reminder : null;
    if (minutes === null || row.start_at === null) continue;
    const start = Date.parse(row.start_at);
    const fire = start - minutes * 60_000;
    if (fire >= fireNotBefore && start >= startAfter) candidates.push({ fire, start });
  }
  candidates.sort((a, b) => a.fire - b.fire);
  return candidates[0] ?? null;
}

/**
 * A meeting's invitation mail to one invitee, as the meetings module writes it (none when the
 * meeting is gone): wired in services.ts, so that this module need not know meetings.
 */
export type InvitationMails = (trx: Db, meetingId: number, userId: number) => Promise<Mail[]>;

export type RemindersDeps = Pick<ServiceDeps, 'db' | 'config' | 'log' | 'live' | 'outbox'> & {
  /** For the invitations an older version left to mail (see sendPendingMail). */
  invitationMails: InvitationMails;
};

export class RemindersService {
  constructor(private readonly deps: RemindersDeps) {}

  /** The event's rows (see syncEventReminders). */
  syncEvent(trx: Db, eventId: number, now = Date.now()): Promise<void> {
    return syncEventReminders(trx, eventId, now);
  }

  /** The event is deleted: nobody is reminded of it any more. */
  async forgetEvent(trx: Db, eventId: number): Promise<void> {
    await trx.deleteFrom('reminders').where('kind', '=', 'event').where('source_id', '=', eventId).execute();
  }

  /**
   * The rows of events just written with no guests and no exceptions (an import's), in one
   * statement: each one's owner, reminded of its next occurrence.
   */
  async syncNewEvents(trx: Db, events: Array<Selectable<EventsTable>>, now = Date.now()): Promise<void> {
    const rows: Array<{
      user_id: number;
      kind: 'event';
      source_id: number;
      fire_at: string;
      occurrence_at: string;
    }> = [];
    for (const event of events) {
      if (event.reminder === null) continue;
      const before = event.reminder * 60_000;
      const next = nextStart(seriesOf(event), now + before);
      if (next === null) continue;
      rows.push({
        user_id: event.owner_id,
        kind: 'event',
        source_id: event.id,
        fire_at: iso(next - before),
        occurrence_at: iso(next),
      });
    }
    if (rows.length > 0) await trx.insertInto('reminders').values(rows).execute();
  }

  /** The task's rows: 08:00 on its due day in each person's zone, while open and still ahead. */
  async syncTodo(trx: Db, todoId: number, now = Date.now()): Promise<void> {
    await trx.deleteFrom('reminders').where('kind', '=', 'todo').where('source_id', '=', todoId).execute();
    const task = await trx.selectFrom('todos').selectAll().where('id', '=', todoId).executeTakeFirst();
    if (!task || task.due_date === null || bool(task.is_completed) || bool(task.is_deleted)) return;
    const people = await trx
      .selectFrom('users')
      .select(['users.id', 'users.time_zone'])
      .where((eb) =>
        eb.or([
          eb('users.id', '=', task.owner_id),
          eb(
            'users.id',
            'in',
            eb
              .selectFrom('todo_assignees')
              .select('todo_assignees.user_id')
              .where('todo_assignees.todo_id', '=', todoId),
          ),
        ]),
      )
      .execute();
    const rows = people.flatMap((person) => {
      const morning = DateTime.fromISO(task.due_date!, { zone: person.time_zone })
        .set({ hour: DUE_MORNING_HOUR })
        .toMillis();
      return morning >= now
        ? [
            {
              user_id: person.id,
              kind: 'todo' as const,
              source_id: todoId,
              fire_at: iso(morning),
              occurrence_at: iso(morning),
            },
          ]
        : [];
    });
    if (rows.length > 0) await trx.insertInto('reminders').values(rows).execute();
  }

  /** Fires every due reminder (a batch at a time); answers how many notifications it wrote. */
  async fireDue(now = Date.now()): Promise<number> {
    let written = 0;
    for (;;) {
      const due = await this.deps.db
        .selectFrom('reminders')
        .selectAll()
        .where('fire_at', '<=', iso(now))
        .orderBy('fire_at')
        .limit(100)
        .execute();
      let claimed = 0;
      for (const reminder of due) {
        const result = await this.fire(reminder, now);
        if (result.claimed) claimed += 1;
        if (result.notificationId !== undefined) written += 1;
      }
      if (due.length < 100 || claimed === 0) return written;
    }
  }

  /**
   * Notifications whose mail an older version left to send itself (mail_state pending, or sending
   * when it stopped): handed to the outbox, which now sends every mail and retries it.
   */
  async sendPendingMail(): Promise<void> {
    const pending = await this.deps.db
      .selectFrom('notifications')
      .select('id')
      .where('mail_state', 'in', ['pending', 'sending'])
      .orderBy('id')
      .limit(100)
      .execute();
    for (const { id } of pending) await this.toOutbox(id);
  }

  /**
   * Claims one due reminder by moving it on (an event's next occurrence) or deleting it, on the
   * condition that nobody has since; the claimer writes the notification in the same transaction.
   */
  private fire(
    reminder: {
      id: number;
      user_id: number;
      kind: 'event' | 'todo';
      source_id: number;
      fire_at: string;
      occurrence_at: string;
    },
    now: number,
  ): Promise<{ claimed: boolean; notificationId?: number }> {
    return transaction(this.deps.db, async (trx) => {
      let title: string | undefined;
      let following: { fire: number; start: number } | null = null;
      if (reminder.kind === 'event') {
        const event = await trx
          .selectFrom('events')
          .selectAll()
          .where('id', '=', reminder.source_id)
          .executeTakeFirst();
        if (event) {
          // An occurrence changed alone (D39) is reminded of by its own title.
          const override = await trx
            .selectFrom('event_exceptions')
            .select('title')
            .where('event_id', '=', event.id)
            .where('start_at', '=', reminder.occurrence_at)
            .where('kind', '=', 'override')
            .executeTakeFirst();
          title = override?.title ?? event.title;
          // The next occurrence, skipping those whose reminder would already be stale.
          following = await nextReminderOf(
            trx,
            event,
            now - STALE_AFTER_MS,
            Date.parse(reminder.occurrence_at) + 1,
          );
        }
      } else {
        const task = await trx
          .selectFrom('todos')
          .select('title')
          .where('id', '=', reminder.source_id)
          .executeTakeFirst();
        title = task?.title;
      }

      const changed = following
        ? await trx
            .updateTable('reminders')
            .set({ fire_at: iso(following.fire), occurrence_at: iso(following.start) })
            .where('id', '=', reminder.id)
            .where('fire_at', '=', reminder.fire_at)
            .where('occurrence_at', '=', reminder.occurrence_at)
            .executeTakeFirst()
            .then((result) => Number(result.numUpdatedRows))
        : await trx
            .deleteFrom('reminders')
            .where('id', '=', reminder.id)
            .where('fire_at', '=', reminder.fire_at)
            .where('occurrence_at', '=', reminder.occurrence_at)
            .executeTakeFirst()
            .then((result) => Number(result.numDeletedRows));
      if (changed !== 1) return { claimed: false };
      if (title === undefined || Date.parse(reminder.fire_at) < now - STALE_AFTER_MS)
        return { claimed: true };

      const user = await trx
        .selectFrom('users')
        .select([...recipientColumns, 'notify_event_reminders', 'notify_task_reminders'])
        .where('users.id', '=', reminder.user_id)
        .executeTakeFirst();
      const wanted = reminder.kind === 'event' ? user?.notify_event_reminders : user?.notify_task_reminders;
      if (!user || !bool(wanted)) return { claimed: true };
      const [id] = await notify(
        trx,
        [
          {
            userId: reminder.user_id,
            kind: reminder.kind,
            sourceId: reminder.source_id,
            title,
            at: reminder.occurrence_at,
            mailed: true,
          },
        ],
        iso(now),
      );
      await this.deps.outbox.enqueue(
        trx,
        [
          this.reminderMail(user, {
            kind: reminder.kind,
            source_id: reminder.source_id,
            title,
            occurrence_at: reminder.occurrence_at,
          }),
        ],
        'urgent',
      );
      afterCommit(trx, () => this.deps.live.publish([reminder.user_id], { type: 'notification', data: {} }));
      return { claimed: true, notificationId: id };
    });
  }

  /** The reminder's mail, in the user's language, the time in their zone. */
  private reminderMail(
    user: Recipient,
    reminder: { kind: 'event' | 'todo'; source_id: number; title: string; occurrence_at: string },
  ): Mail {
    const base = this.deps.config.PUBLIC_URL;
    const text =
      reminder.kind === 'event'
        ? mailText(user.language, 'eventReminder', {
            name: nameOf(user),
            title: reminder.title,
            when: whenText(user, reminder.occurrence_at),
            link: `${base}${eventPath(reminder.source_id, reminder.occurrence_at, false, user.time_zone)}`,
          })
        : mailText(user.language, 'taskDue', {
            name: nameOf(user),
            title: reminder.title,
            link: `${base}${taskPath(reminder.source_id)}`,
          });
    return { to: user.email, ...text };
  }

  /** One legacy notification's mail into the outbox, claimed so that one instance moves it. */
  private async toOutbox(notificationId: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const row = await trx
        .selectFrom('notifications')
        .innerJoin('users', 'users.id', 'notifications.user_id')
        .select([
          ...recipientColumns,
          'notifications.mail_state',
          'notifications.kind',
          'notifications.source_id',
          'notifications.title',
          'notifications.occurrence_at',
        ])
        .where('notifications.id', '=', notificationId)
        .executeTakeFirst();
      const claimed = await trx
        .updateTable('notifications')
        .set({ mail_state: 'sent' })
        .where('id', '=', notificationId)
        .where('mail_state', '=', row?.mail_state ?? 'pending')
        .executeTakeFirst();
      if (!row || Number(claimed.numUpdatedRows) !== 1) return;
      if (row.kind === 'event' || row.kind === 'todo') {
        await this.deps.outbox.enqueue(trx, [this.reminderMail(row, { ...row, kind: row.kind })], 'urgent');
      } else if (row.kind === 'meeting') {
        await this.deps.outbox.enqueue(trx, await this.deps.invitationMails(trx, row.source_id, row.id));
      }
    });
  }
}
