/**
 * What D49 promises a CalDAV client, one test per promise, through HTTP against the app listening
 * on a port: sync-collection tells a name reused after a delete once; what the app makes is named
 * `<uuid>.ics`, so a client's `<n>.ics` never meets it; one UID per collection, to-dos included;
 * refusals are DAV error bodies with the precondition and their own reason; `PROPFIND /` leads to
 * `/dav/`; to-dos meet a time range by RFC 4791 §9.9's table; PROPPATCH sets a collection's name
 * and colour; an ETag only for an object stored as sent; an edit in the app leaves every line it
 * does not model as it was; calendar-data keeps the object's CRLF.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type CalendarEvents, messages, type TaskList } from '@cadence/contract';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppPassword,
  buildEvent,
  buildTask,
  buildUserInZone,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();
const run = promisify(execFile);
const script = path.join(import.meta.dirname, '../../../../scripts/caldav-client.py');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'dav-defects-'));
let base = '';

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

// Namespaces written out here, not imported from the server: a wrong one there must fail here.
const DAV = 'DAV:';
const CALDAV = 'urn:ietf:params:xml:ns:caldav';
const APPLE = 'http://apple.com/ns/ical/';
const SABRE = 'http://sabredav.org/ns';

type Collection = 'events' | 'tasks';

interface Me {
  user: TestUser;
  login: { username: string; password: string; basic: string };
  home: string;
  dav: (method: string, path: string, body?: string, headers?: Record<string, string>) => Promise<Response>;
}

async function me(zone = 'Europe/Lisbon'): Promise<Me> {
  const user = await buildUserInZone(t, zone);
  const login = await buildAppPassword(t, user);
  const dav: Me['dav'] = (method, where, body, headers = {}) =>
    fetch(`${base}${where}`, {
      method,
      body,
      headers: { authorization: login.basic, ...headers },
      redirect: 'manual',
    });
  // Signed in once, so that the app password's first use is not counted as a request's write.
  await dav('PROPFIND', '/dav/');
  return { user, login, home: `/dav/calendars/${user.id}`, dav };
}

const calendarType = { 'content-type': 'text/calendar; charset=utf-8' };
const xmlType = { 'content-type': 'application/xml; charset=utf-8' };

/** RFC 5545 §3.1: lines of at most 75 octets, continued after CRLF and one space. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  return [...parts, current].join('\r\n ');
}

/** A VCALENDAR holding these lines, folded, CRLF after each, as a careful client writes it. */
const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...lines, 'END:VCALENDAR']
    .map(fold)
    .join('\r\n') + '\r\n';

const vevent = (uid: string, summary = 'Lunch', extra: string[] = []) =>
  ics(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    'DTSTART:20261204T120000Z',
    'DTEND:20261204T130000Z',
    `SUMMARY:${summary}`,
    ...extra,
    'END:VEVENT',
  );

const vtodo = (uid: string, lines: string[] = ['SUMMARY:Call back']) =>
  ics('BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20261101T000000Z', ...lines, 'END:VTODO');

const objectOf = (collection: Collection, uid: string, summary: string) =>
  collection === 'events' ? vevent(uid, summary) : vtodo(uid, [`SUMMARY:${summary}`]);

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A body's bytes as they came: Response.text() would drop a byte order mark. */
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString('utf8');

// ---- Answers read with a real XML parser ---------------------------------------------------

interface XmlNode {
  ns: string;
  name: string;
  text: string;
  children: XmlNode[];
}

/** The document's root; its text as an XML reader gets it (CRLF normalized, character references kept). */
function readXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  parser.on('opentag', (tag) => {
    const node: XmlNode = { ns: tag.uri, name: tag.local, text: '', children: [] };
    if (stack.length === 0) root = node;
    else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  if (!root) throw new Error(`no XML in ${xml}`);
  return root;
}

const childrenOf = (node: XmlNode, ns: string, name: string) =>
  node.children.filter((c) => c.ns === ns && c.name === name);
const childOf = (node: XmlNode, ns: string, name: string) => childrenOf(node, ns, name)[0];
const statusOf = (node: XmlNode | undefined) =>
  node ? Number(/HTTP\/1\.1 (\d{3})/.exec(node.text)?.[1]) : undefined;

interface DavResponse {
  href: string;
  /** A response's own status (a member gone: 404); undefined when it has propstats. */
  status?: number;
  /** Each property by `{ns}name`: its propstat's status and its element. */
  props: Map<string, { status: number; node: XmlNode }>;
}

function multistatusOf(xml: string): { responses: DavResponse[]; syncToken?: string } {
  const root = readXml(xml);
  expect(`{${root.ns}}${root.name}`, xml).toBe(`{${DAV}}multistatus`);
  const responses = childrenOf(root, DAV, 'response').map((response) => {
    const props = new Map<string, { status: number; node: XmlNode }>();
    for (const propstat of childrenOf(response, DAV, 'propstat')) {
      const status = statusOf(childOf(propstat, DAV, 'status'))!;
      for (const node of childOf(propstat, DAV, 'prop')?.children ?? [])
        props.set(`{${node.ns}}${node.name}`, { status, node });
    }
    return {
      href: childOf(response, DAV, 'href')?.text.trim() ?? '',
      status: statusOf(childOf(response, DAV, 'status')),
      props,
    };
  });
  return { responses, syncToken: childOf(root, DAV, 'sync-token')?.text.trim() };
}

const calendarData = (response: DavResponse | undefined) =>
  response?.props.get(`{${CALDAV}}calendar-data`)?.node.text;

/** A DAV error body (RFC 4918 §16): its precondition's element and the `s:message` reason. */
async function davErrorOf(response: Response): Promise<{ condition: XmlNode; message: string }> {
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  const root = readXml(await response.text());
  expect(`{${root.ns}}${root.name}`).toBe(`{${DAV}}error`);
  const condition = root.children.find((c) => c.ns !== SABRE);
  expect(condition).toBeDefined();
  return { condition: condition!, message: childOf(root, SABRE, 'message')?.text ?? '' };
}

async function report(
  who: Me,
  collection: Collection,
  body: string,
): Promise<ReturnType<typeof multistatusOf>> {
  const response = await who.dav('REPORT', `${who.home}/${collection}/`, body, { ...xmlType, depth: '1' });
  const text = await response.text();
  expect(response.status, text).toBe(207);
  return multistatusOf(text);
}

const syncCollection = (token: string) =>
  `<d:sync-collection xmlns:d="DAV:" xmlns:c="${CALDAV}"><d:sync-token>${escape(token)}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>`;

const multiget = (hrefs: string[]) =>
  `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="${CALDAV}"><d:prop><d:getetag/><c:calendar-data/></d:prop>${hrefs.map((href) => `<d:href>${escape(href)}</d:href>`).join('')}</c:calendar-multiget>`;

async function propfind(who: Me, where: string, depth: '0' | '1', props: string): Promise<DavResponse[]> {
  const body = `<d:propfind xmlns:d="DAV:" xmlns:c="${CALDAV}" xmlns:a="${APPLE}"><d:prop>${props}</d:prop></d:propfind>`;
  const response = await who.dav('PROPFIND', where, body, { ...xmlType, depth });
  const text = await response.text();
  expect(response.status, text).toBe(207);
  return multistatusOf(text).responses;
}

/** Physical lines but those of the properties named: what must come back byte for byte. */
const linesBut = (text: string, names: string[]) =>
  text.split('\r\n').filter((line) => !names.includes(/^[^;:]*/.exec(line)![0].toUpperCase()));

const UUID_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.ics$/;

describe('the defects of the report, each one fixed', () => {
  it.each(['events', 'tasks'] as const)(
    'sync-collection tells a name reused after a delete once, as the new object (%s)',
    async (collection) => {
      const who = await me();
      const href = `${who.home}/${collection}/a.ics`;
      expect((await who.dav('PUT', href, objectOf(collection, 'u1', 'First'), calendarType)).status).toBe(
        201,
      );
      const { syncToken } = await report(who, collection, syncCollection(''));
      expect(syncToken).toMatch(/^http/);
      expect((await who.dav('DELETE', href)).status).toBe(204);
      expect((await who.dav('PUT', href, objectOf(collection, 'u2', 'Second'), calendarType)).status).toBe(
        201,
      );

      const { responses } = await report(who, collection, syncCollection(syncToken!));
      const told = responses.filter((response) => response.href === href);
      expect(told, JSON.stringify(responses.map((r) => [r.href, r.status]))).toHaveLength(1);
      expect(told[0]!.status).toBeUndefined();
      expect(told[0]!.props.get(`{${DAV}}getetag`)?.status).toBe(200);
      expect(calendarData(told[0])).toContain('UID:u2');
    },
  );

  it.each(['events', 'tasks'] as const)(
    'names what the app makes <uuid>.ics, so a client’s <n>.ics never meets it (%s)',
    async (collection) => {
      const who = await me();
      const make = async (title: string) =>
        collection === 'events'
          ? (await buildEvent(t, who.user, { title }))._id
          : (await buildTask(t, who.user, { title }))._id;
      const before = [await make('App 1'), await make('App 2'), await make('App 3')];
      // python-caldav names an object by its UID: a UID that is the id the app's next object gets.
      // The client's PUT takes the next id itself, so the app's one after is last + 2.
      const next = Number(before[2]) + 2;
      const clientHref = `${who.home}/${collection}/${next}.ics`;
      const client = objectOf(collection, String(next), 'From the client');
      expect((await who.dav('PUT', clientHref, client, calendarType)).status).toBe(201);
      const after = [await make('App 4'), await make('App 5'), await make('App 6')];
      // The collision this test guards against is really set up: an app object with that id.
      expect(after).toContain(String(next));

      const members = (await propfind(who, `${who.home}/${collection}/`, '1', '<d:getetag/>')).filter(
        (response) => response.href !== `${who.home}/${collection}/`,
      );
      const hrefs = members.map((response) => response.href);
      expect(new Set(hrefs).size, hrefs.join('\n')).toBe(hrefs.length);
      expect(hrefs).toHaveLength(7);
      expect(hrefs.filter((href) => href === clientHref)).toHaveLength(1);
      for (const href of hrefs.filter((h) => h !== clientHref))
        expect(href.slice(`${who.home}/${collection}/`.length)).toMatch(UUID_NAME);

      const got = await who.dav('GET', clientHref);
      expect(got.status).toBe(200);
      expect(await bytesOf(got)).toBe(client);
      const { responses } = await report(who, collection, multiget([clientHref]));
      expect(responses.map((r) => r.href)).toEqual([clientHref]);
      expect(calendarData(responses[0])).toContain('SUMMARY:From the client');
    },
  );

  it.each(['tasks', 'events'] as const)(
    'refuses a second object with a UID the collection holds: 409 no-uid-conflict naming the first (%s)',
    async (collection) => {
      const who = await me();
      const first = `${who.home}/${collection}/first.ics`;
      const second = `${who.home}/${collection}/second.ics`;
      expect((await who.dav('PUT', first, objectOf(collection, 'same@x', 'One'), calendarType)).status).toBe(
        201,
      );
      const before = await fingerprint(t.database);
      const response = await who.dav('PUT', second, objectOf(collection, 'same@x', 'Two'), calendarType);
      expect(response.status).toBe(409);
      const { condition, message } = await davErrorOf(response);
      expect([condition.ns, condition.name]).toEqual([CALDAV, 'no-uid-conflict']);
      expect(childrenOf(condition, DAV, 'href').map((href) => href.text)).toEqual([first]);
      expect(message).toBe(messages['dav.uidTaken']);
      expect(await fingerprint(t.database)).toEqual(before);
      expect((await who.dav('GET', second)).status).toBe(404);
    },
  );

  it('refuses a bad object with the precondition and its own reason, and keeps a to-do without SUMMARY', async () => {
    const who = await me();
    const noUidEvent = ics(
      'BEGIN:VEVENT',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261204T090000Z',
      'SUMMARY:No UID',
      'END:VEVENT',
    );
    const noUidTodo = ics('BEGIN:VTODO', 'DTSTAMP:20261101T000000Z', 'SUMMARY:No UID', 'END:VTODO');
    const rscale = vevent('rscale@x', 'Hebrew birthday', ['RRULE:RSCALE=HEBREW;FREQ=YEARLY']);
    const cases: Array<[string, string, string, string]> = [
      ['events/no-uid.ics', noUidEvent, 'valid-calendar-data', messages['dav.noUid']],
      ['tasks/no-uid.ics', noUidTodo, 'valid-calendar-data', messages['dav.noUid']],
      ['events/a-todo.ics', vtodo('todo@x'), 'supported-calendar-component', messages['dav.wrongComponent']],
      [
        'tasks/an-event.ics',
        vevent('ev@x'),
        'supported-calendar-component',
        messages['dav.wrongTodoComponent'],
      ],
      [
        'events/garbage.ics',
        'BEGIN:VCALENDAR\r\nthis is not\r\n',
        'valid-calendar-data',
        messages['dav.notCalendar'],
      ],
      ['tasks/garbage.ics', 'hello', 'valid-calendar-data', messages['dav.notCalendar']],
      ['events/rscale.ics', rscale, 'valid-calendar-data', messages['calendar.skip.calendarScale']],
    ];
    for (const [where, body, precondition, reason] of cases) {
      const before = await fingerprint(t.database);
      const response = await who.dav('PUT', `${who.home}/${where}`, body, calendarType);
      expect(response.status, where).toBe(403);
      const { condition, message } = await davErrorOf(response);
      expect([condition.ns, condition.name], where).toEqual([CALDAV, precondition]);
      expect(message, where).toBe(reason);
      // Neither a UID conflict for a missing UID, nor "more often than daily" for another calendar's rule.
      expect(message, where).not.toBe(messages['dav.uidTaken']);
      expect(message, where).not.toBe(messages['calendar.skip.ruleUnsupported']);
      expect(await fingerprint(t.database), where).toEqual(before);
    }

    const untitled = vtodo('untitled@x', ['STATUS:NEEDS-ACTION']);
    expect((await who.dav('PUT', `${who.home}/tasks/untitled.ics`, untitled, calendarType)).status).toBe(201);
    const list = await ok<TaskList>(t, 'GET', `/api/todos?user=${who.user.id}`, who.user.token);
    expect(list.data.map((task) => task.title)).toEqual(['Untitled']);
  });

  it('leads PROPFIND / to /dav/, so python-caldav finds the calendars from the bare address', async () => {
    const who = await me();
    const response = await who.dav('PROPFIND', '/', undefined, { depth: '0' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', base).pathname).toBe('/dav/');

    const { stdout } = await run(
      '/usr/bin/python3',
      [script, `${base}/`, who.login.username, who.login.password, 'discover'],
      { timeout: 30_000 },
    );
    const calendars = JSON.parse(stdout) as Array<{ url: string; components: string[] }>;
    expect(calendars.map((c) => [c.url.replace(base, ''), c.components])).toEqual([
      [`${who.home}/events/`, ['VEVENT']],
      [`${who.home}/shared/`, ['VEVENT']],
      [`${who.home}/tasks/`, ['VTODO']],
    ]);
  });

  it('finds to-dos in a time range by RFC 4791 §9.9’s table, not by their due day alone', async () => {
    const who = await me();
    // The range is 1 March 00:00Z to 4 March 00:00Z; each to-do's name says where it should fall.
    const todos: Record<string, string[]> = {
      'in-start-due': ['DTSTART:20260301T090000Z', 'DUE:20260305T090000Z'],
      'out-due-after': ['DUE:20260310T090000Z'],
      'in-due': ['DUE:20260302T090000Z'],
      'in-start-duration': ['DTSTART:20260228T090000Z', 'DURATION:P2D'],
      'out-start-duration-before': ['DTSTART:20260220T090000Z', 'DURATION:P1D'],
      'in-start': ['DTSTART:20260302T090000Z'],
      'out-start-after': ['DTSTART:20260305T090000Z'],
      'in-created': ['CREATED:20260302T090000Z'],
      'out-created-after': ['CREATED:20260305T090000Z'],
      'in-completed': ['STATUS:COMPLETED', 'COMPLETED:20260302T090000Z'],
      'out-completed-before': ['STATUS:COMPLETED', 'COMPLETED:20260220T090000Z'],
      'in-created-completed': ['CREATED:20260220T090000Z', 'STATUS:COMPLETED', 'COMPLETED:20260302T090000Z'],
      'in-no-dates': [],
    };
    for (const [name, lines] of Object.entries(todos)) {
      const body = vtodo(`${name}@x`, [`SUMMARY:${name}`, ...lines]);
      expect((await who.dav('PUT', `${who.home}/tasks/${name}.ics`, body, calendarType)).status, name).toBe(
        201,
      );
    }
    const { responses } = await report(
      who,
      'tasks',
      `<c:calendar-query xmlns:d="DAV:" xmlns:c="${CALDAV}"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="20260301T000000Z" end="20260304T000000Z"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
    );
    const found = responses.map((r) => r.href.slice(`${who.home}/tasks/`.length, -'.ics'.length)).sort();
    expect(found).toEqual(
      Object.keys(todos)
        .filter((name) => name.startsWith('in-'))
        .sort(),
    );
  });

  it('lets the user set a collection’s displayname and calendar-color by PROPPATCH, all or nothing', async () => {
    const who = await me();
    const events = `${who.home}/events/`;
    const patch = (props: string) =>
      who.dav(
        'PROPPATCH',
        events,
        `<d:propertyupdate xmlns:d="DAV:" xmlns:a="${APPLE}"><d:set><d:prop>${props}</d:prop></d:set></d:propertyupdate>`,
        xmlType,
      );
    const statuses = async (response: Response) => {
      const text = await response.text();
      expect(response.status, text).toBe(207);
      const { responses } = multistatusOf(text);
      expect(responses.map((r) => r.href)).toEqual([events]);
      return Object.fromEntries([...responses[0]!.props].map(([key, { status }]) => [key, status]));
    };
    const shown = async (reader: Me, where: string) => {
      const [response] = await propfind(reader, where, '0', '<d:displayname/><a:calendar-color/>');
      return [
        response!.props.get(`{${DAV}}displayname`)?.node.text,
        response!.props.get(`{${APPLE}}calendar-color`)?.node.text,
      ];
    };
    const name = `{${DAV}}displayname`;
    const color = `{${APPLE}}calendar-color`;

    expect(
      await statuses(
        await patch('<d:displayname>Work</d:displayname><a:calendar-color>#FF8800FF</a:calendar-color>'),
      ),
    ).toEqual({
      [name]: 200,
      [color]: 200,
    });
    expect(await shown(who, events)).toEqual(['Work', '#FF8800FF']);

    let before = await fingerprint(t.database);
    expect(
      await statuses(
        await patch('<d:displayname>Play</d:displayname><a:calendar-color>blue</a:calendar-color>'),
      ),
    ).toEqual({
      [name]: 424,
      [color]: 403,
    });
    expect(await shown(who, events)).toEqual(['Work', '#FF8800FF']);
    expect(await fingerprint(t.database)).toEqual(before);

    before = await fingerprint(t.database);
    expect(await statuses(await patch('<d:resourcetype><d:collection/></d:resourcetype>'))).toEqual({
      [`{${DAV}}resourcetype`]: 403,
    });
    expect(await fingerprint(t.database)).toEqual(before);

    const other = await me();
    const theirs = `${other.home}/events/`;
    const theirsBefore = await shown(other, theirs);
    before = await fingerprint(t.database);
    const response = await who.dav(
      'PROPPATCH',
      theirs,
      `<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>Mine now</d:displayname></d:prop></d:set></d:propertyupdate>`,
      xmlType,
    );
    expect(response.status).toBe(404);
    expect(await shown(other, theirs)).toEqual(theirsBefore);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('answers an ETag only for an object stored byte for byte, and GET gives back what was stored', async () => {
    const who = await me();
    const exact = vevent('exact@x', 'Café & <friends>');
    const cases: Array<[string, string, string]> = [
      ['lf.ics', vevent('lf@x').replace(/\r\n/g, '\n'), vevent('lf@x')],
      ['bom.ics', `\uFEFF${vevent('bom@x')}`, vevent('bom@x')],
    ];
    for (const [name, sent, stored] of cases) {
      const href = `${who.home}/events/${name}`;
      const put = await who.dav('PUT', href, sent, calendarType);
      expect(put.status, name).toBe(201);
      expect(put.headers.get('etag'), name).toBeNull();
      expect(await bytesOf(await who.dav('GET', href)), name).toBe(stored);
    }
    for (const [collection, text] of [
      ['events', exact],
      ['tasks', vtodo('exact-todo@x', ['SUMMARY:Café & <friends>'])],
    ] as const) {
      const href = `${who.home}/${collection}/exact.ics`;
      const put = await who.dav('PUT', href, text, calendarType);
      expect(put.status, collection).toBe(201);
      const etag = put.headers.get('etag');
      expect(etag, collection).toMatch(/^"[^"]+"$/);
      const [member] = await propfind(who, href, '0', '<d:getetag/>');
      expect(member!.props.get(`{${DAV}}getetag`)?.node.text, collection).toBe(etag);
      const got = await who.dav('GET', href);
      expect(got.headers.get('etag'), collection).toBe(etag);
      expect(await bytesOf(got), collection).toBe(text);
    }
  });

  it('keeps a to-do’s zoned DUE and its COMPLETED instant byte for byte when the app changes its title', async () => {
    const who = await me();
    const text = ics(
      'BEGIN:VTIMEZONE',
      'TZID:America/New_York',
      'BEGIN:STANDARD',
      'DTSTART:20071104T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
      'TZOFFSETFROM:-0400',
      'TZOFFSETTO:-0500',
      'TZNAME:EST',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:20070311T020000',
      'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
      'TZOFFSETFROM:-0500',
      'TZOFFSETTO:-0400',
      'TZNAME:EDT',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VTODO',
      'UID:report@x',
      'DTSTAMP:20261101T101500Z',
      'CREATED:20261020T080000Z',
      'LAST-MODIFIED:20261101T101500Z',
      'SUMMARY:File the report',
      'DUE;TZID=America/New_York:20261210T170000',
      'STATUS:COMPLETED',
      'COMPLETED:20261101T101500Z',
      'PERCENT-COMPLETE:100',
      'END:VTODO',
    );
    const href = `${who.home}/tasks/report.ics`;
    expect((await who.dav('PUT', href, text, calendarType)).status).toBe(201);
    const list = await ok<TaskList>(t, 'GET', `/api/todos?user=${who.user.id}`, who.user.token);
    const task = list.data.find((x) => x.title === 'File the report');
    expect(task?.isCompleted).toBe(true);
    await ok(t, 'PUT', `/api/todos/${task!._id}`, who.user.token, { title: 'File the annual report' });

    const now = await bytesOf(await who.dav('GET', href));
    const lines = now.split('\r\n');
    expect(lines).toContain('DUE;TZID=America/New_York:20261210T170000');
    expect(lines.filter((line) => line.startsWith('COMPLETED'))).toEqual(['COMPLETED:20261101T101500Z']);
    expect(lines).toContain('SUMMARY:File the annual report');
    const stamps = ['SUMMARY', 'DTSTAMP', 'LAST-MODIFIED'];
    expect(linesBut(now, stamps)).toEqual(linesBut(text, stamps));
  });

  it('keeps an event’s people, privacy, X- lines, categories and alarm when the app changes its title', async () => {
    const who = await me();
    const text = ics(
      'BEGIN:VEVENT',
      'UID:concert@x',
      'DTSTAMP:20261120T080000Z',
      'LAST-MODIFIED:20261120T080000Z',
      'DTSTART:20261212T190000Z',
      'DTEND:20261212T213000Z',
      'SUMMARY:Concert',
      'ORGANIZER;CN=Alice Martin:mailto:alice@example.org',
      'ATTENDEE;CN=Alice Martin;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:alice@example.org',
      'ATTENDEE;CN="Chloé Petit, choir";CUTYPE=INDIVIDUAL;PARTSTAT=TENTATIVE;ROLE=OPT-PARTICIPANT;RSVP=TRUE:mailto:chloe@example.org',
      'CLASS:PRIVATE',
      'TRANSP:TRANSPARENT',
      'X-FOO;X-BAR=1:Something only we read',
      'CATEGORIES:Work,Music',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Reminder',
      'TRIGGER:-PT30M',
      'END:VALARM',
      'END:VEVENT',
    );
    const href = `${who.home}/events/concert.ics`;
    expect((await who.dav('PUT', href, text, calendarType)).status).toBe(201);
    const range = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-01T00:00:00.000Z&end=2027-01-01T00:00:00.000Z',
      who.user.token,
    );
    const event = range.data.find((x) => x.title === 'Concert');
    expect(event).toBeDefined();
    await ok(t, 'PUT', `/api/calender/modify-event/${event!._id}`, who.user.token, {
      title: 'Concert at the hall',
    });

    const now = await bytesOf(await who.dav('GET', href));
    expect(now.split('\r\n')).toContain('SUMMARY:Concert at the hall');
    // SEQUENCE counts the organiser's changes, every one of them (D42): the app's edit is one.
    expect(now.split('\r\n')).toContain('SEQUENCE:1');
    const stamps = ['SUMMARY', 'DTSTAMP', 'LAST-MODIFIED', 'SEQUENCE'];
    expect(linesBut(now, stamps)).toEqual(linesBut(text, stamps));
  });

  it('keeps an hourly event as written, shows each of its hours, and keeps its rule through an app edit', async () => {
    const who = await me('Europe/Paris');
    const text = ics(
      'BEGIN:VEVENT',
      'UID:medicine@x',
      'DTSTAMP:20261120T080000Z',
      'DTSTART;TZID=Europe/Paris:20261205T080000',
      'DURATION:PT5M',
      'RRULE:FREQ=HOURLY;INTERVAL=4;BYHOUR=8,12,16,20;COUNT=8',
      'SUMMARY:Medicine',
      'END:VEVENT',
    );
    const href = `${who.home}/events/medicine.ics`;
    const put = await who.dav('PUT', href, text, calendarType);
    expect(put.status, await put.clone().text()).toBe(201);
    expect(put.headers.get('etag')).toBeTruthy();
    const range = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-01T00:00:00.000Z&end=2027-01-01T00:00:00.000Z',
      who.user.token,
    );
    const hours = range.data.filter((x) => x.title === 'Medicine');
    // 08:00, 12:00, 16:00, 20:00 in Paris (UTC+1) on 5 and 6 December: COUNT=8.
    expect(hours.map((x) => x.start)).toEqual(
      ['05T07', '05T11', '05T15', '05T19', '06T07', '06T11', '06T15', '06T19'].map(
        (at) => `2026-12-${at}:00:00.000Z`,
      ),
    );
    expect(hours[0]!.recurrence?.split(';').sort()).toEqual(
      ['FREQ=HOURLY', 'INTERVAL=4', 'BYHOUR=8,12,16,20', 'COUNT=8'].sort(),
    );
    await ok(t, 'PUT', `/api/calender/modify-event/${hours[0]!._id}`, who.user.token, {
      title: 'Medicine, with food',
    });
    const now = await bytesOf(await who.dav('GET', href));
    expect(now.split('\r\n')).toContain('SUMMARY:Medicine\\, with food');
    const stamps = ['SUMMARY', 'DTSTAMP', 'LAST-MODIFIED', 'SEQUENCE'];
    expect(linesBut(now, stamps)).toEqual(linesBut(text, stamps));
  });

  it('answers calendar-data in every REPORT with the object’s CRLF and bytes as they were PUT', async () => {
    const who = await me();
    // A folded line, a character of two octets and the characters XML escapes.
    const long = `DESCRIPTION:${'Répétition générale, salle B & <scène>. '.repeat(4)}`;
    const texts: Record<Collection, string> = {
      events: vevent('crlf@x', 'Répétition', [long]),
      tasks: vtodo('crlf-todo@x', ['SUMMARY:Répétition', long]),
    };
    expect(texts.events).toContain('\r\n ');
    for (const collection of ['events', 'tasks'] as const) {
      const href = `${who.home}/${collection}/crlf.ics`;
      expect((await who.dav('PUT', href, texts[collection], calendarType)).status).toBe(201);
      const component = collection === 'events' ? 'VEVENT' : 'VTODO';
      for (const body of [
        multiget([href]),
        `<c:calendar-query xmlns:d="DAV:" xmlns:c="${CALDAV}"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="${component}"/></c:comp-filter></c:filter></c:calendar-query>`,
        syncCollection(''),
      ]) {
        const { responses } = await report(who, collection, body);
        const data = calendarData(responses.find((r) => r.href === href));
        expect(data, `${collection} ${body.slice(0, 30)}`).toBe(texts[collection]);
      }
    }
  });
});
