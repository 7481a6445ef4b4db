/**
 * Finding meeting times: the organiser and 20 invitees in five time zones, each with
 * their working hours and 500 events over four weeks that cross the European (25 October) and
 * American (1 November) changes to winter time — a fifth of the events weekly repetitions
 * (FREQ=WEEKLY;COUNT=12, from three weeks before the range) — and a 30-minute meeting on a
 * 15-minute grid. The range is the organiser's days in Paris, 12 October to 8 November 2026.
 * Tuesdays and Thursdays 14:00–16:00 UTC are kept free by everyone, so the answer is not empty.
 *
 * First the availability engine alone, in this process: its time (goal < 10 ms), the same with
 * the repetitions expanded by the calendar's own code, and a naive checker kept here (not in the
 * product) that tests every grid slot against every person's hours (luxon) and every event, with
 * the ratio.
 *
 * Then the same people through HTTP: the built server (npm run build first) in a process of its
 * own, the 21 people signed up, their zones and working hours set (PUT /api/working-hours) and the
 * 20 made the organiser's friends through the API, their 10,500 events inserted into the server's
 * database as CalendarService writes them (the row, its entry by the service's own writeEntries,
 * the version bump); then POST /api/meetings/available-times as the organiser with the 20 invited:
 * one request at a time (the uncontended latency), then autocannon at 10 connections for
 * BENCH_SECONDS (10; CI 5): req/s, p50, p99 (goal < 50 ms). A search keeps each person's busy
 * times by their calendar's version over whole 4-week blocks, and its answer by everything it was
 * computed from (D71), so that load is the add-meeting page searching again with nobody's calendar
 * changed: answered from the kept answer. Two more rows, with their goal
 * too: each request naming another of the organiser's (empty) meetings as `meetingId` (re-planning
 * a meeting: its own time left out of the kept busy times), and the cold one — before each
 * request every person's calendar version is bumped in the database with the change recorded as
 * an edit of one of their events records it (dav_changes; written from a worker thread, so that
 * this thread only sends and times the requests: calendar-bumps.ts), so every person's kept busy
 * times are stale and mended: the first search after a change to everyone's calendar. This
 * thread's requests (that row's and the one-at-a-time ones) go by node:http, as lean a client as
 * autocannon: undici's fetch took more CPU a request than the server on the cores they share.
 * Each loaded row prints the server process's CPU time a request (/proc), what the answer cost
 * whatever the waiting. A last row, without a
 * goal: the same after a change not told event by event (as an account's deletion records it),
 * where every person's rows are read again (their series from the index of series). The re-planning
 * and the cold rows are each measured on a second wave of 200 requests of their kind: the first
 * wave runs that code for the first times in the process, before V8 optimises it (a server just
 * started; the re-planning row's first ten took ~11 ms each here, the second wave's ~1.7 ms), and
 * its p99 is printed beside the measured one (`first wave p99 ms`), without a goal. On SQLite and, when
 * BENCH_DATABASE_URL or DATABASE_URL is set, on PostgreSQL too (a database of its own, made and
 * dropped here).
 *
 * Fails when the engine and the naive checker disagree or find nothing, when the HTTP answer's
 * start times are not the engine's (or not grouped by the organiser's dates in Paris), or when a
 * request fails — never on a goal: CI machines are shared and must not flake.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type AvailableTimes, type WorkingHours, weekdays } from '@cadence/contract';
import { DateTime } from 'luxon';
import { type Interval, type Participant, availableStarts } from '../server/src/modules/availability/engine';
import { occurrencesIn, type Series } from '../server/src/lib/occurrences';
import { CalendarBusyTimes } from '../server/src/modules/calendar/busy-times';
import { seriesIndex } from '../server/src/lib/series-index';
import { writeEntries } from '../server/src/modules/calendar/entries';
import type { DatabaseHandle, Db } from '../server/src/db';
import { bumpListVersion } from '../server/src/lib/list-versions';
import { CalendarBumper } from './calendar-bumps';
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  load,
  percentile,
  printTable,
  printWholeRun,
  round1,
  seconds,
  startOnEngine,
} from './harness';
import { cpuMs } from './process-probe';
import { rawRequest } from './wire';

const started = performance.now();
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const GOAL_MS = 10;
const GOAL_P99_MS = 50;
const CONNECTIONS = 10;
/** Requests one at a time, unmeasured (the JIT, the rule cache) then measured. */
const WARM_UP_RUNS = 3;
const ALONE_RUNS = 7;
/** Requests of the re-planning load (each names another meeting) and of the cold one: enough that
 * the p99 is not simply the slowest. */
const UNCACHED_REQUESTS = 200;
const GOAL_COLUMN = `goal p99 < ${GOAL_P99_MS} ms`;
/** The unmeasured first wave of a row's kind of request in this process (JIT warming up). */
const FIRST_WAVE_COLUMN = 'first wave p99 ms';
/** The server process's CPU time over the measured requests (user and system, /proc), per request. */
const CPU_COLUMN = 'server CPU ms a request';
const SEED_CONCURRENCY = 4;
const INSERT_BATCH = 500;
const PEOPLE = 21;
const EVENTS = 500;
const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Europe/Lisbon',
  'America/Sao_Paulo',
  'Africa/Johannesburg',
];
/** Tuesdays and Thursdays 14:00–16:00 UTC are kept free by everyone: the answer is not empty. */
const isKeptFree = (start: number, end: number) => {
  for (let day = Math.floor(start / DAY); day * DAY < end; day += 1) {
    const weekday = new Date(day * DAY).getUTCDay();
    if ((weekday === 2 || weekday === 4) && start < day * DAY + 16 * HOUR && end > day * DAY + 14 * HOUR)
      return true;
  }
  return false;
};
/**
 * The range is the organiser's days (person 0, in Paris), as the HTTP call names them: 12 October
 * to 8 November 2026 included, from 00:00 on the first to 00:00 after the last in Paris — written
 * out here, and checked against luxon below, since Paris leaves summer time in between.
 */
const ORGANISER_ZONE = ZONES[0]!;
const FIRST_DAY = '2026-10-12';
const LAST_DAY = '2026-11-08';
const FROM = Date.parse('2026-10-11T22:00:00.000Z');
const TO = Date.parse('2026-11-08T23:00:00.000Z');
const DURATION = 30 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');
const STEP = 15 * MINUTE;

/** A small deterministic random sequence, so every run measures the same people. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Planned {
  participant: Omit<Participant, 'busy'>;
  events: Series[];
}

/**
 * Person i: weekdays from 07:00 or 08:00 to 19:00 or 20:00 local (never across midnight), and 500
 * events of 15 minutes to 2 hours anywhere but the kept-free window; weekly ones repeat 12 times
 * from three weeks before the range.
 */
function plan(index: number): Planned {
  const next = random(index + 1);
  const timeZone = ZONES[index % ZONES.length]!;
  const start = (7 + Math.floor(next() * 2)) * 60;
  const end = (19 + Math.floor(next() * 2)) * 60;
  const hours = weekdays.slice(0, 5).map((day) => ({ day, from: start, to: end }));
  const events: Series[] = [];
  while (events.length < EVENTS) {
    const e = events.length;
    const at = FROM + Math.floor(next() * 28 * 96) * 15 * MINUTE;
    const length = (1 + Math.floor(next() * 8)) * 15 * MINUTE;
    const weekly = e % 5 === 0;
    let keptFree = false;
    for (let week = weekly ? -3 : 0; week < (weekly ? 9 : 1) && !keptFree; week += 1) {
      keptFree = isKeptFree(at + week * 7 * DAY, at + week * 7 * DAY + length);
    }
    if (keptFree) continue;
    events.push({
      start: weekly ? at - 21 * DAY : at,
      end: (weekly ? at - 21 * DAY : at) + length,
      allDay: false,
      timeZone,
      recurrence: weekly ? 'FREQ=WEEKLY;COUNT=12' : null,
    });
  }
  return { participant: { timeZone, hours }, events };
}

function busyOf(events: Series[], timeZone: string): Interval[] {
  return events.flatMap((series) => occurrencesIn(series, FROM, TO, timeZone));
}

/** Every grid slot, every person: hours by the wall-clock time at both ends, then every event. */
function naive(people: Participant[]): number[] {
  const starts: number[] = [];
  for (let t = Math.ceil(FROM / STEP) * STEP; t + DURATION <= TO; t += STEP) {
    const fits = people.every((person) => {
      const begin = DateTime.fromMillis(t, { zone: person.timeZone });
      const end = DateTime.fromMillis(t + DURATION, { zone: person.timeZone });
      if (begin.toISODate() !== end.toISODate()) return false;
      const day = weekdays[begin.weekday - 1];
      const [from, to] = [begin.hour * 60 + begin.minute, end.hour * 60 + end.minute];
      if (!person.hours.some((h) => h.day === day && h.from <= from && to <= h.to)) return false;
      return (person.busy ?? []).every((busy) => busy.end <= t || busy.start >= t + DURATION);
    });
    if (fits) starts.push(t);
  }
  return starts;
}

function timed<T>(runs: number, work: () => T): { result: T; min: number; median: number; max: number } {
  const times: number[] = [];
  let result: T | undefined;
  for (let run = 0; run < runs; run += 1) {
    const began = performance.now();
    result = work();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return {
    result: result!,
    min: times[0]!,
    median: times[Math.floor(times.length / 2)]!,
    max: times.at(-1)!,
  };
}

const planned = Array.from({ length: PEOPLE }, (_, index) => plan(index));
const people: Participant[] = planned.map(({ participant, events }) => ({
  ...participant,
  busy: busyOf(events, participant.timeZone),
}));
const busyCount = people.reduce((sum, person) => sum + (person.busy?.length ?? 0), 0);

// Warm up the zones' offset cache and the JIT, as a server that has been running has.
for (let run = 0; run < 3; run += 1) availableStarts(people, FROM, TO, DURATION, STEP);

const engine = timed(25, () => availableStarts(people, FROM, TO, DURATION, STEP));
const withExpansion = timed(10, () =>
  availableStarts(
    planned.map(({ participant, events }) => ({
      ...participant,
      busy: busyOf(events, participant.timeZone),
    })),
    FROM,
    TO,
    DURATION,
    STEP,
  ),
);
const baseline = timed(3, () => naive(people));

const same =
  engine.result.length > 0 &&
  engine.result.length === baseline.result.length &&
  engine.result.every((t, i) => t === baseline.result[i]);
const round = (ms: number) => Math.round(ms * 100) / 100;
console.log(
  `Availability engine: ${PEOPLE} people in ${ZONES.length} zones, ${EVENTS} events each (a fifth weekly, ${busyCount} busy intervals in the range), the organiser's days ${FIRST_DAY}…${LAST_DAY} in ${ORGANISER_ZONE} (${iso(FROM)}…${iso(TO)}) across two DST changes, ${DURATION / MINUTE} min on a ${STEP / MINUTE}-min grid: ${engine.result.length} start times`,
);
console.table([
  {
    what: 'engine (busy intervals given)',
    runs: 25,
    'min ms': round(engine.min),
    'median ms': round(engine.median),
    'max ms': round(engine.max),
  },
  {
    what: 'engine + expanding the repetitions',
    runs: 10,
    'min ms': round(withExpansion.min),
    'median ms': round(withExpansion.median),
    'max ms': round(withExpansion.max),
  },
  {
    what: 'naive: every slot × person × event',
    runs: 3,
    'min ms': round(baseline.min),
    'median ms': round(baseline.median),
    'max ms': round(baseline.max),
  },
]);
console.log(
  `naive ÷ engine (medians): ${Math.round(baseline.median / engine.median)}×; goal engine < ${GOAL_MS} ms: ${engine.median < GOAL_MS ? 'met' : 'missed'} (${round(engine.median)} ms)`,
);
if (!same) {
  console.error(
    `The engine and the naive checker disagree: ${engine.result.length} vs ${baseline.result.length} times`,
  );
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// The same people through HTTP: POST /api/meetings/available-times against the built server.

const expected = engine.result.map(iso);
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The planned people as users: signed up, their zone and working hours set, each invitee the
 * organiser's friend (a request and its acceptance), all through the API; then their events
 * inserted into the server's database as CalendarService writes them — the row, its entry by the
 * service's own writeEntries — in one transaction, with the service's version bump.
 */
async function seed(url: string, db: Db) {
  const apiStarted = performance.now();
  const clients: Client[] = [];
  await inParallel([...planned.keys()], SEED_CONCURRENCY, async (index) => {
    const client = await signUp(url);
    if (!client.token) throw new Error(`seeding: person ${index} could not sign up`);
    clients[index] = client;
  });
  await inParallel([...planned.keys()], SEED_CONCURRENCY, async (index) => {
    const { timeZone, hours } = planned[index]!.participant;
    const stored = await call<WorkingHours>(clients[index]!, 'PUT', '/working-hours', {
      timeZone,
      data: hours.map((h) => ({ day: h.day, from: hhmm(h.from), to: hhmm(h.to) })),
    });
    if (stored.timeZone !== timeZone || stored.data.length !== hours.length)
      throw new Error(`seeding: person ${index}'s hours were stored as ${JSON.stringify(stored)}`);
  });
  const [organiser, ...invitees] = clients as [Client, ...Client[]];
  await inParallel(invitees, SEED_CONCURRENCY, async (invitee) => {
    const request = await call<{ _id: string }>(organiser, 'POST', '/friends/requests', {
      userId: invitee.userId,
    });
    await call(invitee, 'POST', `/friends/requests/${request._id}/accept`);
  });
  const apiSeconds = (performance.now() - apiStarted) / 1000;
  const events = planned.flatMap(({ events: series }, index) =>
    series.map((event, e) => ({ ownerId: Number(clients[index]!.userId), index, e, event })),
  );
  const directStarted = performance.now();
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < events.length; from += INSERT_BATCH) {
      const at = new Date().toISOString();
      const rows = await trx
        .insertInto('events')
        .values(
          events.slice(from, from + INSERT_BATCH).map(({ ownerId, index, e, event }) => ({
            owner_id: ownerId,
            title: `Busy ${index}.${e}`,
            description: '',
            url: '',
            location: '',
            category: 'Business',
            all_day: false,
            start_at: iso(event.start),
            end_at: iso(event.end),
            time_zone: event.timeZone,
            recurrence: event.recurrence,
            reminder: null,
            uid: `bench-meetings-${index}-${e}@cadence`,
            created_at: at,
            updated_at: at,
          })),
        )
        .returningAll()
        .execute();
      for (const row of rows) await writeEntries(trx, row, [row.owner_id]);
    }
    for (const client of clients) await bumpListVersion(trx, Number(client.userId), 'calendar');
  });
  return {
    organiser,
    invitees,
    inserted: events.length,
    apiSeconds,
    directSeconds: (performance.now() - directStarted) / 1000,
  };
}

/** What is wrong with an answer (empty when it holds exactly the engine's times, by the organiser's dates). */
function checkAnswer(label: string, answer: AvailableTimes): string[] {
  const problems: string[] = [];
  if (answer.timeZone !== ORGANISER_ZONE)
    problems.push(`${label}: time zone ${answer.timeZone}, not the organiser's ${ORGANISER_ZONE}`);
  const times = answer.data.flatMap((day) => day.times);
  if (times.length !== expected.length)
    problems.push(`${label}: ${times.length} start times; the engine found ${expected.length}`);
  const differs = times.findIndex((time, i) => time !== expected[i]);
  if (differs >= 0)
    problems.push(
      `${label}: start time ${differs + 1} is ${times[differs]}; the engine's is ${expected[differs] ?? 'none'}`,
    );
  for (const [index, day] of answer.data.entries()) {
    if (index > 0 && day.date <= answer.data[index - 1]!.date)
      problems.push(`${label}: ${day.date} after ${answer.data[index - 1]!.date}`);
    if (day.times.length === 0) problems.push(`${label}: ${day.date} listed with no time`);
    for (const time of day.times) {
      const date = DateTime.fromISO(time, { zone: ORGANISER_ZONE }).toISODate();
      if (date !== day.date) problems.push(`${label}: ${time} listed on ${day.date}; it is ${date} in Paris`);
    }
  }
  return problems.slice(0, 20);
}

/**
 * Where a request's time goes, in this process on the server's database: CalendarBusyTimes.busyOf()
 * for the 21 people (the entries and events read, the repetitions expanded), then the engine on
 * its answer (which must be the expected one). Min and median of ALONE_RUNS after WARM_UP_RUNS.
 */
async function inProcess(handle: DatabaseHandle, seeded: Awaited<ReturnType<typeof seed>>) {
  const calendar = new CalendarBusyTimes({ db: handle.db });
  const users = [seeded.organiser, ...seeded.invitees].map((client, index) => ({
    id: Number(client.userId),
    timeZone: planned[index]!.participant.timeZone,
  }));
  const reads: number[] = [];
  const computed: number[] = [];
  let starts: number[] = [];
  for (let run = -WARM_UP_RUNS; run < ALONE_RUNS; run += 1) {
    const began = performance.now();
    const busy = await calendar.busyOf(users, FROM, TO);
    const read = performance.now();
    starts = availableStarts(
      users.map((user, index) => ({ ...planned[index]!.participant, busy: busy.get(user.id) ?? [] })),
      FROM,
      TO,
      DURATION,
      STEP,
    );
    if (run >= 0) {
      reads.push(read - began);
      computed.push(performance.now() - read);
    }
  }
  const same = starts.length === expected.length && starts.every((t, i) => iso(t) === expected[i]);
  // The same reads with the index of series emptied before each: what the index saves a search.
  const unindexed: number[] = [];
  for (let run = 0; run < ALONE_RUNS; run += 1) {
    seriesIndex.clear();
    const began = performance.now();
    await calendar.busyOf(users, FROM, TO);
    unindexed.push(performance.now() - began);
  }
  const stats = (list: number[]) => {
    list.sort((a, b) => a - b);
    return { min: list[0]!, median: list[Math.floor(list.length / 2)]! };
  };
  return { busyOf: stats(reads), engine: stats(computed), unindexed: stats(unindexed), same };
}

/** The searches' connections, kept alive (CONNECTIONS at most, as the load's). */
const searchAgent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/**
 * One POST as the organiser, as a browser asks (brotli accepted): its time until the last byte,
 * its answer (decoded and parsed after the time is taken); anything but 200 fails the run. By
 * node:http (rawRequest), not fetch: undici's fetch took 1.2 ms of CPU a request here, more than the
 * server's work for a kept answer, on the two cores the server and the worker share with it.
 */
async function ask(url: string, token: string, body: string) {
  const began = performance.now();
  const response = await rawRequest(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br, zstd',
    },
    body,
    agent: searchAgent,
  });
  const ms = performance.now() - began;
  const text = (
    response.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(response.body)
      : response.headers['content-encoding'] === 'gzip'
        ? gunzipSync(response.body)
        : response.body
  ).toString();
  if (response.status !== 200) throw new Error(`POST ${url}: ${response.status} ${text.slice(0, 300)}`);
  return {
    ms,
    get answer() {
      return JSON.parse(text) as AvailableTimes;
    },
  };
}

/**
 * A server on `engine` in a process of its own, seeded; the answer checked; one request at a time
 * (after WARM_UP_RUNS unmeasured, as on a server that has been up a while), then autocannon at
 * CONNECTIONS for BENCH_SECONDS. Stopped and removed afterwards.
 */
async function overHttp(engine: Engine) {
  const { server, database, databaseUrl, stop } = await startOnEngine(
    engine,
    'cadence_bench_meetings',
    postgresUrl,
  );
  try {
    const seeded = await seed(server.url, database.db);
    const url = `${server.url}/api/meetings/available-times`;
    const body = JSON.stringify({
      duration: DURATION / MINUTE,
      startDate: FIRST_DAY,
      endDate: LAST_DAY,
      invitees: seeded.invitees.map((invitee) => invitee.userId),
      step: STEP / MINUTE,
    });
    const token = seeded.organiser.token;
    const first = await ask(url, token, body);
    const problems = checkAnswer(`${engine} POST /api/meetings/available-times`, first.answer);
    for (let run = 1; run < WARM_UP_RUNS; run += 1) await ask(url, token, body);
    const alone: number[] = [];
    for (let run = 0; run < ALONE_RUNS; run += 1) alone.push((await ask(url, token, body)).ms);
    alone.sort((a, b) => a - b);
    const split = await inProcess(database, seeded);
    if (!split.same)
      problems.push(
        `${engine}: the engine on CalendarBusyTimes.busyOf()'s answer differs from the expected times`,
      );
    const loadCpu = cpuMs(server.pid);
    const loaded = await load({
      url,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
      connections: CONNECTIONS,
      // A request waits its turn behind the others: seconds under load, not a failure.
      timeout: 60,
    });
    const loadedCpu = (cpuMs(server.pid) - loadCpu) / Math.max(1, loaded.requests);
    if (loaded.failures > 0 || loaded.requests === 0)
      throw new Error(
        `${engine}: failed requests under load (${loaded.non2xx} non-2xx, ${loaded.errors} errors, ${loaded.timeouts} timeouts of ${loaded.requests})`,
      );
    // The same search with the kept busy times out of reach: each request another meetingId.
    const meetingIds: string[] = [];
    for (let index = 0; index < 2 * UNCACHED_REQUESTS; index += 1) {
      const response = await fetch(`${server.url}/api/meetings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${index}`,
          duration: 30,
          startDate: FIRST_DAY,
          endDate: LAST_DAY,
        }),
      });
      if (response.status !== 201) throw new Error(`POST /api/meetings: ${response.status}`);
      meetingIds.push(((await response.json()) as { _id: string })._id);
    }
    const uncachedBodies = meetingIds.map((meetingId) =>
      JSON.stringify({ ...(JSON.parse(body) as object), meetingId }),
    );
    problems.push(
      ...checkAnswer(`${engine}, another meeting`, (await ask(url, token, uncachedBodies.pop()!)).answer),
    );
    // Two waves of UNCACHED_REQUESTS, each request another meeting: the first wave runs the
    // search's code for the first times in this process (unoptimised by V8 until then), as only a
    // server just started does; the second is the measured one, as on a server up a while. The
    // first wave's p99 is printed beside it.
    const replanWave = async (bodies: string[]) => {
      let next = 0;
      const wave = await load({
        url,
        connections: CONNECTIONS,
        amount: bodies.length,
        timeout: 60,
        requests: [
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      });
      if (wave.failures > 0)
        throw new Error(
          `${engine}: failed re-planning requests (${wave.non2xx} non-2xx, ${wave.errors} errors)`,
        );
      return wave;
    };
    const uncachedFirst = await replanWave(uncachedBodies.splice(0, UNCACHED_REQUESTS));
    const uncachedCpu = cpuMs(server.pid);
    const uncached = await replanWave(uncachedBodies);
    const uncachedCpuMs = (cpuMs(server.pid) - uncachedCpu) / Math.max(1, uncached.requests);
    // Cold: before each request, every person's calendar version moves on as a write to it makes
    // it, the change recorded with it — one of their events, as an edit of it records (its
    // content unchanged, so the answer stays checkable); CONNECTIONS requests at a time. Then the
    // same after a change not told event by event (as an account's deletion records): every
    // person's rows are read again (their series from the index of series).
    const everyone = [seeded.organiser, ...seeded.invitees].map((client) => Number(client.userId));
    const eventOf = new Map(
      (
        await database.db
          .selectFrom('events')
          .select(['owner_id', (eb) => eb.fn.min<number>('id').as('id')])
          .where('owner_id', 'in', everyone)
          .groupBy('owner_id')
          .execute()
      ).map((row) => [row.owner_id, Number(row.id)]),
    );
    // In a worker thread: this thread only times the answers (calendar-bumps.ts).
    const bumper = new CalendarBumper({ url: databaseUrl, dataDir: server.dataDir });
    const bumpAll = (told: boolean) => bumper.bump(everyone, eventOf, told);
    const coldWave = async (told: boolean) => {
      const times: number[] = [];
      let next = 0;
      const started = performance.now();
      const cpu = cpuMs(server.pid);
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < UNCACHED_REQUESTS) {
            next += 1;
            await bumpAll(told);
            times.push((await ask(url, token, body)).ms);
          }
        }),
      );
      times.sort((a, b) => a - b);
      return {
        times,
        seconds: (performance.now() - started) / 1000,
        serverCpuMs: (cpuMs(server.pid) - cpu) / times.length,
      };
    };
    const coldRun = async (told: boolean) => {
      await bumpAll(told);
      problems.push(...checkAnswer(`${engine}, cold`, (await ask(url, token, body)).answer));
      return coldWave(told);
    };
    // Told changes: a first wave, then the measured one (as the re-planning rows above).
    const coldFirst = await coldRun(true);
    const cold = await coldWave(true);
    const untold = await coldRun(false);
    await bumper.close();
    const coldP99 = Math.round(percentile(cold.times, 99));
    // The answer is unchanged after the load.
    problems.push(...checkAnswer(`${engine}, after the load`, (await ask(url, token, body)).answer));
    return {
      engine,
      seeded,
      firstMs: first.ms,
      split,
      problems,
      row: {
        engine,
        'alone min ms': round(alone[0]!),
        'alone median ms': round(alone[Math.floor(alone.length / 2)]!),
        connections: CONNECTIONS,
        requests: loaded.requests,
        'req/s': round1(loaded.requests / loaded.duration),
        'p50 ms': loaded.p50,
        'p99 ms': loaded.p99,
        [FIRST_WAVE_COLUMN]: '',
        [CPU_COLUMN]: round(loadedCpu),
        [GOAL_COLUMN]: loaded.p99 < GOAL_P99_MS ? 'met' : 'missed',
      },
      uncachedRow: {
        engine: `${engine}, another meeting`,
        'alone min ms': '',
        'alone median ms': '',
        connections: CONNECTIONS,
        requests: uncached.requests,
        'req/s': round1(uncached.requests / uncached.duration),
        'p50 ms': uncached.p50,
        'p99 ms': uncached.p99,
        [FIRST_WAVE_COLUMN]: uncachedFirst.p99,
        [CPU_COLUMN]: round(uncachedCpuMs),
        [GOAL_COLUMN]: uncached.p99 < GOAL_P99_MS ? 'met' : 'missed',
      },
      coldRow: {
        engine: `${engine}, cold (after a change to one event of each)`,
        // The process's first search: nothing kept, no series in the index.
        'alone min ms': round(first.ms),
        'alone median ms': round(first.ms),
        connections: CONNECTIONS,
        requests: cold.times.length,
        'req/s': round1(cold.times.length / cold.seconds),
        'p50 ms': Math.round(percentile(cold.times, 50)),
        'p99 ms': coldP99,
        [FIRST_WAVE_COLUMN]: Math.round(percentile(coldFirst.times, 99)),
        [CPU_COLUMN]: round(cold.serverCpuMs),
        [GOAL_COLUMN]: coldP99 < GOAL_P99_MS ? 'met' : 'missed',
      },
      untoldRow: {
        engine: `${engine}, after a change not told event by event (all read again)`,
        'alone min ms': '',
        'alone median ms': '',
        connections: CONNECTIONS,
        requests: untold.times.length,
        'req/s': round1(untold.times.length / untold.seconds),
        'p50 ms': Math.round(percentile(untold.times, 50)),
        'p99 ms': Math.round(percentile(untold.times, 99)),
        [FIRST_WAVE_COLUMN]: '',
        [CPU_COLUMN]: round(untold.serverCpuMs),
        [GOAL_COLUMN]: '—',
      },
    };
  } finally {
    await stop();
  }
}

if (iso(DateTime.fromISO(FIRST_DAY, { zone: ORGANISER_ZONE }).toMillis()) !== iso(FROM))
  throw new Error(`the bench's own arithmetic: ${FIRST_DAY} 00:00 in ${ORGANISER_ZONE} is not ${iso(FROM)}`);
if (iso(DateTime.fromISO(LAST_DAY, { zone: ORGANISER_ZONE }).plus({ days: 1 }).toMillis()) !== iso(TO))
  throw new Error(
    `the bench's own arithmetic: the end of ${LAST_DAY} in ${ORGANISER_ZONE} is not ${iso(TO)}`,
  );

const engines = enginesFor(postgresUrl);
const results = [];
for (const name of engines) results.push(await overHttp(name));
printTable(
  `POST /api/meetings/available-times as the organiser (${ORGANISER_ZONE}) with the 20 others invited, {duration: ${DURATION / MINUTE}, startDate: '${FIRST_DAY}', endDate: '${LAST_DAY}', step: ${STEP / MINUTE}}, against the built server in its own process; alone = one request at a time (${ALONE_RUNS} after ${WARM_UP_RUNS}); then autocannon, ${CONNECTIONS} connections for ${seconds} s (another meeting: two waves of ${UNCACHED_REQUESTS}; cold: ${CONNECTIONS} clients of node:http each changing everyone's calendar then asking, two waves of ${UNCACHED_REQUESTS}); server CPU from /proc in 10 ms steps; ${cores} cores`,
  results.flatMap((result) => [result.row, result.uncachedRow, result.coldRow, result.untoldRow]),
);
for (const { engine: name, seeded, firstMs, split, row, uncachedRow, coldRow } of results) {
  const p99 = row['p99 ms'];
  console.log(
    `${name}: goal p99 < ${GOAL_P99_MS} ms at ${CONNECTIONS} connections: warm ${row[GOAL_COLUMN]} (p99 ${p99} ms over ${row.requests} requests; alone ${row['alone median ms']} ms, the first request ${round(firstMs)} ms); another meeting ${uncachedRow[GOAL_COLUMN]} (p99 ${uncachedRow['p99 ms']} ms over ${uncachedRow.requests} requests); cold ${coldRow[GOAL_COLUMN]} (p99 ${coldRow['p99 ms']} ms over ${coldRow.requests} requests; cold ÷ warm p99 ${round1(coldRow['p99 ms'] / Math.max(1, p99))}, where warm is answered from the kept answer; cold ÷ another meeting ${round1(coldRow['p99 ms'] / Math.max(1, Number(uncachedRow['p99 ms'])))}, the busy times kept and the answer computed, as the warm search was once measured)`,
  );
  console.log(
    `  in this process on the same database (${ALONE_RUNS} runs after ${WARM_UP_RUNS}): CalendarBusyTimes.busyOf() for the ${PEOPLE} people min ${round(split.busyOf.min)} ms, median ${round(split.busyOf.median)} ms; the engine on its answer min ${round(split.engine.min)} ms, median ${round(split.engine.median)} ms; busyOf with the index of series emptied before each min ${round(split.unindexed.min)} ms, median ${round(split.unindexed.median)} ms`,
  );
  console.log(
    `  seeded: ${PEOPLE} users, their hours and ${PEOPLE - 1} friendships through the API in ${seeded.apiSeconds.toFixed(1)} s; ${seeded.inserted} events inserted with their entries in ${seeded.directSeconds.toFixed(1)} s`,
  );
}
const httpProblems = results.flatMap((result) => result.problems);
if (httpProblems.length > 0) {
  console.error(`\nThe HTTP answer differs from the engine's (${httpProblems.length} problems):`);
  for (const problem of httpProblems) console.error(`  ${problem}`);
  process.exitCode = 1;
} else {
  console.log(
    `The HTTP answer${results.length > 1 ? 's (each engine)' : ''}: the engine's ${expected.length} start times, by the organiser's dates.`,
  );
}
printWholeRun(started);
