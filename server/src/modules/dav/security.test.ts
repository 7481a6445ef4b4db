/**
 * CalDAV tried as an attacker would (D43): the account's password, no credentials, a
 * revoked app password → 401 with WWW-Authenticate; repeated failures → 429 with Retry-After;
 * another user's paths → 404; the read-only `shared` collection refuses writes; a 2 MB body and
 * the hostile calendar files (D41) are refused in under a second with the server answering
 * its health checks meanwhile, and nothing stored; XML with a document type is refused.
 */
import { type AppPasswordCreated, type ErrorBody, messages } from '@cadence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { measuredBeside } from '../../test/bounded';
import {
  befriend,
  buildAppPassword,
  buildEvent,
  buildUser,
  login,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';
import { escapeXml } from './xml';

const t = useTestApp();
let base = '';

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

async function withAppPassword(): Promise<{ user: TestUser; secret: AppPasswordCreated }> {
  const user = await buildUser(t);
  return { user, secret: await buildAppPassword(t, user) };
}

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

function dav(
  method: string,
  url: string,
  authorization: string | undefined,
  body?: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${url}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
    body,
  });
}

const propfind = '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>';

describe('signing in to CalDAV', () => {
  it('refuses no credentials, the account password and a revoked app password with 401 and a challenge', async () => {
    const { user, secret } = await withAppPassword();
    const home = `/dav/calendars/${user.id}/`;
    for (const authorization of [
      undefined,
      basic(user.username, user.password),
      basic(user.email, user.password),
    ]) {
      const response = await dav('PROPFIND', home, authorization, propfind, { depth: '0' });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Cadence CalDAV"/);
      expect(((await response.json()) as ErrorBody).code).toBe('UNAUTHORIZED');
    }
    // The app password works, by user name or by e-mail, with or without its dashes.
    for (const authorization of [
      basic(secret.username, secret.password),
      basic(user.email, secret.password.toUpperCase()),
      basic(user.username, secret.password.replaceAll('-', '')),
    ]) {
      expect((await dav('PROPFIND', home, authorization, propfind, { depth: '0' })).status).toBe(207);
    }
    await ok(t, 'DELETE', `/api/account/app-passwords/${secret._id}`, user.token, undefined, 204);
    expect((await dav('PROPFIND', home, basic(secret.username, secret.password), propfind)).status).toBe(401);
  });

  it('answers 429 with Retry-After after repeated failures for an account, and the right secret then waits too', async () => {
    const { user, secret } = await withAppPassword();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push(
        (await dav('PROPFIND', '/dav/', basic(user.username, `wrong-${attempt}`), propfind)).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await dav('PROPFIND', '/dav/', basic(user.username, secret.password), propfind);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted apart from the sign-in page's: the web sign-in from the same address still works.
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('counts a revoked app password polling 100 times as one failure, and never stops the web sign-in', async () => {
    const { user, secret } = await withAppPassword();
    await ok(t, 'DELETE', `/api/account/app-passwords/${secret._id}`, user.token, undefined, 204);
    const statuses = new Set<number>();
    for (let poll = 0; poll < 100; poll += 1) {
      const response = await dav('PROPFIND', '/dav/', basic(user.username, secret.password), propfind);
      await response.arrayBuffer();
      statuses.add(response.status);
    }
    expect([...statuses]).toEqual([401]);
    const rows = await t.database.db
      .selectFrom('app_password_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
    // A new app password on the same phone works at once.
    const renewed = await buildAppPassword(t, user);
    expect((await dav('PROPFIND', '/dav/', basic(user.username, renewed.password), propfind)).status).toBe(
      207,
    );
  });
});

describe('another user’s things', () => {
  it('answers 404 for every path of theirs, and never shows their data', async () => {
    const victim = await withAppPassword();
    await buildEvent(t, victim.user, { title: 'Victim secret event' });
    const stranger = await withAppPassword();
    const auth = basic(stranger.secret.username, stranger.secret.password);
    for (const path of [
      `/dav/principals/${victim.user.id}/`,
      `/dav/calendars/${victim.user.id}/`,
      `/dav/calendars/${victim.user.id}/events/`,
      `/dav/calendars/${victim.user.id}/tasks/`,
      `/dav/calendars/${victim.user.id}/events/1.ics`,
    ]) {
      for (const method of ['PROPFIND', 'GET', 'DELETE']) {
        const response = await dav(method, path, auth, method === 'PROPFIND' ? propfind : undefined);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.text()).not.toContain('Victim secret');
      }
    }
    const report = await dav(
      'REPORT',
      `/dav/calendars/${victim.user.id}/events/`,
      auth,
      '<d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:prop><d:getetag/></d:prop></d:sync-collection>',
    );
    expect(report.status).toBe(404);
  });

  it('shows a guest the events they are in, read-only', async () => {
    const owner = await withAppPassword();
    const guest = await withAppPassword();
    await befriend(t, owner.user, guest.user);
    await buildEvent(t, owner.user, { title: 'Planning', guests: [guest.user.id] });
    const auth = basic(guest.secret.username, guest.secret.password);
    const shared = await dav(
      'REPORT',
      `/dav/calendars/${guest.user.id}/shared/`,
      auth,
      '<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:sync-token/><d:prop><d:getetag/><c:calendar-data/></d:prop></d:sync-collection>',
    );
    const text = await shared.text();
    expect(shared.status).toBe(207);
    expect(text).toContain('SUMMARY:Planning');
    const href = /<d:href>([^<]+\.ics)<\/d:href>/.exec(text)![1]!;
    const put = await dav('PUT', href, auth, 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
      'content-type': 'text/calendar',
    });
    expect(put.status).toBe(403);
    expect((await dav('DELETE', href, auth)).status).toBe(403);
    const own = await dav('PROPFIND', `/dav/calendars/${guest.user.id}/events/`, auth, propfind, {
      depth: '1',
    });
    expect(await own.text()).not.toContain('.ics');
  });
});

describe('hostile bodies', () => {
  const vcalendar = (...lines: string[]) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

  it('refuses a 2 MB VCALENDAR with 413, quickly, the server answering meanwhile', async () => {
    const { user, secret } = await withAppPassword();
    const big = vcalendar(
      'BEGIN:VEVENT',
      'UID:big-1',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261201T100000Z',
      `DESCRIPTION:${'x'.repeat(2 * 1024 * 1024)}`,
      'END:VEVENT',
    );
    // Signed in once first: the app password's last use is written then, not by the refusal.
    await dav('PROPFIND', '/dav/', basic(secret.username, secret.password), propfind);
    const before = await fingerprint(t.database);
    const run = await measuredBeside(base, async () => {
      const response = await dav(
        'PUT',
        `/dav/calendars/${user.id}/events/big.ics`,
        basic(secret.username, secret.password),
        big,
        {
          'content-type': 'text/calendar',
        },
      );
      return { status: response.status, body: await response.text() };
    });
    expect(run.result.status).toBe(413);
    expect(run.result.body).toContain('<cal:max-resource-size/>');
    expect(run.ms).toBeLessThan(1000);
    expect(run.healthMaxMs).toBeLessThan(200);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses D41’s hostile calendar files with a DAV error and its reason, quickly, and stores nothing', async () => {
    const { user, secret } = await withAppPassword();
    const auth = basic(secret.username, secret.password);
    await dav('PROPFIND', '/dav/', auth, propfind);
    const files = {
      // The 363-byte file that stopped the server: a zone whose standard time repeats every second.
      zone: vcalendar(
        'BEGIN:VTIMEZONE',
        'TZID:Evil/Zone',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=SECONDLY',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:evil-1',
        'DTSTAMP:20261101T000000Z',
        'DTSTART;TZID=Evil/Zone:20261201T100000',
        'SUMMARY:Evil',
        'END:VEVENT',
      ),
      // A rule that never gives an occurrence, and a year no calendar has.
      rule: vcalendar(
        'BEGIN:VEVENT',
        'UID:evil-2',
        'DTSTAMP:20261101T000000Z',
        'DTSTART:20261201T100000Z',
        'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30',
        'END:VEVENT',
      ),
      year: vcalendar(
        'BEGIN:VEVENT',
        'UID:evil-3',
        'DTSTAMP:20261101T000000Z',
        'DTSTART:99991201T100000Z',
        'END:VEVENT',
      ),
      notCalendar: 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Nobody\r\nEND:VCARD\r\n',
    };
    for (const [name, body] of Object.entries(files)) {
      const before = await fingerprint(t.database);
      const run = await measuredBeside(base, async () => {
        const response = await dav('PUT', `/dav/calendars/${user.id}/events/${name}.ics`, auth, body, {
          'content-type': 'text/calendar',
        });
        return { status: response.status, body: await response.text() };
      });
      expect(run.result.status, name).toBe(403);
      expect(run.result.body, name).toContain('<cal:valid-calendar-data/>');
      const reason = /<s:message>([^<]*)<\/s:message>/.exec(run.result.body)?.[1] ?? '';
      expect(reason.length, name).toBeGreaterThan(10);
      if (name !== 'notCalendar') expect(reason, name).not.toBe(messages['dav.notCalendar']);
      expect(run.ms, name).toBeLessThan(1000);
      expect(run.healthMaxMs, name).toBeLessThan(200);
      expect(run.loopMaxMs, name).toBeLessThan(100);
      expect(await fingerprint(t.database), name).toEqual(before);
    }
  });

  it('refuses XML with a document type (no entity is expanded) and a VTODO in the events', async () => {
    const { user, secret } = await withAppPassword();
    const auth = basic(secret.username, secret.password);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname>&b;</d:displayname></d:prop></d:propfind>';
    const refused = await dav('PROPFIND', `/dav/calendars/${user.id}/`, auth, laughs, {
      'content-type': 'application/xml',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).code).toBe('BAD_XML');
    const broken = await dav('REPORT', `/dav/calendars/${user.id}/events/`, auth, '<d:sync-collection', {
      'content-type': 'application/xml',
    });
    expect(broken.status).toBe(400);
    const todoInEvents = await dav(
      'PUT',
      `/dav/calendars/${user.id}/events/t.ics`,
      auth,
      vcalendar('BEGIN:VTODO', 'UID:t-1', 'DTSTAMP:20261101T000000Z', 'SUMMARY:Task', 'END:VTODO'),
      { 'content-type': 'text/calendar' },
    );
    expect(todoInEvents.status).toBe(403);
    expect(await todoInEvents.text()).toContain(
      `<cal:supported-calendar-component/><s:message>${escapeXml(messages['dav.wrongComponent'])}</s:message>`,
    );
    const notCalendarType = await dav('PUT', `/dav/calendars/${user.id}/events/x.ics`, auth, 'hello', {
      'content-type': 'text/plain',
    });
    expect(notCalendarType.status).toBe(415);
  });
});
