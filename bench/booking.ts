/**
 * The public booking page's free times (D44), against the built server: five hosts in
 * five zones (Paris, New York, Lisbon, Kolkata, Berlin), each with working hours that share an
 * afternoon in UTC and 500 one-hour events over the coming month in those hours, one in ten
 * repeating weekly (FREQ=WEEKLY;COUNT=8), made through the API — Tuesdays to Thursdays
 * 13:00–17:00 UTC are kept free by everyone, so the answer is not empty. Host 1 befriends the four
 * others, makes a group of them and a collective type (30 minutes, no minimum notice, 60 days
 * ahead, buffers of 10 minutes before and after, at most 8 a day).
 *
 * Then `GET /api/book/{username}/{slug}` for the visitor's month in New York (tomorrow to
 * tomorrow + 30 days), no sign-in:
 * - cold: the first request after a change to every host's calendar (a new title on one event of
 *   each, which bumps their calendar versions: the busy times kept are read again), 5 samples,
 *   median and max (goal < 100 ms on SQLite);
 * - warm: the same URL with nothing changed, 100 requests one at a time (p50), then autocannon
 *   at 20 connections for BENCH_SECONDS: req/s, p50, p99 (goal p99 < 50 ms).
 *
 * Every answer read here is checked against a naive checker kept in this file, from what was
 * made: every 30-minute start of the range where, for each host, the half hour lies in their
 * working hours (luxon, their zone) and [start − 10 min, end + 10 min) meets none of their events.
 * The answer must be exactly those starts (none inside an event, none missing), grouped by the
 * visitor's dates. On SQLite and, with DATABASE_URL or BENCH_DATABASE_URL, on PostgreSQL. The run
 * fails on a wrong answer or a failed request, never on a goal.
 */
import http from 'node:http';
import type { Account, PublicTimes } from '@cadence/contract';
import { DateTime } from 'luxon';
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  load,
  median,
  percentile,
  printTable,
  printWholeRun,
  reportProblems,
  round1,
  seconds,
  startOnEngine,
} from './harness';
import { metOrMissed } from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const EVENTS = 500;
const WEEKLY_EVERY = 10;
const WEEKLY_COUNT = 8;
const DAYS = 31;
const DURATION = 30;
const BUFFER = 10;
const STEP = 30 * MINUTE;
const COLD_SAMPLES = 5;
const CONNECTIONS = 20;
/** Warm requests one at a time, before the load. */
const SINGLE_RUNS = 100;
const GOAL_WARM_P99_MS = 50;
const GOAL_COLD_MS = 100;
const VISITOR_ZONE = 'America/New_York';
const SLUG = 'team-call';

/**
 * Each host's zone and weekday hours (local, minutes): in UTC (winter) Paris and Berlin 07–19,
 * New York 12–24, Lisbon 08–20, Kolkata 06:30–18:30 — all at work 12:00–18:30 UTC.
 */
const HOSTS = [
  { timeZone: 'Europe/Paris', from: 8 * 60, to: 20 * 60 },
  { timeZone: 'America/New_York', from: 7 * 60, to: 19 * 60 },
  { timeZone: 'Europe/Lisbon', from: 8 * 60, to: 20 * 60 },
  { timeZone: 'Asia/Kolkata', from: 12 * 60, to: 24 * 60 },
  { timeZone: 'Europe/Berlin', from: 8 * 60, to: 20 * 60 },
];
const WORKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The visitor's days: tomorrow to tomorrow + 30 in New York; the instants that bound them. */
const today = DateTime.now().setZone(VISITOR_ZONE).startOf('day');
const FIRST_DAY = today.plus({ days: 1 }).toISODate()!;
const LAST_DAY = today.plus({ days: DAYS }).toISODate()!;
const FROM = today.plus({ days: 1 }).toMillis();
const TO = today.plus({ days: DAYS + 1 }).toMillis();

/** Tuesdays to Thursdays 13:00–17:00 UTC are kept free by everyone. */
function isKeptFree(start: number, end: number): boolean {
  for (let day = Math.floor(start / (24 * HOUR)); day * 24 * HOUR < end; day += 1) {
    const weekday = new Date(day * 24 * HOUR).getUTCDay();
    const [a, b] = [day * 24 * HOUR + 13 * HOUR, day * 24 * HOUR + 17 * HOUR];
    if (weekday >= 2 && weekday <= 4 && start < b && end > a) return true;
  }
  return false;
}

/** A small deterministic random sequence, so every run makes the same calendars. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Planned {
  start: number;
  weekly: boolean;
}

/** The occurrences of a planned event: weekly ones step a week in the host's wall-clock time. */
function occurrences(event: Planned, timeZone: string): Array<{ start: number; end: number }> {
  const first = DateTime.fromMillis(event.start, { zone: timeZone });
  return Array.from({ length: event.weekly ? WEEKLY_COUNT : 1 }, (_, week) => {
    const start = first.plus({ weeks: week }).toMillis();
    return { start, end: start + HOUR };
  });
}

/**
 * Host h's 500 events: a weekday of the month (their dates), a start on the 15-minute grid such
 * that the hour lies in their working hours, nothing in the kept-free window (every occurrence).
 */
function plan(h: number): Planned[] {
  const host = HOSTS[h]!;
  const next = random(h + 7);
  const firstDay = DateTime.fromMillis(FROM, { zone: host.timeZone }).startOf('day');
  const events: Planned[] = [];
  while (events.length < EVENTS) {
    const day = firstDay.plus({ days: Math.floor(next() * DAYS) });
    const slots = (host.to - host.from - 60) / 15 + 1;
    const minutes = host.from + Math.floor(next() * slots) * 15;
    if (day.weekday > 5) continue;
    const event = { start: day.plus({ minutes }).toMillis(), weekly: events.length % WEEKLY_EVERY === 0 };
    if (occurrences(event, host.timeZone).some((o) => isKeptFree(o.start, o.end))) continue;
    events.push(event);
  }
  return events;
}

const planned = HOSTS.map((_, h) => plan(h));
const busy = planned.map((events, h) => events.flatMap((event) => occurrences(event, HOSTS[h]!.timeZone)));

/**
 * Every start on the 30-minute grid of [FROM, TO) where, for every host, the half hour lies in
 * their weekday hours (their wall clock; an end at midnight is 24:00) and the buffers around it
 * meet none of their events.
 */
function naive(): number[] {
  const starts: number[] = [];
  for (let t = Math.ceil(FROM / STEP) * STEP; t + DURATION * MINUTE <= TO; t += STEP) {
    const fits = HOSTS.every((host, h) => {
      const begin = DateTime.fromMillis(t, { zone: host.timeZone });
      const end = DateTime.fromMillis(t + DURATION * MINUTE, { zone: host.timeZone });
      if (begin.weekday > 5) return false;
      const from = begin.hour * 60 + begin.minute;
      const to =
        end.toISODate() === begin.toISODate()
          ? end.hour * 60 + end.minute
          : end.hour === 0 && end.minute === 0
            ? 24 * 60
            : -1;
      if (from < host.from || to > host.to || to < from) return false;
      const [a, b] = [t - BUFFER * MINUTE, t + (DURATION + BUFFER) * MINUTE];
      return busy[h]!.every((event) => event.end <= a || event.start >= b);
    });
    if (fits) starts.push(t);
  }
  return starts;
}

const expected = naive();

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** A GET without credentials: status, body and milliseconds to the last byte. */
function get(url: string): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** What is wrong with an answer, against the naive checker. */
function check(what: string, status: number, text: string): string[] {
  if (status !== 200) return [`${what}: ${status} ${text.slice(0, 200)}`];
  const answer = JSON.parse(text) as PublicTimes;
  const problems: string[] = [];
  if (answer.type.mode !== 'collective' || answer.type.hosts.length !== HOSTS.length)
    problems.push(`${what}: ${answer.type.mode} with ${answer.type.hosts.length} hosts`);
  if (!answer.data.some((day) => day.times.length > 0)) problems.push(`${what}: no day with times`);
  const got: number[] = [];
  for (const day of answer.data) {
    for (const time of day.times) {
      const at = Date.parse(time);
      got.push(at);
      if (at % STEP !== 0) problems.push(`${what}: ${time} is not on the 30-minute grid`);
      const date = DateTime.fromMillis(at, { zone: VISITOR_ZONE }).toISODate();
      if (date !== day.date)
        problems.push(`${what}: ${time} under ${day.date}, its date in New York is ${date}`);
      busy.forEach((events, h) => {
        const inside = events.find(
          (event) => event.start < at + (DURATION + BUFFER) * MINUTE && event.end > at - BUFFER * MINUTE,
        );
        if (inside)
          problems.push(
            `${what}: ${time} meets host ${h + 1}'s event ${new Date(inside.start).toISOString()} (buffers included)`,
          );
      });
    }
  }
  const offered = new Set(got);
  const wanted = new Set(expected);
  const extra = got.filter((at) => !wanted.has(at));
  const missing = expected.filter((at) => !offered.has(at));
  if (extra.length > 0)
    problems.push(
      `${what}: ${extra.length} times the naive checker does not offer, first ${new Date(extra[0]!).toISOString()}`,
    );
  if (missing.length > 0)
    problems.push(
      `${what}: ${missing.length} of the naive checker's ${expected.length} times missing, first ${new Date(missing[0]!).toISOString()}`,
    );
  return problems;
}

interface Figures {
  engine: Engine;
  seedSeconds: number;
  days: number;
  times: number;
  coldMedian: number;
  coldMax: number;
  singleP50: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  kb: number;
}

async function runOn(engine: Engine, problems: string[]): Promise<Figures> {
  const running = await startOnEngine(engine, 'cadence_bench_booking', postgresUrl, {
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
  });
  try {
    const seeding = performance.now();
    const clients: Client[] = await Promise.all(HOSTS.map(() => signUp(running.server.url)));
    let username = '';
    await Promise.all(
      HOSTS.map(async (host, h) => {
        const account = await call<Account>(clients[h]!, 'PUT', '/account', { timeZone: host.timeZone });
        if (h === 0) username = account.general.username;
        await call(clients[h]!, 'PUT', '/working-hours', {
          data: WORKDAYS.map((day) => ({ day, from: clock(host.from), to: clock(host.to) })),
        });
      }),
    );
    await Promise.all(
      clients.slice(1).map(async (friend) => {
        const request = await call<{ _id: string }>(clients[0]!, 'POST', '/friends/requests', {
          userId: friend.userId,
        });
        await call(friend, 'POST', `/friends/requests/${request._id}/accept`);
      }),
    );
    const group = await call<{ _id: string }>(clients[0]!, 'POST', '/groups', {
      name: 'Bench team',
      memberIds: clients.slice(1).map((client) => client.userId),
    });
    await call(clients[0]!, 'POST', '/booking-types', {
      slug: SLUG,
      title: 'Team call',
      duration: DURATION,
      minNotice: 0,
      rangeDays: 60,
      bufferBefore: BUFFER,
      bufferAfter: BUFFER,
      maxPerDay: 8,
      hosts: { mode: 'collective', group: group._id },
    });
    // One single event of each host is renamed before each cold sample.
    const renamed: string[] = [];
    const work = planned.flatMap((events, h) => events.map((event, e) => ({ h, e, event })));
    await inParallel(work, 8, async ({ h, e, event }) => {
      const made = await call<{ _id: string }>(clients[h]!, 'POST', '/calender/add-event', {
        title: `Event ${e}`,
        start: new Date(event.start).toISOString(),
        end: new Date(event.start + HOUR).toISOString(),
        ...(event.weekly ? { recurrence: `FREQ=WEEKLY;COUNT=${WEEKLY_COUNT}` } : {}),
      });
      if (e === 1) renamed[h] = made._id;
    });
    const seedSeconds = (performance.now() - seeding) / 1000;
    console.log(
      `${engine}: ${HOSTS.length} hosts × ${EVENTS} events, friends, group and type made through the API in ${seedSeconds.toFixed(1)} s`,
    );

    const url = `${running.server.url}/api/book/${encodeURIComponent(username)}/${SLUG}?start=${FIRST_DAY}&end=${LAST_DAY}&timeZone=${encodeURIComponent(VISITOR_ZONE)}`;
    // The first read (unmeasured: the JIT, the zones' offsets), checked in full.
    const first = await get(url);
    problems.push(...check(`${engine} first read`, first.status, first.text));

    const cold: number[] = [];
    for (let sample = 0; sample < COLD_SAMPLES; sample += 1) {
      await Promise.all(
        clients.map((client, h) =>
          call(client, 'PUT', `/calender/modify-event/${renamed[h]}`, { title: `Event 1, take ${sample}` }),
        ),
      );
      const answer = await get(url);
      cold.push(answer.ms);
      problems.push(...check(`${engine} cold read ${sample + 1}`, answer.status, answer.text));
    }

    // Warm, one request at a time: the cost of a read with nothing changed, without queueing.
    const single: number[] = [];
    for (let n = 0; n < SINGLE_RUNS; n += 1) single.push((await get(url)).ms);
    single.sort((a, b) => a - b);

    const warm = await load({ url, connections: CONNECTIONS });
    if (warm.failures > 0)
      problems.push(
        `${engine} warm: ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.timeouts} timeouts of ${warm.requests}`,
      );
    const last = await get(url);
    problems.push(...check(`${engine} read after the load`, last.status, last.text));

    const answer = JSON.parse(first.text) as PublicTimes;
    return {
      engine,
      seedSeconds: round1(seedSeconds),
      days: answer.data.filter((day) => day.times.length > 0).length,
      times: answer.data.reduce((sum, day) => sum + day.times.length, 0),
      coldMedian: round1(median(cold)),
      coldMax: round1(Math.max(...cold)),
      singleP50: round1(percentile(single, 50)),
      reqPerSec: warm.reqPerSec,
      p50: warm.p50,
      p99: warm.p99,
      kb: round1(Buffer.byteLength(first.text) / 1024),
    };
  } finally {
    await running.stop();
  }
}

const started = performance.now();
const problems: string[] = [];
const figures: Figures[] = [];
for (const engine of enginesFor(postgresUrl)) figures.push(await runOn(engine, problems));
agent.destroy();

printTable(
  `Booking page (D44): a collective type of ${HOSTS.length} hosts in ${HOSTS.length} zones, ${EVENTS} events each (a tenth weekly); GET /api/book/… for ${FIRST_DAY} to ${LAST_DAY} in ${VISITOR_ZONE}; cold = first read after a change to every host's calendar, ${COLD_SAMPLES} samples; warm = ${CONNECTIONS} connections for ${seconds} s (${cores} cores)`,
  figures.map((f) => ({
    engine: f.engine,
    'seed (s)': f.seedSeconds,
    'days with times': f.days,
    times: f.times,
    'answer (KB)': f.kb,
    'cold median (ms)': f.coldMedian,
    'cold max (ms)': f.coldMax,
    'warm alone p50 (ms)': f.singleP50,
    'warm req/s': f.reqPerSec,
    'warm p50 (ms)': f.p50,
    'warm p99 (ms)': f.p99,
    [`goal: warm p99 < ${GOAL_WARM_P99_MS} ms`]: metOrMissed(f.p99 < GOAL_WARM_P99_MS),
    [`goal: cold < ${GOAL_COLD_MS} ms`]:
      f.engine === 'SQLite' ? metOrMissed(f.coldMedian < GOAL_COLD_MS) : '-',
  })),
);
reportProblems('Booking answers', problems);
printWholeRun(started);
