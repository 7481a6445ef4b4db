/**
 * CalDAV with a client no one here wrote (D43): Debian's python3-caldav
 * (scripts/caldav-client.py) against the app listening on a port, signing in with an app password.
 * Discovery; an event made in the app reaches the client with its RRULE and TZID; one made in the
 * client reaches the app's range read and its busy times; edits and deletes both ways; a to-do
 * completed in the client is completed in the app; a sync-collection after one change holds that
 * change only. Without python3-caldav it fails: no silent skip.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppPasswordCreated, AvailableTimes, CalendarEvents, Task, TaskList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildAppPassword, buildEvent, buildUserInZone, call, ok, type TestUser } from '../../test/factories';
import { useCaldavServer } from '../../test/caldav-clients';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const server = useCaldavServer(t, 'caldav-client');
const { scratch } = server;

interface Account {
  user: TestUser;
  secret: AppPasswordCreated;
}

async function account(zone = 'Europe/Paris'): Promise<Account> {
  const user = await buildUserInZone(t, zone);
  return { user, secret: await buildAppPassword(t, user, 'Laptop') };
}

/** One action of the client; its JSON answer. */
const client = <T>(who: Account, action: string, ...args: string[]) =>
  server.caldav<T>(who.secret, action, ...args);

function file(name: string, text: string): string {
  const where = path.join(scratch, name);
  fs.writeFileSync(where, text);
  return where;
}

const vevent = (uid: string, summary: string, start: string, end: string, extra = '') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Someone else//Their app//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261120T080000Z',
    `DTSTART;TZID=Europe/Paris:${start}`,
    `DTEND;TZID=Europe/Paris:${end}`,
    `SUMMARY:${summary}`,
    ...(extra ? [extra] : []),
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

type Objects = Array<{ url: string; data: string | null }>;

describe('python3-caldav', () => {
  it('discovers the three calendars from /.well-known/caldav', async () => {
    const me = await account();
    const calendars = await client<Array<{ name: string; url: string; components: string[] }>>(
      me,
      'discover',
    );
    expect(calendars.map((c) => [c.url.replace(server.base, ''), c.components])).toEqual([
      [`/dav/calendars/${me.user.id}/events/`, ['VEVENT']],
      [`/dav/calendars/${me.user.id}/shared/`, ['VEVENT']],
      [`/dav/calendars/${me.user.id}/tasks/`, ['VTODO']],
    ]);
  });

  it('syncs events both ways, with RRULE and TZID, edits and deletes, and only what changed', async () => {
    const me = await account();
    // Made in the app: weekly on Mondays at 09:00 in Paris, across the end of summer time.
    const weekly = await buildEvent(t, me.user, {
      title: 'Team sync',
      start: '2026-10-19T07:00:00.000Z',
      end: '2026-10-19T07:30:00.000Z',
      recurrence: 'FREQ=WEEKLY;COUNT=4',
    });
    const first = await client<{ token: string; objects: Objects }>(me, 'sync', 'events');
    expect(first.objects).toHaveLength(1);
    const data = first.objects[0]!.data!;
    expect(data).toMatch(/DTSTART;TZID=Europe\/Paris:20261019T090000/);
    expect(data).toMatch(/RRULE:FREQ=WEEKLY;COUNT=4/);
    expect(data).toContain('SUMMARY:Team sync');

    // Made in the client: in the app's range read and in its busy times.
    await client(
      me,
      'put',
      'events',
      file('dentist.ics', vevent('dentist-1@elsewhere', 'Dentist', '20261209T100000', '20261209T110000')),
    );
    const range = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-09&end=2026-12-10',
      me.user.token,
    );
    expect(range.data.map((e) => [e.title, e.start, e.end])).toEqual([
      ['Dentist', '2026-12-09T09:00:00.000Z', '2026-12-09T10:00:00.000Z'],
    ]);
    const free = await ok<AvailableTimes>(t, 'POST', '/api/meetings/available-times', me.user.token, {
      startDate: '2026-12-09',
      endDate: '2026-12-09',
      duration: 30,
    });
    const times = free.data[0]!.times;
    expect(times).toContain('2026-12-09T08:00:00.000Z');
    expect(times).not.toContain('2026-12-09T09:00:00.000Z');
    expect(times).not.toContain('2026-12-09T09:30:00.000Z');

    // Only what changed: the client's own put, then one change in the app.
    const afterPut = await client<{ token: string; objects: Objects }>(me, 'sync', 'events', first.token);
    expect(afterPut.objects.map((o) => o.data?.includes('UID:dentist-1@elsewhere'))).toEqual([true]);
    await ok(t, 'PUT', `/api/calender/modify-event/${weekly._id}`, me.user.token, {
      title: 'Team sync (moved)',
    });
    const changed = await client<{ token: string; objects: Objects }>(me, 'sync', 'events', afterPut.token);
    expect(changed.objects).toHaveLength(1);
    expect(changed.objects[0]!.data).toContain('SUMMARY:Team sync (moved)');
    const nothing = await client<{ token: string; objects: Objects }>(me, 'sync', 'events', changed.token);
    expect(nothing.objects).toEqual([]);

    // An edit in the client reaches the app; a delete in the app reaches the client.
    await client(me, 'rename', 'events', 'dentist-1@elsewhere', 'Dentist (check-up)');
    const renamed = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-09&end=2026-12-10',
      me.user.token,
    );
    expect(renamed.data.map((e) => e.title)).toEqual(['Dentist (check-up)']);
    await ok(t, 'DELETE', `/api/calender/${weekly._id}`, me.user.token, undefined, 204);
    const listed = await client<Objects>(me, 'list', 'events');
    expect(listed.map((o) => /SUMMARY:(.*)/.exec(o.data ?? '')?.[1]?.trim())).toEqual(['Dentist (check-up)']);

    // A delete in the client reaches the app.
    await client(me, 'delete', 'events', 'dentist-1@elsewhere');
    const empty = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-01&end=2026-12-31',
      me.user.token,
    );
    expect(empty.data).toEqual([]);
  });

  it('round-trips a series’ moved occurrence (RECURRENCE-ID) and cancelled one (EXDATE) both ways', async () => {
    const me = await account();
    const series = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Someone else//Their app//EN',
      'BEGIN:VEVENT',
      'UID:yoga@elsewhere',
      'DTSTAMP:20261120T080000Z',
      'DTSTART;TZID=Europe/Paris:20261207T180000',
      'DTEND;TZID=Europe/Paris:20261207T190000',
      'RRULE:FREQ=DAILY;COUNT=5',
      'EXDATE;TZID=Europe/Paris:20261209T180000',
      'SUMMARY:Yoga',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:yoga@elsewhere',
      'DTSTAMP:20261120T080000Z',
      'RECURRENCE-ID;TZID=Europe/Paris:20261210T180000',
      'DTSTART;TZID=Europe/Paris:20261210T200000',
      'DTEND;TZID=Europe/Paris:20261210T210000',
      'SUMMARY:Yoga (late)',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await client(me, 'put', 'events', file('yoga.ics', series));
    const week = await ok<CalendarEvents>(
      t,
      'GET',
      '/api/calender/events?start=2026-12-07&end=2026-12-14',
      me.user.token,
    );
    expect(week.data.map((e) => [e.title, e.start])).toEqual([
      ['Yoga', '2026-12-07T17:00:00.000Z'],
      ['Yoga', '2026-12-08T17:00:00.000Z'],
      ['Yoga (late)', '2026-12-10T19:00:00.000Z'],
      ['Yoga', '2026-12-11T17:00:00.000Z'],
    ]);
    const [back] = await client<Objects>(me, 'list', 'events');
    expect(back!.data).toMatch(/EXDATE;TZID=Europe\/Paris:20261209T180000/);
    expect(back!.data).toMatch(/RECURRENCE-ID;TZID=Europe\/Paris:20261210T180000/);
    expect(back!.data).toContain('SUMMARY:Yoga (late)');

    // One occurrence moved in the app reaches the client as an override of its own.
    const id = week.data[0]!._id;
    await ok(
      t,
      'PUT',
      `/api/calender/modify-event/${id}?scope=this&occurrence=2026-12-11T17:00:00.000Z`,
      me.user.token,
      {
        start: '2026-12-11T07:00:00.000Z',
        end: '2026-12-11T08:00:00.000Z',
      },
    );
    const [again] = await client<Objects>(me, 'list', 'events');
    expect(again!.data).toMatch(/RECURRENCE-ID;TZID=Europe\/Paris:20261211T180000/);
    expect(again!.data).toMatch(/DTSTART;TZID=Europe\/Paris:20261211T080000/);
  });

  it('completes in the app a to-do completed in the client, and brings one made there', async () => {
    const me = await account();
    const task = await ok<Task>(
      t,
      'POST',
      '/api/todos',
      me.user.token,
      { title: 'File the taxes', dueDate: '2026-12-15', isImportant: true },
      201,
    );
    const listed = await client<Objects>(me, 'list', 'tasks');
    expect(listed).toHaveLength(1);
    const vtodo = listed[0]!.data!;
    expect(vtodo).toContain('SUMMARY:File the taxes');
    expect(vtodo).toContain('DUE;VALUE=DATE:20261215');
    expect(vtodo).toContain('PRIORITY:1');
    const uid = /UID:(.*)/.exec(vtodo)![1]!.trim();

    await client(me, 'complete', uid);
    const after = await ok<Task>(t, 'GET', `/api/todos/${task._id}`, me.user.token);
    expect(after.isCompleted).toBe(true);

    const made = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Someone else//Reminders//EN',
      'BEGIN:VTODO',
      'UID:milk-1@phone',
      'DTSTAMP:20261120T080000Z',
      'SUMMARY:Buy milk',
      'DUE;VALUE=DATE:20261202',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await client(me, 'put', 'tasks', file('milk.ics', made));
    const mine = await ok<TaskList>(t, 'GET', `/api/todos?user=${me.user.id}`, me.user.token);
    expect(mine.data.map((x) => [x.title, x.dueDate, x.isCompleted]).sort()).toEqual([
      ['Buy milk', '2026-12-02', false],
      ['File the taxes', '2026-12-15', true],
    ]);
  });

  it('refuses a write with a stale If-Match with 412, and changes nothing', async () => {
    const me = await account();
    await buildEvent(t, me.user, { title: 'Kept' });
    const [object] = (await client<{ objects: Objects }>(me, 'sync', 'events')).objects;
    const url = object!.url.replace(server.base, '');
    const auth = `Basic ${Buffer.from(`${me.secret.username}:${me.secret.password}`).toString('base64')}`;
    const read = await call(t, 'GET', url, undefined, undefined, { authorization: auth });
    const etag = read.headers.etag as string;
    const stale = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: auth, 'content-type': 'text/calendar', 'if-match': '"0-stale"' },
      payload: read.body.replace('SUMMARY:Kept', 'SUMMARY:Overwritten'),
    });
    expect(stale.statusCode).toBe(412);
    const again = await call(t, 'GET', url, undefined, undefined, { authorization: auth });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toContain('SUMMARY:Kept');
    const fresh = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: auth, 'content-type': 'text/calendar', 'if-match': etag },
      payload: read.body.replace('SUMMARY:Kept', 'SUMMARY:Changed'),
    });
    expect(fresh.statusCode).toBe(204);
    expect(fresh.headers.etag).not.toBe(etag);
  });
});
