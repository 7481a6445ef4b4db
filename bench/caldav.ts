/**
 * CalDAV (D43) as a phone meets it, against the built server. The user's calendar arrives the way
 * a phone sends it: 2,000 events and 1,000 to-dos PUT one object each (`<uid>.ics`, as
 * python-caldav and DAVx5 name them; If-None-Match: *; a few at a time), signed in with an app
 * password over HTTP Basic. The texts are as long as a phone's: a description of a few hundred
 * characters (some not ASCII), a location, an organizer and attendees with CN, PARTSTAT and ROLE,
 * an alarm, categories, CLASS, TRANSP, X- properties, and the VTIMEZONE of Europe/Paris or
 * America/New_York; one event in ten repeats weekly with an EXDATE, one in five of those with a
 * moved occurrence (RECURRENCE-ID) in the same object. To-dos have DUE;TZID, some DTSTART,
 * PRIORITY, CATEGORIES, COMPLETED, RRULE.
 *
 * Then:
 * - full sync: what a new phone does, a sync-collection REPORT per collection with an empty token
 *   asking getetag and calendar-data, 3 rounds (median and max); meanwhile a worker thread (its
 *   own event loop, so reading the answer here does not count) polls `GET /api/health` every
 *   10 ms on its own connection: the health latency a user of the web app meets during a sync,
 *   and from it the server's longest block;
 * - no change: a sync-collection with the current token, as a phone sends every few minutes, 200
 *   times one at a time, then autocannon at 10 connections for BENCH_SECONDS;
 * - a month: a calendar-query REPORT (VEVENT, time-range over December 2026) asking getetag and
 *   calendar-data, as a phone opening its month view, one at a time for BENCH_SECONDS (10 at
 *   least).
 *
 * Every answer is checked: each member once, each with an ETag and its calendar-data (its UID),
 * the month's members exactly those with an occurrence in it, no member in a no-change answer.
 * How many calendar-data are byte for byte what was PUT is a figure, with the lines lost and
 * added. On SQLite and, with DATABASE_URL or BENCH_DATABASE_URL, on PostgreSQL. The run fails on a
 * wrong answer or a failed request, never on a goal.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { DateTime } from 'luxon';
import { call, signUp } from './board-fixtures';
import {
  cores,
  type Engine,
  enginesFor,
  inParallel,
  measure,
  median,
  percentile,
  printTable,
  printWholeRun,
  reportProblems,
  round1,
  seconds,
  startOnEngine,
} from './harness';
import { metOrMissed, rawRequest } from './wire';

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const EVENTS = 2_000;
const TODOS = 1_000;
const WEEKLY_EVERY = 10;
/** Of the weekly events, one in this many has a moved occurrence. */
const MOVED_EVERY = 5;
const WEEKS = 20;
/** A few PUTs at a time keep the setup short; more do not: each costs the server's one thread. */
const PUTS_AT_ONCE = 6;
const FULL_ROUNDS = 3;
const POLL_MS = 10;
const MONTH = { from: '2026-12-01T00:00:00Z', to: '2027-01-01T00:00:00Z', label: 'December 2026' };

const GOAL_FULL_EVENTS_MS = 500;
const GOAL_BLOCK_MS = 50;
const GOAL_HEALTH_MS = 50;
const GOAL_NO_CHANGE_P99_MS = 10;
const GOAL_MONTH_P50_MS = 50;

// autocannon refuses any method outside its own list, and REPORT is what every CalDAV client
// syncs with; the list is a plain array in the pinned version.
(createRequire(import.meta.url)('autocannon/lib/httpMethods.js') as string[]).push('REPORT');

// ---- What a phone sends -------------------------------------------------------------------------

/** The zones' VTIMEZONE blocks, as Apple's and DAVx5's clients write them. */
const zones = {
  'Europe/Paris': [
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Paris',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'DTSTART:19810329T020000',
    'TZNAME:UTC+2',
    'TZOFFSETTO:+0200',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'DTSTART:19961027T030000',
    'TZNAME:UTC+1',
    'TZOFFSETTO:+0100',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
  'America/New_York': [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'LAST-MODIFIED:20240422T053450Z',
    'TZURL:https://www.tzurl.org/zoneinfo-outlook/America/New_York',
    'X-LIC-LOCATION:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZNAME:EDT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZNAME:EST',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
};
type Zone = keyof typeof zones;
const zoneOf = (n: number): Zone => (n % 3 === 2 ? 'America/New_York' : 'Europe/Paris');

const products = [
  '-//Apple Inc.//iPhone OS 18.1//EN',
  '-//Ximian//NONSGML Evolution Calendar//EN',
  'DAVx5/4.4.5-ose ical4j/3.2.19 (at.techbee.jtx)',
];

const sentences = [
  'Ordre du jour : point sur le budget 2027, arbitrages de l’équipe produit et calendrier des livraisons.',
  'Bitte die Unterlagen vorher lesen – die Zahlen für Q4 ändern sich noch; Rückfragen gern an Jürgen.',
  "Agenda: review last week's decisions, open questions on the roadmap, and who owns each follow-up.",
  'Lembrete: trazer o portátil e o carregador; a sala fica no 3.º andar, à direita do elevador.',
  'Dial-in: +1 212 555 0143, PIN 482 913 #; the video link is in the invitation.',
  '会議室が変更になりました。資料は共有フォルダにあります。',
  'Parking on rue de la Roquette is closed — use the Bastille car park (€4/h).',
  'Notes from last time:\n- ship the beta ✅\n- fix the sync on Android 🐛\n- hire a designer',
  'Please bring the signed NDA, and your badge: reception will not print a visitor pass after 9:30.',
];
const locations = [
  'Salle Béranger, 3ᵉ étage, 12 rue de Rivoli, 75004 Paris, France',
  'Conference room 4B, 350 5th Ave, New York, NY 10118, United States',
  'Café Müller, Friedrichstraße 12, 10117 Berlin',
  'https://meet.example.com/abc-defg-hij',
];
const people = [
  ['Zoë Lefèvre', 'zoe.lefevre@example.org'],
  ['Jürgen Weiß', 'juergen.weiss@example.de'],
  ['Łukasz Nowak', 'lukasz.nowak@example.pl'],
  ['Ana Conceição', 'ana.conceicao@example.pt'],
  ["Sam O'Brien", 'sam.obrien@example.com'],
  ['Priya Raman', 'priya.raman@example.in'],
];
const partstats = ['ACCEPTED', 'NEEDS-ACTION', 'TENTATIVE', 'DECLINED'];

/** A TEXT value escaped (RFC 5545 §3.3.11). */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

/** A content line folded at 75 octets, never inside a character (RFC 5545 §3.1). */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let part = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    if (size + bytes > limit) {
      parts.push(part);
      part = '';
      size = 0;
      limit = 74; // the space that starts a continuation counts
    }
    part += char;
    size += bytes;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

const ics = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;
const wall = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");
const description = (n: number, sentencesCount: number) =>
  Array.from({ length: sentencesCount }, (_, k) => sentences[(n + k) % sentences.length]).join('\n\n');

/** Something a phone PUT, and what the bench expects of it. */
interface Sent {
  name: string;
  uid: string;
  text: string;
  /** Each occurrence's [start, end) in UTC milliseconds (events only). */
  occurrences: Array<[number, number]>;
  /** The ETag its PUT answered, if any. */
  putEtag?: string;
}

const STAMP = '20261201T081500Z';

function phoneEvent(n: number, organizer: { name: string; email: string }): Sent {
  const uid = `${(0x1000_0000 + n * 7_919).toString(16).toUpperCase()}-5C1D-4B7E-9A3F-${(0x1000_0000_0000 + n * 104_729).toString(16).toUpperCase()}`;
  const zone = zoneOf(n);
  const start = DateTime.fromObject(
    { year: 2026, month: 6, day: 1, hour: 8 + ((n * 7) % 11), minute: (n % 4) * 15 },
    { zone },
  ).plus({ days: Math.floor((n * 365) / EVENTS) });
  const minutes = [30, 60, 60, 90, 45][n % 5]!;
  const weekly = n % WEEKLY_EVERY === 0;
  const moved = weekly && (n / WEEKLY_EVERY) % MOVED_EVERY === 0;
  const exdate = start.plus({ weeks: 2 });
  const original = start.plus({ weeks: 1 });
  const movedStart = original.plus({ days: 1, hours: 1 });
  const attendees = people.slice(n % 3, (n % 3) + 2 + (n % 4));
  const common = (at: DateTime) => [
    `DTSTART;TZID=${zone}:${wall(at)}`,
    `DTEND;TZID=${zone}:${wall(at.plus({ minutes }))}`,
    `SUMMARY:${text(n % 7 === 0 ? `Revue d’équipe n° ${n}` : `Project sync ${n}`)}`,
    `LOCATION:${text(locations[n % locations.length]!)}`,
    `ORGANIZER;CN="${organizer.name}":mailto:${organizer.email}`,
    `ATTENDEE;CN="${organizer.name}";CUTYPE=INDIVIDUAL;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:${organizer.email}`,
    ...attendees.map(
      ([name, email], k) =>
        `ATTENDEE;CN="${name}";CUTYPE=INDIVIDUAL;EMAIL=${email};PARTSTAT=${partstats[(n + k) % partstats.length]};ROLE=${k === 0 ? 'REQ-PARTICIPANT' : 'OPT-PARTICIPANT'};RSVP=TRUE:mailto:${email}`,
    ),
  ];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${products[n % products.length]}`,
    'CALSCALE:GREGORIAN',
    ...zones[zone],
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${STAMP}`,
    `CREATED:${STAMP}`,
    `LAST-MODIFIED:${STAMP}`,
    'SEQUENCE:0',
    ...common(start),
    `DESCRIPTION:${text(description(n, 3 + (n % 4)))}`,
    ...(weekly ? [`RRULE:FREQ=WEEKLY;COUNT=${WEEKS}`, `EXDATE;TZID=${zone}:${wall(exdate)}`] : []),
    `CATEGORIES:${['Work', 'Réunion', n % 2 === 0 ? 'Client' : 'Internal'].map(text).join(',')}`,
    `CLASS:${n % 9 === 0 ? 'PRIVATE' : 'PUBLIC'}`,
    `TRANSP:${n % 6 === 0 ? 'TRANSPARENT' : 'OPAQUE'}`,
    'STATUS:CONFIRMED',
    'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
    'X-MICROSOFT-CDO-BUSYSTATUS:BUSY',
    `X-MOZ-GENERATION:${1 + (n % 3)}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Reminder',
    `TRIGGER:-PT${[10, 15, 30][n % 3]}M`,
    `UID:${uid}-ALARM`,
    `X-WR-ALARMUID:${uid}-ALARM`,
    'END:VALARM',
    'END:VEVENT',
    ...(moved
      ? [
          'BEGIN:VEVENT',
          `UID:${uid}`,
          `DTSTAMP:${STAMP}`,
          `RECURRENCE-ID;TZID=${zone}:${wall(original)}`,
          'SEQUENCE:1',
          ...common(movedStart),
          `DESCRIPTION:${text(`Moved to the next day. ${description(n + 1, 2)}`)}`,
          'END:VEVENT',
        ]
      : []),
    'END:VCALENDAR',
  ];
  const starts = weekly
    ? Array.from({ length: WEEKS }, (_, k) => start.plus({ weeks: k }))
        .filter((at) => +at !== +exdate)
        .map((at) => (moved && +at === +original ? movedStart : at))
    : [start];
  return {
    name: `${uid}.ics`,
    uid,
    text: ics(lines),
    occurrences: starts.map((at) => [at.toMillis(), at.plus({ minutes }).toMillis()]),
  };
}

function phoneTodo(n: number): Sent {
  const uid = `${(0x2000_0000 + n * 6_151).toString(16)}-8d2e-4c11-b5a0-${(0x2000_0000_0000 + n * 130_363).toString(16)}`;
  const zone = zoneOf(n);
  const due = DateTime.fromObject(
    { year: 2026, month: 11, day: 1, hour: 18 + (n % 4), minute: 0 },
    { zone },
  ).plus({ days: n % 120 });
  const completed = n % 5 === 0;
  const repeat = n % 10 === 3 ? 'FREQ=WEEKLY;INTERVAL=2' : n % 10 === 7 ? 'FREQ=MONTHLY' : undefined;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${n % 2 === 0 ? '+//IDN tasks.org//android-140104//EN' : '-//Apple Inc.//iOS 18.1//EN'}`,
    ...zones[zone],
    'BEGIN:VTODO',
    `DTSTAMP:${STAMP}`,
    `UID:${uid}`,
    `CREATED:${STAMP}`,
    `LAST-MODIFIED:${STAMP}`,
    `SUMMARY:${text(n % 3 === 0 ? `Appeler le garagiste (révision n° ${n})` : `Send the Q4 figures to finance, part ${n}`)}`,
    ...(n % 2 === 0 ? [`DESCRIPTION:${text(description(n, 2 + (n % 3)))}`] : []),
    ...(n % 4 === 1 ? [] : [`PRIORITY:${[1, 5, 9][n % 3]}`]),
    ...(completed
      ? ['STATUS:COMPLETED', `COMPLETED:${STAMP}`, 'PERCENT-COMPLETE:100']
      : ['STATUS:NEEDS-ACTION']),
    ...(n % 3 === 0 ? [`DTSTART;TZID=${zone}:${wall(due.minus({ days: 2 }))}`] : []),
    `DUE;TZID=${zone}:${wall(due)}`,
    ...(n % 4 === 0 ? [`CATEGORIES:${['Maison', 'Courses'].map(text).join(',')}`] : []),
    ...(repeat ? [`RRULE:${repeat}`] : []),
    `X-APPLE-SORT-ORDER:${700_000_000 + n}`,
    'END:VTODO',
    'END:VCALENDAR',
  ];
  return { name: `${uid}.ics`, uid, text: ics(lines), occurrences: [] };
}

// ---- What the server answers --------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: PUTS_AT_ONCE });

interface Answer {
  status: number;
  text: string;
  ms: number;
  etag: string | undefined;
}

async function ask(
  url: string,
  method: string,
  authorization: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const started = performance.now();
  const answer = await rawRequest(url, { method, agent, body, headers: { authorization, ...headers } });
  return {
    status: answer.status,
    text: answer.body.toString('utf8'),
    ms: performance.now() - started,
    etag: answer.headers.etag,
  };
}

const XML = { 'content-type': 'application/xml; charset=utf-8', depth: '1' };
const syncBody = (token: string, data: boolean) =>
  `<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/>${data ? '<c:calendar-data/>' : ''}</d:prop></d:sync-collection>`;
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
const monthBody = `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"><c:time-range start="${stamp(MONTH.from)}" end="${stamp(MONTH.to)}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

/** An element's contents, whatever prefix the server gives its namespace. */
const elements = (name: string) =>
  new RegExp(`<(?:[\\w.-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w.-]+:)?${name}>`, 'g');
const responses = elements('response');
const first = (name: string, within: string) => elements(name).exec(within)?.[1];

/** XML text as the client reads it: CDATA as it is, entities replaced; nothing else touched. */
function unescapeXml(value: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*)\]\]>\s*$/.exec(value);
  if (cdata) return cdata[1]!;
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, '&');
}

interface Member {
  name: string;
  etag: string;
  data: string;
}

function membersOf(text: string): Member[] {
  return [...text.matchAll(responses)].map(([, inside]) => ({
    name: decodeURIComponent((first('href', inside!) ?? '').trim().split('/').pop() ?? ''),
    etag: unescapeXml(first('getetag', inside!) ?? '').trim(),
    data: unescapeXml(first('calendar-data', inside!) ?? ''),
  }));
}

const tokenOf = (text: string) => [...text.matchAll(elements('sync-token'))].pop()?.[1]?.trim() ?? '';

/** Lines unfolded. */
const unfolded = (value: string) => value.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
/** A line's property name; BEGIN and END with their component. */
const lineName = (line: string) => (/^(BEGIN|END):/i.test(line) ? line : (/^[^;:]+/.exec(line)?.[0] ?? line));

/** How the calendar-data read back compares with what was PUT. */
interface AsSent {
  identical: number;
  /**
   * Objects whose PUT answered an ETag yet read back otherwise: a client keeps its own text as
   * the server's (RFC 4791 §5.3.4: no strong ETag when the server stores other bytes).
   */
  etagButChanged: number;
  /** Objects whose PUT's ETag is the one read back. */
  sameEtag: number;
  /** Objects with a line of this name PUT and not read back as it was. */
  lost: Map<string, number>;
  /** Objects read back with a line of this name that was not PUT. */
  added: Map<string, number>;
}

function compare(members: Member[], sent: Map<string, Sent>): AsSent {
  const result: AsSent = { identical: 0, etagButChanged: 0, sameEtag: 0, lost: new Map(), added: new Map() };
  const count = (into: Map<string, number>, names: Set<string>) => {
    for (const name of names) into.set(name, (into.get(name) ?? 0) + 1);
  };
  for (const member of members) {
    const object = sent.get(member.name);
    if (!object) continue;
    if (object.putEtag === member.etag) result.sameEtag += 1;
    if (object.putEtag && member.data !== object.text) result.etagButChanged += 1;
    if (member.data === object.text) {
      result.identical += 1;
      continue;
    }
    const put = new Set(unfolded(object.text));
    const read = new Set(unfolded(member.data));
    count(result.lost, new Set([...put].filter((line) => !read.has(line)).map(lineName)));
    count(result.added, new Set([...read].filter((line) => line && !put.has(line)).map(lineName)));
  }
  return result;
}

const top = (counts: Map<string, number>, limit = 12) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, n]) => `${name} (${n})`)
    .join(', ') || 'none';

/** Problems with a multistatus that should hold exactly `expected` (by resource name). */
function checkMembers(label: string, answer: Answer, expected: Map<string, Sent>, problems: string[]) {
  if (answer.status !== 207) {
    problems.push(`${label}: ${answer.status} ${answer.text.slice(0, 200)}`);
    return [];
  }
  const members = membersOf(answer.text);
  const seen = new Set<string>();
  for (const member of members) {
    const object = expected.get(member.name);
    if (!object) problems.push(`${label}: ${member.name} was not expected`);
    else if (seen.has(member.name)) problems.push(`${label}: ${member.name} twice`);
    else if (!member.etag) problems.push(`${label}: ${member.name} without an ETag`);
    else if (!/^BEGIN:VCALENDAR\r?\n/.test(member.data))
      problems.push(`${label}: ${member.name} without its calendar-data`);
    else if (!unfolded(member.data).includes(`UID:${object.uid}`))
      problems.push(`${label}: ${member.name}'s calendar-data is not the object's (no UID:${object.uid})`);
    seen.add(member.name);
  }
  if (seen.size !== expected.size)
    problems.push(`${label}: ${seen.size} of ${expected.size} members (${members.length} answered)`);
  return members;
}

// ---- Health during a full sync ------------------------------------------------------------------

/**
 * Polls `url` from a worker thread every `POLL_MS`, one request at a time on one kept-alive
 * connection, until told to stop; answers [sent, latency] for each, on the shared clock
 * (performance.timeOrigin + now).
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const clock = () => performance.timeOrigin + performance.now();
let polling = true;
parentPort.on('message', () => { polling = false; });
const get = () => new Promise((resolve, reject) => {
  http.get(workerData.url, { agent }, (response) => {
    response.resume();
    response.on('end', () => resolve(response.statusCode));
  }).on('error', reject);
});
(async () => {
  const samples = [];
  while (polling) {
    const sent = clock();
    const status = await get();
    samples.push([sent, clock() - sent, status]);
    const wait = ${POLL_MS} - (clock() - sent);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  agent.destroy();
  parentPort.postMessage(samples);
})();
`;

type Sample = [sent: number, ms: number, status: number];

function startPolling(url: string): () => Promise<Sample[]> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url } });
  const done = new Promise<Sample[]>((resolve, reject) => {
    worker.once('message', (samples: Sample[]) => void worker.terminate().then(() => resolve(samples)));
    worker.once('error', reject);
  });
  return () => {
    worker.postMessage('stop');
    return done;
  };
}

const clock = () => performance.timeOrigin + performance.now();

// ---- One engine ---------------------------------------------------------------------------------

interface Figures {
  engine: Engine;
  setupEventsS: number;
  setupTasksS: number;
  fullEvents: number[];
  fullTasks: number[];
  eventsKb: number;
  tasksKb: number;
  healthIdleP50: number;
  healthMax: number;
  healthP99: number;
  healthSamples: number;
  noChangeP50: number;
  noChangeP99: number;
  loaded: { reqPerSec: number; p50: number; p99: number };
  monthP50: number;
  monthP99: number;
  monthMembers: number;
  monthKb: number;
  events: AsSent;
  tasks: AsSent;
}

async function runOn(engine: Engine, problems: string[]): Promise<Figures> {
  const running = await startOnEngine(engine, 'cadence_bench_caldav', postgresUrl);
  try {
    const url = running.server.url;
    const client = await signUp(url);
    const secret = await call<{ username: string; password: string }>(
      client,
      'POST',
      '/account/app-passwords',
      { name: 'Bench phone' },
    );
    const authorization = `Basic ${Buffer.from(`${secret.username}:${secret.password}`).toString('base64')}`;
    const collection = (name: string) => `${url}/dav/calendars/${client.userId}/${name}/`;
    const organizer = { name: secret.username, email: `${secret.username}@example.com` };
    const events = new Map<string, Sent>();
    for (let n = 0; n < EVENTS; n += 1) {
      const event = phoneEvent(n, organizer);
      events.set(event.name, event);
    }
    const tasks = new Map<string, Sent>();
    for (let n = 0; n < TODOS; n += 1) {
      const task = phoneTodo(n);
      tasks.set(task.name, task);
    }

    // Setup: every object PUT as a phone uploads a calendar it already had.
    const setupStarted = performance.now();
    const put = (name: string) => async (object: Sent) => {
      const answer = await ask(
        `${collection(name)}${encodeURIComponent(object.name)}`,
        'PUT',
        authorization,
        object.text,
        {
          'content-type': 'text/calendar; charset=utf-8',
          'if-none-match': '*',
        },
      );
      if (answer.status !== 201)
        problems.push(`${engine}: PUT ${name}/${object.name}: ${answer.status} ${answer.text.slice(0, 200)}`);
      object.putEtag = answer.etag;
    };
    await inParallel([...events.values()], PUTS_AT_ONCE, put('events'));
    const setupEventsS = (performance.now() - setupStarted) / 1000;
    await inParallel([...tasks.values()], PUTS_AT_ONCE, put('tasks'));
    const setupTasksS = (performance.now() - setupStarted) / 1000 - setupEventsS;
    const kb = (objects: Map<string, Sent>) =>
      Math.round([...objects.values()].reduce((sum, o) => sum + Buffer.byteLength(o.text), 0) / 1024);
    console.log(
      `${engine}: ${EVENTS} events (${kb(events)} KB) and ${TODOS} to-dos (${kb(tasks)} KB) PUT over CalDAV, ${PUTS_AT_ONCE} at a time, in ${(setupEventsS + setupTasksS).toFixed(1)} s`,
    );

    // The health latency with the server idle, which a block adds to.
    const stopIdle = startPolling(`${url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = (await stopIdle()).map(([, ms]) => ms).sort((a, b) => a - b);

    // Full sync, with the health polled throughout; answers are read once polling has stopped.
    const windows: Array<[number, number]> = [];
    const fullAnswers: Array<{ events: Answer; tasks: Answer }> = [];
    const stopPolling = startPolling(`${url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 3 * POLL_MS));
    for (let round = 0; round < FULL_ROUNDS; round += 1) {
      const syncStarted = clock();
      const eventsAnswer = await ask(collection('events'), 'REPORT', authorization, syncBody('', true), XML);
      const tasksAnswer = await ask(collection('tasks'), 'REPORT', authorization, syncBody('', true), XML);
      windows.push([syncStarted, clock()]);
      fullAnswers.push({ events: eventsAnswer, tasks: tasksAnswer });
    }
    const samples = await stopPolling();
    const during = samples.filter(([sent, ms]) =>
      windows.some(([from, to]) => sent < to && sent + ms > from),
    );
    for (const [, , status] of samples)
      if (status !== 200) problems.push(`${engine}: GET /api/health during a full sync: ${status}`);
    const health = during.map(([, ms]) => ms).sort((a, b) => a - b);

    let eventsToken = '';
    let eventsMembers: Member[] = [];
    let tasksMembers: Member[] = [];
    for (const [round, answer] of fullAnswers.entries()) {
      eventsMembers = checkMembers(
        `${engine}: full sync of events, round ${round + 1}`,
        answer.events,
        events,
        problems,
      );
      tasksMembers = checkMembers(
        `${engine}: full sync of tasks, round ${round + 1}`,
        answer.tasks,
        tasks,
        problems,
      );
      eventsToken = tokenOf(answer.events.text);
      if (!eventsToken) problems.push(`${engine}: full sync of events without a sync token`);
    }
    const last = fullAnswers[fullAnswers.length - 1]!;

    // No change: the current token, one at a time, then 10 phones at once.
    const single: number[] = [];
    for (let n = 0; n < 200; n += 1) {
      const answer = await ask(
        collection('events'),
        'REPORT',
        authorization,
        syncBody(eventsToken, false),
        XML,
      );
      single.push(answer.ms);
      const members = answer.status === 207 ? membersOf(answer.text).length : -1;
      if (members !== 0 || tokenOf(answer.text) !== eventsToken)
        problems.push(
          `${engine}: no-change sync: ${answer.status}, ${members} members, token ${tokenOf(answer.text)}`,
        );
    }
    single.sort((a, b) => a - b);
    const loaded = await measure({
      url: collection('events'),
      connections: 10,
      // The list pushed above lets autocannon send it; its types know only their own list.
      method: 'REPORT' as string as 'GET',
      headers: { authorization, ...XML },
      body: syncBody(eventsToken, false),
    });

    // A month, as a phone opening its month view asks it.
    const expectedMonth = new Map(
      [...events].filter(([, event]) =>
        event.occurrences.some(
          ([start, end]) => start < Date.parse(MONTH.to) && end > Date.parse(MONTH.from),
        ),
      ),
    );
    const month: number[] = [];
    let monthAnswer: Answer | undefined;
    const monthUntil = performance.now() + seconds * 1000;
    while (month.length < 10 || performance.now() < monthUntil) {
      monthAnswer = await ask(collection('events'), 'REPORT', authorization, monthBody, XML);
      month.push(monthAnswer.ms);
    }
    month.sort((a, b) => a - b);
    const monthMembers = checkMembers(
      `${engine}: calendar-query, ${MONTH.label}`,
      monthAnswer!,
      expectedMonth,
      problems,
    );

    const fullEvents = fullAnswers.map((a) => a.events.ms);
    const fullTasks = fullAnswers.map((a) => a.tasks.ms);
    return {
      engine,
      setupEventsS,
      setupTasksS,
      fullEvents,
      fullTasks,
      eventsKb: Math.round(Buffer.byteLength(last.events.text) / 1024),
      tasksKb: Math.round(Buffer.byteLength(last.tasks.text) / 1024),
      healthIdleP50: percentile(idle, 50),
      healthMax: health[health.length - 1] ?? Number.NaN,
      healthP99: percentile(health, 99),
      healthSamples: health.length,
      noChangeP50: percentile(single, 50),
      noChangeP99: percentile(single, 99),
      loaded: { reqPerSec: loaded.reqPerSec, p50: loaded.p50, p99: loaded.p99 },
      monthP50: percentile(month, 50),
      monthP99: percentile(month, 99),
      monthMembers: monthMembers.length,
      monthKb: Math.round(Buffer.byteLength(monthAnswer!.text) / 1024),
      events: compare(eventsMembers, events),
      tasks: compare(tasksMembers, tasks),
    };
  } finally {
    await running.stop();
  }
}

// ---- The run ------------------------------------------------------------------------------------

const started = performance.now();
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const loadBefore = loadAverage();
const problems: string[] = [];
const figures: Figures[] = [];
for (const engine of enginesFor(postgresUrl)) figures.push(await runOn(engine, problems));
agent.destroy();

/** The longest block the poll saw: its longest wait beyond an idle answer's. */
const block = (f: Figures) => f.healthMax - f.healthIdleP50;

const rows: Array<{
  measure: string;
  goal?: string;
  value: (f: Figures) => string | number;
  met?: (f: Figures) => boolean;
}> = [
  {
    measure: 'setup: PUT of events + to-dos (s)',
    value: (f) => `${round1(f.setupEventsS)} + ${round1(f.setupTasksS)}`,
  },
  {
    measure: 'full sync of events, median (ms)',
    goal: `< ${GOAL_FULL_EVENTS_MS}`,
    value: (f) => Math.round(median(f.fullEvents)),
    met: (f) => median(f.fullEvents) < GOAL_FULL_EVENTS_MS,
  },
  { measure: 'full sync of events, max (ms)', value: (f) => Math.round(Math.max(...f.fullEvents)) },
  { measure: 'full sync of tasks, median (ms)', value: (f) => Math.round(median(f.fullTasks)) },
  { measure: 'full sync of tasks, max (ms)', value: (f) => Math.round(Math.max(...f.fullTasks)) },
  { measure: 'full sync answers (KB)', value: (f) => `${f.eventsKb} + ${f.tasksKb}` },
  { measure: 'health idle, p50 (ms)', value: (f) => round1(f.healthIdleP50) },
  { measure: 'health during full syncs, p99 (ms)', value: (f) => round1(f.healthP99) },
  {
    measure: 'health during full syncs, max (ms)',
    goal: `< ${GOAL_HEALTH_MS}`,
    value: (f) => round1(f.healthMax),
    met: (f) => f.healthMax < GOAL_HEALTH_MS,
  },
  {
    measure: 'longest block: max − idle p50 (ms)',
    goal: `< ${GOAL_BLOCK_MS}`,
    value: (f) => round1(block(f)),
    met: (f) => block(f) < GOAL_BLOCK_MS,
  },
  { measure: 'no change alone, p50 (ms)', value: (f) => round1(f.noChangeP50) },
  {
    measure: 'no change alone, p99 (ms)',
    goal: `< ${GOAL_NO_CHANGE_P99_MS}`,
    value: (f) => round1(f.noChangeP99),
    met: (f) => f.noChangeP99 < GOAL_NO_CHANGE_P99_MS,
  },
  { measure: 'no change at 10 conn., req/s', value: (f) => f.loaded.reqPerSec },
  { measure: 'no change at 10 conn., p50 (ms)', value: (f) => f.loaded.p50 },
  {
    measure: 'no change at 10 conn., p99 (ms)',
    goal: `< ${GOAL_NO_CHANGE_P99_MS}`,
    value: (f) => f.loaded.p99,
    met: (f) => f.loaded.p99 < GOAL_NO_CHANGE_P99_MS,
  },
  {
    measure: `month query, p50 (ms)`,
    goal: `< ${GOAL_MONTH_P50_MS}`,
    value: (f) => round1(f.monthP50),
    met: (f) => f.monthP50 < GOAL_MONTH_P50_MS,
  },
  { measure: `month query, p99 (ms)`, value: (f) => round1(f.monthP99) },
  { measure: 'month query: members, KB', value: (f) => `${f.monthMembers}, ${f.monthKb}` },
  { measure: 'calendar-data as PUT: events', value: (f) => `${f.events.identical} of ${EVENTS}` },
  { measure: 'calendar-data as PUT: to-dos', value: (f) => `${f.tasks.identical} of ${TODOS}` },
];

printTable(
  `CalDAV as a phone meets it (D43): ${EVENTS} events and ${TODOS} to-dos PUT as a phone writes them; full sync = sync-collection from an empty token with calendar-data, ${FULL_ROUNDS} rounds, GET /api/health polled every ${POLL_MS} ms meanwhile; no change = the current token, 200 alone, then autocannon at 10 connections for ${seconds} s; month = calendar-query over ${MONTH.label}, alone for ${seconds} s (${cores} cores; load average ${loadBefore} before, ${loadAverage()} after)`,
  rows.map((row) => ({
    measure: row.measure,
    goal: row.goal ?? '',
    ...Object.fromEntries(
      figures.flatMap((f) => [
        [f.engine, row.value(f)],
        [`${f.engine}: goal`, row.met ? metOrMissed(row.met(f)) : ''],
      ]),
    ),
  })),
);
for (const f of figures) {
  console.log(
    `${f.engine}: ${f.healthSamples} health answers during the full syncs; the ETag a PUT answered is the one read back for ${f.events.sameEtag} events and ${f.tasks.sameEtag} to-dos; a PUT answered an ETag and its object reads back otherwise for ${f.events.etagButChanged} events and ${f.tasks.etagButChanged} to-dos.`,
  );
  for (const [what, asSent] of [
    ['events', f.events],
    ['to-dos', f.tasks],
  ] as const) {
    if (asSent.lost.size + asSent.added.size === 0) continue;
    console.log(
      `${f.engine}, ${what} read back: lines PUT and not read back as they were, by objects: ${top(asSent.lost)}`,
    );
    console.log(
      `${f.engine}, ${what} read back: lines read back that were not PUT, by objects: ${top(asSent.added)}`,
    );
  }
}
reportProblems('CalDAV answers', problems);
printWholeRun(started);
