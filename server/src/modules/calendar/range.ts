/**
 * The range read (D21, D31, D41): every occurrence of a user's events and meetings between two
 * instants, kept by the calendar's version; for the calendar's routes and the dashboard.
 */
import {
  CALENDAR_RANGE_MAX_DAYS,
  CALENDAR_RANGE_OCCURRENCES_MAX,
  type CalendarEvent,
  type CalendarEvents,
  type CalendarOccurrence,
  type EventsQuery,
  isCalendarDay,
  messages,
  type PublicUser,
} from '@cadence/contract';
import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { listVersion } from '../../lib/list-versions';
import { expandRange, ZONE_SLACK_MS } from '../../lib/occurrences';
import { seriesIndex } from '../../lib/series-index';
import { WorkSlicer } from '../../lib/work-slicer';
import { dayStart } from '../../lib/zoned-time';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { chunks, DAY_MS, iso, overlaps, seriesOf, SHORT_EVENT_MAX_MS } from './entries';
import { type CalendarDeps, overrideFields, peopleOf } from './event-writes';
import { type ExceptionRow, exceptionsOf, occurrenceKey } from './exceptions';
import { type EventRow, presentMeetingEntry, presentOccurrence } from './presenter';

/** The time one range read may spend expanding repetitions before it answers `truncated` (D41). */
const RANGE_BUDGET_MS = 3000;

export class CalendarReads {
  private readonly cache = new VersionedCache<string>(512);

  constructor(private readonly deps: Pick<CalendarDeps, 'db'>) {}

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
    const people = await peopleOf(this.deps.db, [...rows.values()]);
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
    // One after the other, in this order (the benchmark reads their plans by position): the short
    // single events by one range of their start, the earliest first; the repeating and long ones
    // by their series' span; the meetings; then the events' rows, whole (what the expansion reads
    // and what is answered), by their ids.
    const queries = rangeQueries(this.deps.db, userId, from, to, max);
    const singles = await queries.singles.execute();
    const long = await queries.long.execute();
    const meetingEntries = await queries.meetings.execute();
    const series: EventRow[] = [];
    for (const ids of chunks([...singles, ...long].map((entry) => entry.source_id))) {
      series.push(...(await eventsById(this.deps.db, ids).execute()));
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
}

/** A range bound: an instant, or a day's 00:00 in the reader's time zone. */
function instantOf(value: string, timeZone: string): number {
  if (isCalendarDay(value)) return dayStart(value, timeZone);
  return Date.parse(value);
}

/**
 * The range read's queries over the user's entries (rangeQueries) and of the events behind them
 * (eventsById), built here and by the query-plan test.
 */
export function rangeQueries(db: Db, userId: number, from: number, to: number, max: number) {
  const upper = iso(to + ZONE_SLACK_MS);
  const lower = iso(from - ZONE_SLACK_MS);
  const shortFrom = iso(from - SHORT_EVENT_MAX_MS - ZONE_SLACK_MS);
  const entries = (kind: 'event' | 'meeting', isLong: boolean) =>
    db
      .selectFrom('calendar_entries')
      .where('calendar_entries.user_id', '=', userId)
      .where('calendar_entries.kind', '=', kind)
      .where('calendar_entries.is_long', '=', isLong);
  return {
    singles: entries('event', false)
      .select(['calendar_entries.source_id'])
      .where('calendar_entries.start_at', '>=', shortFrom)
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower)
      .orderBy('calendar_entries.start_at')
      .limit(max + 1),
    long: entries('event', true)
      .select(['calendar_entries.source_id'])
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower),
    meetings: entries('meeting', false)
      .select(['calendar_entries.source_id', 'calendar_entries.start_at', 'calendar_entries.end_at'])
      .where('calendar_entries.start_at', '>=', shortFrom)
      .where('calendar_entries.start_at', '<', upper)
      .where('calendar_entries.end_at', '>=', lower),
  };
}

export function eventsById(db: Db, ids: number[]) {
  return db.selectFrom('events').selectAll().where('id', 'in', ids);
}
