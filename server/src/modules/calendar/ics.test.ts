/**
 * The calendar in iCalendar: the secret feed, read by a real iCalendar parser (ical.js)
 * into the same occurrences the range read answers; importing that feed into another account
 * reproduces them; a file that is not iCalendar is refused and changes nothing.
 */
import { type CalendarEvents, type CalendarFeed, type CalendarFeedStatus, messages } from '@cadence/contract';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildEvent,
  buildUser,
  buildUserInZone,
  call,
  expectError,
  multipartFile,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp({ PUBLIC_URL: 'https://cadence.test' });

const RANGE = { start: '2026-10-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' };

async function occurrences(user: TestUser): Promise<string[]> {
  const query = new URLSearchParams(RANGE).toString();
  const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token);
  return data.map((e) => `${e.title}|${e.start}|${e.end}|${e.allDay}`).sort();
}

/** The feed's occurrences in RANGE as ical.js expands them (all-day ones as 00:00Z days). */
function feedOccurrences(ics: string): string[] {
  const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const [from, to] = [Date.parse(RANGE.start), Date.parse(RANGE.end)];
  const seen: string[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const length = event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime();
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const start = event.startDate.isDate
        ? Date.UTC(next.year, next.month - 1, next.day)
        : next.toJSDate().getTime();
      if (start >= to) break;
      const end = event.startDate.isDate
        ? start + Math.round(length / 86_400_000) * 86_400_000
        : start + length;
      if (end > from) {
        seen.push(
          `${event.summary}|${new Date(start).toISOString()}|${new Date(end).toISOString()}|${event.startDate.isDate}`,
        );
      }
    }
  }
  return seen.sort();
}

function importFile(user: TestUser, content: string | Buffer, filename = 'calendar.ics') {
  const body = multipartFile(filename, 'text/calendar', Buffer.from(content));
  return call(t, 'POST', '/api/calender/import', user.token, body.payload, {
    'content-type': body.contentType,
  });
}

async function readFeed(url: string) {
  return call(t, 'GET', url.replace('https://cadence.test', ''));
}

describe('the secret feed', () => {
  it('holds my events and my guest events with their rules, as ical.js reads them', async () => {
    const me = await buildUserInZone(t, 'Europe/Paris');
    const friend = await buildUserInZone(t, 'America/New_York');
    await befriend(t, me, friend);
    await buildEvent(t, me, {
      title: 'Weekly review',
      start: '2026-10-12T09:00:00+02:00',
      end: '2026-10-12T10:00:00+02:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20261130',
      reminder: 15,
      location: 'Room 4; second floor',
      description: 'Numbers, then plans,\nthen lunch.',
      category: 'Business',
    });
    await buildEvent(t, me, {
      title: 'Holidays',
      allDay: true,
      start: '2026-12-24',
      end: '2026-12-27',
      category: 'Holiday',
    });
    await buildEvent(t, me, {
      title: 'Monthly',
      allDay: true,
      start: '2026-10-31',
      end: '2026-10-31',
      recurrence: 'FREQ=MONTHLY;COUNT=3',
    });
    await buildEvent(t, friend, {
      title: 'Call with friend',
      start: '2026-11-02T08:00:00-05:00',
      end: '2026-11-02T08:30:00-05:00',
      recurrence: 'FREQ=DAILY;COUNT=10',
      guests: [me.id],
    });

    expect(await ok<CalendarFeedStatus>(t, 'GET', '/api/calender/feed', me.token)).toEqual({
      active: false,
      createdAt: null,
    });
    const feed = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', me.token, undefined, 201);
    expect(feed.url).toMatch(/^https:\/\/cadence\.test\/api\/calender\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await ok<CalendarFeedStatus>(t, 'GET', '/api/calender/feed', me.token)).toEqual({
      active: true,
      createdAt: feed.createdAt,
    });

    const response = await readFeed(feed.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const ics = response.body;
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('TZID:Europe/Paris');
    expect(ics).toContain('TZID:America/New_York');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20261012T090000');
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=20261130T225959Z');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261224');
    expect(ics).toContain('TRIGGER:-PT15M');

    const expected = await occurrences(me);
    expect(expected).toHaveLength(7 + 1 + 3 + 10);
    expect(feedOccurrences(ics)).toEqual(expected);

    // The parsed texts keep their commas, semicolons and line breaks.
    const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    const review = root
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('summary') === 'Weekly review')!;
    expect(review.getFirstPropertyValue('location')).toBe('Room 4; second floor');
    expect(review.getFirstPropertyValue('description')).toBe('Numbers, then plans,\nthen lunch.');

    // Importing that feed into another account reproduces the occurrences, once.
    const other = await buildUserInZone(t, 'Asia/Tokyo');
    const imported = await importFile(other, ics);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 4, updated: 0, unchanged: 0, skipped: [], skippedCount: 0 });
    expect(await occurrences(other)).toEqual(expected);
    const again = await importFile(other, ics);
    expect(again.json()).toEqual({ imported: 0, updated: 0, unchanged: 4, skipped: [], skippedCount: 0 });
    expect(await occurrences(other)).toEqual(expected);
  });

  it('stops answering an old address when a new one is made, and any address once revoked', async () => {
    const me = await buildUser(t);
    await buildEvent(t, me, { title: 'Mine', start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' });
    const first = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', me.token, undefined, 201);
    const second = await ok<CalendarFeed>(t, 'POST', '/api/calender/feed', me.token, {}, 201);
    expect(second.url).not.toBe(first.url);
    expectError(await readFeed(first.url), 404, 'NOT_FOUND');
    expect((await readFeed(second.url)).body).toContain('SUMMARY:Mine');
    await ok(t, 'DELETE', '/api/calender/feed', me.token, undefined, 204);
    expectError(await readFeed(second.url), 404, 'NOT_FOUND');
    const unknown = `/api/calender/feed/${'A'.repeat(43)}.ics`;
    expectError(await call(t, 'GET', unknown), 404, 'NOT_FOUND');
    expectError(await call(t, 'GET', '/api/calender/feed/short.ics'), 400, 'VALIDATION_ERROR');
  });
});

describe('POST /api/calender/import', () => {
  it('reads a file as other calendar apps write it: VTIMEZONE, UTC UNTIL, DURATION, an alarm, floating times', async () => {
    const me = await buildUserInZone(t, 'Europe/Lisbon');
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Example Corp.//Calendar//EN',
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:abc-1@example.com',
      'SUMMARY:Team sync',
      'DTSTART;TZID=W. Europe Standard Time:20261021T100000',
      'DURATION:PT45M',
      'RRULE:FREQ=WEEKLY;UNTIL=20261104T090000Z',
      'CATEGORIES:BUSINESS',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT10M',
      'END:VALARM',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:abc-2@example.com',
      'SUMMARY:Floating breakfast',
      'DTSTART:20261201T083000',
      'DTEND:20261201T090000',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'SUMMARY:No start',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const response = await importFile(me, ics);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      imported: 2,
      updated: 0,
      unchanged: 0,
      skipped: [{ uid: '', summary: 'No start', reason: 'calendar.skip.noStart' }],
      skippedCount: 1,
    });
    const query = new URLSearchParams(RANGE).toString();
    const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, me.token);
    expect(data.map((e) => [e.title, e.start, e.end])).toEqual([
      ['Team sync', '2026-10-21T08:00:00.000Z', '2026-10-21T08:45:00.000Z'],
      ['Team sync', '2026-10-28T09:00:00.000Z', '2026-10-28T09:45:00.000Z'],
      ['Team sync', '2026-11-04T09:00:00.000Z', '2026-11-04T09:45:00.000Z'],
      ['Floating breakfast', '2026-12-01T08:30:00.000Z', '2026-12-01T09:00:00.000Z'],
    ]);
    expect(data[0]).toMatchObject({ category: 'Business', reminder: 10 });
  });

  it.each([
    ['a text file', 'hello, this is not a calendar', 'calendar.fileInvalid'],
    ['a vCard', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\nEND:VCARD\r\n', 'calendar.fileInvalid'],
    [
      'a calendar without events',
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nEND:VCALENDAR\r\n',
      'calendar.fileEmpty',
    ],
  ] as const)('refuses %s with 400 on fields.file and creates nothing', async (_name, content, key) => {
    const me = await buildUser(t);
    const before = await fingerprint(t.database);
    const error = expectError(await importFile(me, content), 400, 'VALIDATION_ERROR');
    expect(error.fields?.file).toBe(messages[key]);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses a body that is not a form, a form without a file, and a file over 10 MB', async () => {
    const me = await buildUser(t);
    const before = await fingerprint(t.database);
    expectError(
      await call(t, 'POST', '/api/calender/import', me.token, { file: 'x' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const empty = '------cadence-test-boundary--\r\n';
    expectError(
      await call(t, 'POST', '/api/calender/import', me.token, empty, {
        'content-type': 'multipart/form-data; boundary=----cadence-test-boundary',
      }),
      400,
      'VALIDATION_ERROR',
    );
    const huge = `BEGIN:VCALENDAR\r\n${'X-PAD:'.padEnd(70, 'x')}\r\n`.repeat(150_000);
    expectError(await importFile(me, huge), 413, 'FILE_TOO_LARGE');
    expect(await fingerprint(t.database)).toEqual(before);
  });
});

describe('POST /api/calender/import keeps what the file says (D40)', () => {
  const file = (...lines: string[]) =>
    [
      'BEGIN:VCALENDAR',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'VERSION:2.0',
      ...lines,
      'END:VCALENDAR',
      '',
    ].join('\r\n');

  async function read(user: TestUser, start: string, end: string) {
    const query = new URLSearchParams({ start, end }).toString();
    const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token);
    return data.map((o) => [o.title, o.start, o.allDay, o.exception]);
  }

  it('a Google series with a moved, a deleted and a cancelled occurrence, an orphan instance and RDATEs', async () => {
    const me = await buildUserInZone(t, 'Europe/Lisbon');
    const ics = file(
      'X-WR-TIMEZONE:Europe/Berlin',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/Berlin:20270104T100000',
      'DTEND;TZID=Europe/Berlin:20270104T110000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6',
      'EXDATE;TZID=Europe/Berlin:20270118T100000',
      'DTSTAMP:20261120T120000Z',
      'UID:standup@google.com',
      'SEQUENCE:1',
      'SUMMARY:Stand-up',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/Berlin:20270112T150000',
      'DTEND;TZID=Europe/Berlin:20270112T160000',
      'RECURRENCE-ID;TZID=Europe/Berlin:20270111T100000',
      'DTSTAMP:20261120T120000Z',
      'UID:standup@google.com',
      'SEQUENCE:2',
      'SUMMARY:Stand-up (moved)',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Europe/Berlin:20270201T100000',
      'RECURRENCE-ID;TZID=Europe/Berlin:20270201T100000',
      'STATUS:CANCELLED',
      'UID:standup@google.com',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:someone-elses@google.com',
      'RECURRENCE-ID:20270105T090000Z',
      'DTSTART:20270105T090000Z',
      'DTEND:20270105T093000Z',
      'SUMMARY:An invitation’s one instance',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:dentist@example.com',
      'DTSTART:20270110',
      'RDATE:20270210,20270310',
      'SUMMARY:Dentist',
      'END:VEVENT',
    );
    const response = await importFile(me, ics);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: 3, skippedCount: 0 });
    expect(await read(me, '2027-01-01T00:00:00Z', '2027-04-01T00:00:00Z')).toEqual([
      ['Stand-up', '2027-01-04T09:00:00.000Z', false, false],
      ['An invitation’s one instance', '2027-01-05T09:00:00.000Z', false, false],
      ['Dentist', '2027-01-10T00:00:00.000Z', true, false],
      ['Stand-up (moved)', '2027-01-12T14:00:00.000Z', false, true],
      ['Stand-up', '2027-01-25T09:00:00.000Z', false, false],
      ['Stand-up', '2027-02-08T09:00:00.000Z', false, false],
      ['Dentist', '2027-02-10T00:00:00.000Z', true, false],
      ['Dentist', '2027-03-10T00:00:00.000Z', true, false],
    ]);
    // The same file again changes nothing; a later SEQUENCE of the series updates it with its exceptions.
    expect((await importFile(me, ics)).json()).toMatchObject({ imported: 0, updated: 0, unchanged: 3 });
    const renamed = ics.replace(
      'SEQUENCE:1\r\nSUMMARY:Stand-up\r\n',
      'SEQUENCE:3\r\nSUMMARY:Daily stand-up\r\n',
    );
    expect((await importFile(me, renamed)).json()).toMatchObject({ imported: 0, updated: 1, unchanged: 2 });
    expect(
      (await read(me, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z')).filter((o) =>
        /stand-up/i.test(String(o[0])),
      ),
    ).toEqual([
      ['Daily stand-up', '2027-01-04T09:00:00.000Z', false, false],
      ['Stand-up (moved)', '2027-01-12T14:00:00.000Z', false, true],
      ['Daily stand-up', '2027-01-25T09:00:00.000Z', false, false],
    ]);
  });

  it('RANGE=THISANDFUTURE splits the series; a second RRULE adds its occurrences', async () => {
    const me = await buildUserInZone(t, 'UTC');
    const ics = file(
      'BEGIN:VEVENT',
      'UID:course@example.com',
      'DTSTART:20270301T100000Z',
      'DTEND:20270301T110000Z',
      'RRULE:FREQ=DAILY;COUNT=5',
      'SUMMARY:Course',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:course@example.com',
      'RECURRENCE-ID;RANGE=THISANDFUTURE:20270303T100000Z',
      'DTSTART:20270303T120000Z',
      'DTEND:20270303T130000Z',
      'SUMMARY:Course, afternoons',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:two-rules@example.com',
      'DTSTART:20270405T080000Z',
      'DTEND:20270405T083000Z',
      'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2',
      'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2',
      'SUMMARY:Two rules',
      'END:VEVENT',
    );
    expect((await importFile(me, ics)).json()).toMatchObject({ imported: 3, skippedCount: 0 });
    expect(await read(me, '2027-03-01T00:00:00Z', '2027-05-01T00:00:00Z')).toEqual([
      ['Course', '2027-03-01T10:00:00.000Z', false, false],
      ['Course', '2027-03-02T10:00:00.000Z', false, false],
      ['Course, afternoons', '2027-03-03T12:00:00.000Z', false, false],
      ['Course, afternoons', '2027-03-04T12:00:00.000Z', false, false],
      ['Course, afternoons', '2027-03-05T12:00:00.000Z', false, false],
      ['Two rules', '2027-04-05T08:00:00.000Z', false, false],
      ['Two rules', '2027-04-08T08:00:00.000Z', false, false],
      ['Two rules', '2027-04-12T08:00:00.000Z', false, false],
      ['Two rules', '2027-04-15T08:00:00.000Z', false, false],
    ]);
  });
});
