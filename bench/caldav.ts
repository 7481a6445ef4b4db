/**
 * CalDAV sync (D43, issue 29) as a phone meets it, against the built server: a user with 2,000
 * events (one in ten weekly, one in a hundred of those with an occurrence moved) and 1,000 to-dos,
 * made through the API, signed in with an app password over HTTP Basic.
 *
 * - No change: a sync-collection REPORT with the current token, which a client sends every few
 *   minutes — autocannon at 10 connections for BENCH_SECONDS, and 200 sequential requests for
 *   the single-request latency.
 * - Full sync: what a new client does — one sync-collection REPORT per collection with an empty
 *   token asking for getetag and calendar-data (events, then tasks), timed end to end, median of 3.
 *
 * Then checks what came back: 2,000 and 1,000 members, each with an ETag and its iCalendar text;
 * the no-change answers hold no member. Goals: no change < 10 ms (p50 single), full sync < 1 s on
 * SQLite. Prints both on SQLite and, with DATABASE_URL or BENCH_DATABASE_URL, on PostgreSQL. The
 * run fails when an answer is wrong or a request fails, not on a goal.
 */
import http from 'node:http';
import { call, type Client, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
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
const EVENTS = 2_000;
const TODOS = 1_000;
const WEEKLY_EVERY = 10;
const MOVED_EVERY = 100;
const GOAL_NO_CHANGE_MS = 10;
const GOAL_FULL_MS = 1_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** A REPORT with Basic credentials: status, body and milliseconds. */
function report(
  url: string,
  authorization: string,
  body: string,
): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'REPORT',
        agent,
        headers: { authorization, 'content-type': 'application/xml; charset=utf-8', depth: '1' },
      },
      (response) => {
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
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const syncBody = (token: string, data: boolean) =>
  `<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/>${data ? '<c:calendar-data/>' : ''}</d:prop></d:sync-collection>`;

const tokenOf = (text: string) => /<d:sync-token>([^<]+)<\/d:sync-token>/.exec(text)?.[1] ?? '';
const membersOf = (text: string) => (text.match(/<d:response>/g) ?? []).length;

/** The user's calendar and to-dos, through the API. */
async function seed(client: Client): Promise<void> {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000 * 7).toISOString();
  const indexes = Array.from({ length: EVENTS }, (_, n) => n);
  await inParallel(indexes, 8, async (n) => {
    const start = day(n);
    const event = await call<{ _id: string }>(client, 'POST', '/calender/add-event/', {
      title: `Event ${n}`,
      start,
      end: new Date(Date.parse(start) + 3_600_000).toISOString(),
      description: n % 3 === 0 ? `Notes for event ${n}, with a line long enough to fold.` : '',
      ...(n % WEEKLY_EVERY === 0 ? { recurrence: 'FREQ=WEEKLY;COUNT=20' } : {}),
    });
    if (n % (WEEKLY_EVERY * MOVED_EVERY) === 0) {
      const moved = new Date(Date.parse(start) + 7 * 86_400_000);
      await call(
        client,
        'PUT',
        `/calender/modify-event/${event._id}?scope=this&occurrence=${encodeURIComponent(moved.toISOString())}`,
        {
          start: new Date(moved.getTime() + 3_600_000).toISOString(),
          end: new Date(moved.getTime() + 7_200_000).toISOString(),
        },
      );
    }
  });
  await inParallel(
    Array.from({ length: TODOS }, (_, n) => n),
    8,
    async (n) => {
      await call(client, 'POST', '/todos', {
        title: `Task ${n}`,
        dueDate: n % 2 === 0 ? `2026-12-${String((n % 28) + 1).padStart(2, '0')}` : null,
        isImportant: n % 5 === 0,
        tags: n % 4 === 0 ? ['high'] : [],
      });
    },
  );
}

interface Figures {
  engine: Engine;
  noChangeP50: number;
  noChangeP99: number;
  noChangeReqPerSec: number;
  noChangeLoadedP99: number;
  fullEventsMs: number;
  fullTasksMs: number;
  eventsKb: number;
  tasksKb: number;
}

async function runOn(engine: Engine, problems: string[]): Promise<Figures> {
  const running = await startOnEngine(engine, 'cadence_bench_caldav', postgresUrl);
  try {
    const client = await signUp(running.server.url);
    const seeding = performance.now();
    await seed(client);
    console.log(
      `${engine}: ${EVENTS} events and ${TODOS} to-dos made through the API in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const secret = await call<{ username: string; password: string }>(
      client,
      'POST',
      '/account/app-passwords',
      {
        name: 'Bench phone',
      },
    );
    const authorization = `Basic ${Buffer.from(`${secret.username}:${secret.password}`).toString('base64')}`;
    const collection = (name: string) => `${running.server.url}/dav/calendars/${client.userId}/${name}/`;

    // Full sync: median of 3, each collection from an empty token.
    const fullEvents: number[] = [];
    const fullTasks: number[] = [];
    let eventsBytes = 0;
    let tasksBytes = 0;
    let eventsToken = '';
    for (let round = 0; round < 3; round += 1) {
      const events = await report(collection('events'), authorization, syncBody('', true));
      const tasks = await report(collection('tasks'), authorization, syncBody('', true));
      fullEvents.push(events.ms);
      fullTasks.push(tasks.ms);
      eventsBytes = Buffer.byteLength(events.text);
      tasksBytes = Buffer.byteLength(tasks.text);
      eventsToken = tokenOf(events.text);
      if (events.status !== 207 || membersOf(events.text) !== EVENTS)
        problems.push(`${engine}: full sync of events: ${events.status}, ${membersOf(events.text)} members`);
      if (tasks.status !== 207 || membersOf(tasks.text) !== TODOS)
        problems.push(`${engine}: full sync of tasks: ${tasks.status}, ${membersOf(tasks.text)} members`);
      if ((events.text.match(/BEGIN:VEVENT/g) ?? []).length < EVENTS)
        problems.push(`${engine}: full sync of events without every VEVENT`);
      if ((tasks.text.match(/BEGIN:VTODO/g) ?? []).length !== TODOS)
        problems.push(`${engine}: full sync of tasks without every VTODO`);
    }

    // No change: the current token, sequentially, then under load.
    const single: number[] = [];
    for (let n = 0; n < 200; n += 1) {
      const answer = await report(collection('events'), authorization, syncBody(eventsToken, false));
      single.push(answer.ms);
      if (answer.status !== 207 || membersOf(answer.text) !== 0)
        problems.push(`${engine}: no-change sync: ${answer.status}, ${membersOf(answer.text)} members`);
    }
    single.sort((a, b) => a - b);
    // Under load: 10 clients, each sending the next request when its answer is in (autocannon
    // does not send REPORT).
    const loadedMs: number[] = [];
    const until = performance.now() + seconds * 1000;
    const loadStarted = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() < until) {
          const answer = await report(collection('events'), authorization, syncBody(eventsToken, false));
          loadedMs.push(answer.ms);
          if (answer.status !== 207) problems.push(`${engine}: no-change sync under load: ${answer.status}`);
        }
      }),
    );
    loadedMs.sort((a, b) => a - b);
    const loaded = {
      reqPerSec: Math.round(loadedMs.length / ((performance.now() - loadStarted) / 1000)),
      p99: percentile(loadedMs, 99),
    };
    return {
      engine,
      noChangeP50: round1(percentile(single, 50)),
      noChangeP99: round1(percentile(single, 99)),
      noChangeReqPerSec: loaded.reqPerSec,
      noChangeLoadedP99: round1(loaded.p99),
      fullEventsMs: Math.round(median(fullEvents)),
      fullTasksMs: Math.round(median(fullTasks)),
      eventsKb: Math.round(eventsBytes / 1024),
      tasksKb: Math.round(tasksBytes / 1024),
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
  `CalDAV sync (D43): ${EVENTS} events and ${TODOS} to-dos; no change = sync-collection with the current token (200 single requests; 10 clients for ${seconds} s); full = one sync-collection per collection with calendar-data, median of 3 (${cores} cores)`,
  figures.map((f) => ({
    engine: f.engine,
    'no change p50 (ms)': f.noChangeP50,
    'no change p99 (ms)': f.noChangeP99,
    'no change req/s (10 conn.)': f.noChangeReqPerSec,
    'no change p99 at 10 conn. (ms)': f.noChangeLoadedP99,
    'full sync events (ms)': f.fullEventsMs,
    'full sync tasks (ms)': f.fullTasksMs,
    'full sync (ms)': f.fullEventsMs + f.fullTasksMs,
    'answers (KB)': `${f.eventsKb} + ${f.tasksKb}`,
    [`goal: no change < ${GOAL_NO_CHANGE_MS} ms`]:
      f.engine === 'SQLite' ? metOrMissed(f.noChangeP50 < GOAL_NO_CHANGE_MS) : '-',
    [`goal: full < ${GOAL_FULL_MS} ms`]:
      f.engine === 'SQLite' ? metOrMissed(f.fullEventsMs + f.fullTasksMs < GOAL_FULL_MS) : '-',
  })),
);
reportProblems('CalDAV answers', problems);
printWholeRun(started);
