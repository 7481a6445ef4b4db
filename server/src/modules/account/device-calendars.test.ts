/**
 * The names and colours of the user's CalDAV collections in the app (D49), through HTTP: the
 * defaults in the account's language, a change in the app read back by a calendar app's PROPFIND,
 * a calendar app's PROPPATCH read back by the app, null bringing the default back, bad input
 * refused in the D10 shape with nothing stored, and one user's calendars never another's.
 */
import {
  deviceCalendarDefaultColors,
  deviceCalendarDefaultNames,
  type DeviceCalendar,
  type DeviceCalendarList,
  messages,
} from '@cadence/contract';
import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildAppPassword,
  buildUser,
  buildUserInZone,
  call,
  expectError,
  expectSignInRequired,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();
let base = '';

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const DAV = 'DAV:';
const APPLE = 'http://apple.com/ns/ical/';
const xmlType = { 'content-type': 'application/xml; charset=utf-8' };

const list = async (user: TestUser) =>
  (await ok<DeviceCalendarList>(t, 'GET', '/api/account/calendars', user.token)).data;

const put = (user: TestUser, collection: string, body: unknown) =>
  call(t, 'PUT', `/api/account/calendars/${collection}`, user.token, body);

/** A calendar app signed in with an app password of the user's. */
async function calendarApp(user: TestUser) {
  const { basic: authorization } = await buildAppPassword(t, user);
  const dav = (method: string, path: string, body?: string) =>
    fetch(`${base}${path}`, { method, body, headers: { authorization, depth: '0', ...xmlType } });
  const collection = (name: string) => `/dav/calendars/${user.id}/${name}/`;
  return {
    /** The collection's displayname and calendar-color, as a PROPFIND answers them. */
    async shown(name: string): Promise<{ name: string; color: string }> {
      const response = await dav(
        'PROPFIND',
        collection(name),
        `<d:propfind xmlns:d="${DAV}" xmlns:a="${APPLE}"><d:prop><d:displayname/><a:calendar-color/></d:prop></d:propfind>`,
      );
      const text = await response.text();
      expect(response.status, text).toBe(207);
      return { name: textOf(text, DAV, 'displayname'), color: textOf(text, APPLE, 'calendar-color') };
    },
    async patch(name: string, props: string): Promise<void> {
      const response = await dav(
        'PROPPATCH',
        collection(name),
        `<d:propertyupdate xmlns:d="${DAV}" xmlns:a="${APPLE}"><d:set><d:prop>${props}</d:prop></d:set></d:propertyupdate>`,
      );
      const text = await response.text();
      expect(response.status, text).toBe(207);
      expect(text).not.toContain('403');
    },
  };
}

/** The text of the one element of this namespace and name in an XML answer, read as XML. */
function textOf(xml: string, uri: string, local: string): string {
  const parser = new SaxesParser({ xmlns: true });
  const found: string[] = [];
  let depth = 0;
  parser.on('opentag', (tag) => {
    if (depth > 0) depth += 1;
    else if (tag.uri === uri && tag.local === local) {
      depth = 1;
      found.push('');
    }
  });
  parser.on('closetag', () => {
    if (depth > 0) depth -= 1;
  });
  parser.on('text', (value) => {
    if (depth > 0) found[found.length - 1] += value;
  });
  parser.write(xml).close();
  expect(found, `one {${uri}}${local} in ${xml}`).toHaveLength(1);
  return found[0]!;
}

const defaults = (language: 'en' | 'fr' | 'de' | 'pt'): DeviceCalendar[] =>
  (['events', 'shared', 'tasks'] as const).map((collection) => ({
    collection,
    name: deviceCalendarDefaultNames[language][collection],
    color: deviceCalendarDefaultColors[collection],
    custom: false,
  }));

describe('GET /api/account/calendars', () => {
  it('asks to sign in first', async () => {
    await expectSignInRequired(t, 'GET', '/api/account/calendars');
  });

  it('lists the three with their default names in the account’s language, and their colours', async () => {
    expect(await list(await buildUser(t))).toEqual(defaults('en'));
    expect(await list(await buildUserInZone(t, 'Europe/Paris', 'fr'))).toEqual(defaults('fr'));
    expect(await list(await buildUserInZone(t, 'Europe/Berlin', 'de'))).toEqual(defaults('de'));
  });

  it('shows the defaults a calendar app is given, in the same language', async () => {
    const user = await buildUserInZone(t, 'Europe/Lisbon', 'pt');
    const app = await calendarApp(user);
    for (const calendar of await list(user)) {
      expect(await app.shown(calendar.collection)).toEqual({ name: calendar.name, color: calendar.color });
    }
  });
});

describe('PUT /api/account/calendars/{collection}', () => {
  it('asks to sign in first', async () => {
    await expectSignInRequired(t, 'PUT', '/api/account/calendars/events', { name: 'Work' });
  });

  it('renames and recolours one calendar, which a calendar app then shows', async () => {
    const user = await buildUser(t);
    const app = await calendarApp(user);
    const changed = await ok<DeviceCalendar>(t, 'PUT', '/api/account/calendars/events', user.token, {
      name: '  Work & <home>  ',
      color: '#e8590c',
    });
    expect(changed).toEqual({ collection: 'events', name: 'Work & <home>', color: '#E8590C', custom: true });
    expect(await list(user)).toEqual([changed, ...defaults('en').slice(1)]);
    expect(await app.shown('events')).toEqual({ name: 'Work & <home>', color: '#E8590C' });
    expect(await app.shown('tasks')).toEqual({ name: 'Cadence tasks', color: '#2F9E44FF' });

    // One at a time: the colour alone, with its alpha, leaves the name as it is.
    await ok(t, 'PUT', '/api/account/calendars/tasks', user.token, { color: '#2f9e4480' });
    expect(await app.shown('tasks')).toEqual({ name: 'Cadence tasks', color: '#2F9E4480' });
    expect((await list(user))[2]).toEqual({
      collection: 'tasks',
      name: 'Cadence tasks',
      color: '#2F9E4480',
      custom: true,
    });
  });

  it('brings back a default with null, the name and the colour each', async () => {
    const user = await buildUserInZone(t, 'Europe/Paris', 'fr');
    const app = await calendarApp(user);
    await ok(t, 'PUT', '/api/account/calendars/shared', user.token, {
      name: 'Invitations',
      color: '#123456',
    });
    expect(
      await ok<DeviceCalendar>(t, 'PUT', '/api/account/calendars/shared', user.token, { name: null }),
    ).toEqual({ collection: 'shared', name: 'Cadence – partagés avec moi', color: '#123456', custom: true });
    expect(await app.shown('shared')).toEqual({ name: 'Cadence – partagés avec moi', color: '#123456' });
    expect(
      await ok<DeviceCalendar>(t, 'PUT', '/api/account/calendars/shared', user.token, { color: null }),
    ).toEqual(defaults('fr')[1]);
    expect(await app.shown('shared')).toEqual({ name: 'Cadence – partagés avec moi', color: '#F08C00FF' });
  });

  it('shows what a calendar app set with PROPPATCH, and changes it back for the app', async () => {
    const user = await buildUser(t);
    const app = await calendarApp(user);
    await app.patch(
      'events',
      '<d:displayname>From the phone</d:displayname><a:calendar-color>#AE3EC9FF</a:calendar-color>',
    );
    expect((await list(user))[0]).toEqual({
      collection: 'events',
      name: 'From the phone',
      color: '#AE3EC9FF',
      custom: true,
    });
    await ok(t, 'PUT', '/api/account/calendars/events', user.token, { name: 'From the app' });
    expect(await app.shown('events')).toEqual({ name: 'From the app', color: '#AE3EC9FF' });
  });

  it('refuses a bad name or colour in the D10 shape, naming the field, and stores nothing', async () => {
    const user = await buildUser(t);
    const nameMessage = messages['account.calendarName'];
    const colorMessage = messages['account.calendarColor'];
    const cases: Array<[unknown, Record<string, string> | undefined]> = [
      [{ name: '' }, { name: nameMessage }],
      [{ name: '   ' }, { name: nameMessage }],
      [{ name: 'x'.repeat(101) }, { name: nameMessage }],
      [{ name: 'Two\nlines' }, { name: nameMessage }],
      [{ name: 'Bell\u0007' }, { name: nameMessage }],
      [{ name: 12 }, { name: nameMessage }],
      [{ color: 'red' }, { color: colorMessage }],
      [{ color: '#12345' }, { color: colorMessage }],
      [{ color: '#1234567' }, { color: colorMessage }],
      [{ color: '#GGGGGG' }, { color: colorMessage }],
      [{ color: 'rgb(1, 2, 3)' }, { color: colorMessage }],
      [{}, undefined],
      [{ name: 'Fine', extra: true }, { extra: messages['validation.unknownField'] }],
    ];
    const before = await fingerprint(t.database);
    for (const [body, fields] of cases) {
      const error = expectError(await put(user, 'events', body), 400, 'VALIDATION_ERROR');
      if (fields) expect(error.fields, JSON.stringify(body)).toEqual(fields);
      else expect(error.message).toBe(messages['account.emptyUpdate']);
    }
    expect(await fingerprint(t.database)).toEqual(before);
    // A name of exactly 100 characters is fine.
    expect(
      (
        await ok<DeviceCalendar>(t, 'PUT', '/api/account/calendars/events', user.token, {
          name: 'x'.repeat(100),
        })
      ).name,
    ).toHaveLength(100);
  });

  it('answers 404 for a calendar that is not one of the three, and stores nothing', async () => {
    const user = await buildUser(t);
    const before = await fingerprint(t.database);
    for (const collection of ['calendar', 'Events', 'inbox', 'other', '1']) {
      expectError(await put(user, collection, { name: 'Work' }), 404, 'NOT_FOUND');
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('changes only the caller’s own calendars', async () => {
    const [anna, ben] = [await buildUser(t), await buildUser(t)];
    const bensApp = await calendarApp(ben);
    await ok(t, 'PUT', '/api/account/calendars/events', anna.token, { name: 'Anna’s', color: '#000000' });
    expect(await list(ben)).toEqual(defaults('en'));
    expect(await bensApp.shown('events')).toEqual({ name: 'Cadence', color: '#1C7ED6FF' });
  });
});
