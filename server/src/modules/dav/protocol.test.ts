/**
 * CalDAV's protocol at the edges (D43), through HTTP: a write is a write like any other — told on
 * the user's own live stream, reminded, refused with a DAV error body (the precondition, and the
 * reason in words) and nothing stored when bad;
 * If-None-Match on a taken name and a stale If-Match on DELETE → 412; a UID already in the
 * collection → 409; calendar-query by time range and by a property; multiget of a missing name →
 * its own 404; sync-collection with a token it never gave → 403 valid-sync-token.
 */
import { messages, type TaskList } from '@cadence/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildAppPassword, buildEvent, buildUserInZone, ok, type TestUser } from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';
import { type LiveStream, openLive } from '../../test/live-client';
import { escapeXml } from './xml';

const t = useTestApp();
let base = '';
const streams: LiveStream[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

interface Me {
  user: TestUser;
  dav: (method: string, path: string, body?: string, headers?: Record<string, string>) => Promise<Response>;
  home: string;
}

async function me(): Promise<Me> {
  const user = await buildUserInZone(t, 'Europe/Lisbon');
  const { basic: authorization } = await buildAppPassword(t, user);
  const dav: Me['dav'] = (method, path, body, headers = {}) =>
    fetch(`${base}${path}`, { method, body, headers: { authorization, ...headers } });
  // Signed in once, so that the app password's first use is not counted as a request's write.
  await dav('PROPFIND', '/dav/');
  return { user, home: `/dav/calendars/${user.id}`, dav };
}

const ics = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Elsewhere//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (uid: string, start: string, summary = 'Lunch', extra: string[] = []) =>
  ics(
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART:${start}`,
    `DTEND:${start.replace(/T(\d\d)/, (_, h: string) => `T${String(Number(h) + 1).padStart(2, '0')}`)}`,
    `SUMMARY:${summary}`,
    ...extra,
    'END:VEVENT',
  );
const calendarType = { 'content-type': 'text/calendar; charset=utf-8' };
const xmlType = { 'content-type': 'application/xml; charset=utf-8' };

describe('a write over CalDAV', () => {
  it('is told on the user’s own live stream and reminded', async () => {
    const { user, dav, home } = await me();
    const stream = await openLive(base, user.token);
    streams.push(stream);
    // A month from now: a reminder in the past is not kept.
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    const body = event('lunch-1@x', `${day}T120000Z`, 'Lunch', [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Lunch',
      'TRIGGER:-PT15M',
      'END:VALARM',
    ]);
    expect((await dav('PUT', `${home}/events/lunch.ics`, body, calendarType)).status).toBe(201);
    await stream.next('calendar');
    const reminders = await t.database.db
      .selectFrom('reminders')
      .select('fire_at')
      .where('user_id', '=', Number(user.id))
      .execute();
    expect(reminders.map((r) => r.fire_at)).toEqual([
      `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T11:45:00.000Z`,
    ]);

    const todo = ics(
      'BEGIN:VTODO',
      'UID:todo-1@x',
      'DTSTAMP:20261101T000000Z',
      'SUMMARY:Call back',
      'END:VTODO',
    );
    expect((await dav('PUT', `${home}/tasks/call.ics`, todo, calendarType)).status).toBe(201);
    await stream.next('todos');
  });

  it('refuses a bad object with a DAV error naming the precondition and why, and stores nothing', async () => {
    const { dav, home } = await me();
    const noUid = ics('BEGIN:VTODO', 'DTSTAMP:20261101T000000Z', 'SUMMARY:No UID', 'END:VTODO');
    const noEventUid = ics(
      'BEGIN:VEVENT',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261204T090000Z',
      'SUMMARY:No UID',
      'END:VEVENT',
    );
    const noEvent = ics('BEGIN:VJOURNAL', 'UID:j-1', 'DTSTAMP:20261101T000000Z', 'END:VJOURNAL');
    const rscale = event('rscale-1@x', '20261204T090000Z', 'Hebrew', ['RRULE:RSCALE=HEBREW;FREQ=YEARLY']);
    for (const [path, body, status, condition, reason] of [
      [`${home}/tasks/no-uid.ics`, noUid, 403, 'valid-calendar-data', messages['dav.noUid']],
      [`${home}/events/no-uid.ics`, noEventUid, 403, 'valid-calendar-data', messages['dav.noUid']],
      [
        `${home}/events/journal.ics`,
        noEvent,
        403,
        'supported-calendar-component',
        messages['dav.wrongComponent'],
      ],
      [
        `${home}/events/garbage.ics`,
        'BEGIN:VCALENDAR\r\nthis is not',
        403,
        'valid-calendar-data',
        messages['dav.notCalendar'],
      ],
      [
        `${home}/events/a-todo.ics`,
        noUid,
        403,
        'supported-calendar-component',
        messages['dav.wrongComponent'],
      ],
      [`${home}/events/rscale.ics`, rscale, 403, 'valid-calendar-data', undefined],
    ] as const) {
      const before = await fingerprint(t.database);
      const response = await dav('PUT', path, body, calendarType);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/xml/);
      const text = await response.text();
      expect(text, path).toMatch(new RegExp(`<d:error [^>]*><cal:${condition}/><s:message>`));
      const said = /<s:message>([^<]*)<\/s:message>/.exec(text)?.[1] ?? '';
      if (reason) expect(said, path).toBe(escapeXml(reason));
      else expect(said.length, path).toBeGreaterThan(10);
      // The generic message only where nothing more precise is known.
      if (path.endsWith('rscale.ics')) expect(said).not.toMatch(/often/);
      expect(await fingerprint(t.database), path).toEqual(before);
    }
  });

  it('keeps a to-do without a title, as an event, as "Untitled"', async () => {
    const { user, dav, home } = await me();
    const untitled = ics('BEGIN:VTODO', 'UID:todo-2@x', 'DTSTAMP:20261101T000000Z', 'SUMMARY:', 'END:VTODO');
    expect((await dav('PUT', `${home}/tasks/untitled.ics`, untitled, calendarType)).status).toBe(201);
    const list = await ok<TaskList>(t, 'GET', `/api/todos?user=${user.id}`, user.token);
    expect(list.data.map((task) => task.title)).toEqual(['Untitled']);
    expect(await (await dav('GET', `${home}/tasks/untitled.ics`)).text()).toBe(untitled);
  });

  it('answers 412 for If-None-Match on a taken name and a stale If-Match on delete; 409 for a UID taken', async () => {
    const { dav, home } = await me();
    expect(
      (await dav('PUT', `${home}/events/a.ics`, event('same@x', '20261204T090000Z'), calendarType)).status,
    ).toBe(201);
    const taken = await dav('PUT', `${home}/events/a.ics`, event('same@x', '20261204T100000Z'), {
      ...calendarType,
      'if-none-match': '*',
    });
    expect(taken.status).toBe(412);
    const twice = await dav('PUT', `${home}/events/b.ics`, event('same@x', '20261204T100000Z'), calendarType);
    expect(twice.status).toBe(409);
    expect((await dav('DELETE', `${home}/events/a.ics`, undefined, { 'if-match': '"9-stale"' })).status).toBe(
      412,
    );
    const current = (await dav('GET', `${home}/events/a.ics`)).headers.get('etag')!;
    expect((await dav('DELETE', `${home}/events/a.ics`, undefined, { 'if-match': current })).status).toBe(
      204,
    );
    expect((await dav('GET', `${home}/events/a.ics`)).status).toBe(404);
    // Names that look like ours but are past any row id: 404, on PostgreSQL's integers too.
    for (const name of ['99999999999.ics', '2147483648.ics', '0.ics']) {
      expect((await dav('GET', `${home}/events/${name}`)).status, name).toBe(404);
      expect((await dav('DELETE', `${home}/tasks/${name}`)).status, name).toBe(404);
    }
  });
});

describe('reports', () => {
  it('calendar-query by time range and by a property; multiget answers a missing name with its own 404', async () => {
    const { user, dav, home } = await me();
    await buildEvent(t, user, {
      title: 'December',
      start: '2026-12-10T09:00:00.000Z',
      end: '2026-12-10T10:00:00.000Z',
    });
    await buildEvent(t, user, {
      title: 'January',
      start: '2027-01-10T09:00:00.000Z',
      end: '2027-01-10T10:00:00.000Z',
    });
    const query = (filter: string) =>
      dav(
        'REPORT',
        `${home}/events/`,
        `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">${filter}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
        { ...xmlType, depth: '1' },
      ).then((r) => r.text());
    const december = await query('<c:time-range start="20261201T000000Z" end="20270101T000000Z"/>');
    expect(december).toContain('SUMMARY:December');
    expect(december).not.toContain('SUMMARY:January');
    const named = await query(
      '<c:prop-filter name="SUMMARY"><c:text-match>janu</c:text-match></c:prop-filter>',
    );
    expect(named).toContain('SUMMARY:January');
    expect(named).not.toContain('SUMMARY:December');

    const hrefs = [...december.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]!);
    const multiget = await dav(
      'REPORT',
      `${home}/events/`,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><d:href>${hrefs[0]}</d:href><d:href>${home}/events/nothing.ics</d:href></c:calendar-multiget>`,
      xmlType,
    ).then((r) => r.text());
    expect(multiget).toContain(`<d:href>${hrefs[0]}</d:href><d:propstat>`);
    expect(multiget).toContain(
      `<d:href>${home}/events/nothing.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status>`,
    );
  });

  it('answers 403 valid-sync-token for a token it never gave', async () => {
    const { dav, home } = await me();
    for (const token of ['http://elsewhere/sync/1', `${base}/dav/sync/events/999`, 'garbage']) {
      const response = await dav(
        'REPORT',
        `${home}/events/`,
        `<d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`,
        xmlType,
      );
      expect(response.status, token).toBe(403);
      expect(await response.text()).toContain('<d:valid-sync-token/>');
    }
  });
});
