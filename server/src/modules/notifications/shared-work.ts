/**
 * Telling people about shared work (D45): a notice in the bell of each person concerned, never
 * the one who did it; an e-mail when their switch for that kind is on (all are, by default); and,
 * once the transaction commits, the live `notification` event that makes their bell read again.
 * Events and meetings mail their own iTIP messages (D42): they ask `mailWanted` whom to mail, and
 * tell the bell with `mail: false`.
 */
import type { LiveEvent, NotificationKind, SharedWorkFlag } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { afterCommit } from '../../db/transaction';
import type { UsersTable } from '../../db/schema';
import type { Mail } from '../../lib/mailer';
import type { MailOutbox } from '../../lib/outbox';
import { mailText, nameOf, recipientColumns, whenText } from '../../lib/mail-texts';
import { notify } from './notify';

/** The kinds D45 adds, and the answers to a meeting (D42), each with the switch of its e-mail. */
export const mailSwitchOf = {
  meeting: 'invitations',
  'event-invited': 'invitations',
  'event-changed': 'scheduleChanges',
  'event-cancelled': 'scheduleChanges',
  'meeting-changed': 'scheduleChanges',
  'meeting-cancelled': 'scheduleChanges',
  'meeting-accepted': 'meetingAnswers',
  'meeting-declined': 'meetingAnswers',
  'todo-assigned': 'todoAssigned',
  'todo-completed': 'todoCompleted',
  'board-shared': 'boardShared',
  'card-comment': 'cardComments',
  'card-due': 'cardDueDates',
  'card-member': 'cardMembers',
  'booking-new': 'bookings',
  'booking-rescheduled': 'bookings',
  'booking-cancelled': 'bookings',
} as const satisfies Partial<Record<NotificationKind, SharedWorkFlag>>;

export type SharedKind = keyof typeof mailSwitchOf;

/** The users column of each switch (migration 0020). */
const columnOf = {
  invitations: 'notify_invitations',
  scheduleChanges: 'notify_schedule_changes',
  meetingAnswers: 'notify_meeting_answers',
  todoAssigned: 'notify_todo_assigned',
  todoCompleted: 'notify_todo_completed',
  boardShared: 'notify_board_shared',
  cardComments: 'notify_card_comments',
  cardDueDates: 'notify_card_due',
  cardMembers: 'notify_card_members',
  bookings: 'notify_bookings',
} as const satisfies Record<SharedWorkFlag, keyof UsersTable>;

/** The kinds whose mail is written here (events and meetings write their own). */
export type MailedKind =
  'todo-assigned' | 'todo-completed' | 'board-shared' | 'card-comment' | 'card-due' | 'card-member';

export interface SharedNotice {
  userId: number;
  kind: SharedKind;
  sourceId: number;
  title: string;
  /** The time it is about (the event's start, the task's due day, the card's due time), or now */
  at: string;
  /** Who did it: never told of it themselves; none for a visitor without an account (D44) */
  actorId?: number;
  /** The page it opens, from the web app's root (`/apps/todo`), for the mail's link */
  path: string;
  /** A time worth saying in the mail (the card's new due time), in the recipient's zone */
  when?: string | null;
}

export interface TellParts {
  outbox: Pick<MailOutbox, 'enqueue'>;
  /** PUBLIC_URL, for the mail's link */
  base: string;
  live: { publish(userIds: number[], event: LiveEvent): void };
}

/** Those of `userIds` whose e-mail switch for `kind` is on. */
export async function mailWanted(trx: Db, userIds: number[], kind: SharedKind): Promise<Set<number>> {
  const people = [...new Set(userIds)];
  if (people.length === 0) return new Set();
  const column = columnOf[mailSwitchOf[kind]];
  const rows = await trx.selectFrom('users').select(['id', column]).where('id', 'in', people).execute();
  return new Set(rows.filter((row) => bool(row[column])).map((row) => row.id));
}

/**
 * Writes the notices (leaving out any to their own actor, and repeats), mails those who want it
 * (`mail: false`: the caller mails), and publishes `notification` to them after the commit.
 */
export async function tell(
  trx: Db,
  parts: TellParts,
  notices: SharedNotice[],
  options: { mail?: boolean } = {},
): Promise<void> {
  const seen = new Set<string>();
  const told = notices.filter((notice) => {
    const key = `${notice.userId}|${notice.kind}|${notice.sourceId}`;
    if (notice.userId === notice.actorId || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (told.length === 0) return;
  await notify(
    trx,
    told.map(({ userId, kind, sourceId, title, at, actorId }) => ({
      userId,
      kind,
      sourceId,
      title,
      at,
      actorId,
    })),
  );
  if (options.mail !== false) await parts.outbox.enqueue(trx, await mailsOf(trx, parts.base, told), 'bulk');
  const people = [...new Set(told.map((notice) => notice.userId))];
  afterCommit(trx, () => parts.live.publish(people, { type: 'notification', data: {} }));
}

async function mailsOf(trx: Db, base: string, notices: SharedNotice[]): Promise<Mail[]> {
  const ids = [
    ...new Set(notices.flatMap((notice) => [notice.userId, ...(notice.actorId ? [notice.actorId] : [])])),
  ];
  const columns = Object.values(columnOf);
  const people = new Map(
    (
      await trx
        .selectFrom('users')
        .select([...recipientColumns, ...columns.map((column) => `users.${column}` as const)])
        .where('users.id', 'in', ids)
        .execute()
    ).map((person) => [person.id, person]),
  );
  const mails: Mail[] = [];
  for (const notice of notices) {
    const person = people.get(notice.userId);
    const actor = notice.actorId === undefined ? undefined : people.get(notice.actorId);
    if (!person || !actor || !isMailed(notice.kind)) continue;
    if (!bool(person[columnOf[mailSwitchOf[notice.kind]]])) continue;
    const text = mailText(person.language, 'sharedWork', {
      kind: notice.kind,
      name: nameOf(person),
      actor: nameOf(actor),
      title: notice.title,
      when: notice.when ? whenText(person, notice.when) : null,
      link: `${base}${notice.path}`,
    });
    mails.push({ to: person.email, ...text });
  }
  return mails;
}

const mailedKinds: readonly string[] = [
  'todo-assigned',
  'todo-completed',
  'board-shared',
  'card-comment',
  'card-due',
  'card-member',
] satisfies MailedKind[];

function isMailed(kind: SharedKind): kind is MailedKind {
  return mailedKinds.includes(kind);
}
