/**
 * Round trips through CalDAV clients no one here wrote (D49): objects made in vdirsyncer's folder
 * (scripts/vdirsyncer-sync.py) or saved with python3-caldav (scripts/caldav-client.py), changed in
 * the web app, and synced back keep every line the app does not model and carry the app's change
 * alone. A PUT stored as sent answers the ETag PROPFIND then reports; one the server had to
 * rewrite answers none, and the client's next sync reads the stored copy. The app listens on a
 * port; without vdirsyncer or python3-caldav every test fails: no silent skip. Assertions are soft:
 * one run shows every line the server changed, not only the first.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AppPasswordCreated, CalendarEvents, Task, TaskList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildAppPassword, buildUserInZone, ok, type TestUser } from '../../test/factories';
import { run, scriptsDir, useCaldavServer } from '../../test/caldav-clients';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const server = useCaldavServer(t, 'dav-roundtrip');
const { scratch } = server;

interface Account {
  user: TestUser;
  secret: AppPasswordCreated;
  /** vdirsyncer's config, status and local calendars: one folder per account. */
  folder: string;
}

let accounts = 0;

async function account(): Promise<Account> {
  const user = await buildUserInZone(t, 'Europe/Paris');
  const folder = path.join(scratch, `account-${++accounts}`);
  fs.mkdirSync(folder);
  return { user, secret: await buildAppPassword(t, user, 'Laptop'), folder };
}

interface Synced {
  folders: { events: string; tasks: string };
  log: string;
}

/** vdirsyncer's actions, in order: discover, sync, metasync (scripts/vdirsyncer-sync.py). */
async function vdirsyncer(who: Account, ...actions: string[]): Promise<Synced> {
  const script = path.join(scriptsDir, 'vdirsyncer-sync.py');
  const args = [script, server.base, who.secret.username, who.secret.password, who.folder, ...actions];
  const { stdout } = await run('/usr/bin/python3', args, { timeout: 60_000 });
  return JSON.parse(stdout) as Synced;
}

/** One action of python3-caldav (scripts/caldav-client.py); its JSON answer. */
const caldav = <T>(who: Account, action: string, ...args: string[]) =>
  server.caldav<T>(who.secret, action, ...args);

interface Fetched {
  status: number;
  etag: string | null;
  data: string;
}
interface Stored {
  status: number;
  etag: string | null;
}
type Objects = Array<{ url: string; data: string | null }>;

/** A local vdirsyncer calendar, discovered and synced once. */
async function syncedAccount(): Promise<Account & Synced> {
  const who = await account();
  const synced = await vdirsyncer(who, 'discover', 'sync');
  return { ...who, ...synced };
}

/**
 * Writes a file: into vdirsyncer's folder, as a calendar app keeping a vdir would, or into the
 * account's for python3-caldav to send.
 */
function write(folder: string, name: string, text: string): string {
  const where = path.join(folder, name);
  fs.writeFileSync(where, text);
  return where;
}

// ---- iCalendar text as lines ---------------------------------------------------------------

/** RFC 5545 §3.1: lines of at most 75 octets, continued after CRLF and one space. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char) > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A VCALENDAR's text from its content lines: folded, CRLF after each. */
const ics = (lines: string[]) => lines.map(fold).join('\r\n') + '\r\n';

/** The content lines, unfolded, whatever the line endings (XML turns a client's CRLF into LF). */
function contentLines(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
}

const nameOf = (line: string) => /^[^;:]*/.exec(line)![0].toUpperCase();

/** The lines without the properties named (anywhere: in the VEVENT, its VALARM, the VTIMEZONE). */
const without = (lines: string[], names: string[]) => lines.filter((line) => !names.includes(nameOf(line)));

/** The lines of the index-th component of this name, BEGIN and END included. */
function component(lines: string[], name: string, index = 0): string[] {
  const found: string[][] = [];
  let open: string[] | undefined;
  for (const line of lines) {
    if (line === `BEGIN:${name}` && !open) open = [];
    if (open) open.push(line);
    if (line === `END:${name}` && open) {
      found.push(open);
      open = undefined;
    }
  }
  const wanted = found[index];
  if (!wanted) throw new Error(`no ${name} #${index} in\n${lines.join('\n')}`);
  return wanted;
}

/** The physical text without the lines (and their continuations) of the properties named, in CRLF. */
function textWithout(text: string, names: string[]): string {
  const crlf = text.replace(/\r?\n/g, '\r\n');
  const pattern = new RegExp(`^(?:${names.join('|')})[;:].*\\r\\n(?:[ \\t].*\\r\\n)*`, 'gim');
  return crlf.replace(pattern, '');
}

/** What a client or server may refresh on any write: never compared. */
const STAMPS = ['DTSTAMP', 'LAST-MODIFIED', 'SEQUENCE'];

// ---- objects as calendar apps write them --------------------------------------------------

const PARIS = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'DTSTART:19810329T020000',
  'TZNAME:CEST',
  'TZOFFSETTO:+0200',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'DTSTART:19961027T030000',
  'TZNAME:CET',
  'TZOFFSETTO:+0100',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const NEW_YORK = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'DTSTART:20070311T020000',
  'TZNAME:EDT',
  'TZOFFSETTO:-0400',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'DTSTART:20071104T020000',
  'TZNAME:EST',
  'TZOFFSETTO:-0500',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** An event from a desktop calendar: people, privacy, both apps' X- properties, an alarm, a zone. */
const richEvent = (uid: string, summary = 'Concert') =>
  ics([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Apple Inc.//macOS 15.1//EN',
    'CALSCALE:GREGORIAN',
    ...PARIS,
    'BEGIN:VEVENT',
    'CREATED:20261119T170000Z',
    `UID:${uid}`,
    'DTSTAMP:20261120T080000Z',
    'LAST-MODIFIED:20261120T080000Z',
    'SEQUENCE:0',
    'DTSTART;TZID=Europe/Paris:20261212T200000',
    'DTEND;TZID=Europe/Paris:20261212T223000',
    `SUMMARY:${summary}`,
    'LOCATION:Salle Pleyel',
    'ORGANIZER;CN=Alice Martin:mailto:alice@example.org',
    'ATTENDEE;CN=Alice Martin;CUTYPE=INDIVIDUAL;PARTSTAT=ACCEPTED;ROLE=CHAIR:mailto:alice@example.org',
    'ATTENDEE;CN=Bob Durand;CUTYPE=INDIVIDUAL;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:bob@example.org',
    'ATTENDEE;CN="Chloé Petit, choir";PARTSTAT=TENTATIVE;ROLE=OPT-PARTICIPANT;RSVP=TRUE:mailto:chloe@example.org',
    'CLASS:PRIVATE',
    'TRANSP:TRANSPARENT',
    'CATEGORIES:Work,Music',
    'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
    'X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="252 Rue du Faubourg Saint-Honoré, 75008 Paris";X-APPLE-RADIUS=70;X-TITLE=Salle Pleyel:geo:48.877200,2.301300',
    'X-MOZ-GENERATION:3',
    'X-MOZ-LASTACK:20261120T080000Z',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Reminder',
    'TRIGGER:-PT30M',
    `UID:${uid}-alarm`,
    `X-WR-ALARMUID:${uid}-alarm`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);

/** The iOS reminder: Monday, Wednesday and Friday at 08:00 in Paris, 30 times. */
const iosReminder = (uid: string) =>
  ics([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Apple Inc.//iOS 18.1//EN',
    'CALSCALE:GREGORIAN',
    ...PARIS,
    'BEGIN:VTODO',
    'CREATED:20261118T090000Z',
    'DTSTAMP:20261120T080000Z',
    'LAST-MODIFIED:20261120T080000Z',
    `UID:${uid}`,
    'SUMMARY:Take the pills',
    'DTSTART;TZID=Europe/Paris:20261123T080000',
    'DUE;TZID=Europe/Paris:20261123T080000',
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
    'PRIORITY:5',
    'STATUS:NEEDS-ACTION',
    'X-APPLE-SORT-ORDER:785412345',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Reminder',
    'TRIGGER;VALUE=DATE-TIME:20261123T070000Z',
    `UID:${uid}-alarm`,
    `X-WR-ALARMUID:${uid}-alarm`,
    'END:VALARM',
    'END:VTODO',
    'END:VCALENDAR',
  ]);

// ---- the app's side -----------------------------------------------------------------------

/** The id the app gives the event the client made, found by its title in the range. */
async function eventIdOf(who: Account, title: string, start: string, end: string): Promise<string> {
  const range = await ok<CalendarEvents>(
    t,
    'GET',
    `/api/calender/events?start=${start}&end=${end}`,
    who.user.token,
  );
  const found = range.data.find((event) => event.title === title);
  expect(found, `${title} in ${JSON.stringify(range.data.map((e) => e.title))}`).toBeDefined();
  return found!._id;
}

async function taskOf(who: Account, title: string): Promise<Task> {
  const list = await ok<TaskList>(t, 'GET', `/api/todos?user=${who.user.id}`, who.user.token);
  const found = list.data.find((task) => task.title === title);
  expect(found, `${title} in ${JSON.stringify(list.data.map((x) => x.title))}`).toBeDefined();
  return found!;
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

/**
 * The one resource a collection holds: vdirsyncer names what it uploads after the UID when the
 * UID is made of letters, digits and `_.-+` only, and by a random UUID otherwise.
 */
async function onlyName(who: Account, collection: string): Promise<string> {
  const names = Object.keys(await caldav<Record<string, string>>(who, 'etags', collection));
  expect(names).toHaveLength(1);
  return names[0]!;
}

describe('vdirsyncer: made in the client, changed in the app, synced back', () => {
  it('discovers events and tasks, makes their folders and syncs displayname and color', async () => {
    const me = await account();
    const synced = await vdirsyncer(me, 'discover', 'sync', 'metasync');
    const { events, tasks } = synced.folders;
    for (const folder of [events, tasks]) expect.soft(fs.statSync(folder).isDirectory()).toBe(true);
    expect.soft(read(path.join(events, 'displayname'))).toBe('Cadence');
    expect.soft(read(path.join(tasks, 'displayname'))).toBe('Cadence tasks');
    expect.soft(read(path.join(events, 'color'))).toMatch(/^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$/);

    // Changed in the client: whether the server takes the change (PROPPATCH) or keeps its own,
    // two metasyncs later client and server agree.
    fs.writeFileSync(path.join(events, 'displayname'), 'Mine');
    fs.writeFileSync(path.join(events, 'color'), '#D9480FFF');
    await vdirsyncer(me, 'metasync');
    await vdirsyncer(me, 'metasync');
    const calendars = await caldav<Array<{ name: string; url: string; color: string | null }>>(
      me,
      'discover',
    );
    const server = calendars.find((calendar) => calendar.url.endsWith('/events/'));
    expect
      .soft([read(path.join(events, 'displayname')), read(path.join(events, 'color'))])
      .toEqual([server?.name, server?.color]);
  });

  it('keeps every line of an event the app renames, with the new SUMMARY', async () => {
    const me = await syncedAccount();
    const uid = 'B3A5E1C2-7F0D-4C1A-9E55-0C7A5D2E9F10';
    const sent = richEvent(uid);
    const file = write(me.folders.events, 'concert-local-name.ics', sent);
    await vdirsyncer(me, 'sync');
    // vdirsyncer names the resource after the UID: the server keeps that name.
    expect
      .soft(Object.keys(await caldav<Record<string, string>>(me, 'etags', 'events')))
      .toEqual([`${uid}.ics`]);

    const id = await eventIdOf(me, 'Concert', '2026-12-12', '2026-12-13');
    await ok(t, 'PUT', `/api/calender/modify-event/${id}`, me.user.token, { title: 'Concert (Pleyel)' });
    await vdirsyncer(me, 'sync');

    const after = contentLines(read(file));
    expect.soft(after.filter((line) => nameOf(line) === 'SUMMARY')).toEqual(['SUMMARY:Concert (Pleyel)']);
    expect
      .soft(without(after, ['SUMMARY', ...STAMPS]))
      .toEqual(without(contentLines(sent), ['SUMMARY', ...STAMPS]));
  });

  it('moves an event by an hour in its own zone and keeps everything else', async () => {
    const me = await syncedAccount();
    const sent = richEvent('move-me-1.example.org', 'Rehearsal');
    const file = write(me.folders.events, 'rehearsal.ics', sent);
    await vdirsyncer(me, 'sync');

    const id = await eventIdOf(me, 'Rehearsal', '2026-12-12', '2026-12-13');
    // 20:00–22:30 in Paris is 19:00–21:30 UTC; an hour later:
    await ok(t, 'PUT', `/api/calender/modify-event/${id}`, me.user.token, {
      start: '2026-12-12T20:00:00.000Z',
      end: '2026-12-12T22:30:00.000Z',
    });
    await vdirsyncer(me, 'sync');

    const after = contentLines(read(file));
    const times = ['DTSTART', 'DTEND'];
    expect
      .soft(component(after, 'VEVENT').filter((line) => times.includes(nameOf(line))))
      .toEqual(['DTSTART;TZID=Europe/Paris:20261212T210000', 'DTEND;TZID=Europe/Paris:20261212T233000']);
    // The VTIMEZONE's own DTSTART lines stay where they were.
    expect.soft(component(after, 'VTIMEZONE')).toEqual(component(contentLines(sent), 'VTIMEZONE'));
    expect
      .soft(without(after, [...times, ...STAMPS]))
      .toEqual(without(contentLines(sent), [...times, ...STAMPS]));
  });

  it('renames a series and keeps its EXDATE and its moved occurrence (RECURRENCE-ID)', async () => {
    const me = await syncedAccount();
    const uid = 'choir-series-7@example.org';
    const sent = ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN',
      ...PARIS,
      'BEGIN:VEVENT',
      'CREATED:20261119T170000Z',
      'LAST-MODIFIED:20261120T080000Z',
      'DTSTAMP:20261120T080000Z',
      `UID:${uid}`,
      'SUMMARY:Choir',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      'EXDATE;TZID=Europe/Paris:20261214T190000',
      'DTSTART;TZID=Europe/Paris:20261207T190000',
      'DTEND;TZID=Europe/Paris:20261207T210000',
      'CLASS:PUBLIC',
      'X-MOZ-GENERATION:2',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'CREATED:20261119T170000Z',
      'LAST-MODIFIED:20261120T080000Z',
      'DTSTAMP:20261120T080000Z',
      `UID:${uid}`,
      'SUMMARY:Choir (in the crypt)',
      'RECURRENCE-ID;TZID=Europe/Paris:20261221T190000',
      'DTSTART;TZID=Europe/Paris:20261221T200000',
      'DTEND;TZID=Europe/Paris:20261221T220000',
      'LOCATION:Crypt',
      'X-MOZ-GENERATION:2',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    const file = write(me.folders.events, 'choir.ics', sent);
    await vdirsyncer(me, 'sync');

    const id = await eventIdOf(me, 'Choir', '2026-12-07', '2026-12-08');
    await ok(t, 'PUT', `/api/calender/modify-event/${id}`, me.user.token, { title: 'Choir rehearsal' });
    await vdirsyncer(me, 'sync');

    const before = contentLines(sent);
    const after = contentLines(read(file));
    expect
      .soft(component(after, 'VEVENT', 0).filter((line) => nameOf(line) === 'SUMMARY'))
      .toEqual(['SUMMARY:Choir rehearsal']);
    const master = (lines: string[]) => without(component(lines, 'VEVENT', 0), ['SUMMARY', ...STAMPS]);
    expect.soft(master(after)).toEqual(master(before));
    const moved = (lines: string[]) => without(component(lines, 'VEVENT', 1), STAMPS);
    expect.soft(moved(after)).toEqual(moved(before));
    expect.soft(component(after, 'VTIMEZONE')).toEqual(component(before, 'VTIMEZONE'));
  });

  it('keeps an iOS reminder byte for byte but its new SUMMARY, its rule shown read-only', async () => {
    const me = await syncedAccount();
    const uid = 'E2C64F1A-33B1-4D6E-A0F2-5B9C1D7E8A44';
    const sent = iosReminder(uid);
    const file = write(me.folders.tasks, `${uid}.ics`, sent);
    await vdirsyncer(me, 'sync');

    const task = await taskOf(me, 'Take the pills');
    const parts = (rule: string | null | undefined) =>
      Object.fromEntries((rule ?? '').split(';').map((part) => part.split('=') as [string, string]));
    expect
      .soft([task.repeat, parts(task.customRepeat), task.dueDate])
      .toEqual([null, { FREQ: 'WEEKLY', BYDAY: 'MO,WE,FR', COUNT: '30' }, '2026-11-23']);
    await ok(t, 'PUT', `/api/todos/${task._id}`, me.user.token, { title: 'Take the vitamins' });
    await vdirsyncer(me, 'sync');

    const ignored = ['SUMMARY', 'DTSTAMP', 'LAST-MODIFIED'];
    const local = read(file);
    expect
      .soft(contentLines(local).filter((line) => nameOf(line) === 'SUMMARY'))
      .toEqual(['SUMMARY:Take the vitamins']);
    expect.soft(textWithout(local, ignored)).toBe(textWithout(sent, ignored));
    // GET has no XML in the way: the stored bytes, CRLF included.
    const stored = await caldav<Fetched>(me, 'get', 'tasks', `${uid}.ics`);
    expect.soft(stored.status).toBe(200);
    expect.soft(textWithout(stored.data, ignored)).toBe(textWithout(sent, ignored));
    expect.soft(stored.data).toMatch(/\r\nSUMMARY:Take the vitamins\r\n/);
  });

  it('completes a to-do with a zoned DUE: COMPLETED added, DUE and the other categories kept', async () => {
    const me = await syncedAccount();
    await ok(t, 'POST', '/api/tags', me.user.token, { name: 'Garden', color: '#2e7d32' }, 201);
    const sent = ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Nextcloud Tasks v0.16.1',
      ...NEW_YORK,
      'BEGIN:VTODO',
      'UID:seeds-42@example.org',
      'CREATED:20261118T090000Z',
      'LAST-MODIFIED:20261120T080000Z',
      'DTSTAMP:20261120T080000Z',
      'SUMMARY:Buy seeds',
      'DUE;TZID=America/New_York:20261210T170000',
      'CATEGORIES:Errand,Garden',
      'STATUS:NEEDS-ACTION',
      'X-NEXTCLOUD-TASKS-PINNED:1',
      'END:VTODO',
      'END:VCALENDAR',
    ]);
    const file = write(me.folders.tasks, 'seeds.ics', sent);
    await vdirsyncer(me, 'sync');

    const task = await taskOf(me, 'Buy seeds');
    // 17:00 in New York is 23:00 in Paris: still the 10th.
    expect.soft([task.dueDate, task.tags, task.isCompleted]).toEqual(['2026-12-10', ['Garden'], false]);
    await ok(t, 'PUT', `/api/todos/${task._id}`, me.user.token, { isCompleted: true });
    await vdirsyncer(me, 'sync');

    const after = contentLines(read(file));
    const todo = component(after, 'VTODO');
    expect.soft(todo.filter((line) => nameOf(line) === 'STATUS')).toEqual(['STATUS:COMPLETED']);
    expect
      .soft(todo.filter((line) => nameOf(line) === 'COMPLETED'))
      .toEqual([expect.stringMatching(/^COMPLETED:\d{8}T\d{6}Z$/)]);
    expect.soft(todo).toContain('DUE;TZID=America/New_York:20261210T170000');
    expect.soft(todo).toContain('CATEGORIES:Errand,Garden');
    const changed = ['STATUS', 'COMPLETED', 'PERCENT-COMPLETE', ...STAMPS];
    expect.soft(without(after, changed)).toEqual(without(contentLines(sent), changed));
  });

  it('keeps the instant a to-do was completed through a no-op sync and a rename in the app', async () => {
    const me = await syncedAccount();
    const sent = ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Someone else//Their tasks//EN',
      'BEGIN:VTODO',
      'UID:done-9@example.org',
      'DTSTAMP:20261101T101500Z',
      'SUMMARY:Return the library books',
      'DUE;VALUE=DATE:20261031',
      'STATUS:COMPLETED',
      'COMPLETED:20261101T101500Z',
      'PERCENT-COMPLETE:100',
      'END:VTODO',
      'END:VCALENDAR',
    ]);
    const file = write(me.folders.tasks, 'books.ics', sent);
    await vdirsyncer(me, 'sync');
    await vdirsyncer(me, 'sync');
    expect.soft(read(file)).toBe(sent);
    const stored = await caldav<Fetched>(me, 'get', 'tasks', await onlyName(me, 'tasks'));
    expect.soft(stored.data).toContain('\r\nCOMPLETED:20261101T101500Z\r\n');

    const task = await taskOf(me, 'Return the library books');
    expect.soft(task.isCompleted).toBe(true);
    await ok(t, 'PUT', `/api/todos/${task._id}`, me.user.token, { title: 'Return the books' });
    await vdirsyncer(me, 'sync');

    const after = contentLines(read(file));
    expect.soft(after.filter((line) => nameOf(line) === 'COMPLETED')).toEqual(['COMPLETED:20261101T101500Z']);
    expect.soft(after).toContain('SUMMARY:Return the books');
    expect
      .soft(without(after, ['SUMMARY', ...STAMPS]))
      .toEqual(without(contentLines(sent), ['SUMMARY', ...STAMPS]));
  });
});

describe('stored as sent, or rewritten and read back', () => {
  it('answers a PUT stored byte for byte with the ETag PROPFIND reports, under the client’s name', async () => {
    const me = await account();
    const objects = [
      { collection: 'events', name: 'concert 1.ics', text: richEvent('plain-rich@example.org') },
      { collection: 'tasks', name: 'reminder-9F2C.ics', text: iosReminder('plain-ios@example.org') },
      {
        collection: 'events',
        name: 'plain.ics',
        text: ics([
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Someone else//Their app//EN',
          'BEGIN:VEVENT',
          'UID:plain@example.org',
          'DTSTAMP:20261120T080000Z',
          'DTSTART:20261215T090000Z',
          'DTEND:20261215T100000Z',
          'SUMMARY:Plain',
          'END:VEVENT',
          'END:VCALENDAR',
        ]),
      },
    ];
    for (const object of objects) {
      const put = await caldav<Stored>(
        me,
        'put-raw',
        object.collection,
        object.name,
        write(me.folder, `plain-${object.name}`, object.text),
      );
      expect.soft(put.status, object.name).toBe(201);
      expect
        .soft(put.etag, `${object.name}: a PUT stored as sent answers its ETag`)
        .toEqual(expect.any(String));
      const got = await caldav<Fetched>(me, 'get', object.collection, object.name);
      expect.soft(got.status).toBe(200);
      expect.soft(got.data, object.name).toBe(object.text);
      expect.soft(got.etag).toBe(put.etag);
      const etags = await caldav<Record<string, string>>(me, 'etags', object.collection);
      expect.soft(etags[object.name], object.name).toBe(put.etag);
    }
  });

  it('stores bare LF lines as CRLF, answers that PUT without an ETag, and the client reads the copy', async () => {
    const me = await syncedAccount();
    const crlf = richEvent('lf-only@example.org', 'Sent with LF');
    const lf = crlf.replace(/\r\n/g, '\n');

    // Straight through HTTP: 201 without an ETag; GET answers the CRLF text and its ETag.
    const put = await caldav<Stored>(
      me,
      'put-raw',
      'events',
      'lf-raw.ics',
      write(me.folder, 'lf-raw.ics', lf),
    );
    expect.soft(put).toEqual({ status: 201, etag: null });
    const got = await caldav<Fetched>(me, 'get', 'events', 'lf-raw.ics');
    expect.soft(got.data).toBe(crlf);
    expect.soft(got.etag).toEqual(expect.any(String));
    expect.soft((await caldav<Record<string, string>>(me, 'etags', 'events'))['lf-raw.ics']).toBe(got.etag);
    // A rewrite answers no ETag on an update (204) too.
    const again = await caldav<Stored>(
      me,
      'put-raw',
      'events',
      'lf-raw.ics',
      write(me.folder, 'lf-raw-2.ics', lf.replace('SUMMARY:Sent with LF', 'SUMMARY:Sent with LF again')),
      got.etag!,
    );
    expect.soft(again).toEqual({ status: 204, etag: null });

    // vdirsyncer: the upload's answer has no ETag, so its next sync reads the stored copy (a
    // multiget naming it) and then has nothing left to do.
    const text = richEvent('lf-vdir.example.org', 'Vdir LF');
    const file = write(me.folders.events, 'lf-local.ics', text.replace(/\r\n/g, '\n'));
    await vdirsyncer(me, 'sync');
    const stored = await caldav<Fetched>(me, 'get', 'events', 'lf-vdir.example.org.ics');
    expect.soft(stored.data).toBe(text);
    const next = await vdirsyncer(me, '--debug', 'sync');
    expect.soft(next.log).toMatch(/REPORT [^\n]*\/events\//);
    expect.soft(next.log).toContain('lf-vdir.example.org.ics</href>');
    expect.soft(contentLines(read(file))).toEqual(contentLines(stored.data));
    const quiet = await vdirsyncer(me, '--debug', 'sync');
    expect.soft(quiet.log).not.toContain('lf-vdir.example.org.ics</href>');
  });
});

describe('python3-caldav', () => {
  it('keeps the properties of an event it saved (named by UID) through a rename in the app', async () => {
    const me = await account();
    const uid = 'caldav-py-1@example.org';
    const saved = await caldav<{ url: string }>(
      me,
      'put',
      'events',
      write(me.folder, 'caldav-py-1.ics', richEvent(uid, 'Opera')),
    );
    expect
      .soft(decodeURIComponent(saved.url))
      .toBe(`${server.base}/dav/calendars/${me.user.id}/events/${uid}.ics`);
    // python-caldav rewrites what it is given (through the icalendar library: UID moved last,
    // SEQUENCE increased): what it sent, as stored, is the baseline; it has every property still.
    const first = await caldav<Fetched>(me, 'get', 'events', `${uid}.ics`);
    const count = (lines: string[], name: string) => lines.filter((line) => nameOf(line) === name).length;
    for (const name of [
      'ORGANIZER',
      'ATTENDEE',
      'CLASS',
      'TRANSP',
      'CATEGORIES',
      'X-MOZ-LASTACK',
      'X-WR-ALARMUID',
    ]) {
      expect
        .soft(count(contentLines(first.data), name), name)
        .toBe(count(contentLines(richEvent(uid)), name));
    }

    const id = await eventIdOf(me, 'Opera', '2026-12-12', '2026-12-13');
    await ok(t, 'PUT', `/api/calender/modify-event/${id}`, me.user.token, { title: 'Opera (Garnier)' });

    const listed = await caldav<Objects>(me, 'list', 'events');
    expect.soft(listed.map((object) => object.url)).toEqual([saved.url]);
    const after = contentLines(listed[0]!.data!);
    expect.soft(after).toContain('SUMMARY:Opera (Garnier)');
    expect
      .soft(without(after, ['SUMMARY', ...STAMPS]))
      .toEqual(without(contentLines(first.data), ['SUMMARY', ...STAMPS]));
  });
});
