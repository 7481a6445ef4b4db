/**
 * Calendar events (D13, D21, D31): an event is its owner's; guests (the owner's friends, or the
 * members of the owner's groups) read it and get 403 on a change; anyone else gets 404. Each
 * event puts one entry on each participant's calendar (calendar_entries), so that a range read is
 * one indexed range over the reader's short entries plus their few repeating or long ones,
 * whatever the number of events. Every write bumps the calendar version of everyone it touches.
 */
import {
  CALENDAR_RANGE_MAX_DAYS,
  type CalendarEvent,
  type CalendarEvents,
  type CreateEventInput,
  type EventsQuery,
  isCalendarDay,
  messages,
  type PublicUser,
  type UpdateEventInput,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { badRequest, forbidden, notFound } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { resolveInvitees } from '../../lib/invitees';
import { bumpListVersions, listVersion } from '../../lib/list-versions';
import type { ServiceDeps } from '../../deps';
import type { RemindersService } from '../notifications/reminders';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import {
  dayStartIn,
  isUsableRule,
  occurrencesIn,
  type Series,
  seriesEnd,
  ZONE_SLACK_MS,
} from './occurrences';
import type { IcsMeeting, ImportedEvent } from './ics';
import { type EventRow, presentEvent, presentMeetingEntry } from './presenter';

const DAY_MS = 86_400_000;
/** A single event longer than this is read with the repeating ones rather than by its start. */
export const SHORT_EVENT_MAX_MS = 7 * DAY_MS;

const now = () => new Date().toISOString();

/** The most events a feed holds (the latest starts). */
export const FEED_EVENTS_MAX = 5000;

/** An event's fields once checked, as written. */
interface NewEvent {
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
}

/** What an event's times are once read and checked: epoch ms, all-day ones on 00:00Z. */
interface Times {
  start: number;
  end: number;
  allDay: boolean;
}

export type CalendarServiceDeps = Pick<ServiceDeps, 'db' | 'engine'> & { reminders: RemindersService };

export class CalendarService {
  private readonly cache = new VersionedCache<string>(512);

  constructor(private readonly deps: CalendarServiceDeps) {}

  version(userId: number): Promise<number> {
    return listVersion(this.deps.db, userId, 'calendar');
  }

  rangeJson(userId: number, timeZone: string, version: number, query: EventsQuery): Promise<CachedJson> {
    const key = JSON.stringify([userId, timeZone, query.start, query.end]);
    return this.cache.through(key, version, () => this.range(userId, timeZone, query));
  }

  /** Every occurrence overlapping [start, end) of the events the user owns or is a guest of. */
  async range(userId: number, timeZone: string, query: EventsQuery): Promise<CalendarEvents> {
    const from = instantOf(query.start, timeZone);
    const to = instantOf(query.end, timeZone);
    if (!(to > from) || to - from > CALENDAR_RANGE_MAX_DAYS * DAY_MS) {
      throw badRequest('VALIDATION_ERROR', 'calendar.rangeInvalid', {
        end: messages['calendar.rangeInvalid'],
      });
    }
    return this.deps.db.connection().execute(async (db) => {
      const entries = await this.entriesIn(db, [userId], from, to);
      const ids = entries.filter((entry) => entry.kind === 'event').map((entry) => entry.source_id);
      const rows =
        ids.length === 0 ? [] : await db.selectFrom('events').selectAll().where('id', 'in', ids).execute();
      const people = await this.peopleOf(db, rows);
      const data: CalendarEvent[] = [];
      for (const row of rows) {
        const event = this.presentWith(row, people, userId);
        for (const span of occurrencesIn(seriesOf(row), from, to, timeZone)) {
          data.push({ ...event, start: iso(span.start), end: iso(span.end) });
        }
      }
      const meetingIds = entries
        .filter((entry) => entry.kind === 'meeting' && overlaps(entry, from, to))
        .map((entry) => entry.source_id);
      data.push(...(await this.meetingsOn(db, meetingIds)));
      data.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : Number(a._id) - Number(b._id)));
      return { data };
    });
  }

  /** Meetings as calendar entries: their time, their organiser and the invitees who accepted. */
  private async meetingsOn(db: Db, ids: number[]): Promise<CalendarEvent[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('meetings')
      .selectAll()
      .where('id', 'in', ids)
      .where('time', 'is not', null)
      .execute();
    const accepted = await db
      .selectFrom('meeting_invitations')
      .select(['meeting_id', 'user_id'])
      .where('meeting_id', 'in', ids)
      .where('status', '=', 'accepted')
      .orderBy('meeting_id')
      .orderBy('user_id')
      .execute();
    const userIds = [...new Set([...rows.map((row) => row.owner_id), ...accepted.map((a) => a.user_id)])];
    const users = new Map(
      (await db.selectFrom('users').select(publicUserColumns).where('users.id', 'in', userIds).execute()).map(
        (user) => [user.id, presentPublicUser(user)],
      ),
    );
    return rows.map((row) =>
      presentMeetingEntry(
        { ...row, time: row.time!, end: iso(Date.parse(row.time!) + row.duration * 60_000) },
        users.get(row.owner_id)!,
        accepted.filter((a) => a.meeting_id === row.id).map((a) => users.get(a.user_id)!),
      ),
    );
  }

  /**
   * When each of the users has an event (theirs or one they are a guest of) or a meeting (that
   * they organise or accepted) within [from, to): occurrences as intervals, all-day ones over
   * their days in that user's zone. One query of entries over the users' index ranges, one of
   * events; a meeting's entry is its interval. `exceptMeeting` is left out (when re-planning it).
   * For finding free times (D23); `db` is the transaction that sets a time, when one does.
   */
  async busyOf(
    users: Array<{ id: number; timeZone: string }>,
    from: number,
    to: number,
    options: { exceptMeeting?: number; db?: Db } = {},
  ): Promise<Map<number, Array<{ start: number; end: number }>>> {
    const busy = new Map(users.map((user) => [user.id, [] as Array<{ start: number; end: number }>]));
    if (users.length === 0) return busy;
    const db = options.db ?? this.deps.db;
    const entries = await this.entriesIn(
      db,
      users.map((user) => user.id),
      from,
      to,
    );
    // A short single event's entry is its span; only all-day ones need their days placed. The
    // repeating and long ones are read whole and expanded.
    const singles = new Set<number>();
    const series = new Set<number>();
    for (const entry of entries) {
      if (entry.kind === 'event') (bool(entry.is_long) ? series : singles).add(entry.source_id);
      else if (entry.source_id !== options.exceptMeeting && overlaps(entry, from, to)) {
        busy.get(entry.user_id)!.push({ start: Date.parse(entry.start_at), end: Date.parse(entry.end_at) });
      }
    }
    const [allDay, rows] = await Promise.all([
      singles.size === 0
        ? []
        : db
            .selectFrom('events')
            .select('id')
            .where('id', 'in', [...singles])
            .where('all_day', '=', true)
            .execute(),
      series.size === 0
        ? []
        : db
            .selectFrom('events')
            .selectAll()
            .where('id', 'in', [...series])
            .execute(),
    ]);
    const allDayIds = new Set(allDay.map((row) => row.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const zoneOf = new Map(users.map((user) => [user.id, user.timeZone]));
    const add = (userId: number, start: number, end: number, isAllDay: boolean) => {
      const zone = zoneOf.get(userId)!;
      const [from_, to_] = isAllDay ? [dayStartIn(start, zone), dayStartIn(end, zone)] : [start, end];
      if (to_ > from_ && from_ < to && to_ > from) busy.get(userId)!.push({ start: from_, end: to_ });
    };
    for (const entry of entries) {
      if (entry.kind !== 'event') continue;
      if (!bool(entry.is_long)) {
        add(
          entry.user_id,
          Date.parse(entry.start_at),
          Date.parse(entry.end_at),
          allDayIds.has(entry.source_id),
        );
        continue;
      }
      const row = byId.get(entry.source_id);
      if (!row) continue;
      for (const span of occurrencesIn(seriesOf(row), from, to, zoneOf.get(entry.user_id)!)) {
        add(entry.user_id, span.start, span.end, bool(row.all_day));
      }
    }
    return busy;
  }

  /** One event, as its first occurrence, for its owner or a guest. */
  async get(userId: number, id: number): Promise<CalendarEvent> {
    const row = await this.visible(this.deps.db, userId, id);
    const people = await this.peopleOf(this.deps.db, [row]);
    return this.presentWith(row, people, userId);
  }

  async create(userId: number, timeZone: string, input: CreateEventInput): Promise<CalendarEvent> {
    const times = timesOf(input.start, input.end, input.allDay);
    checkRule(times, timeZone, input.recurrence);
    return this.deps.db.transaction().execute(async (trx) => {
      const guests = await this.resolveGuests(trx, userId, input.guests, input.groups);
      const row = await this.insertEvent(trx, userId, guests, {
        ...input,
        ...times,
        timeZone,
        uid: `${randomUUID()}@cadence`,
      });
      await bumpListVersions(trx, [userId, ...guests], 'calendar');
      const people = await this.peopleOf(trx, [row]);
      return this.presentWith(row, people, userId);
    });
  }

  /**
   * The events of an iCalendar file, added as the user's own (no guests) in one transaction; an
   * event whose UID the user already has is skipped, so importing a file twice adds nothing.
   */
  async importEvents(
    userId: number,
    events: ImportedEvent[],
  ): Promise<{ imported: number; skipped: number }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const uids = [...new Set(events.map((event) => event.uid).filter(Boolean))];
      const known = new Set<string>();
      for (let index = 0; index < uids.length; index += 500) {
        const rows = await trx
          .selectFrom('events')
          .select('uid')
          .where('owner_id', '=', userId)
          .where('uid', 'in', uids.slice(index, index + 500))
          .execute();
        rows.forEach((row) => known.add(row.uid));
      }
      let imported = 0;
      for (const event of events) {
        if (event.uid && known.has(event.uid)) continue;
        const recurrence =
          event.recurrence && isUsableRule({ ...event, recurrence: event.recurrence })
            ? event.recurrence
            : null;
        const uid = event.uid || `${randomUUID()}@cadence`;
        known.add(uid);
        await this.insertEvent(trx, userId, [], { ...event, recurrence, uid, reminder: event.reminder });
        imported += 1;
      }
      if (imported > 0) await bumpListVersions(trx, [userId], 'calendar');
      return { imported, skipped: events.length - imported };
    });
  }

  /** The rows of every event on the user's calendar, for the feed: owned and guest of. */
  feedRows(userId: number): Promise<EventRow[]> {
    return this.deps.db
      .selectFrom('events')
      .selectAll('events')
      .where('events.id', 'in', (eb) =>
        eb
          .selectFrom('calendar_entries')
          .select('calendar_entries.source_id')
          .where('calendar_entries.user_id', '=', userId)
          .where('calendar_entries.kind', '=', 'event'),
      )
      .orderBy('events.start_at', 'desc')
      .limit(FEED_EVENTS_MAX)
      .execute();
  }

  /** The meetings with a chosen time on the user's calendar, for the feed: organised or accepted. */
  async feedMeetings(userId: number): Promise<IcsMeeting[]> {
    const rows = await this.deps.db
      .selectFrom('meetings')
      .innerJoin('users', 'users.id', 'meetings.owner_id')
      .select([
        'meetings.uid',
        'meetings.name',
        'meetings.description',
        'meetings.link',
        'meetings.time',
        'meetings.duration',
        'meetings.sequence',
        'meetings.created_at',
        'meetings.updated_at',
        'users.full_name',
        'users.username',
        'users.email',
      ])
      .where('meetings.id', 'in', (eb) =>
        eb
          .selectFrom('calendar_entries')
          .select('calendar_entries.source_id')
          .where('calendar_entries.user_id', '=', userId)
          .where('calendar_entries.kind', '=', 'meeting'),
      )
      .where('meetings.time', 'is not', null)
      .orderBy('meetings.time', 'desc')
      .limit(FEED_EVENTS_MAX)
      .execute();
    return rows.map((row) => ({
      uid: row.uid,
      sequence: row.sequence,
      name: row.name,
      description: row.description,
      link: row.link,
      start: row.time!,
      end: iso(Date.parse(row.time!) + row.duration * 60_000),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      organiser: { name: row.full_name || row.username, email: row.email },
    }));
  }

  private async insertEvent(trx: Db, userId: number, guests: number[], fields: NewEvent): Promise<EventRow> {
    const at = now();
    const { id } = await trx
      .insertInto('events')
      .values({
        owner_id: userId,
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
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeGuests(trx, id, guests);
    const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await writeEntries(trx, row, [userId, ...guests]);
    await this.deps.reminders.syncEvent(trx, id);
    return row;
  }

  /**
   * The owner changes any field; the times and rule are checked as a whole after the change (a
   * guest gets 403, anyone else 404). The owner's current time zone becomes the event's.
   */
  async update(
    userId: number,
    timeZone: string,
    id: number,
    input: UpdateEventInput,
  ): Promise<CalendarEvent> {
    return this.deps.db.transaction().execute(async (trx) => {
      const event = await this.visible(trx, userId, id, true);
      if (event.owner_id !== userId) throw forbidden('FORBIDDEN', 'calendar.guestReadOnly');
      const allDay = input.allDay ?? bool(event.all_day);
      const times = timesOf(
        input.start ?? (input.allDay === undefined ? event.start_at : event.start_at.slice(0, 10)),
        input.end ?? (input.allDay === undefined ? event.end_at : event.end_at.slice(0, 10)),
        allDay,
      );
      const recurrence = input.recurrence !== undefined ? input.recurrence : event.recurrence;
      checkRule(times, timeZone, recurrence);
      const before = await guestsOf(trx, id);
      let guests = before;
      if (input.guests !== undefined || input.groups !== undefined) {
        guests = await this.resolveGuests(trx, userId, input.guests ?? [], input.groups ?? []);
        await writeGuests(trx, id, guests);
      }
      await trx
        .updateTable('events')
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.location !== undefined ? { location: input.location } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          ...(input.reminder !== undefined ? { reminder: input.reminder } : {}),
          all_day: times.allDay,
          start_at: iso(times.start),
          end_at: iso(times.end),
          time_zone: timeZone,
          recurrence,
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await trx
        .deleteFrom('calendar_entries')
        .where('kind', '=', 'event')
        .where('source_id', '=', id)
        .execute();
      await writeEntries(trx, row, [userId, ...guests]);
      await this.deps.reminders.syncEvent(trx, id);
      await bumpListVersions(trx, [userId, ...before, ...guests], 'calendar');
      const people = await this.peopleOf(trx, [row]);
      return this.presentWith(row, people, userId);
    });
  }

  /** The owner removes the event from every calendar; a guest gets 403, anyone else 404. */
  async remove(userId: number, id: number): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const event = await this.visible(trx, userId, id, true);
      if (event.owner_id !== userId) throw forbidden('FORBIDDEN', 'calendar.guestReadOnly');
      const guests = await guestsOf(trx, id);
      await trx
        .deleteFrom('calendar_entries')
        .where('kind', '=', 'event')
        .where('source_id', '=', id)
        .execute();
      await trx.deleteFrom('reminders').where('kind', '=', 'event').where('source_id', '=', id).execute();
      await trx.deleteFrom('events').where('id', '=', id).execute();
      await bumpListVersions(trx, [userId, ...guests], 'calendar');
    });
  }

  // ---- Reading ---------------------------------------------------------------------------------

  /**
   * The entries on the users' calendars that may overlap [from, to), as (user, kind, source) rows
   * with their span: short single events and meetings by one range of their start (widened by a
   * week and by the zones' spread), the repeating and long events by their series' span. Each
   * range walks the (user, kind, is_long, start) index, once per user.
   */
  private async entriesIn(db: Db, userIds: number[], from: number, to: number) {
    const upper = iso(to + ZONE_SLACK_MS);
    const entries = (kind: 'event' | 'meeting', isLong: boolean) => {
      let query = db
        .selectFrom('calendar_entries')
        .select(['user_id', 'kind', 'source_id', 'is_long', 'start_at', 'end_at'])
        .where('user_id', userIds.length === 1 ? '=' : 'in', userIds.length === 1 ? userIds[0]! : userIds)
        .where('is_long', '=', isLong);
      if (!isLong) query = query.where('start_at', '>=', iso(from - SHORT_EVENT_MAX_MS - ZONE_SLACK_MS));
      return query
        .where('start_at', '<', upper)
        .where('end_at', '>=', iso(from - ZONE_SLACK_MS))
        .where('kind', '=', kind);
    };
    return entries('event', false)
      .unionAll(entries('event', true))
      .unionAll(entries('meeting', false))
      .execute();
  }

  /** The event if the user owns it or is a guest (locked for a write); 404 otherwise. */
  private async visible(db: Db, userId: number, id: number, lock = false): Promise<EventRow> {
    let query = db
      .selectFrom('events')
      .selectAll('events')
      .where('events.id', '=', id)
      .where((eb) =>
        eb.or([
          eb('events.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('event_guests')
              .select('event_guests.event_id')
              .whereRef('event_guests.event_id', '=', 'events.id')
              .where('event_guests.user_id', '=', userId),
          ),
        ]),
      );
    if (lock) query = this.deps.engine.forUpdate(query);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The owners and guests of the rows: two indexed queries. */
  private async peopleOf(db: Db, rows: EventRow[]): Promise<People> {
    const people: People = { users: new Map(), guests: new Map() };
    if (rows.length === 0) return people;
    const ids = rows.map((row) => row.id);
    const guestRows = await db
      .selectFrom('event_guests')
      .select(['event_id', 'user_id'])
      .where('event_id', 'in', ids)
      .orderBy('event_id')
      .orderBy('user_id')
      .execute();
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

  private presentWith(row: EventRow, people: People, viewerId: number): CalendarEvent {
    const guests = (people.guests.get(row.id) ?? []).map((id) => people.users.get(id)!);
    return presentEvent(row, people.users.get(row.owner_id)!, guests, viewerId);
  }

  // ---- Writing ---------------------------------------------------------------------------------

  private resolveGuests(db: Db, ownerId: number, ids: string[], groupIds: string[]): Promise<number[]> {
    return resolveInvitees(db, ownerId, ids, groupIds, {
      notFriend: { field: 'guests', key: 'calendar.guestNotFriend' },
      groupUnknown: { field: 'groups', key: 'calendar.groupUnknown' },
    }).then((people) => people.filter((id) => id !== ownerId));
  }
}

interface People {
  users: Map<number, PublicUser>;
  guests: Map<number, number[]>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an entry's own span (a meeting's time) overlaps [from, to). */
const overlaps = (entry: { start_at: string; end_at: string }, from: number, to: number) =>
  Date.parse(entry.start_at) < to && Date.parse(entry.end_at) > from;

export function seriesOf(row: EventRow): Series {
  return {
    start: Date.parse(row.start_at),
    end: Date.parse(row.end_at),
    allDay: bool(row.all_day),
    timeZone: row.time_zone,
    recurrence: row.recurrence,
  };
}

/** A range bound: an instant, or a day's 00:00 in the reader's time zone. */
function instantOf(value: string, timeZone: string): number {
  if (isCalendarDay(value)) return DateTime.fromISO(value, { zone: timeZone }).toMillis();
  return Date.parse(value);
}

/**
 * An event's times: instants as sent; an all-day event's days as written (the date before any
 * time), end exclusive, the same day meaning one day. End before start → 400 on `end`.
 */
function timesOf(start: string, end: string, allDay: boolean): Times {
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
function checkRule(times: Times, timeZone: string, recurrence: string | null): void {
  if (recurrence === null) return;
  if (!isUsableRule({ ...times, timeZone, recurrence })) {
    throw badRequest('VALIDATION_ERROR', 'calendar.recurrenceInvalid', {
      recurrence: messages['calendar.recurrenceInvalid'],
    });
  }
}

async function guestsOf(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_guests')
    .select('user_id')
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((row) => row.user_id);
}

async function writeGuests(db: Db, eventId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('event_guests').where('event_id', '=', eventId).execute();
  if (userIds.length > 0) {
    await db
      .insertInto('event_guests')
      .values(userIds.map((user_id) => ({ event_id: eventId, user_id })))
      .execute();
  }
}

/** The event's entry on each person's calendar: its first start and its last end. */
export async function writeEntries(db: Db, row: EventRow, userIds: number[]): Promise<void> {
  const series = seriesOf(row);
  const isLong = series.recurrence !== null || series.end - series.start > SHORT_EVENT_MAX_MS;
  const endAt = seriesEnd(series);
  await db
    .insertInto('calendar_entries')
    .values(
      [...new Set(userIds)].map((user_id) => ({
        user_id,
        kind: 'event' as const,
        source_id: row.id,
        is_long: isLong,
        start_at: row.start_at,
        end_at: endAt,
      })),
    )
    .execute();
}
