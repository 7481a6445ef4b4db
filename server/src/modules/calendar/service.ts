/**
 * Calendar events (D13, D21, D31): an event is its owner's; guests (the owner's friends, or the
 * members of the owner's groups) read it and get 403 on a change; anyone else gets 404. Each
 * event puts one entry on each participant's calendar (calendar_entries), so that a range read is
 * one indexed range over the reader's short entries plus their few repeating or long ones,
 * whatever the number of events. Every write bumps the calendar version of everyone it touches.
 */
import {
  CALENDAR_EVENTS_PER_USER_MAX,
  CALENDAR_RANGE_MAX_DAYS,
  CALENDAR_RANGE_OCCURRENCES_MAX,
  type CalendarEvent,
  type CalendarEvents,
  type CalendarOccurrence,
  type CreateEventInput,
  type EventCategory,
  type EventScopeQuery,
  type EventsQuery,
  isCalendarDay,
  messages,
  type PublicUser,
  type UpdateEventInput,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { preparedShaped } from '../../db/prepared';
import { badRequest, notFound } from '../../errors';
import { WorkSlicer } from '../../lib/work-slicer';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { resolveInvitees } from '../../lib/invitees';
import {
  bumpListVersions,
  davNameOf,
  type ListChangeTold,
  listVersion,
  newDavName,
} from '../../lib/list-versions';
import type { ServiceDeps } from '../../deps';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import {
  dayStartIn,
  expandRange,
  isUsableRule,
  lastStartOf,
  makesOccurrence,
  occurrencesIn,
  remainingRule,
  ruleEndingBefore,
  type Series,
  seriesEndOf,
  ZONE_SLACK_MS,
} from '../../lib/occurrences';
import {
  EXCEPTIONS_MAX,
  type ExceptionRow,
  exceptionsOf,
  exceptionsSpan,
  occurrenceKey,
  seriesExceptions,
} from './exceptions';
import type { IcsMeeting, IcsPeople } from './ics';
import { type GuestMails, guestMails } from './invitation-mail';
import type { ImportedEvent, ImportedException } from './ics-import';
import { authorizeEvent, guestEvents, ownEvents } from './policy';
import { type EventRow, presentEvent, presentMeetingEntry, presentOccurrence } from './presenter';
import { transaction } from '../../db/transaction';
import { seriesIndex } from '../../lib/series-index';
import type { BusyInterval, BusyReadOptions, BusySource } from '../availability/busy';
import { dayStart } from '../../lib/zoned-time';

const DAY_MS = 86_400_000;
/** A single event longer than this is read with the repeating ones rather than by its start. */
export const SHORT_EVENT_MAX_MS = 7 * DAY_MS;

const now = () => new Date().toISOString();

/** The most events a feed holds (the latest starts). */
export const FEED_EVENTS_MAX = 5000;
/** The time one range read may spend expanding repetitions before it answers `truncated` (D41). */
const RANGE_BUDGET_MS = 3000;
/** Rows per statement when many ids are named (below SQLite's and PostgreSQL's limits). */
const IDS_PER_QUERY = 900;
/**
 * Events written per transaction by an import: short, so that other requests get the database (on
 * SQLite a transaction is also one block of the event loop: 250 reached 103 ms with a GC in it).
 */
const IMPORT_CHUNK = 100;

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
  sequence?: number;
}

/** What an event's times are once read and checked: epoch ms, all-day ones on 00:00Z. */
interface Times {
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

export type CalendarServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'outbox' | 'config'> & {
  reminders: EventReminders;
  notices: GuestNotices;
  /** Tells the others whose calendar a write changed (D45). */
  live: ListChangeTold['live'];
};

export class CalendarService implements BusySource {
  private readonly cache = new VersionedCache<string>(512);

  constructor(private readonly deps: CalendarServiceDeps) {}

  version(userId: number): Promise<number> {
    return listVersion(this.deps.db, userId, 'calendar');
  }

  rangeJson(userId: number, timeZone: string, version: number, query: EventsQuery): Promise<CachedJson> {
    const key = JSON.stringify([userId, timeZone, query.start, query.end]);
    return this.cache.through(key, version, () => this.range(userId, timeZone, query));
  }

  /**
   * Every occurrence overlapping [start, end) of the events the user owns or is a guest of, and of
   * their meetings: at most 5,000, the earliest (`truncated` beyond, or when expanding takes longer
   * than its budget). Three steps, the database free between them: the events in the range (found
   * by their entries, their rows read once), their expansion in slices, then the people of what is
   * answered.
   */
  async range(userId: number, timeZone: string, query: EventsQuery): Promise<CalendarEvents> {
    const from = instantOf(query.start, timeZone);
    const to = instantOf(query.end, timeZone);
    if (!(to > from) || to - from > CALENDAR_RANGE_MAX_DAYS * DAY_MS) {
      throw badRequest('VALIDATION_ERROR', 'calendar.rangeInvalid', {
        end: messages['calendar.rangeInvalid'],
      });
    }
    const max = CALENDAR_RANGE_OCCURRENCES_MAX;
    // From the first read: on SQLite the reads run in this thread, so each one counts in a slice.
    const slicer = new WorkSlicer(15, RANGE_BUDGET_MS);
    const { series, singlesFull, meetingEntries } = await this.seriesIn(userId, from, to, max, slicer);
    await slicer.pause();
    const exceptions = await exceptionsOf(
      this.deps.db,
      series.filter((row) => row.recurrence).map((row) => row.id),
    );
    await slicer.pause();
    const overrides = new Map<string, ExceptionRow>();
    for (const rows of exceptions.values()) {
      for (const row of rows) {
        if (row.kind === 'override')
          overrides.set(occurrenceKey(row.event_id, Date.parse(row.occurrence_at)), row);
      }
    }
    const expanded = await expandRange(
      series.map((row) => ({ series: seriesOf(row, exceptions.get(row.id)), ref: row.id })),
      from,
      to,
      timeZone,
      max,
      slicer,
      // From the index of series (D71): a series already expanded over these weeks is not again.
      ({ series, ref }, ...range) => seriesIndex.occurrencesIn(ref, series, ...range),
    );
    const meetings = meetingEntries.filter((entry) => overlaps(entry, from, to));
    let occurrences = expanded.occurrences;
    let truncated = expanded.truncated || singlesFull;
    if (occurrences.length + meetings.length > max) {
      occurrences = [...occurrences].sort((a, b) => a.start - b.start).slice(0, max - meetings.length);
      truncated = true;
    }
    // The events answered, from the rows read before the expansion.
    const read = new Map(series.map((row) => [row.id, row]));
    const rows = new Map<number, EventRow>();
    for (const occurrence of occurrences) rows.set(occurrence.ref, read.get(occurrence.ref)!);
    const people = await this.peopleOf(this.deps.db, [...rows.values()]);
    const presented = new Map<number, CalendarOccurrence>();
    const data: CalendarOccurrence[] = [];
    for (const occurrence of occurrences) {
      const row = rows.get(occurrence.ref);
      if (!row) continue;
      let event = presented.get(row.id);
      if (!event)
        presented.set(row.id, (event = presentOccurrence(row, people.guests.get(row.id) ?? [], userId)));
      const override = occurrence.exception
        ? overrides.get(occurrenceKey(row.id, occurrence.occurrence))
        : undefined;
      data.push({
        ...event,
        start: iso(occurrence.start),
        end: iso(occurrence.end),
        occurrence: iso(occurrence.occurrence),
        exception: occurrence.exception,
        ...(override ? overrideFields(override) : {}),
      });
      if (data.length % 500 === 0) await slicer.pause();
    }
    const meetingEntriesShown = await this.meetingsOn(
      this.deps.db,
      meetings.map((entry) => entry.source_id),
    );
    const peopleById: Record<string, PublicUser> = {};
    for (const [id, user] of people.users) peopleById[String(id)] = user;
    for (const meeting of meetingEntriesShown) {
      peopleById[meeting.owner._id] = meeting.owner;
      for (const guest of meeting.guestUsers) peopleById[guest._id] = guest;
      const { owner: _owner, guestUsers: _guests, ...occurrence } = meeting;
      data.push(occurrence);
    }
    data.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : Number(a._id) - Number(b._id)));
    return { data, people: peopleById, truncated };
  }

  /**
   * The user's events that may overlap [from, to), found by their entries: the short single
   * events by one range of their start, the earliest `max` + 1 of those that may overlap
   * (`singlesFull` when there were more), the repeating and long ones by their series' span; and
   * the meetings' entries. Nothing is held while the series are expanded.
   */
  private async seriesIn(userId: number, from: number, to: number, max: number, slicer: WorkSlicer) {
    const upper = iso(to + ZONE_SLACK_MS);
    const lower = iso(from - ZONE_SLACK_MS);
    const shortFrom = iso(from - SHORT_EVENT_MAX_MS - ZONE_SLACK_MS);
    const entries = (kind: 'event' | 'meeting', isLong: boolean) =>
      this.deps.db
        .selectFrom('calendar_entries')
        .where('calendar_entries.user_id', '=', userId)
        .where('calendar_entries.kind', '=', kind)
        .where('calendar_entries.is_long', '=', isLong);
    // One after the other, in this order (the benchmark reads their plans by position): the short
    // single events by one range of their start, the earliest first; the repeating and long ones
    // by their series' span; the meetings; then the events' rows, whole (what the expansion reads
    // and what is answered), by their ids.
    const singles = await entries('event', false)
      .select(['calendar_entries.source_id'])
      .where('calendar_entries.start_at', '>=', shortFrom)
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower)
      .orderBy('calendar_entries.start_at')
      .limit(max + 1)
      .execute();
    const long = await entries('event', true)
      .select(['calendar_entries.source_id'])
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower)
      .execute();
    const meetingEntries = await entries('meeting', false)
      .select(['calendar_entries.source_id', 'calendar_entries.start_at', 'calendar_entries.end_at'])
      .where('calendar_entries.start_at', '>=', shortFrom)
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower)
      .execute();
    const series: EventRow[] = [];
    for (const ids of chunks([...singles, ...long].map((entry) => entry.source_id))) {
      series.push(...(await this.deps.db.selectFrom('events').selectAll().where('id', 'in', ids).execute()));
      await slicer.pause();
    }
    return { series, singlesFull: singles.length > max, meetingEntries };
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
    // Deleted (or its time cleared) since its entry was read: nothing to show.
    if (rows.length === 0) return [];
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
    return rows.flatMap((row) => {
      const owner = users.get(row.owner_id);
      if (!owner) return [];
      return [
        presentMeetingEntry(
          { ...row, time: row.time!, end: iso(Date.parse(row.time!) + row.duration * 60_000) },
          owner,
          accepted.flatMap((a) =>
            a.meeting_id === row.id && users.has(a.user_id) ? [users.get(a.user_id)!] : [],
          ),
        ),
      ];
    });
  }

  /**
   * When each of the users has an event (theirs or one they are a guest of) or a meeting (that
   * they organise or accepted) within [from, to): occurrences as intervals, all-day ones over
   * their days in that user's zone. One query of entries over the users' index ranges, one of
   * events; a meeting's entry is its interval. `exceptMeeting` is left out (when re-planning it).
   * For finding free times (D23); `db` is the transaction that sets a time, when one does. A
   * meeting's interval names it (`meeting`), an event's its event (`event`), so that kept busy
   * times can leave a meeting out or be mended where events changed (D71). `events`: only these
   * events' entries are read (and every meeting's), to mend kept busy times.
   */
  async busyOf(
    users: Array<{ id: number; timeZone: string }>,
    from: number,
    to: number,
    options: BusyReadOptions = {},
  ): Promise<Map<number, BusyInterval[]>> {
    const busy = new Map(users.map((user) => [user.id, [] as BusyInterval[]]));
    if (users.length === 0) return busy;
    const db = options.db ?? this.deps.db;
    const only = options.events;
    const ids = users.map((user) => user.id);
    const values: EntryValues = {
      users: ids,
      ...entryBounds(from, to),
      ...(only === undefined ? {} : { events: only.length > 0 ? [...only] : [0] }),
    };
    const entries = await entriesIn(db, values);
    // A short single event's entry is its span; only all-day ones need their days placed. The
    // repeating and long ones are read whole and expanded.
    const allDayIds = new Set<number>();
    const series = new Set<number>();
    for (const entry of entries) {
      if (entry.kind === 'event') {
        if (bool(entry.is_long)) series.add(entry.source_id);
        else if (bool(entry.all_day)) allDayIds.add(entry.source_id);
      } else if (entry.source_id !== options.exceptMeeting && overlaps(entry, from, to)) {
        busy.get(entry.user_id)!.push({
          start: Date.parse(entry.start_at),
          end: Date.parse(entry.end_at),
          meeting: entry.source_id,
        });
      }
    }
    // The events behind the entries, by the same ranges joined (no list of ids to send).
    const [rows, exceptionRows] = await Promise.all([
      series.size === 0 ? [] : seriesRowsIn(db, values),
      series.size === 0 ? [] : seriesExceptionsIn(db, values),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // By event, each once (an event on two of the users' calendars comes twice).
    const exceptions = new Map<number, ExceptionRow[]>();
    const seen = new Set<string>();
    for (const row of exceptionRows) {
      const key = `${row.event_id}|${row.occurrence_at}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = exceptions.get(row.event_id) ?? [];
      list.push(row);
      exceptions.set(row.event_id, list);
    }
    const zoneOf = new Map(users.map((user) => [user.id, user.timeZone]));
    const add = (userId: number, event: number, start: number, end: number, isAllDay: boolean) => {
      const zone = zoneOf.get(userId)!;
      const [from_, to_] = isAllDay ? [dayStartIn(start, zone), dayStartIn(end, zone)] : [start, end];
      if (to_ > from_ && from_ < to && to_ > from) busy.get(userId)!.push({ start: from_, end: to_, event });
    };
    for (const entry of entries) {
      if (entry.kind !== 'event') continue;
      if (!bool(entry.is_long)) {
        add(
          entry.user_id,
          entry.source_id,
          Date.parse(entry.start_at),
          Date.parse(entry.end_at),
          allDayIds.has(entry.source_id),
        );
        continue;
      }
      const row = byId.get(entry.source_id);
      if (!row) continue;
      const series = seriesOf(row, exceptions.get(row.id));
      const allDayAt = new Map(series.exceptions?.shown.map((extra) => [extra.occurrence, extra.allDay]));
      // From the index of series (D71): a series already expanded over these weeks is not again.
      for (const span of seriesIndex.occurrencesIn(row.id, series, from, to, zoneOf.get(entry.user_id)!)) {
        add(entry.user_id, row.id, span.start, span.end, allDayAt.get(span.occurrence) ?? bool(row.all_day));
      }
    }
    return busy;
  }

  /** One event, as its first occurrence, for its owner or a guest. */
  async get(userId: number, id: number): Promise<CalendarEvent> {
    const row = await authorizeEvent(this.deps.db, userId, id, 'read');
    const people = await this.peopleOf(this.deps.db, [row]);
    return this.presentWith(row, people, userId);
  }

  async create(userId: number, timeZone: string, input: CreateEventInput): Promise<CalendarEvent> {
    const times = timesOf(input.start, input.end, input.allDay);
    checkRule(times, timeZone, input.recurrence);
    const lastStart = await lastStartAt({ ...times, timeZone, recurrence: input.recurrence });
    return transaction(this.deps.db, async (trx) => {
      if ((await this.ownedCount(trx, userId)) >= CALENDAR_EVENTS_PER_USER_MAX) {
        throw badRequest('LIMIT_REACHED', 'calendar.eventsLimit');
      }
      const guests = await this.resolveGuests(trx, userId, input.guests, input.groups);
      const row = await this.insertEvent(trx, userId, guests, lastStart, {
        ...input,
        ...times,
        timeZone,
        uid: `${randomUUID()}@cadence`,
      });
      await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: this.deps.live, actor: userId }, [
        row,
      ]);
      await this.mailGuests(trx, row, guests, { invited: guests });
      const people = await this.peopleOf(trx, [row]);
      return this.presentWith(row, people, userId);
    });
  }

  /** "This and following": the series ends before `occurrence` (its SEQUENCE moves on). */
  private async endSeriesBefore(trx: Db, event: EventRow, occurrence: number): Promise<void> {
    const series = seriesOf(event);
    const ended = ruleEndingBefore(event.recurrence!, occurrence, series.allDay);
    await trx
      .updateTable('events')
      .set({
        recurrence: ended,
        last_start_at: await lastStartAt({ ...series, recurrence: ended }),
        sequence: event.sequence + 1,
        updated_at: now(),
      })
      .where('id', '=', event.id)
      .execute();
  }

  /** D42: the guests' iTIP mails for a change of the event, into the outbox of the transaction. */
  private async mailGuests(
    trx: Db,
    row: EventRow,
    guests: number[],
    plan: GuestMails,
    when?: { start: string; allDay: boolean },
  ): Promise<void> {
    const { outbox, config, notices } = this.deps;
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

  private async ownedCount(db: Db, userId: number): Promise<number> {
    const { count } = await db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /**
   * The events of an iCalendar file, as the user's own (no guests), by UID (D40): one the user does
   * not have is added; one they have is updated when the file's is newer (a higher SEQUENCE, or at
   * the same SEQUENCE a LAST-MODIFIED after our last change), else left unchanged. Written in
   * transactions of 100 events with the event loop turning between them, so that a 20,000-event
   * file keeps the database and the process free for others (a re-import finishes an interrupted
   * one). New events beyond the user's 100,000 come back in `overLimit`.
   */
  async importEvents(
    userId: number,
    events: ImportedEvent[],
    slicer: WorkSlicer,
  ): Promise<{ imported: number; updated: number; unchanged: number; overLimit: ImportedEvent[] }> {
    // One event per UID, the file's latest; none without a UID gets one of ours.
    const byUid = new Map<string, ImportedEvent>();
    let read = 0;
    for (const event of events) {
      if ((read += 1) % 500 === 0) await slicer.pause();
      const uid = event.uid || `${randomUUID()}@cadence`;
      const seen = byUid.get(uid);
      if (!seen || newer(event, seen.sequence, seen.modified ?? 0))
        byUid.set(uid, event.uid ? event : { ...event, uid });
    }
    const known = new Map<string, { id: number; sequence: number; updated_at: string }>();
    for (const uids of chunks([...byUid.keys()])) {
      const rows = await this.deps.db
        .selectFrom('events')
        .select(['id', 'uid', 'sequence', 'updated_at'])
        .where('owner_id', '=', userId)
        .where('uid', 'in', uids)
        .execute();
      for (const row of rows) known.set(row.uid, row);
      await slicer.pause();
    }
    let room = CALENDAR_EVENTS_PER_USER_MAX - (await this.ownedCount(this.deps.db, userId));
    type Write = NewEvent & { lastStart: string | null; changes: ImportedException[] };
    const inserts: Write[] = [];
    const updates: Array<Write & { id: number }> = [];
    const overLimit: ImportedEvent[] = [];
    let unchanged = 0;
    let sorted = 0;
    for (const event of byUid.values()) {
      // 20,000 events gone through in one go held the event loop ~20 ms here (as the loop above).
      if ((sorted += 1) % 500 === 0) await slicer.pause();
      const mine = known.get(event.uid);
      if (mine && !newer(event, mine.sequence, Date.parse(mine.updated_at))) {
        unchanged += 1;
        continue;
      }
      if (!mine && room <= 0) {
        overLimit.push(event);
        continue;
      }
      const lastStart = event.lastStart === null ? null : iso(event.lastStart);
      if (mine) updates.push({ ...event, id: mine.id, lastStart });
      else {
        inserts.push({ ...event, lastStart });
        room -= 1;
      }
    }
    for (const chunk of chunks(inserts, IMPORT_CHUNK)) {
      await transaction(this.deps.db, async (trx) => {
        const at = now();
        const rows = await trx
          .insertInto('events')
          .values(
            chunk.map((fields) => ({
              owner_id: userId,
              ...eventColumns(fields),
              dav_name: newDavName(),
              created_at: at,
              updated_at: at,
            })),
          )
          .returningAll()
          .execute();
        const byUid = new Map(chunk.map((fields) => [fields.uid, fields]));
        const changed = new Map(
          rows.map((row) => [row.id, exceptionRowsOf(row.id, byUid.get(row.uid)?.changes ?? [], at)]),
        );
        const exceptionRows = [...changed.values()].flat();
        for (const part of chunks(exceptionRows, 200))
          await trx.insertInto('event_exceptions').values(part).execute();
        await trx
          .insertInto('calendar_entries')
          .values(rows.flatMap((row) => entriesOf(row, [userId], changed.get(row.id))))
          .execute();
        await this.deps.reminders.syncNewEvents(
          trx,
          rows.filter((row) => changed.get(row.id)!.length === 0),
        );
        for (const row of rows) {
          if (changed.get(row.id)!.length > 0) await this.deps.reminders.syncEvent(trx, row.id);
        }
        await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, rows);
      });
      await slicer.pause();
    }
    for (const chunk of chunks(updates, IMPORT_CHUNK)) {
      await transaction(this.deps.db, async (trx) => {
        const rewritten: EventRow[] = [];
        for (const fields of chunk) {
          const { row, guests } = await this.replaceSeries(trx, userId, fields);
          await bumpListVersions(trx, guests, 'calendar', { live: this.deps.live, actor: userId }, [row]);
          rewritten.push(row);
        }
        await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, rewritten);
      });
      await slicer.pause();
    }
    return { imported: inserts.length, updated: updates.length, unchanged, overLimit };
  }

  /**
   * An event's series written over by a file's (an import, a CalDAV PUT): its fields, rule and
   * exceptions as the file has them; its guests stay. Its calendar entries and reminders follow.
   */
  private async replaceSeries(
    trx: Db,
    userId: number,
    fields: NewEvent & { id: number; lastStart: string | null; changes: ImportedException[] },
  ): Promise<{ row: EventRow; guests: number[] }> {
    const { owner_id: _owner, ...columns } = { owner_id: userId, ...eventColumns(fields) };
    const at = now();
    await trx
      .updateTable('events')
      .set({ ...columns, updated_at: at })
      .where('id', '=', fields.id)
      .execute();
    await trx.deleteFrom('event_exceptions').where('event_id', '=', fields.id).execute();
    for (const part of chunks(exceptionRowsOf(fields.id, fields.changes, at), 200)) {
      await trx.insertInto('event_exceptions').values(part).execute();
    }
    const row = await trx
      .selectFrom('events')
      .selectAll()
      .where('id', '=', fields.id)
      .executeTakeFirstOrThrow();
    const guests = await guestsOf(trx, fields.id);
    await rewriteEntries(trx, row, [userId, ...guests]);
    await this.deps.reminders.syncEvent(trx, fields.id);
    return { row, guests };
  }

  /**
   * An event as a CalDAV client sent it (D43): a new one under the client's resource name, or the
   * user's own event `id` replaced by it whole (its guests stay, and are told of the change).
   * Checked as an import checks it (readIcs), authorized by the events' policy. Its text is kept
   * with the fields it gave (D49: `keep` makes the note of them).
   */
  async putDavEvent(
    userId: number,
    event: ImportedEvent,
    target: { id: number } | { name: string },
    kept: { text: string; fieldsOf: (row: EventRow, exceptions: ExceptionRow[]) => string },
  ): Promise<EventRow> {
    const fields = { ...event, lastStart: event.lastStart === null ? null : iso(event.lastStart) };
    return transaction(this.deps.db, async (trx) => {
      const tell = { live: this.deps.live, actor: userId };
      const keep = async (row: EventRow) => {
        const exceptions = (await exceptionsOf(trx, [row.id])).get(row.id) ?? [];
        await trx
          .updateTable('events')
          .set({ dav_text: kept.text, dav_fields: kept.fieldsOf(row, exceptions) })
          .where('id', '=', row.id)
          .execute();
      };
      if ('id' in target) {
        // The owner's alone (a guest's change is refused there), locked for this transaction.
        await authorizeEvent(trx, userId, target.id, 'change', { lock: this.deps.engine });
        const { row, guests } = await this.replaceSeries(trx, userId, { ...fields, id: target.id });
        await keep(row);
        await bumpListVersions(trx, [userId, ...guests], 'calendar', tell, [row]);
        await this.mailGuests(trx, row, guests, { changed: guests });
        return row;
      }
      if ((await this.ownedCount(trx, userId)) >= CALENDAR_EVENTS_PER_USER_MAX) {
        throw badRequest('LIMIT_REACHED', 'calendar.eventsLimit');
      }
      const at = now();
      const row = await trx
        .insertInto('events')
        .values({
          owner_id: userId,
          ...eventColumns(fields),
          dav_name: target.name,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const exceptions = exceptionRowsOf(row.id, fields.changes, at);
      for (const part of chunks(exceptions, 200))
        await trx.insertInto('event_exceptions').values(part).execute();
      await trx
        .insertInto('calendar_entries')
        .values(entriesOf(row, [userId], exceptions))
        .execute();
      await keep(row);
      await this.deps.reminders.syncEvent(trx, row.id);
      await bumpListVersions(trx, [userId], 'calendar', tell, [row]);
      return row;
    });
  }

  /**
   * The events of one of the user's CalDAV collections (D43): `events` those they own, `shared`
   * those they are a guest of; all, or only these ids, or only those whose series meets [from, to);
   * by id, a page of `limit` after the id `after` when asked.
   */
  davEvents(
    userId: number,
    collection: 'events' | 'shared',
    only: { ids?: number[]; from?: string; to?: string; after?: number; limit?: number } = {},
  ): Promise<EventRow[]> {
    let query = this.deps.db
      .selectFrom('events')
      .selectAll('events')
      .where((eb) => (collection === 'events' ? ownEvents(eb, userId) : guestEvents(eb, userId)));
    if (only.ids) query = query.where('events.id', 'in', only.ids.length > 0 ? only.ids : [0]);
    if (only.from !== undefined || only.to !== undefined) {
      query = query.where('events.id', 'in', (eb) => {
        let entries = eb
          .selectFrom('calendar_entries')
          .select('calendar_entries.source_id')
          .where('calendar_entries.user_id', '=', userId)
          .where('calendar_entries.kind', '=', 'event');
        if (only.to !== undefined) entries = entries.where('calendar_entries.start_at', '<', only.to);
        if (only.from !== undefined) entries = entries.where('calendar_entries.end_at', '>', only.from);
        return entries;
      });
    }
    if (only.after !== undefined) query = query.where('events.id', '>', only.after);
    if (only.limit !== undefined) query = query.limit(only.limit);
    return query.orderBy('events.id').execute();
  }

  /** The user's own event under this CalDAV resource name, if any. */
  davEventNamed(userId: number, name: string): Promise<EventRow | undefined> {
    return this.deps.db
      .selectFrom('events')
      .selectAll()
      .where('owner_id', '=', userId)
      .where('dav_name', '=', name)
      .executeTakeFirst();
  }

  /** The ids of the user's own events under these CalDAV resource names. */
  async davEventIdsNamed(userId: number, names: string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('events')
      .select('id')
      .where('owner_id', '=', userId)
      .where('dav_name', 'in', names)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Another of the user's events with this UID (CalDAV's no-uid-conflict): its resource name. */
  async uidTaken(userId: number, uid: string, except?: number): Promise<string | undefined> {
    let query = this.deps.db
      .selectFrom('events')
      .select(['id', 'dav_name'])
      .where('owner_id', '=', userId)
      .where('uid', '=', uid);
    if (except !== undefined) query = query.where('id', '!=', except);
    const row = await query.executeTakeFirst();
    return row && davNameOf(row);
  }

  /**
   * The exceptions of these events, by event (for the feed and CalDAV): a few series at a time, the
   * event loop turning between reads (a series may have a thousand).
   */
  async exceptionsOf(eventIds: number[]): Promise<Map<number, ExceptionRow[]>> {
    const slicer = new WorkSlicer(5);
    const byEvent = new Map<number, ExceptionRow[]>();
    for (const part of chunks(eventIds, 100)) {
      await slicer.pause();
      for (const [id, rows] of await exceptionsOf(this.deps.db, part)) byEvent.set(id, rows);
    }
    return byEvent;
  }

  /**
   * The rows of every event on the user's calendar, for the feed: owned and guest of, the latest
   * start first. On SQLite a read runs in this thread, so no read here is long: the starts of the
   * user's events a page at a time along the entries' key (an ORDER BY of thousands of rows in one
   * statement held the event loop), the latest chosen here, then their rows a few hundred at a
   * time, the event loop turning between reads every 5 ms, as the feed's writing does (routes.ts).
   */
  async feedRows(userId: number): Promise<EventRow[]> {
    const { db } = this.deps;
    const [startsPerRead, rowsPerRead] = [1000, 200];
    const slicer = new WorkSlicer(5);
    const starts: Array<{ id: number; at: number }> = [];
    for (let after = 0; ;) {
      await slicer.pause();
      const page = await db
        .selectFrom('calendar_entries')
        .innerJoin('events', 'events.id', 'calendar_entries.source_id')
        .select(['calendar_entries.source_id as id', 'events.start_at'])
        .where('calendar_entries.user_id', '=', userId)
        .where('calendar_entries.kind', '=', 'event')
        .where('calendar_entries.source_id', '>', after)
        .orderBy('calendar_entries.source_id')
        .limit(startsPerRead)
        .execute();
      for (const row of page) starts.push({ id: row.id, at: Date.parse(row.start_at) });
      if (page.length < startsPerRead) break;
      after = page.at(-1)!.id;
    }
    await slicer.pause();
    const latest = starts
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .slice(0, FEED_EVENTS_MAX)
      .map((start) => start.id);
    const rows: EventRow[] = [];
    for (const part of chunks(latest, rowsPerRead)) {
      await slicer.pause();
      rows.push(...(await db.selectFrom('events').selectAll().where('id', 'in', part).execute()));
    }
    const order = new Map(latest.map((id, index) => [id, index]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** The organiser and guests of the feed's events that have guests (D42: ORGANIZER, ATTENDEE). */
  async feedPeople(rows: EventRow[]): Promise<Map<number, IcsPeople>> {
    const { db } = this.deps;
    // A feed's thousands of ids are read some hundreds at a time: the event loop turns between.
    const slicer = new WorkSlicer(5);
    const ids = rows.map((row) => row.id);
    const guests =
      ids.length === 0
        ? []
        : await chunked(ids, async (part) => {
            await slicer.pause();
            return db
              .selectFrom('event_guests')
              .select(['event_id', 'user_id'])
              .where('event_id', 'in', part)
              .execute();
          });
    if (guests.length === 0) return new Map();
    const owners = new Map(rows.map((row) => [row.id, row.owner_id]));
    const personIds = [...new Set([...guests.map((guest) => guest.user_id), ...owners.values()])];
    const people = new Map(
      (
        await chunked(personIds, async (part) => {
          await slicer.pause();
          return db
            .selectFrom('users')
            .select(['id', 'username', 'full_name', 'email'])
            .where('id', 'in', part)
            .execute();
        })
      ).map((person) => [person.id, { name: person.full_name || person.username, email: person.email }]),
    );
    const byEvent = new Map<number, IcsPeople>();
    for (const guest of guests) {
      const person = people.get(guest.user_id);
      if (!person) continue;
      let party = byEvent.get(guest.event_id);
      if (!party) {
        party = { organiser: people.get(owners.get(guest.event_id)!)!, attendees: [] };
        byEvent.set(guest.event_id, party);
      }
      party.attendees.push({ ...person, status: 'accepted' });
    }
    return byEvent;
  }

  /**
   * The meetings with a chosen time on the user's calendar, for the feed: organised or accepted,
   * with their organiser and each invitee's answer (PARTSTAT).
   */
  async feedMeetings(userId: number): Promise<IcsMeeting[]> {
    const { db } = this.deps;
    const rows = await db
      .selectFrom('meetings')
      .innerJoin('users', 'users.id', 'meetings.owner_id')
      .select([
        'meetings.id',
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
    const invitations =
      rows.length === 0
        ? []
        : await chunked(
            rows.map((row) => row.id),
            (part) =>
              db
                .selectFrom('meeting_invitations')
                .innerJoin('users', 'users.id', 'meeting_invitations.user_id')
                .select([
                  'meeting_invitations.meeting_id',
                  'meeting_invitations.status',
                  'users.full_name',
                  'users.username',
                  'users.email',
                ])
                .where('meeting_invitations.meeting_id', 'in', part)
                .orderBy('meeting_invitations.user_id')
                .execute(),
          );
    const attendees = new Map<number, IcsPeople['attendees']>();
    for (const invitation of invitations) {
      const list = attendees.get(invitation.meeting_id) ?? [];
      list.push({
        name: invitation.full_name || invitation.username,
        email: invitation.email,
        status: invitation.status,
      });
      attendees.set(invitation.meeting_id, list);
    }
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
      attendees: attendees.get(row.id) ?? [],
    }));
  }

  private async insertEvent(
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
    await this.deps.reminders.syncEvent(trx, id);
    return row;
  }

  /**
   * The owner changes the event (a guest gets 403, anyone else 404): with no scope (or `all`) the
   * whole series; `this` one occurrence alone, kept as an override; `following` that occurrence and
   * the later ones, as a new series, the old one ending before it (D39). An occurrence the series
   * does not make → 404. The owner's current time zone becomes the event's.
   */
  async update(
    userId: number,
    timeZone: string,
    id: number,
    input: UpdateEventInput,
    scope: EventScopeQuery = {},
  ): Promise<CalendarEvent> {
    return transaction(this.deps.db, async (trx) => {
      const event = await authorizeEvent(trx, userId, id, 'change', { lock: this.deps.engine });
      const target = await targetOf(trx, event, scope);
      if (target.scope === 'this') return this.overrideOccurrence(trx, userId, event, target, input);
      if (target.scope === 'following') return this.splitSeries(trx, userId, timeZone, event, target, input);
      return this.updateSeries(trx, userId, timeZone, event, input);
    });
  }

  /** The whole series changes; the overrides whose original starts the new series still makes stay. */
  private async updateSeries(
    trx: Db,
    userId: number,
    timeZone: string,
    event: EventRow,
    input: UpdateEventInput,
  ): Promise<CalendarEvent> {
    const id = event.id;
    const allDay = input.allDay ?? bool(event.all_day);
    const times = timesOf(
      input.start ?? (input.allDay === undefined ? event.start_at : event.start_at.slice(0, 10)),
      input.end ?? (input.allDay === undefined ? event.end_at : event.end_at.slice(0, 10)),
      allDay,
    );
    const recurrence = input.recurrence !== undefined ? input.recurrence : event.recurrence;
    checkRule(times, timeZone, recurrence);
    const lastStart = await lastStartAt({ ...times, timeZone, recurrence });
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
        last_start_at: lastStart,
        sequence: event.sequence + 1,
        updated_at: now(),
      })
      .where('id', '=', id)
      .execute();
    const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    // Overrides and exclusions of occurrences the series no longer makes go.
    const series = seriesOf(row);
    const gone = ((await exceptionsOf(trx, [id])).get(id) ?? []).filter(
      (exception) =>
        !recurrence ||
        (exception.kind !== 'addition' && !makesOccurrence(series, Date.parse(exception.occurrence_at))),
    );
    for (const exception of gone) {
      await trx
        .deleteFrom('event_exceptions')
        .where('event_id', '=', id)
        .where('occurrence_at', '=', exception.occurrence_at)
        .execute();
    }
    await rewriteEntries(trx, row, [userId, ...guests]);
    await this.deps.reminders.syncEvent(trx, id);
    await bumpListVersions(
      trx,
      [userId, ...before, ...guests],
      'calendar',
      { live: this.deps.live, actor: userId },
      [row],
    );
    const retimed =
      row.start_at !== event.start_at ||
      row.end_at !== event.end_at ||
      bool(row.all_day) !== bool(event.all_day) ||
      row.recurrence !== event.recurrence;
    const kept = new Set(before);
    await this.mailGuests(trx, row, guests, {
      invited: guests.filter((guest) => !kept.has(guest)),
      changed: retimed ? guests.filter((guest) => kept.has(guest)) : [],
      cancelled: before.filter((guest) => !guests.includes(guest)),
    });
    const people = await this.peopleOf(trx, [row]);
    return this.presentWith(row, people, userId);
  }

  /** One occurrence changed alone: its override made or changed (guests and rule stay the series'). */
  private async overrideOccurrence(
    trx: Db,
    userId: number,
    event: EventRow,
    target: OccurrenceTarget,
    input: UpdateEventInput,
  ): Promise<CalendarEvent> {
    if (input.guests !== undefined || input.groups !== undefined || input.recurrence !== undefined) {
      throw badRequest('VALIDATION_ERROR', 'calendar.scopeFieldsInvalid', {
        scope: messages['calendar.scopeFieldsInvalid'],
      });
    }
    const mine = target.exceptions.find((row) => Date.parse(row.occurrence_at) === target.occurrence);
    if (!mine && target.exceptions.length >= EXCEPTIONS_MAX) throw exceptionsFull();
    const current = {
      title: mine?.title ?? event.title,
      description: mine?.description ?? event.description,
      url: mine?.url ?? event.url,
      location: mine?.location ?? event.location,
      category: mine?.category ?? event.category,
      reminder: mine ? mine.reminder : event.reminder,
      allDay: mine ? bool(mine.all_day ?? false) : bool(event.all_day),
      start: mine ? mine.start_at! : iso(target.occurrence),
      end: mine
        ? mine.end_at!
        : iso(target.occurrence + Date.parse(event.end_at) - Date.parse(event.start_at)),
    };
    const allDay = input.allDay ?? current.allDay;
    const times = timesOf(
      input.start ?? (input.allDay === undefined ? current.start : current.start.slice(0, 10)),
      input.end ?? (input.allDay === undefined ? current.end : current.end.slice(0, 10)),
      allDay,
    );
    const at = now();
    const occurrenceAt = iso(target.occurrence);
    await trx
      .deleteFrom('event_exceptions')
      .where('event_id', '=', event.id)
      .where('occurrence_at', '=', occurrenceAt)
      .execute();
    await trx
      .insertInto('event_exceptions')
      .values({
        event_id: event.id,
        occurrence_at: occurrenceAt,
        kind: 'override',
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        url: input.url ?? current.url,
        location: input.location ?? current.location,
        category: input.category ?? current.category,
        reminder: input.reminder !== undefined ? input.reminder : current.reminder,
        all_day: times.allDay,
        start_at: iso(times.start),
        end_at: iso(times.end),
        created_at: mine?.created_at ?? at,
        updated_at: at,
      })
      .execute();
    const row = await this.touched(trx, event);
    const guests = await guestsOf(trx, event.id);
    await rewriteEntries(trx, row, [userId, ...guests]);
    await this.deps.reminders.syncEvent(trx, event.id);
    await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: this.deps.live, actor: userId }, [
      row,
    ]);
    if (
      iso(times.start) !== current.start ||
      iso(times.end) !== current.end ||
      times.allDay !== current.allDay
    ) {
      await this.mailGuests(trx, row, guests, { changed: guests }, { start: iso(times.start), allDay });
    }
    const people = await this.peopleOf(trx, [row]);
    const override = (await exceptionsOf(trx, [event.id]))
      .get(event.id)!
      .find((exception) => exception.occurrence_at === occurrenceAt)!;
    return { ...this.presentWith(row, people, userId), ...overrideFields(override) };
  }

  /**
   * That occurrence and the later ones become a new series (new id and UID) with the change; the
   * old one ends before it. The overrides from that occurrence on move to the new series when its
   * times are unchanged, and go otherwise.
   */
  private async splitSeries(
    trx: Db,
    userId: number,
    timeZone: string,
    event: EventRow,
    target: OccurrenceTarget,
    input: UpdateEventInput,
  ): Promise<CalendarEvent> {
    const old = seriesOf(event);
    const duration = old.end - old.start;
    const before = occurrencesIn(
      { ...old, exceptions: undefined },
      old.start,
      target.occurrence,
      old.timeZone,
      1001,
    );
    const allDay = input.allDay ?? old.allDay;
    const first = iso(target.occurrence);
    const times = timesOf(
      input.start ?? (input.allDay === undefined ? first : first.slice(0, 10)),
      input.end ??
        (input.allDay === undefined
          ? iso(target.occurrence + duration)
          : iso(target.occurrence + duration).slice(0, 10)),
      allDay,
    );
    const recurrence =
      input.recurrence !== undefined ? input.recurrence : remainingRule(event.recurrence!, before.length);
    checkRule(times, timeZone, recurrence);
    const [guestsBefore, lastStart] = await Promise.all([
      guestsOf(trx, event.id),
      lastStartAt({ ...times, timeZone, recurrence }),
    ]);
    const guests =
      input.guests !== undefined || input.groups !== undefined
        ? await this.resolveGuests(trx, userId, input.guests ?? [], input.groups ?? [])
        : guestsBefore;
    await this.endSeriesBefore(trx, event, target.occurrence);
    const row = await this.insertEvent(trx, userId, guests, lastStart, {
      title: input.title ?? event.title,
      description: input.description ?? event.description,
      url: input.url ?? event.url,
      location: input.location ?? event.location,
      category: input.category ?? event.category,
      reminder: input.reminder !== undefined ? input.reminder : event.reminder,
      ...times,
      timeZone,
      recurrence,
      uid: `${randomUUID()}@cadence`,
    });
    const retimed =
      input.start !== undefined ||
      input.end !== undefined ||
      input.allDay !== undefined ||
      input.recurrence !== undefined;
    // The exceptions from that occurrence on: the new series' when its times are the same.
    const from = iso(target.occurrence);
    if (retimed || !recurrence) {
      await trx
        .deleteFrom('event_exceptions')
        .where('event_id', '=', event.id)
        .where('occurrence_at', '>=', from)
        .execute();
    } else {
      await trx
        .updateTable('event_exceptions')
        .set({ event_id: row.id })
        .where('event_id', '=', event.id)
        .where('occurrence_at', '>=', from)
        .execute();
    }
    const oldRow = await trx
      .selectFrom('events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    await rewriteEntries(trx, oldRow, [userId, ...guestsBefore]);
    await rewriteEntries(trx, row, [userId, ...guests]);
    await this.deps.reminders.syncEvent(trx, event.id);
    await this.deps.reminders.syncEvent(trx, row.id);
    await bumpListVersions(
      trx,
      [userId, ...guestsBefore, ...guests],
      'calendar',
      { live: this.deps.live, actor: userId },
      [oldRow, row],
    );
    // The old series now ends earlier; the following occurrences are a new event (a new UID).
    await this.mailGuests(trx, oldRow, guestsBefore, { changed: guestsBefore });
    await this.mailGuests(trx, row, guests, { invited: guests });
    const people = await this.peopleOf(trx, [row]);
    return this.presentWith(row, people, userId);
  }

  // ---- Bookings (D44): the booking module writes its events through these, in its transaction --

  /**
   * A booking in each host's calendar: one timed event each, in the host's zone, without guests
   * (the visitor is named in its description). Answers each host's event id. The hosts' pages and
   * their CalDAV clients are told.
   */
  async placeBooking(
    trx: Db,
    hosts: Array<{ id: number; timeZone: string }>,
    fields: { title: string; description: string; location: string; start: number; end: number; uid: string },
  ): Promise<Map<number, number>> {
    const placed = new Map<number, number>();
    const rows: EventRow[] = [];
    for (const host of hosts) {
      const row = await this.insertEvent(trx, host.id, [], null, {
        ...fields,
        url: '',
        category: 'Business',
        allDay: false,
        timeZone: host.timeZone,
        recurrence: null,
        reminder: null,
      });
      placed.set(host.id, row.id);
      rows.push(row);
    }
    await bumpListVersions(
      trx,
      hosts.map((host) => host.id),
      'calendar',
      { live: this.deps.live, actor: 0 },
      rows,
    );
    return placed;
  }

  /** Takes the booking's events off their calendars' entries, so that they are not busy (a move's check). */
  async freeBooking(trx: Db, eventIds: number[]): Promise<void> {
    if (eventIds.length === 0) return;
    await trx
      .deleteFrom('calendar_entries')
      .where('kind', '=', 'event')
      .where('source_id', 'in', eventIds)
      .execute();
  }

  /** The booking's events moved to a new time (SEQUENCE on), or (`start` null) deleted. */
  async moveBooking(
    trx: Db,
    eventIds: number[],
    times: { start: number; end: number } | null,
  ): Promise<void> {
    if (eventIds.length === 0) return;
    const rows = await trx.selectFrom('events').selectAll().where('id', 'in', eventIds).execute();
    for (const row of rows) {
      if (times === null) {
        await trx
          .deleteFrom('calendar_entries')
          .where('kind', '=', 'event')
          .where('source_id', '=', row.id)
          .execute();
        await this.deps.reminders.forgetEvent(trx, row.id);
        await trx.deleteFrom('events').where('id', '=', row.id).execute();
        continue;
      }
      await trx
        .updateTable('events')
        .set({
          start_at: iso(times.start),
          end_at: iso(times.end),
          sequence: row.sequence + 1,
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .execute();
      const moved = await trx
        .selectFrom('events')
        .selectAll()
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      await rewriteEntries(trx, moved, [row.owner_id]);
      await this.deps.reminders.syncEvent(trx, row.id);
    }
    await bumpListVersions(
      trx,
      rows.map((row) => row.owner_id),
      'calendar',
      { live: this.deps.live, actor: 0 },
      rows,
    );
  }

  /** The event's row after a change of one of its occurrences: its SEQUENCE and time of change moved on. */
  private async touched(trx: Db, event: EventRow): Promise<EventRow> {
    await trx
      .updateTable('events')
      .set({ sequence: event.sequence + 1, updated_at: now() })
      .where('id', '=', event.id)
      .execute();
    return trx.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
  }

  /**
   * The owner deletes the event (a guest gets 403, anyone else 404): with no scope (or `all`) from
   * every calendar; `this` one occurrence (an exclusion); `following` that occurrence and the later
   * ones (the series ends before it). D39.
   */
  async remove(userId: number, id: number, scope: EventScopeQuery = {}): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const event = await authorizeEvent(trx, userId, id, 'change', { lock: this.deps.engine });
      const target = await targetOf(trx, event, scope);
      const guests = await guestsOf(trx, id);
      if (target.scope === 'all') {
        await this.mailGuests(trx, event, guests, { cancelled: guests });
        await trx
          .deleteFrom('calendar_entries')
          .where('kind', '=', 'event')
          .where('source_id', '=', id)
          .execute();
        await this.deps.reminders.forgetEvent(trx, id);
        await trx.deleteFrom('events').where('id', '=', id).execute();
        await bumpListVersions(
          trx,
          [userId, ...guests],
          'calendar',
          { live: this.deps.live, actor: userId },
          [event],
        );
        return;
      }
      const occurrenceAt = iso(target.occurrence);
      if (target.scope === 'this') {
        const mine = target.exceptions.some((row) => row.occurrence_at === occurrenceAt);
        if (!mine && target.exceptions.length >= EXCEPTIONS_MAX) throw exceptionsFull();
        await trx
          .deleteFrom('event_exceptions')
          .where('event_id', '=', id)
          .where('occurrence_at', '=', occurrenceAt)
          .execute();
        const at = now();
        await trx
          .insertInto('event_exceptions')
          .values({
            event_id: id,
            occurrence_at: occurrenceAt,
            kind: 'exclusion',
            created_at: at,
            updated_at: at,
          })
          .execute();
        const row = await this.touched(trx, event);
        await rewriteEntries(trx, row, [userId, ...guests]);
        await this.mailGuests(trx, row, guests, { changed: guests });
      } else {
        await this.endSeriesBefore(trx, event, target.occurrence);
        await trx
          .deleteFrom('event_exceptions')
          .where('event_id', '=', id)
          .where('occurrence_at', '>=', occurrenceAt)
          .execute();
        const row = await trx.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await rewriteEntries(trx, row, [userId, ...guests]);
        await this.mailGuests(trx, row, guests, { changed: guests });
      }
      await this.deps.reminders.syncEvent(trx, id);
      await bumpListVersions(trx, [userId, ...guests], 'calendar', { live: this.deps.live, actor: userId }, [
        event,
      ]);
    });
  }

  // ---- Reading ---------------------------------------------------------------------------------

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

/** The columns an event's fields are written to. */
function eventColumns(fields: NewEvent & { lastStart: string | null }) {
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
function exceptionRowsOf(
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

/** Whether an imported event is newer than what is kept (D40). */
function newer(event: ImportedEvent, sequence: number, modified: number): boolean {
  if (event.sequence !== sequence) return event.sequence > sequence;
  return (event.modified ?? 0) > modified;
}

/** Whether an entry's own span (a meeting's time) overlaps [from, to). */
const overlaps = (entry: { start_at: string; end_at: string }, from: number, to: number) =>
  Date.parse(entry.start_at) < to && Date.parse(entry.end_at) > from;

/** An event's times, as the occurrences module expands them, with its exceptions when given. */
export function seriesOf(
  row: Pick<EventRow, 'start_at' | 'end_at' | 'all_day' | 'time_zone' | 'recurrence' | 'last_start_at'>,
  exceptions?: ExceptionRow[],
): Series {
  const changed = row.recurrence ? seriesExceptions(exceptions) : undefined;
  return {
    start: Date.parse(row.start_at),
    end: Date.parse(row.end_at),
    allDay: bool(row.all_day),
    timeZone: row.time_zone,
    recurrence: row.recurrence,
    // Unknown (worked out when needed) for a row written without it.
    ...(row.last_start_at ? { lastStart: Date.parse(row.last_start_at) } : {}),
    ...(changed ? { exceptions: changed } : {}),
  };
}

/** The occurrence a scoped change or delete names (D39), or the whole series. */
type Target = { scope: 'all' } | OccurrenceTarget;
interface OccurrenceTarget {
  scope: 'this' | 'following';
  occurrence: number;
  exceptions: ExceptionRow[];
}

/**
 * One of entriesIn's ranges, before its selection (busyOf joins the events to it).
 * With `events` (mending kept busy times, D71), an event range holds only theirs, found by the
 * entries' source index (kind, source_id): one probe per event, its users' rows then filtered —
 * not the users' ranges read through (user_id, kind, is_long, start_at), nor one probe per user and
 * event by the primary key (21 people and 21 changed events were 441 probes, three times, 2.1 of
 * a mend's 7 ms here). The user filter is `+user_id` there, which neither engine can serve by an
 * index, so the source index is the one left (calendar/query-plans.test.ts).
 */
export function entryRange(
  db: Db,
  userIds: readonly number[],
  bounds: EntryBounds,
  kind: 'event' | 'meeting',
  isLong: boolean,
  events?: readonly number[],
) {
  const bySource = events !== undefined && kind === 'event';
  const user = bySource
    ? sql<number>`+${sql.ref('calendar_entries.user_id')}`
    : sql.ref<number>('calendar_entries.user_id');
  let query = db
    .selectFrom('calendar_entries')
    .where(user, userIds.length === 1 ? '=' : 'in', userIds.length === 1 ? userIds[0]! : [...userIds])
    .where('calendar_entries.is_long', '=', isLong);
  if (bySource)
    query = query.where('calendar_entries.source_id', 'in', events.length > 0 ? [...events] : [0]);
  if (!isLong) query = query.where('calendar_entries.start_at', '>=', bounds.shortFrom);
  return query
    .where('calendar_entries.start_at', '<', bounds.before)
    .where('calendar_entries.end_at', '>=', bounds.endFrom)
    .where('calendar_entries.kind', '=', kind);
}

/** The bounds of entryRange's ranges for [from, to), as the entries hold their instants. */
export interface EntryBounds {
  /** A short entry starts on or after it (a week and the zones' spread before `from`). */
  shortFrom: string;
  /** Any entry starts before it. */
  before: string;
  /** Any entry ends on or after it. */
  endFrom: string;
}

export const entryBounds = (from: number, to: number): EntryBounds => ({
  shortFrom: iso(from - SHORT_EVENT_MAX_MS - ZONE_SLACK_MS),
  before: iso(to + ZONE_SLACK_MS),
  endFrom: iso(from - ZONE_SLACK_MS),
});

/** What busyOf's reads are given: the users, entryBounds, and (a mend) the events changed. */
interface EntryValues extends EntryBounds {
  users: number[];
  /** Not empty when given. */
  events?: number[];
}

// busyOf's reads, compiled once per number of users and events (preparedShaped): a search's
// reads cost what running them does, not Kysely's building and compiling them each time.

/**
 * The entries on the users' calendars that may overlap [from, to), as (user, kind, source) rows
 * with their span: short single events and meetings by one range of their start (widened by a
 * week and by the zones' spread), the repeating and long events by their series' span. Each
 * range walks the (user, kind, is_long, start) index, once per user.
 */
const entriesIn = preparedShaped((db, v: EntryValues) => {
  const columns = [
    'calendar_entries.user_id',
    'calendar_entries.kind',
    'calendar_entries.source_id',
    'calendar_entries.is_long',
    'calendar_entries.start_at',
    'calendar_entries.end_at',
  ] as const;
  // A short single event's entry with its event's all_day (its days are placed in the user's zone).
  const short = entryRange(db, v.users, v, 'event', false, v.events)
    .innerJoin('events', 'events.id', 'calendar_entries.source_id')
    .select((eb) => [...columns, eb.ref('events.all_day').$castTo<number | boolean | null>().as('all_day')]);
  const others = (kind: 'event' | 'meeting', isLong: boolean) =>
    entryRange(db, v.users, v, kind, isLong, v.events).select([
      ...columns,
      sql<number | boolean | null>`null`.as('all_day'),
    ]);
  return short.unionAll(others('event', true)).unionAll(others('meeting', false));
});

/** The repeating and long events of the range, to expand. */
const seriesRowsIn = preparedShaped((db, v: EntryValues) =>
  entryRange(db, v.users, v, 'event', true, v.events)
    .innerJoin('events', 'events.id', 'calendar_entries.source_id')
    .select([
      'events.id',
      'events.start_at',
      'events.end_at',
      'events.all_day',
      'events.time_zone',
      'events.recurrence',
      'events.last_start_at',
    ]),
);

/** Their exceptions, by event and occurrence. */
const seriesExceptionsIn = preparedShaped((db, v: EntryValues) =>
  entryRange(db, v.users, v, 'event', true, v.events)
    .innerJoin('event_exceptions', 'event_exceptions.event_id', 'calendar_entries.source_id')
    .selectAll('event_exceptions')
    .orderBy('event_exceptions.event_id')
    .orderBy('event_exceptions.occurrence_at'),
);

/**
 * What a scope names: an occurrence the series makes and has not cancelled (404 otherwise), or the
 * series. A single event's one occurrence, or a series' first one for `following`, is the series.
 */
async function targetOf(db: Db, event: EventRow, query: EventScopeQuery): Promise<Target> {
  if (query.occurrence === undefined) return { scope: 'all' };
  const occurrence = Date.parse(query.occurrence);
  const exceptions = (await exceptionsOf(db, [event.id])).get(event.id) ?? [];
  const series = seriesOf(event, exceptions);
  const cancelled = exceptions.some(
    (row) => row.kind === 'exclusion' && Date.parse(row.occurrence_at) === occurrence,
  );
  if (cancelled || !makesOccurrence(series, occurrence)) throw notFound();
  const scope = query.scope ?? 'all';
  if (scope === 'all' || !event.recurrence) return { scope: 'all' };
  if (scope === 'following' && occurrence === series.start) return { scope: 'all' };
  return { scope, occurrence, exceptions };
}

const exceptionsFull = () =>
  badRequest('VALIDATION_ERROR', 'calendar.exceptionsLimit', {
    occurrence: messages['calendar.exceptionsLimit'],
  });

/** An override's own fields, over the series' (D39). */
function overrideFields(row: ExceptionRow) {
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

/** The event's entries rewritten for these people, spanning its exceptions too. */
async function rewriteEntries(db: Db, row: EventRow, userIds: number[]): Promise<void> {
  await db
    .deleteFrom('calendar_entries')
    .where('kind', '=', 'event')
    .where('source_id', '=', row.id)
    .execute();
  const exceptions = (await exceptionsOf(db, [row.id])).get(row.id);
  await db
    .insertInto('calendar_entries')
    .values(entriesOf(row, userIds, exceptions))
    .execute();
}

/** Ids in groups small enough for one `in (…)`. */
export function chunks<T>(ids: T[], size = IDS_PER_QUERY): T[][] {
  const groups: T[][] = [];
  for (let index = 0; index < ids.length; index += size) groups.push(ids.slice(index, index + size));
  return groups;
}

/** A range bound: an instant, or a day's 00:00 in the reader's time zone. */
function instantOf(value: string, timeZone: string): number {
  if (isCalendarDay(value)) return dayStart(value, timeZone);
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

/**
 * The event's entry on each person's calendar: its first start and its last end, widened to the
 * occurrences its exceptions move or add.
 */
export function entriesOf(row: EventRow, userIds: number[], exceptions?: ExceptionRow[]) {
  const series = seriesOf(row);
  const isLong = series.recurrence !== null || series.end - series.start > SHORT_EVENT_MAX_MS;
  const last = row.last_start_at ? Date.parse(row.last_start_at) : series.recurrence ? null : series.start;
  let startAt = row.start_at;
  let endAt = seriesEndOf(series, last);
  const moved = series.recurrence ? exceptionsSpan(exceptions) : null;
  if (moved) {
    if (moved.start < series.start) startAt = iso(moved.start);
    if (iso(moved.end) > endAt) endAt = iso(moved.end);
  }
  return [...new Set(userIds)].map((user_id) => ({
    user_id,
    kind: 'event' as const,
    source_id: row.id,
    is_long: isLong,
    start_at: startAt,
    end_at: endAt,
  }));
}

export async function writeEntries(db: Db, row: EventRow, userIds: number[]): Promise<void> {
  await db.insertInto('calendar_entries').values(entriesOf(row, userIds)).execute();
}

/** The ISO start of an event's last occurrence, or null for a rule without end (see Series.lastStart). */
export async function lastStartAt(
  fields: { start: number; end: number; allDay: boolean; timeZone: string; recurrence: string | null },
  slicer?: WorkSlicer,
): Promise<string | null> {
  const last = await lastStartOf({ ...fields }, slicer);
  return last === null ? null : iso(last);
}

/** One read per group of ids, their rows together, in order. */
async function chunked<T, R>(ids: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const part of chunks(ids)) rows.push(...(await read(part)));
  return rows;
}
