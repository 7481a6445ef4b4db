/**
 * CalDAV at D41's import limit: a user holding 20,000 imported events (real-length descriptions,
 * some series) is read whole as DAVx5 and iOS read it — PROPFIND depth 1, calendar-query,
 * calendar-multiget, a full sync-collection — and through the secret feed, each answer streamed
 * while /api/health is polled every 50 ms: no block of the event loop over 50 ms, health within
 * 200 ms, memory growth under 100 MB, a full sync within 5 s. Large but well-formed request bodies
 * are refused as they are read (403 number-of-matches-within-limits), within a second and as
 * boundedly. Requests are made by curl, in a process of its own; one that misses a bound is made
 * again, up to three times, and judged on its best attempt (see `bounded`).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CALENDAR_IMPORT_MAX_BYTES, type CalendarFeed, type CalendarImportResult } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Measured, measuredBeside } from '../../test/bounded';
import { buildAppPassword, buildUserInZone, ok, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { FEED_EVENTS_MAX } from '../calendar/feed';
import { DAV_RESOURCE_MAX_BYTES } from './properties';
import { MULTIGET_HREFS_MAX } from './reports';
import { XML_ELEMENTS_MAX } from './xml';

const t = useTestApp();
const run = promisify(execFile);
const EVENTS = 20_000;
let base = '';
let scratch = '';
/** The measured figures, printed after the last test so that CI's log shows them. */
const figures: string[] = [];

interface Account {
  user: TestUser;
  authorization: string;
  events: string;
}
/** The user at the import limit, and a small one whose requests warm the code up. */
let large: Account;
let small: Account;

/**
 * A Google-style export of `count` events in Europe/Paris, ten a day from 2024, each with a
 * description as long as a meeting invitation's and a location: a twentieth weekly for ten weeks
 * (every fifth of those missing a week), a fifth with an alarm.
 */
function googleExport(count: number): string {
  // About as long as D41's 10 MB file leaves room for, 20,000 times over.
  const description =
    'Agenda: numbers\\, plans and questions.\\nJoin: https://meet.example.com/abc-defg-hij\\n' +
    'Notes from last time are in the shared folder\\; please read them first.';
  const stamp = (at: number) => new Date(at).toISOString().slice(0, 10).replace(/-/g, '');
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const day = Date.UTC(2024, 0, 1) + Math.floor(i / 10) * 86_400_000;
    const hour = String(8 + (i % 10)).padStart(2, '0');
    const series = i % 20 === 0;
    lines.push(
      'BEGIN:VEVENT',
      `UID:real-${i}@google.com`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART;TZID=Europe/Paris:${stamp(day)}T${hour}0000`,
      `DTEND;TZID=Europe/Paris:${stamp(day)}T${hour}4500`,
      ...(series ? ['RRULE:FREQ=WEEKLY;COUNT=10'] : []),
      ...(series && i % 100 === 0
        ? [`EXDATE;TZID=Europe/Paris:${stamp(day + 14 * 86_400_000)}T${hour}0000`]
        : []),
      `SUMMARY:Meeting number ${i} with the team about the quarterly plan`,
      `DESCRIPTION:${description}`,
      'LOCATION:Room 4\\; second floor',
      'SEQUENCE:0',
      'STATUS:CONFIRMED',
      ...(i % 5 === 0 ? ['BEGIN:VALARM', 'ACTION:DISPLAY', 'TRIGGER:-PT10M', 'END:VALARM'] : []),
      'END:VEVENT',
    );
  }
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    ...lines,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function importInto(user: TestUser, content: string): Promise<CalendarImportResult> {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'text/calendar' }), 'calendar.ics');
  const response = await fetch(`${base}/api/calender/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const body = (await response.json()) as CalendarImportResult;
  expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(201);
  return body;
}

async function account(count: number): Promise<Account> {
  const user = await buildUserInZone(t, 'Europe/Paris');
  const file = googleExport(count);
  expect(Buffer.byteLength(file)).toBeLessThanOrEqual(CALENDAR_IMPORT_MAX_BYTES);
  if (count === EVENTS)
    figures.push(`the imported file: ${(Buffer.byteLength(file) / 2 ** 20).toFixed(1)} MB`);
  expect(await importInto(user, file)).toMatchObject({ imported: count, skippedCount: 0 });
  const { basic: authorization } = await buildAppPassword(t, user);
  return { user, authorization, events: `/dav/calendars/${user.id}/events/` };
}

interface Answer {
  status: number;
  headers: string;
  firstByteMs: number;
  totalMs: number;
  /** Where the answer's body was written; `body` holds it once the request is measured. */
  file: string;
  body: string;
}

let requests = 0;

/**
 * A request as a calendar app makes it (curl, in a process of its own): its body written to a file
 * first and its answer read from one after, so that neither the megabytes sent nor those received
 * are counted as the server's work on the event loop or its memory. Answers the request to run.
 */
async function davRequest(
  who: Account | undefined,
  method: string,
  url: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<() => Promise<Answer>> {
  requests += 1;
  const sent = path.join(scratch, `request-${requests}.xml`);
  const received = path.join(scratch, `answer-${requests}`);
  if (body !== undefined) await writeFile(sent, body);
  const headerArgs = Object.entries({
    ...(who ? { authorization: who.authorization } : {}),
    ...(body !== undefined ? { 'content-type': 'application/xml; charset=utf-8' } : {}),
    // Sent whole at once, as clients send a body this size, not after a 100 Continue.
    expect: '',
    ...headers,
  }).flatMap(([name, value]) => ['-H', `${name}:${value === '' ? '' : ` ${value}`}`]);
  return async () => {
    const { stdout } = await run('curl', [
      '-sS',
      '-X',
      method,
      ...headerArgs,
      ...(body !== undefined ? ['--data-binary', `@${sent}`] : []),
      '-D',
      '-',
      '-o',
      received,
      '-w',
      '%{http_code} %{time_starttransfer} %{time_total}',
      `${base}${url}`,
    ]);
    const cut = stdout.lastIndexOf('\r\n\r\n');
    const [status, firstByte, total] = stdout
      .slice(cut + 4)
      .split(' ')
      .map(Number);
    return {
      status: status!,
      headers: stdout.slice(0, cut).toLowerCase(),
      firstByteMs: firstByte! * 1000,
      totalMs: total! * 1000,
      file: received,
      body: '',
    };
  };
}

/** Runs the request while the server is measured; its answer's body is read after. */
async function measuredRequest(request: () => Promise<Answer>): Promise<Measured<Answer>> {
  const measured = await measuredBeside(base, request);
  measured.result.body = await readFile(measured.result.file, 'utf8');
  return measured;
}

/** D41's bounds: no block over 50 ms, health within 200 ms, memory under 100 MB, and a time if given. */
const bounds = (withinMs = Infinity) => ({
  loopMaxMs: 50,
  healthMaxMs: 200,
  memoryGrowthMb: 100,
  ms: withinMs,
});

/**
 * The request made and measured (`check` asserting on its answer), again when it misses a bound,
 * at most three times; every attempt's figures printed, the bounds asserted on the best attempt.
 * On a machine shared with other work the process is now and then not run, or paused by a garbage
 * collection, for longer than 50 ms whatever it does; a block of the server's own is in every
 * attempt.
 */
async function bounded(
  name: string,
  request: () => Promise<() => Promise<Answer>>,
  check: (answer: Answer) => void,
  withinMs?: number,
): Promise<void> {
  const limits = bounds(withinMs);
  const misses = (run: Measured<Answer>) =>
    (Object.keys(limits) as Array<keyof typeof limits>).filter((key) => run[key] >= limits[key]);
  let best: Measured<Answer> | undefined;
  for (let attempt = 1; attempt <= 3 && (!best || misses(best).length > 0); attempt += 1) {
    const run = await measuredRequest(await request());
    check(run.result);
    const { firstByteMs, totalMs } = run.result;
    figures.push(
      `${name}${attempt > 1 ? ` (attempt ${attempt})` : ''}: ${run.ms.toFixed(0)} ms ` +
        `(first byte ${firstByteMs.toFixed(0)} ms, last ${totalMs.toFixed(0)} ms), ` +
        `event loop max ${run.loopMaxMs.toFixed(0)} ms (longest GC ${run.gcMaxMs.toFixed(0)} ms), ` +
        `health max ${run.healthMaxMs.toFixed(0)} ms over ${run.healthPolls} polls, ` +
        `memory +${run.memoryGrowthMb.toFixed(0)} MB`,
    );
    const [now, before] = [misses(run).length, best ? misses(best).length : Infinity];
    if (now < before || (now === before && run.loopMaxMs < best!.loopMaxMs)) best = run;
  }
  expect(best!.loopMaxMs, `${name}: the event loop's longest block`).toBeLessThan(limits.loopMaxMs);
  expect(best!.healthMaxMs, `${name}: /api/health`).toBeLessThan(limits.healthMaxMs);
  expect(best!.memoryGrowthMb, `${name}: memory growth`).toBeLessThan(limits.memoryGrowthMb);
  expect(best!.ms, `${name}: end to end`).toBeLessThan(limits.ms);
}

/** Sent as it is written, not whole at the end. */
function expectStreamed(answer: { headers: string }): void {
  expect(answer.headers).toContain('transfer-encoding: chunked');
  expect(answer.headers).not.toContain('content-length');
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const memberHrefs = (body: string) => [...body.matchAll(/<d:href>([^<]+\.ics)<\/d:href>/g)].map((m) => m[1]!);

const xml = (...parts: string[]) => `<?xml version="1.0" encoding="utf-8"?>\n${parts.join('')}`;
const namespaces = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"';
const withData = '<d:prop><d:getetag/><c:calendar-data/></d:prop>';
const propfindData = xml(`<d:propfind ${namespaces}>${withData}</d:propfind>`);
const queryAll = xml(
  `<c:calendar-query ${namespaces}>${withData}`,
  '<c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>',
  '</c:calendar-query>',
);
const multiget = (hrefs: string[]) =>
  xml(
    `<c:calendar-multiget ${namespaces}>${withData}`,
    hrefs.map((href) => `<d:href>${href}</d:href>`).join(''),
    '</c:calendar-multiget>',
  );
const fullSync = xml(
  `<d:sync-collection ${namespaces}><d:sync-token/><d:sync-level>1</d:sync-level>${withData}</d:sync-collection>`,
);

/** The large user's members, in the order PROPFIND gave them. */
let hrefs: string[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'cadence-dav-bounded-'));
  large = await account(EVENTS);
  // As on a server up a while: each request below has run once, so that the figures are not the
  // code's first compilation.
  small = await account(60);
  const warm = (method: string, body: string, headers: Record<string, string> = {}) =>
    measuredRequest(async () => {
      const answer = await (await davRequest(small, method, small.events, body, headers))();
      expect(answer.status).toBe(207);
      return answer;
    });
  const some = memberHrefs((await warm('PROPFIND', propfindData, { depth: '1' })).result.body);
  await warm('REPORT', queryAll);
  await warm('REPORT', fullSync);
  expect(some).toHaveLength(60);
  await warm('REPORT', multiget(some));
  const { url } = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', small.user.token, undefined, 201);
  expect((await (await davRequest(undefined, 'GET', new URL(url).pathname))()).status).toBe(200);
}, 180_000);

afterAll(async () => {
  // The measured figures, in the test's output (and CI's log).
  console.log(`D41 CalDAV at ${EVENTS.toLocaleString('en')} events:\n  ${figures.join('\n  ')}`);
  await rm(scratch, { recursive: true, force: true });
});

describe(`a user with ${EVENTS.toLocaleString('en')} imported events, read whole (D41)`, () => {
  it('PROPFIND depth 1 with getetag and calendar-data streams every member', async () => {
    await bounded(
      'PROPFIND depth 1, calendar-data',
      () => davRequest(large, 'PROPFIND', large.events, propfindData, { depth: '1' }),
      ({ status, body, ...answer }) => {
        expect(status).toBe(207);
        expectStreamed(answer);
        hrefs = memberHrefs(body);
        expect(hrefs).toHaveLength(EVENTS);
        expect(new Set(hrefs).size).toBe(EVENTS);
        expect(count(body, /<d:getetag>/g)).toBe(EVENTS);
        expect(count(body, /<cal:calendar-data>/g)).toBe(EVENTS);
        expect(count(body, /BEGIN:VEVENT/g)).toBe(EVENTS);
        expect(body).toContain('SUMMARY:Meeting number 19999 with the team about the quarterly plan');
        expect(body).toContain('EXDATE;TZID=Europe/Paris:');
        expect(body.endsWith('</d:multistatus>')).toBe(true);
      },
    );
  }, 90_000);

  it('a calendar-query of every VEVENT with calendar-data streams every member', async () => {
    await bounded(
      'calendar-query of every VEVENT',
      () => davRequest(large, 'REPORT', large.events, queryAll),
      ({ status, body, ...answer }) => {
        expect(status).toBe(207);
        expectStreamed(answer);
        expect(new Set(memberHrefs(body)).size).toBe(EVENTS);
        expect(count(body, /<cal:calendar-data>/g)).toBe(EVENTS);
      },
    );
  }, 90_000);

  it('a calendar-multiget of 2,000 hrefs answers each', async () => {
    expect(hrefs).toHaveLength(EVENTS);
    // Spread over the collection, as a client asking for what changed would name them.
    const wanted = hrefs.filter((_, index) => index % 10 === 3);
    expect(wanted).toHaveLength(2000);
    await bounded(
      'calendar-multiget of 2,000',
      () => davRequest(large, 'REPORT', large.events, multiget(wanted)),
      ({ status, body, ...answer }) => {
        expect(status).toBe(207);
        expectStreamed(answer);
        expect(memberHrefs(body).sort()).toEqual([...wanted].sort());
        expect(count(body, /<cal:calendar-data>/g)).toBe(2000);
        expect(body).not.toContain('404 Not Found');
      },
    );
  }, 60_000);

  it('the secret feed streams its latest events, as documented', async () => {
    const { url } = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', large.user.token, undefined, 201);
    await bounded(
      `the secret feed (${FEED_EVENTS_MAX.toLocaleString('en')} latest)`,
      () => davRequest(undefined, 'GET', new URL(url).pathname),
      ({ status, body, ...answer }) => {
        expect(status).toBe(200);
        expectStreamed(answer);
        expect(answer.headers).toContain('content-type: text/calendar; charset=utf-8');
        // The feed holds the latest FEED_EVENTS_MAX events (docs/decisions.md), each one VEVENT.
        const uids = [...body.matchAll(/^UID:(.+)\r$/gm)].map((m) => m[1]!);
        expect(count(body, /^BEGIN:VEVENT\r$/gm)).toBe(Math.min(EVENTS, FEED_EVENTS_MAX));
        expect(new Set(uids).size).toBe(Math.min(EVENTS, FEED_EVENTS_MAX));
        expect(uids[0]).toBe(`real-${EVENTS - 1}@google.com`);
      },
    );
  }, 60_000);

  it('a full sync-collection (empty token) with calendar-data streams every member within 5 s', async () => {
    await bounded(
      'sync-collection, full',
      () => davRequest(large, 'REPORT', large.events, fullSync),
      ({ status, body, ...answer }) => {
        expect(status).toBe(207);
        expectStreamed(answer);
        expect(new Set(memberHrefs(body)).size).toBe(EVENTS);
        expect(count(body, /<cal:calendar-data>/g)).toBe(EVENTS);
        expect(body).toMatch(/<d:sync-token>[^<]+<\/d:sync-token><\/d:multistatus>$/);
      },
      5000,
    );
  }, 90_000);
});

describe('large but well-formed request bodies (D41)', () => {
  const refused = (answer: Answer) => {
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('<d:error ');
    expect(answer.body).toContain('<d:number-of-matches-within-limits/>');
  };

  it(`a PROPFIND naming 40,000 properties is refused as it is read, past ${XML_ELEMENTS_MAX.toLocaleString('en')} elements`, async () => {
    const names = Array.from({ length: 40_000 }, (_, i) => `<x:p${i}/>`).join('');
    const body = xml(
      `<d:propfind ${namespaces} xmlns:x="urn:example:props"><d:prop>${names}</d:prop></d:propfind>`,
    );
    expect(Buffer.byteLength(body)).toBeLessThan(DAV_RESOURCE_MAX_BYTES);
    await bounded(
      'PROPFIND of 40,000 properties, refused',
      () => davRequest(large, 'PROPFIND', large.events, body, { depth: '1' }),
      refused,
      1000,
    );
  });

  it('a calendar-multiget naming 15,000 hrefs is refused as it is read', async () => {
    // The server's own form of a name, `<id>.ics`: 15,000 of the UUID names imports give would pass
    // the 1 MB a body may hold, and be refused as too large before any of it is read as XML.
    const names = Array.from({ length: 15_000 }, (_, i) => `${large.events}${i + 1}.ics`);
    const body = multiget(names);
    expect(Buffer.byteLength(body)).toBeLessThan(DAV_RESOURCE_MAX_BYTES);
    await bounded(
      'calendar-multiget of 15,000, refused',
      () => davRequest(large, 'REPORT', large.events, body),
      refused,
      1000,
    );
  });

  it(`a calendar-multiget of ${MULTIGET_HREFS_MAX.toLocaleString('en')} hrefs, the most it takes, is answered`, async () => {
    expect(hrefs).toHaveLength(EVENTS);
    const wanted = hrefs.filter((_, index) => index % 4 === 1);
    expect(wanted).toHaveLength(MULTIGET_HREFS_MAX);
    await bounded(
      `calendar-multiget of ${MULTIGET_HREFS_MAX.toLocaleString('en')}`,
      () => davRequest(large, 'REPORT', large.events, multiget(wanted)),
      ({ status, body, ...answer }) => {
        expect(status).toBe(207);
        expectStreamed(answer);
        expect(new Set(memberHrefs(body)).size).toBe(MULTIGET_HREFS_MAX);
        expect(count(body, /<cal:calendar-data>/g)).toBe(MULTIGET_HREFS_MAX);
      },
    );
  }, 60_000);
});
