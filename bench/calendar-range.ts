/**
 * Calendar range read: a user in Europe/Paris with 10,000 single events (a fiftieth of them a
 * friend's, the user a guest) and 100 weekly repeating ones over two years, among 38,095 events of
 * 19 other users, `GET /api/calender/events?start=&end=` against the built server, and in the same
 * run the real ceiling — a bare Fastify route sending the very bytes the app sent, from memory
 * (bare-server.mjs) — each in a process of its own, autocannon at 50 connections. Four rows: a
 * month and a week (days in the user's zone, both across the end of summer time on 25 October
 * 2026), each plain and with `Accept-Encoding: br` (the bare route sends the app's brotli bytes);
 * then a fifth, a month read that misses the cache every time (each request another month: what
 * the first read after a change costs under load). Prints req/s, p50, p99, the ratio and the
 * sizes, on SQLite and, when DATABASE_URL or BENCH_DATABASE_URL is set, on PostgreSQL (in a
 * database of its own, made and dropped here; each row measured on SQLite, the bare route, then
 * PostgreSQL).
 *
 * Seeding: all but 350 of the user's events and every other user's are inserted into the server's
 * database as the calendar writes them — the event row with its last start (lastStartAt), its
 * guests, its calendar entries by the service's own writeEntries — with the service's version bump; 300 single events and 50 series
 * are made through the API (POST /api/calender/add-event/) after PUT /api/account {timeZone}.
 *
 * Then checks both reads against the events as they were made: every occurrence overlapping the
 * range, computed here on its own (single events by their instants, all-day ones by their days in
 * the user's zone, each weekly series week by week keeping its wall-clock time in its own zone, by
 * luxon), in order, with its id, start, end and fields; brotli decodes to the plain bytes; the ETag
 * answers 304 with no body, and an old one does not.
 *
 * Also the cost of a read the cache does not hold: CalendarReads.range() in this process on the
 * same database, and over the wire right after a version bump. And the plans of the service's own
 * queries (captured as compiled from range()), SQLite's EXPLAIN QUERY PLAN and PostgreSQL's
 * EXPLAIN, which must read calendar_entries by the range index calendar_entries_range.
 *
 * Goals: p99 < 50 ms on SQLite; the table says whether it is met. A plain month (half a
 * megabyte) misses it by its size on two cores: the bare route sending the same bytes misses it
 * too, and its p99 is printed beside. Also: the people listed once (D41), checked in the
 * month's answer, with its size had they been written in every occurrence; and month answers kept
 * by the calendar's version, read again at ≥ 0.8 of the bare route (as the board's kept bytes).
 * The run fails when a read is wrong, a request fails or a plan does not use the range index, not
 * on a goal: CI machines are shared and must not flake.
 */
import {
  type CalendarEvent,
  type CalendarOccurrence,
  type EventCategory,
  eventCategories,
} from '@cadence/contract';
import type autocannon from 'autocannon';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { Db, DatabaseHandle } from '../server/src/db';
import { bumpListVersion } from '../server/src/lib/list-versions';
import { lastStartAt, writeEntries } from '../server/src/modules/calendar/entries';
import { CalendarReads } from '../server/src/modules/calendar/range';
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  measure,
  printTable,
  printWholeRun,
  reportProblems,
  seconds,
  startOnEngine,
  warmUp,
} from './harness';
import {
  byEngine,
  compareWithBare,
  explainStatement,
  fetchBodies,
  metOrMissed,
  notModified,
  onEachEngine,
  planSummary,
  rawGet,
} from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const GOAL_P99_MS = 50;
const ZONE = 'Europe/Paris';
const FIRST_DAY = '2026-01-01';
const DAYS = 730;
const EVENTS = 10_000;
const SERIES = 100;
const API_EVENTS = 300;
/** One of the user's events in this many is a friend's, with the user as its guest. */
const GUEST_EVERY = 50;
const OTHER_USERS = 19;
const OTHER_EVENTS = 2_000;
const OTHER_SERIES = 5;
const INSERT_BATCH = 500;
const SEED_CONCURRENCY = 20;
const UNCACHED_RUNS = 7;
/** Runs before those, unmeasured: the JIT warmed up, as on a server that has been up a while. */
const WARM_UP_RUNS = 3;
const DAY_MS = 86_400_000;

interface Range {
  name: string;
  start: string;
  end: string;
  /** The instants the days name in the user's zone, written out as a check on the arithmetic. */
  from: string;
  to: string;
  route: string;
}

const RANGES: Range[] = [
  {
    name: 'month',
    start: '2026-10-01',
    end: '2026-11-01',
    from: '2026-09-30T22:00:00.000Z',
    to: '2026-10-31T23:00:00.000Z',
    route: '/month',
  },
  {
    name: 'week',
    start: '2026-10-19',
    end: '2026-10-26',
    from: '2026-10-18T22:00:00.000Z',
    to: '2026-10-25T23:00:00.000Z',
    route: '/week',
  },
];
const searchOf = (range: { start: string; end: string }) => `?start=${range.start}&end=${range.end}`;

// ---------------------------------------------------------------------------------------------
// The fixture: what each event is made as, so that every read can be checked against it.

interface Weekly {
  /** The first occurrence's day, local (UTC for an all-day series). */
  firstDay: string;
  /** The days of each repeated week, as days after the first one's weekday (ascending, from 0). */
  days: number[];
  interval: number;
  count: number | null;
  /** The last day an occurrence may start on, local. */
  until: string | null;
  hour: number;
  minute: number;
  durationMs: number;
}

interface PlannedEvent {
  uid: string;
  id: number;
  ownerId: number;
  guestIds: number[];
  title: string;
  location: string;
  description: string;
  category: EventCategory;
  allDay: boolean;
  /** The first occurrence, as the server stores it. */
  start: string;
  end: string;
  timeZone: string;
  recurrence: string | null;
  weekly: Weekly | null;
  viaApi: boolean;
}

const verbs = [
  'Meet',
  'Call',
  'Review',
  'Plan',
  'Lunch with',
  'Workshop:',
  'Sync with',
  'Interview',
  'Visit',
];
const objects = [
  'the design team',
  'Sam about the budget',
  'the quarterly report',
  'the dentist',
  'the new hires',
  'the flat viewing',
  'the product roadmap',
  'the board',
  'the garden centre',
  'grandma',
  'the conference speakers',
];
const places = ['', 'Room 4.12', '', 'Café de la Gare', '', 'https://meet.example.com/abc-defg-hij'];
const lengths = [15, 30, 45, 60, 90, 120, 180];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const day = (from: string, days: number) => {
  const [year, month, date] = from.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
};
const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');
/** A wall-clock time on a day in a zone, as an instant. */
const wall = (date: string, hour: number, minute: number, zone: string) =>
  DateTime.fromISO(`${date}T${pad(hour)}:${pad(minute)}`, { zone }).toMillis();
/** 00:00 of a day in a zone. */
const midnight = (date: string, zone: string) => DateTime.fromISO(date, { zone }).toMillis();

/**
 * Single event i, on one of 730 days (about 14 a day), its owner's local times 06:00–23:45 (some
 * cross midnight), 15 min to 3 h; one in 20 all-day, one in 200 three days all-day; one in 1,000
 * ten days all-day and one in 1,000 nine days timed (longer than a week: read with the repeating
 * ones); one in 500 of no length; the five categories in turn.
 */
function single(index: number, label: string, ownerId: number, zone: string): PlannedEvent {
  const date = day(FIRST_DAY, (index * 37) % DAYS);
  let allDay = false;
  let start: number;
  let end: number;
  if (index % 1000 === 500) {
    allDay = true;
    start = Date.parse(`${date}T00:00:00.000Z`);
    end = start + 10 * DAY_MS;
  } else if (index % 1000 === 250) {
    start = wall(date, 10, 0, zone);
    end = wall(day(date, 9), 18, 0, zone);
  } else if (index % 200 === 13 || index % 20 === 3) {
    allDay = true;
    start = Date.parse(`${date}T00:00:00.000Z`);
    end = start + (index % 200 === 13 ? 3 : 1) * DAY_MS;
  } else {
    start = wall(date, 6 + ((index * 5) % 18), 15 * (index % 4), zone);
    end = index % 500 === 77 ? start : start + lengths[index % lengths.length]! * 60_000;
  }
  return {
    uid: `bench-${label}-${index}@cadence`,
    id: 0,
    ownerId,
    guestIds: [],
    title: `${verbs[index % verbs.length]} ${objects[index % objects.length]} (${index})`,
    location: places[index % places.length]!,
    description: index % 4 === 1 ? 'Bring the notes from last time; the agenda is in the shared folder.' : '',
    category: eventCategories[index % eventCategories.length]!,
    allDay,
    start: iso(start),
    end: iso(end),
    timeZone: zone,
    recurrence: null,
    weekly: null,
    viaApi: false,
  };
}

/**
 * Weekly series i: one weekday (a third of them two, two days apart), every week or (one in ten)
 * every other, from a week of January to November 2026, until the end of 2027 or 84–104 times;
 * one in five all-day; the rest at a morning, noon or evening time of the owner's zone (one in
 * 20 of the user's in New York's), 30 min to 2 h.
 */
function weekly(index: number, label: string, ownerId: number, zone: string): PlannedEvent {
  const first = index % 7;
  const days = index % 3 === 0 && first + 2 <= 6 ? [0, 2] : [0];
  const interval = index % 10 === 7 ? 2 : 1;
  const firstDay = day('2026-01-05', ((index * 3) % 45) * 7 + first);
  const allDay = index % 5 === 4;
  const hour = [9, 7, 12, 18, 8, 17, 10][index % 7]!;
  const minute = index % 2 === 1 ? 30 : 0;
  const durationMs = allDay ? DAY_MS : [30, 60, 90, 120][index % 4]! * 60_000;
  const count = index % 2 === 1 ? 104 - (index % 3) * 10 : null;
  const until = count === null ? '2027-12-31' : null;
  const rule = [
    'FREQ=WEEKLY',
    ...(interval > 1 ? [`INTERVAL=${interval}`] : []),
    `BYDAY=${days.map((d) => WEEKDAYS[first + d]).join(',')}`,
    count === null ? `UNTIL=${until!.replaceAll('-', '')}` : `COUNT=${count}`,
  ].join(';');
  const start = allDay ? Date.parse(`${firstDay}T00:00:00.000Z`) : wall(firstDay, hour, minute, zone);
  return {
    uid: `bench-${label}-${index}@cadence`,
    id: 0,
    ownerId,
    guestIds: [],
    title: `Weekly: ${objects[index % objects.length]} (${index})`,
    location: places[index % places.length]!,
    description: '',
    category: eventCategories[index % eventCategories.length]!,
    allDay,
    start: iso(start),
    end: iso(start + durationMs),
    timeZone: zone,
    recurrence: rule,
    weekly: { firstDay, days, interval, count, until, hour, minute, durationMs },
    viaApi: false,
  };
}

interface Span {
  start: number;
  end: number;
}

const expanded = new WeakMap<PlannedEvent, Span[]>();

/**
 * Every occurrence of a weekly series, week by week from its first: the listed days of every
 * `interval`-th week at the same wall-clock time in the series' zone (all-day ones: whole UTC
 * days), until COUNT occurrences or the UNTIL day; each as long as the first in ms.
 */
function seriesOccurrences(event: PlannedEvent): Span[] {
  const known = expanded.get(event);
  if (known) return known;
  const spans: Span[] = [];
  expanded.set(event, spans);
  const rule = event.weekly!;
  for (let week = 0; week < 1000; week += rule.interval) {
    for (const offset of rule.days) {
      const date = day(rule.firstDay, week * 7 + offset);
      if (rule.until !== null && date > rule.until) return spans;
      if (rule.count !== null && spans.length >= rule.count) return spans;
      const start = event.allDay
        ? Date.parse(`${date}T00:00:00.000Z`)
        : wall(date, rule.hour, rule.minute, event.timeZone);
      spans.push({ start, end: start + rule.durationMs });
    }
  }
  return spans;
}

/**
 * Whether an occurrence shows in [from, to): it begins before `to` and ends after `from`; one of
 * no length when it lies in the range; an all-day one by its days' 00:00 in the reader's zone.
 */
function overlaps(allDay: boolean, span: Span, from: number, to: number): boolean {
  if (allDay) {
    const first = midnight(iso(span.start).slice(0, 10), ZONE);
    const after = midnight(iso(span.end).slice(0, 10), ZONE);
    return first < to && after > from;
  }
  if (span.end === span.start) return span.start >= from && span.start < to;
  return span.start < to && span.end > from;
}

interface Occurrence {
  event: PlannedEvent;
  start: string;
  end: string;
}

/** The occurrences the user must read in [from, to), by start then id. */
function expectedIn(events: PlannedEvent[], from: number, to: number): Occurrence[] {
  const found: Occurrence[] = [];
  for (const event of events) {
    const spans = event.weekly
      ? seriesOccurrences(event)
      : [{ start: Date.parse(event.start), end: Date.parse(event.end) }];
    for (const span of spans)
      if (overlaps(event.allDay, span, from, to))
        found.push({ event, start: iso(span.start), end: iso(span.end) });
  }
  return found.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.event.id - b.event.id));
}

/**
 * Makes every planned event. The user's (but the last API_EVENTS single ones and half the series)
 * and every other user's are inserted straight into the server's database in one transaction, as
 * CalendarService writes them — the row, its guests, then each participant's entry by the
 * service's own writeEntries — interleaved as people use the app, so that the user's rows are a
 * fifth of the tables, spread through them; then everyone's calendar version is bumped. The rest
 * through the API, after the user's time zone is set, so that the server gives them its zone.
 */
async function seed(client: Client, others: Client[], db: Db) {
  const userId = Number(client.userId);
  const friendId = Number(others[0]!.userId);
  await call(client, 'PUT', '/account', { timeZone: ZONE });
  const singles = Array.from({ length: EVENTS }, (_, i) => {
    if (i % GUEST_EVERY === 9) return { ...single(i, 'u', friendId, 'UTC'), guestIds: [userId] };
    return single(i, 'u', userId, ZONE);
  });
  for (let i = EVENTS - 1, left = API_EVENTS; left > 0; i -= 1)
    if (singles[i]!.ownerId === userId) {
      singles[i]!.viaApi = true;
      left -= 1;
    }
  const series = Array.from({ length: SERIES }, (_, i) => {
    const event = weekly(i, 's', userId, i % 20 === 11 ? 'America/New_York' : ZONE);
    event.viaApi = i % 2 === 0;
    return event;
  });
  const events = [...singles, ...series];
  const direct = events.filter((event) => !event.viaApi);
  const noise = others.flatMap((other, k) => [
    ...Array.from({ length: OTHER_EVENTS }, (_, j) => single(j + k, `o${k}`, Number(other.userId), 'UTC')),
    ...Array.from({ length: OTHER_SERIES }, (_, j) =>
      weekly(j * 7 + k, `os${k}`, Number(other.userId), 'UTC'),
    ),
  ]);
  const perOther = OTHER_EVENTS + OTHER_SERIES;
  const timeline = [
    ...direct.map((event, i) => ({ event, at: i / direct.length })),
    ...noise.map((event, k) => ({ event, at: (k % perOther) / perOther })),
  ].sort((a, b) => a.at - b.at);
  const directStarted = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < timeline.length; from += INSERT_BATCH) {
      const batch = timeline.slice(from, from + INSERT_BATCH).map(({ event }) => event);
      const at = new Date().toISOString();
      // The start of each series' last occurrence, as the service keeps it (D41).
      const lastStarts = await Promise.all(
        batch.map((event) =>
          lastStartAt({
            start: Date.parse(event.start),
            end: Date.parse(event.end),
            allDay: event.allDay,
            timeZone: event.timeZone,
            recurrence: event.recurrence,
          }),
        ),
      );
      const rows = await trx
        .insertInto('events')
        .values(
          batch.map((event, index) => ({
            owner_id: event.ownerId,
            title: event.title,
            description: event.description,
            url: '',
            location: event.location,
            category: event.category,
            all_day: event.allDay,
            start_at: event.start,
            end_at: event.end,
            time_zone: event.timeZone,
            recurrence: event.recurrence,
            reminder: null,
            uid: event.uid,
            last_start_at: lastStarts[index]!,
            created_at: at,
            updated_at: at,
          })),
        )
        .returningAll()
        .execute();
      const byUid = new Map(batch.map((event) => [event.uid, event]));
      for (const row of rows) {
        const event = byUid.get(row.uid);
        if (!event) throw new Error(`seeding: the insert returned a UID ${row.uid} it was not given`);
        event.id = row.id;
      }
      if (batch.some((event) => event.id === 0)) throw new Error('seeding: an event inserted got no id back');
      const guests = batch.flatMap((event) =>
        event.guestIds.map((guestId) => ({ event_id: event.id, user_id: guestId })),
      );
      if (guests.length > 0) await trx.insertInto('event_guests').values(guests).execute();
      for (const row of rows) {
        const event = byUid.get(row.uid)!;
        await writeEntries(trx, row, [event.ownerId, ...event.guestIds]);
      }
    }
    for (const id of [userId, ...others.map((other) => Number(other.userId))])
      await bumpListVersion(trx, id, 'calendar');
  });
  const directSeconds = (performance.now() - directStarted) / 1000;

  const apiStarted = performance.now();
  const viaApi = events.filter((event) => event.viaApi);
  await inParallel(viaApi, SEED_CONCURRENCY, async (event) => {
    const made = await call<CalendarEvent>(client, 'POST', '/calender/add-event/', {
      title: event.title,
      start: event.allDay ? event.start.slice(0, 10) : event.start,
      end: event.allDay ? event.end.slice(0, 10) : event.end,
      allDay: event.allDay,
      location: event.location,
      description: event.description,
      category: event.category,
      recurrence: event.recurrence,
    });
    event.id = Number(made._id);
    if (made.start !== event.start || made.end !== event.end || made.timeZone !== event.timeZone)
      throw new Error(
        `seeding: “${event.title}” was made ${made.start}–${made.end} in ${made.timeZone}; ${event.start}–${event.end} in ${event.timeZone} was sent`,
      );
  });
  return {
    events,
    inserted: timeline.length,
    directSeconds,
    apiSeconds: (performance.now() - apiStarted) / 1000,
    requests: viaApi.length + 1,
  };
}

// ---------------------------------------------------------------------------------------------
// The checks.

const describe = (o: { title: string; start: string; end: string }) => `“${o.title}” ${o.start}–${o.end}`;

/** What is wrong with a range read, in plain words (empty when it is exactly the expected one). */
function checkRange(label: string, json: Buffer, expected: Occurrence[], userId: number): string[] {
  const problems: string[] = [];
  let read: { data: CalendarEvent[] };
  try {
    read = JSON.parse(json.toString('utf8')) as typeof read;
  } catch {
    return [`${label}: the answer is not JSON`];
  }
  if (!Array.isArray(read.data)) return [`${label}: the answer has no data array`];
  if (read.data.length !== expected.length)
    problems.push(`${label}: ${read.data.length} occurrences; ${expected.length} expected`);
  const wanted = new Set(expected.map((o) => `${o.event.id} ${o.start}`));
  const got = new Set(read.data.map((o) => `${o._id} ${o.start}`));
  const missing = expected
    .filter((o) => !got.has(`${o.event.id} ${o.start}`))
    .map((o) => `${label}: missing event ${o.event.id} at ${o.start} (${describe({ ...o.event, ...o })})`);
  const extra = read.data
    .filter((o) => !wanted.has(`${o._id} ${o.start}`))
    .map((o) => `${label}: holds event ${o._id} ${describe(o)}, not expected`);
  for (const list of [missing, extra])
    problems.push(
      ...list.slice(0, 10),
      ...(list.length > 10 ? [`${label}: … ${list.length - 10} more`] : []),
    );
  const planned = new Map(expected.map((o) => [o.event.id, o.event]));
  read.data.forEach((o, position) => {
    const want = expected[position];
    // Out of order (the same occurrences, else the lists above say what differs).
    if (
      missing.length + extra.length === 0 &&
      want &&
      (o._id !== String(want.event.id) || o.start !== want.start || o.end !== want.end)
    )
      problems.push(
        `${label}: at ${position + 1}, event ${o._id} ${o.start}–${o.end}; event ${want.event.id} ${want.start}–${want.end} expected`,
      );
    const made = planned.get(Number(o._id));
    if (!made) return;
    const fields: Array<[string, unknown, unknown]> = [
      ['kind', o.kind, 'event'],
      ['title', o.title, made.title],
      ['location', o.location, made.location],
      ['description', o.description, made.description],
      ['category', o.category, made.category],
      ['allDay', o.allDay, made.allDay],
      ['user', o.user, String(made.ownerId)],
      ['editable', o.editable, made.ownerId === userId],
      ['guests', o.guests.join(','), made.guestIds.join(',')],
      ['recurrence', o.recurrence, made.recurrence],
      ['timeZone', o.timeZone, made.timeZone],
      ['seriesStart', o.seriesStart, made.start],
      ['seriesEnd', o.seriesEnd, made.end],
      ['end − start', Date.parse(o.end) - Date.parse(o.start), Date.parse(made.end) - Date.parse(made.start)],
    ];
    for (const [field, value, expectedValue] of fields)
      if (value !== expectedValue)
        problems.push(
          `${label}: event ${o._id} reads ${field} ${String(value)}, made ${String(expectedValue)}`,
        );
  });
  return problems.length > 40
    ? [...problems.slice(0, 40), `${label}: … ${problems.length - 40} more`]
    : problems;
}

/**
 * The people map (D41) in a range answer: every occurrence names its owner and guests by id,
 * `people` holds each of them once, and no occurrence carries them whole. Also the answer's size
 * with them written in every occurrence instead (`owner`, `guestUsers`), as before the map.
 */
function peopleOnce(json: Buffer): { problems: string[]; inlined: number } {
  const read = JSON.parse(json.toString('utf8')) as {
    data: Array<CalendarOccurrence & { owner?: unknown; guestUsers?: unknown }>;
    people?: Record<string, unknown>;
  };
  const problems: string[] = [];
  const people = read.people;
  if (!people || typeof people !== 'object')
    return { problems: ['the answer has no people map'], inlined: 0 };
  for (const o of read.data) {
    if ('owner' in o || 'guestUsers' in o) problems.push(`event ${o._id} carries its people whole`);
    for (const id of [o.user, ...o.guests])
      if (!(id in people)) problems.push(`event ${o._id} names ${id}, not in the people map`);
  }
  const inlined = Buffer.byteLength(
    JSON.stringify({
      ...read,
      data: read.data.map((o) => ({
        ...o,
        owner: people[o.user],
        guestUsers: o.guests.map((id) => people[id]),
      })),
      people: undefined,
    }),
  );
  return { problems: problems.slice(0, 10), inlined };
}

// ---------------------------------------------------------------------------------------------
// Which index each query uses: the service's own queries, as compiled, explained.

/**
 * What the entries statement's plan lacks (null when it reads both ranges by the range index):
 * on SQLite a SEARCH by calendar_entries_range for each range (short and long entries); on
 * PostgreSQL an index scan on calendar_entries_range for each branch, the short one bounded by
 * start on both sides, and no sequential scan.
 */
function entriesPlanProblem(engine: Engine, plan: string[]): string | null {
  const text = plan.join('\n');
  if (engine === 'SQLite') {
    const wanted = [
      'SEARCH calendar_entries USING INDEX calendar_entries_range (user_id=? AND kind=? AND is_long=? AND start_at>? AND start_at<?)',
      'SEARCH calendar_entries USING INDEX calendar_entries_range (user_id=? AND kind=? AND is_long=? AND start_at<?)',
    ];
    const missing = wanted.filter((line) => !plan.some((row) => row.trim() === line));
    return missing.length === 0 ? null : `no ${missing.map((line) => `“${line}”`).join(' nor ')}`;
  }
  const scans = plan.filter((line) =>
    /(?:Index Scan|Index Only Scan)(?: Backward)? using calendar_entries_range|Bitmap Index Scan on calendar_entries_range/.test(
      line,
    ),
  ).length;
  const wrong: string[] = [];
  if (scans < 2) wrong.push(`${scans} index scans on calendar_entries_range (2 expected, one per range)`);
  if (!/Index Cond: \(.*is_long = false.*start_at >= .*start_at < /.test(text))
    wrong.push('no Index Cond bounding the short entries by start on both sides');
  if (!/Index Cond: \(.*is_long = true/.test(text)) wrong.push('no Index Cond on the long entries');
  if (/Seq Scan on calendar_entries/.test(text)) wrong.push('a sequential scan of calendar_entries');
  return wrong.length === 0 ? null : wrong.join('; ');
}

const statementNames = [
  'short entries by start',
  'repeating and long entries',
  'meetings’ entries',
  'their events',
  'their exceptions',
  'their guests',
  'their people',
];

/** range()'s time uncached, min and median of UNCACHED_RUNS after WARM_UP_RUNS, per range. */
async function timeRange(handle: DatabaseHandle, userId: number) {
  const service = new CalendarReads({ db: handle.db });
  const out: Array<{ min: number; median: number; occurrences: number }> = [];
  for (const range of RANGES) {
    const query = { start: range.start, end: range.end };
    const { data } = await service.range(userId, ZONE, query);
    for (let run = 1; run < WARM_UP_RUNS; run += 1) await service.range(userId, ZONE, query);
    const times: number[] = [];
    for (let run = 0; run < UNCACHED_RUNS; run += 1) {
      const start = performance.now();
      await service.range(userId, ZONE, query);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    out.push({ min: times[0]!, median: times[Math.floor(times.length / 2)]!, occurrences: data.length });
  }
  return out;
}

/**
 * CalendarReads.range on the bench's own connection to the server's database, each statement it
 * runs captured as compiled (after the engine's plugins), then explained: the entries statement in
 * full, the others in a line. Problems when the entries are not read by the range index.
 */
async function explain(handle: DatabaseHandle, engine: Engine, userId: number) {
  const out: string[] = [];
  const problems: string[] = [];
  const executor = handle.db.getExecutor();
  type Compiled = ReturnType<typeof executor.compileQuery>;
  // A subquery (the union's second branch) is transformed too, under its own id, but never run:
  // only the statements whose result comes back are kept.
  const compiled = new Map<unknown, Compiled>();
  const captured: Compiled[] = [];
  let capturing = false;
  const db = handle.db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      if (capturing) compiled.set(queryId, executor.compileQuery(node, queryId));
      return node;
    },
    transformResult: ({ result, queryId }) => {
      const statement = compiled.get(queryId);
      if (capturing && statement) captured.push(statement);
      return Promise.resolve(result);
    },
  });
  const service = new CalendarReads({ db });
  for (const range of RANGES) {
    captured.length = 0;
    compiled.clear();
    capturing = true;
    await service.range(userId, ZONE, { start: range.start, end: range.end });
    capturing = false;
    out.push(`  ${range.name} (${searchOf(range)}): ${captured.length} statements`);
    const entryPlans: string[] = [];
    for (const [index, statement] of captured.entries()) {
      const plan = await explainStatement(handle, engine, statement);
      const name = statementNames[index] ?? `statement ${index + 1}`;
      const parameters = statement.parameters.length;
      out.push(`    ${name} (${parameters} parameters): ${planSummary(engine, plan)}`);
      if (index <= 1) {
        out.push(`        ${statement.sql.replace(/\s+/g, ' ')}`);
        out.push(`        parameters ${JSON.stringify(statement.parameters)}`);
        for (const line of plan) out.push(`        ${line}`);
        entryPlans.push(...plan);
      }
    }
    const problem = entriesPlanProblem(engine, entryPlans);
    out.push(
      `      → ${problem ? `NOT read by the range index: ${problem}` : 'both ranges read by calendar_entries_range'}`,
    );
    if (problem)
      problems.push(`${engine} ${range.name}: the entries are not read by the range index: ${problem}`);
  }
  return { lines: out, problems };
}

/**
 * The plans and range()'s uncached time on each engine. SQLite as the server leaves it (it never
 * runs ANALYZE). PostgreSQL first with the statistics the server ran on while measured (autovacuum
 * may not have analysed the new rows yet: reported, not failed), then after ANALYZE, as it will
 * plan once autovacuum has (failed if the range index is not used).
 */
async function plans(handle: DatabaseHandle, engine: Engine, userId: number) {
  const timings = await timeRange(handle, userId);
  if (engine === 'SQLite') {
    const { lines, problems } = await explain(handle, engine, userId);
    return { lines, problems, timings, analysed: null };
  }
  const before = await explain(handle, engine, userId);
  await sql`analyze events, event_guests, calendar_entries, users`.execute(handle.db);
  const after = await explain(handle, engine, userId);
  return {
    lines: [
      ' with the statistics as they were while measured:',
      ...before.lines,
      ' after ANALYZE:',
      ...after.lines,
    ],
    problems: after.problems,
    timings,
    analysed: await timeRange(handle, userId),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring.

/**
 * A read the cache does not hold, over the wire, as the first read after a change meets it: the
 * user's calendar version bumped (as a write does), then each range read once, plain; min, median
 * and slowest of UNCACHED_RUNS after WARM_UP_RUNS.
 */
async function uncachedOverWire(db: Db, userId: number, eventsUrl: string, auth: Record<string, string>) {
  const times = RANGES.map(() => [] as number[]);
  for (let run = -WARM_UP_RUNS; run < UNCACHED_RUNS; run += 1) {
    await bumpListVersion(db, userId, 'calendar');
    for (const [index, range] of RANGES.entries()) {
      const start = performance.now();
      const answer = await rawGet(`${eventsUrl}${searchOf(range)}`, auth);
      if (run >= 0) times[index]!.push(performance.now() - start);
      if (answer.status !== 200) throw new Error(`GET ${searchOf(range)} answered ${answer.status}`);
    }
  }
  return times.map((list) => {
    list.sort((a, b) => a - b);
    return { min: list[0]!, median: list[Math.floor(list.length / 2)]!, max: list.at(-1)! };
  });
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

/** A server on `engine` with the events made, both reads fetched and checked, the uncached costs, the plans. */
async function prepare(engine: Engine) {
  for (const range of RANGES) {
    if (iso(midnight(range.start, ZONE)) !== range.from || iso(midnight(range.end, ZONE)) !== range.to)
      throw new Error(
        `the bench's own arithmetic: ${range.start}–${range.end} in ${ZONE} is not ${range.from}–${range.to}`,
      );
  }
  const { server, database, stop } = await startOnEngine(engine, 'cadence_bench_calendar', postgresUrl);
  try {
    const problems: string[] = [];
    const client = await signUp(server.url);
    const userId = Number(client.userId);
    const seedStarted = performance.now();
    const others: Client[] = [];
    await inParallel(Array.from({ length: OTHER_USERS }), 4, async () => {
      others.push(await signUp(server.url));
    });
    const seeded = await seed(client, others, database.db);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const eventsUrl = `${server.url}/api/calender/events`;
    const auth = { authorization: `Bearer ${client.token}` };
    const wire = await uncachedOverWire(database.db, userId, eventsUrl, auth);
    const expected = RANGES.map((range) =>
      expectedIn(seeded.events, Date.parse(range.from), Date.parse(range.to)),
    );
    const reads = [];
    for (const [index, range] of RANGES.entries()) {
      const label = `${engine} GET /api/calender/events${searchOf(range)}`;
      reads.push(
        await fetchBodies(
          `${eventsUrl}${searchOf(range)}`,
          auth,
          label,
          (json) => checkRange(label, json, expected[index]!, userId),
          problems,
        ),
      );
    }
    const etag = reads[0]!.etag;
    if (!etag) problems.push(`${engine}: GET /api/calender/events sent no ETag`);
    for (const [index, read] of reads.entries())
      if (read.etag !== etag)
        problems.push(`${engine} ${RANGES[index]!.name}: ETag ${read.etag}, not the version's ${etag}`);
    const planned = await plans(database, engine, userId);
    problems.push(...planned.problems);
    return {
      engine,
      stop,
      eventsUrl,
      auth,
      url: (index: number) => `${eventsUrl}${searchOf(RANGES[index]!)}`,
      bodies: reads,
      reads,
      etag,
      problems,
      plans: planned,
      wire,
      seedSeconds,
      seeded,
      expected,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A month's read that the cache never holds: each request, from any connection, the next of 700
 * months (one starting on each day of the two years), more than the service's cache keeps.
 */
function uncachedMonths(server: Prepared) {
  const paths = Array.from({ length: 700 }, (_, k) => {
    const start = day(FIRST_DAY, k);
    return `/api/calender/events${searchOf({ start, end: day(start, 31) })}`;
  });
  let next = 0;
  return {
    url: server.eventsUrl,
    headers: server.auth,
    requests: [
      {
        method: 'GET' as const,
        setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ],
  };
}

/**
 * The four rows on every prepared server (see compareWithBare). Then the uncached month on each
 * engine (no ceiling: its bytes change with every request).
 */
async function measureAll(servers: Prepared[]) {
  const goal = `p99 < ${GOAL_P99_MS} ms`;
  const rows = await compareWithBare(
    servers,
    RANGES.map((range) => ({ name: range.name, route: range.route })),
    'range',
    (app) => ({ [goal]: metOrMissed(app.p99 < GOAL_P99_MS) }),
  );
  for (const server of servers) {
    const options = uncachedMonths(server);
    await warmUp(options);
    const app = await measure(options);
    rows.push({
      engine: server.engine,
      range: 'month, uncached',
      encoding: 'identity',
      'KB sent': Number((app.bytesPerRequest / 1024).toFixed(1)),
      'app req/s': app.reqPerSec,
      'app p50 ms': app.p50,
      'app p99 ms': app.p99,
      'bare req/s': '—',
      'bare p50 ms': '—',
      'bare p99 ms': '—',
      ratio: '—',
      [goal]: metOrMissed(app.p99 < GOAL_P99_MS),
    });
  }
  // Grouped by engine, as the rows were listed.
  return byEngine(servers, rows);
}

/** After the load: the version has not moved, a client holding it gets 304 and no body; an old tag gets 200. */
async function revalidate({ engine, eventsUrl, auth, etag, problems }: Prepared) {
  const revalidations = [];
  for (const range of RANGES) {
    for (const [encoding, headers] of [
      ['', {}],
      [', br', { 'accept-encoding': 'br' }],
    ] as const) {
      const url = `${eventsUrl}${searchOf(range)}`;
      revalidations.push(
        await notModified(
          url,
          { ...auth, ...headers },
          etag,
          `${range.name}${encoding}`,
          `${engine} GET /api/calender/events${searchOf(range)}${encoding}`,
          problems,
        ),
      );
    }
  }
  const old = etag.replace(/-v(\d+)-/, (_, version: string) => `-v${Number(version) - 1}-`);
  const stale = await rawGet(`${eventsUrl}${searchOf(RANGES[0]!)}`, { ...auth, 'if-none-match': old });
  revalidations.push(`${old} ${stale.status}`);
  if (old === etag || stale.status !== 200)
    problems.push(`${engine}: If-None-Match ${old} (an old version) answered ${stale.status}`);
  return revalidations.join(', ');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const started = performance.now();
const {
  servers,
  measured: rows,
  afterwards: revalidations,
} = await onEachEngine(enginesFor(postgresUrl), prepare, measureAll, revalidate);
const first = servers[0]!;
const fixture = first.seeded.events;
const singles = fixture.filter((event) => !event.recurrence);
printTable(
  `Calendar range: one user in ${ZONE} with ${singles.length} single events (${singles.filter((e) => e.allDay).length} all-day, ${singles.filter((e) => Date.parse(e.end) - Date.parse(e.start) > 7 * DAY_MS).length} longer than a week, ${singles.filter((e) => e.guestIds.length > 0).length} a friend's with the user as guest) and ${fixture.length - singles.length} weekly series over ${FIRST_DAY}…${day(FIRST_DAY, DAYS - 1)}, among ${OTHER_USERS * (OTHER_EVENTS + OTHER_SERIES)} events of ${OTHER_USERS} other users; ${RANGES.map((r, i) => `${r.name} ${r.start}…${r.end} (${r.from}…${r.to}): ${first.expected[i]!.length} occurrences`).join(', ')}; 50 connections, ${seconds} s each, ${cores} cores; bare = the same bytes from memory${servers.length > 1 ? ', measured between the two engines' : ''}; “month, uncached” = each request another month, never in the cache`,
  rows,
);
for (const [index, server] of servers.entries()) {
  const { seeded, plans: planned } = server;
  console.log(
    `${server.engine}: seeded in ${server.seedSeconds.toFixed(1)} s (${OTHER_USERS} other users signed up; ${seeded.inserted} events inserted with their entries in ${seeded.directSeconds.toFixed(1)} s, ${seeded.requests} requests through the API in ${seeded.apiSeconds.toFixed(1)} s); If-None-Match ${server.etag} → ${revalidations[index]}`,
  );
  const timing = (list: typeof planned.timings) =>
    RANGES.map((r, i) => `${r.name} min ${ms(list[i]!.min)}, median ${ms(list[i]!.median)}`).join('; ');
  console.log(
    `  uncached, CalendarReads.range() in this process (${UNCACHED_RUNS} runs after ${WARM_UP_RUNS}): ${timing(planned.timings)}${planned.analysed ? `; after ANALYZE: ${timing(planned.analysed)}` : ''}`,
  );
  console.log(
    `  uncached, over the wire right after a version bump (${UNCACHED_RUNS} runs after ${WARM_UP_RUNS}, one at a time): ${RANGES.map((r, i) => `${r.name} min ${ms(server.wire[i]!.min)}, median ${ms(server.wire[i]!.median)}, slowest ${ms(server.wire[i]!.max)}`).join('; ')}`,
  );
}
for (const server of servers) {
  console.log(
    `\n${server.engine} ${server.engine === 'SQLite' ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} of the queries CalendarReads.range runs:`,
  );
  for (const line of server.plans.lines) console.log(line);
}
console.log('');
for (const row of rows)
  if (Number(row['app p99 ms']) >= GOAL_P99_MS)
    console.log(
      `Goal missed on ${row.engine} (${row.range}, ${row.encoding}): p99 ${row['app p99 ms']} ms ≥ ${GOAL_P99_MS} ms${row.engine === 'SQLite' ? '' : ' (the goal is set for SQLite)'}${row.range === 'month' && row.encoding === 'identity' ? `; the bare route sending the same bytes: p99 ${row['bare p99 ms']} ms` : ''}`,
    );
// The goals for the calendar: the people map of D41, and month answers kept by the
// calendar's version — read again, they cost what sending their bytes does (≥ 0.8 of the bare
// route, the goal of the board's bytes kept by version).
for (const server of servers) {
  const month = server.reads[0]!;
  const { problems: mapProblems, inlined } = peopleOnce(month.plain.body);
  server.problems.push(...mapProblems.map((problem) => `${server.engine} month: ${problem}`));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const ratios = rows
    .filter((row) => row.engine === server.engine && row.range === 'month' && row.ratio !== '—')
    .map((row) => ({ encoding: row.encoding, ratio: Number(row.ratio) }));
  const uncached = rows.find((row) => row.engine === server.engine && row.range === 'month, uncached');
  console.log(
    `On ${server.engine}: people listed once (D41): the month ${kb(month.plain.body.length)}, with its owner and guests written in every occurrence ${kb(inlined)} (${Math.round((100 * (month.plain.body.length - inlined)) / inlined)} %): ${metOrMissed(mapProblems.length === 0 && month.plain.body.length < inlined)}; month answers kept by the calendar's version, read again: ${ratios.map((r) => `${r.ratio} of the bare route ${r.encoding === 'br' ? 'with brotli' : 'plain'}`).join(', ')} (goal ≥ 0.8; a month made afresh: ${uncached?.['app req/s'] ?? '—'} req/s): ${metOrMissed(ratios.length === 2 && ratios.every((r) => r.ratio >= 0.8))}; after a change the next read answers the new version (an old ETag → 200, checked above)`,
  );
}
printWholeRun(started);
reportProblems(
  'The calendar range read is wrong',
  servers.flatMap((s) => s.problems),
  40,
);
