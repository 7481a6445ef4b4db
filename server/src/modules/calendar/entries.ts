/**
 * The entries each event puts on its participants' calendars (calendar_entries), so that a range
 * read is one indexed range over the reader's short entries plus their few repeating or long ones,
 * whatever the number of events; and the ranges over them that the range read and busy times walk.
 */
import { sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { preparedShaped } from '../../db/prepared';
import type { WorkSlicer } from '../../lib/work-slicer';
import { lastStartOf, type Series, seriesEndOf, ZONE_SLACK_MS } from '../../lib/occurrences';
import { type ExceptionRow, exceptionsOf, exceptionsSpan, seriesExceptions } from './exceptions';
import type { EventRow } from './presenter';

export const DAY_MS = 86_400_000;
/** A single event longer than this is read with the repeating ones rather than by its start. */
export const SHORT_EVENT_MAX_MS = 7 * DAY_MS;

/** Rows per statement when many ids are named (below SQLite's and PostgreSQL's limits). */
const IDS_PER_QUERY = 900;

export const iso = (ms: number) => new Date(ms).toISOString();

/** Whether an entry's own span (a meeting's time) overlaps [from, to). */
export const overlaps = (entry: { start_at: string; end_at: string }, from: number, to: number) =>
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
export interface EntryValues extends EntryBounds {
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
export const entriesIn = preparedShaped((db, v: EntryValues) => {
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
export const seriesRowsIn = preparedShaped((db, v: EntryValues) =>
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
export const seriesExceptionsIn = preparedShaped((db, v: EntryValues) =>
  entryRange(db, v.users, v, 'event', true, v.events)
    .innerJoin('event_exceptions', 'event_exceptions.event_id', 'calendar_entries.source_id')
    .selectAll('event_exceptions')
    .orderBy('event_exceptions.event_id')
    .orderBy('event_exceptions.occurrence_at'),
);

/** The event's entries rewritten for these people, spanning its exceptions too. */
export async function rewriteEntries(db: Db, row: EventRow, userIds: number[]): Promise<void> {
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
