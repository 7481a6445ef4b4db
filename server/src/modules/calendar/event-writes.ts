/**
 * What the calendar's parts share to write an event and answer with it: the deps they are built
 * with, an event's checked fields and columns, its guests, its guests' mails and notices, and its
 * presentation with its people.
 */
import { type CalendarEvent, type EventCategory, messages, type PublicUser } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { badRequest } from '../../errors';
import { resolveInvitees } from '../../lib/invitees';
import { type ListChangeTold, newDavName } from '../../lib/list-versions';
import { isUsableRule } from '../../lib/occurrences';
import type { ServiceDeps } from '../../deps';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { DAY_MS, iso, writeEntries } from './entries';
import type { ExceptionRow } from './exceptions';
import type { ImportedException } from './ics-event';
import { type GuestMails, guestMails } from './invitation-mail';
import { type EventRow, presentEvent } from './presenter';

export const now = () => new Date().toISOString();

/** An event's fields once checked, as written. */
export interface NewEvent {
  title: string;
  description: string;
  url: string;
  location: string;
  category: string;
  allDay: boolean;
  start: number;
  end: number;
  timeZone: string;
  recurrence: string | null;
  reminder: number | null;
  uid: string;
  sequence?: number;
}

/** What an event's times are once read and checked: epoch ms, all-day ones on 00:00Z. */
export interface Times {
  start: number;
  end: number;
  allDay: boolean;
}

/**
 * What the calendar asks of the reminders' owner (notifications/reminders.ts, wired in
 * services.ts): that an event's reminder rows follow it. The calendar names only this, as the
 * reminders read its occurrences.
 */
export interface EventReminders {
  syncEvent(trx: Db, eventId: number): Promise<void>;
  /** Events just written with no guests and no exceptions (an import's), in one statement */
  syncNewEvents(trx: Db, events: EventRow[]): Promise<void>;
  forgetEvent(trx: Db, eventId: number): Promise<void>;
}

/**
 * How the calendar tells guests of an event in the bell (D45), and asks whom to mail: the
 * notifications module's (shared-work.ts), wired in services.ts, since that module reads events.
 */
export interface GuestNotices {
  mailWanted(trx: Db, userIds: number[], kind: 'event-invited' | 'event-changed'): Promise<Set<number>>;
  tell(
    trx: Db,
    notices: Array<{
      userId: number;
      kind: 'event-invited' | 'event-changed' | 'event-cancelled';
      sourceId: number;
      title: string;
      at: string;
      actorId: number;
      path: string;
    }>,
  ): Promise<void>;
}

/** What every part of the calendar is built with (services.ts builds each once). */
export type CalendarDeps = Pick<ServiceDeps, 'db' | 'engine' | 'outbox' | 'config'> & {
  reminders: EventReminders;
  notices: GuestNotices;
  /** Tells the others whose calendar a write changed (D45). */
  live: ListChangeTold['live'];
};

/** A new event with its guests, its entries on their calendars and its reminders. */
export async function insertEvent(
  deps: Pick<CalendarDeps, 'reminders'>,
  trx: Db,
  userId: number,
  guests: number[],
  lastStart: string | null,
  fields: NewEvent,
): Promise<EventRow> {
  const at = now();
  const { id } = await trx
    .insertInto('events')
    .values({
      owner_id: userId,
      ...eventColumns({ ...fields, lastStart }),
      dav_name: newDavName(),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeGuests(trx, id, guests);
  const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await writeEntries(trx, row, [userId, ...guests]);
  await deps.reminders.syncEvent(trx, id);
  return row;
}

/** The event's row after a change of one of its occurrences: its SEQUENCE and time of change moved on. */
export async function touched(trx: Db, event: EventRow): Promise<EventRow> {
  await trx
    .updateTable('events')
    .set({ sequence: event.sequence + 1, updated_at: now() })
    .where('id', '=', event.id)
    .execute();
  return trx.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
}

/** D42: the guests' iTIP mails for a change of the event, into the outbox of the transaction. */
export async function mailGuests(
  deps: Pick<CalendarDeps, 'outbox' | 'config' | 'notices'>,
  trx: Db,
  row: EventRow,
  guests: number[],
  plan: GuestMails,
  when?: { start: string; allDay: boolean },
): Promise<void> {
  const { outbox, config, notices } = deps;
  // D45: each guest concerned is told in the bell; mailed only when their switch is on.
  const invited = plan.invited ?? [];
  const changed = plan.changed ?? [];
  const cancelled = plan.cancelled ?? [];
  const wantInvite = await notices.mailWanted(trx, invited, 'event-invited');
  const wantChange = await notices.mailWanted(trx, [...changed, ...cancelled], 'event-changed');
  const wanted = {
    invited: invited.filter((id) => wantInvite.has(id)),
    changed: changed.filter((id) => wantChange.has(id)),
    cancelled: cancelled.filter((id) => wantChange.has(id)),
  };
  const mails = await guestMails(trx, row, guests, wanted, config.PUBLIC_URL, when);
  await outbox.enqueue(trx, mails);
  const notice = (kind: 'event-invited' | 'event-changed' | 'event-cancelled') => (userId: number) => ({
    userId,
    kind,
    sourceId: row.id,
    title: row.title,
    at: when?.start ?? row.start_at,
    actorId: row.owner_id,
    path: '/apps/calendar',
  });
  await notices.tell(trx, [
    ...invited.map(notice('event-invited')),
    ...changed.map(notice('event-changed')),
    ...cancelled.map(notice('event-cancelled')),
  ]);
}

export async function ownedCount(db: Db, userId: number): Promise<number> {
  const { count } = await db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The guests of the events, by event (peopleOf's first query; the query-plan test builds it too). */
export function guestsOfEvents(db: Db, ids: number[]) {
  return db
    .selectFrom('event_guests')
    .select(['event_id', 'user_id'])
    .where('event_id', 'in', ids)
    .orderBy('event_id')
    .orderBy('user_id');
}

/** The owners and guests of the rows: two indexed queries. */
export async function peopleOf(db: Db, rows: EventRow[]): Promise<People> {
  const people: People = { users: new Map(), guests: new Map() };
  if (rows.length === 0) return people;
  const ids = rows.map((row) => row.id);
  const guestRows = await guestsOfEvents(db, ids).execute();
  const userIds = new Set([...rows.map((row) => row.owner_id), ...guestRows.map((guest) => guest.user_id)]);
  const users = await db
    .selectFrom('users')
    .select(publicUserColumns)
    .where('users.id', 'in', [...userIds])
    .execute();
  for (const user of users) people.users.set(user.id, presentPublicUser(user));
  for (const guest of guestRows) {
    const list = people.guests.get(guest.event_id) ?? [];
    list.push(guest.user_id);
    people.guests.set(guest.event_id, list);
  }
  return people;
}

export function presentWith(row: EventRow, people: People, viewerId: number): CalendarEvent {
  const guests = (people.guests.get(row.id) ?? []).map((id) => people.users.get(id)!);
  return presentEvent(row, people.users.get(row.owner_id)!, guests, viewerId);
}

export function resolveGuests(db: Db, ownerId: number, ids: string[], groupIds: string[]): Promise<number[]> {
  return resolveInvitees(db, ownerId, ids, groupIds, {
    notFriend: { field: 'guests', key: 'calendar.guestNotFriend' },
    groupUnknown: { field: 'groups', key: 'calendar.groupUnknown' },
  }).then((people) => people.filter((id) => id !== ownerId));
}

export interface People {
  users: Map<number, PublicUser>;
  guests: Map<number, number[]>;
}

/** The columns an event's fields are written to. */
export function eventColumns(fields: NewEvent & { lastStart: string | null }) {
  return {
    title: fields.title,
    description: fields.description,
    url: fields.url,
    location: fields.location,
    category: fields.category,
    all_day: fields.allDay,
    start_at: iso(fields.start),
    end_at: iso(fields.end),
    time_zone: fields.timeZone,
    recurrence: fields.recurrence,
    reminder: fields.reminder,
    uid: fields.uid,
    last_start_at: fields.lastStart,
    ...(fields.sequence !== undefined ? { sequence: fields.sequence } : {}),
  };
}

/** An imported series' exceptions as rows, one per original start (the file's last wins). */
export function exceptionRowsOf(
  eventId: number,
  changes: ImportedException[],
  at: string,
): Array<ExceptionRow & { all_day: boolean | null }> {
  const byOccurrence = new Map<number, ImportedException>();
  for (const change of changes) byOccurrence.set(change.occurrence, change);
  return [...byOccurrence.values()].map((change) => ({
    event_id: eventId,
    occurrence_at: iso(change.occurrence),
    kind: change.kind,
    title: change.fields?.title ?? null,
    description: change.fields?.description ?? null,
    url: change.fields?.url ?? null,
    location: change.fields?.location ?? null,
    category: change.fields?.category ?? null,
    all_day: change.fields ? change.fields.allDay : null,
    start_at: change.fields ? iso(change.fields.start) : null,
    end_at: change.fields ? iso(change.fields.end) : null,
    reminder: change.fields?.reminder ?? null,
    created_at: at,
    updated_at: at,
  }));
}

/** An override's own fields, over the series' (D39). */
export function overrideFields(row: ExceptionRow) {
  return {
    title: row.title ?? '',
    description: row.description ?? '',
    url: row.url ?? '',
    location: row.location ?? '',
    category: (row.category ?? 'Personal') as EventCategory,
    reminder: row.reminder,
    allDay: bool(row.all_day ?? false),
    start: row.start_at!,
    end: row.end_at!,
    occurrence: row.occurrence_at,
    exception: row.kind === 'override',
  };
}

/**
 * An event's times: instants as sent; an all-day event's days as written (the date before any
 * time), end exclusive, the same day meaning one day. End before start → 400 on `end`.
 */
export function timesOf(start: string, end: string, allDay: boolean): Times {
  if (allDay) {
    const first = Date.parse(`${start.slice(0, 10)}T00:00:00.000Z`);
    let last = Date.parse(`${end.slice(0, 10)}T00:00:00.000Z`);
    if (last < first) throw endBeforeStart();
    if (last === first) last = first + DAY_MS;
    return { start: first, end: last, allDay };
  }
  const [from, to] = [Date.parse(start), Date.parse(end)];
  if (to < from) throw endBeforeStart();
  return { start: from, end: to, allDay };
}

const endBeforeStart = () =>
  badRequest('VALIDATION_ERROR', 'calendar.endBeforeStart', { end: messages['calendar.endBeforeStart'] });

/** A rule the recurrence library cannot use, or that yields no occurrence → 400 on `recurrence`. */
export function checkRule(times: Times, timeZone: string, recurrence: string | null): void {
  if (recurrence === null) return;
  if (!isUsableRule({ ...times, timeZone, recurrence })) {
    throw badRequest('VALIDATION_ERROR', 'calendar.recurrenceInvalid', {
      recurrence: messages['calendar.recurrenceInvalid'],
    });
  }
}

export async function guestsOf(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_guests')
    .select('user_id')
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((row) => row.user_id);
}

export async function writeGuests(db: Db, eventId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('event_guests').where('event_id', '=', eventId).execute();
  if (userIds.length > 0) {
    await db
      .insertInto('event_guests')
      .values(userIds.map((user_id) => ({ event_id: eventId, user_id })))
      .execute();
  }
}
