/**
 * What the interoperability test (interop.test.ts) found in files others wrote, each as
 * the smallest file that shows it, imported over HTTP and read back as the range read answers it.
 */
import {
  CALENDAR_IMPORT_MAX_BYTES,
  type CalendarEvents,
  type CalendarImportResult,
  type ErrorBody,
} from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, call, multipartFile, ok, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const file = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];

async function imported(user: TestUser, content: string): Promise<CalendarImportResult> {
  const body = multipartFile('calendar.ics', 'text/calendar', Buffer.from(content));
  const response = await call(t, 'POST', '/api/calender/import', user.token, body.payload, {
    'content-type': body.contentType,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarImportResult>();
}

/** Title, start and end of each occurrence in [start, end), the importer's zone being UTC. */
async function read(user: TestUser, start: string, end: string): Promise<string[]> {
  const query = new URLSearchParams({ start, end }).toString();
  const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token);
  return data.map((o) => `${o.title} ${o.start.replace(':00.000Z', 'Z')}–${o.end.replace(':00.000Z', 'Z')}`);
}

describe('RFC 5545: DTSTART is the first occurrence', () => {
  it('when the rule does not make it, counted in COUNT; a rule ending before it is a single event', async () => {
    const me = await buildUser(t);
    await imported(
      me,
      file(
        ...event(
          'a',
          'SUMMARY:Tuesday start',
          'DTSTART:20270105T100000Z',
          'DTEND:20270105T110000Z',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3',
        ),
        ...event(
          'b',
          'SUMMARY:Ended before',
          'DTSTART;VALUE=DATE:20270201',
          'RRULE:FREQ=WEEKLY;UNTIL=20270101',
        ),
      ),
    );
    expect(await read(me, '2027-01-01', '2027-03-01')).toEqual([
      'Tuesday start 2027-01-05T10:00Z–2027-01-05T11:00Z',
      'Tuesday start 2027-01-11T10:00Z–2027-01-11T11:00Z',
      'Tuesday start 2027-01-18T10:00Z–2027-01-18T11:00Z',
      'Ended before 2027-02-01T00:00Z–2027-02-02T00:00Z',
    ]);
  });
});

describe('exceptions', () => {
  it('EXDATE removes RDATEs and a single event’s own start; the highest SEQUENCE of an instance wins', async () => {
    const me = await buildUser(t);
    await imported(
      me,
      file(
        ...event(
          'rdates',
          'SUMMARY:Dates',
          'DTSTART:20270105T100000Z',
          'RDATE:20270106T100000Z,20270107T100000Z',
          'EXDATE:20270106T100000Z',
        ),
        ...event('gone', 'SUMMARY:Gone', 'DTSTART:20270108T100000Z', 'EXDATE:20270108T100000Z'),
        ...event('daily', 'SUMMARY:Daily', 'DTSTART:20270110T090000Z', 'RRULE:FREQ=DAILY;COUNT=2'),
        ...event(
          'daily',
          'SUMMARY:Newer',
          'SEQUENCE:3',
          'RECURRENCE-ID:20270111T090000Z',
          'DTSTART:20270111T150000Z',
        ),
        ...event(
          'daily',
          'SUMMARY:Older',
          'SEQUENCE:1',
          'RECURRENCE-ID:20270111T090000Z',
          'DTSTART:20270111T120000Z',
        ),
      ),
    );
    expect(await read(me, '2027-01-01', '2027-02-01')).toEqual([
      'Dates 2027-01-05T10:00Z–2027-01-05T10:00Z',
      'Dates 2027-01-07T10:00Z–2027-01-07T10:00Z',
      'Daily 2027-01-10T09:00Z–2027-01-10T09:00Z',
      'Newer 2027-01-11T15:00Z–2027-01-11T15:00Z',
    ]);
  });

  it('a series with more EXDATE and RDATE values than 1,000 exceptions is skipped before they are read', async () => {
    const me = await buildUser(t);
    const days = Array.from({ length: 1001 }, (_, day) =>
      new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, ''),
    );
    const result = await imported(
      me,
      file(
        ...event(
          'many',
          'SUMMARY:Many',
          'DTSTART;VALUE=DATE:20270101',
          'RRULE:FREQ=DAILY',
          `EXDATE;VALUE=DATE:${days.join(',')}`,
        ),
        ...event('one', 'SUMMARY:One', 'DTSTART;VALUE=DATE:20270101'),
      ),
    );
    expect(result).toMatchObject({
      imported: 1,
      skipped: [{ uid: 'many', reason: 'calendar.skip.tooComplex' }],
    });
  });

  it('Outlook’s date-time RECURRENCE-ID and EXDATE on an all-day series name their wall-clock day', async () => {
    const me = await buildUser(t);
    await imported(
      me,
      file(
        ...event(
          'bins',
          'SUMMARY:Bins',
          'DTSTART;VALUE=DATE:20270104',
          'DTEND;VALUE=DATE:20270105',
          'RRULE:FREQ=WEEKLY;COUNT=3',
          'EXDATE;TZID=W. Europe Standard Time:20270118T000000',
        ),
        ...event(
          'bins',
          'SUMMARY:Bins, a day late',
          'RECURRENCE-ID;TZID=W. Europe Standard Time:20270111T000000',
          'DTSTART;VALUE=DATE:20270112',
          'DTEND;VALUE=DATE:20270113',
        ),
      ),
    );
    expect(await read(me, '2027-01-01', '2027-02-01')).toEqual([
      'Bins 2027-01-04T00:00Z–2027-01-05T00:00Z',
      'Bins, a day late 2027-01-12T00:00Z–2027-01-13T00:00Z',
    ]);
  });
});

describe('values as other writers put them', () => {
  it('reads escaped TZIDs, TZID with Z, VALUE=DATE on a date-time, mixed floating and dates', async () => {
    const me = await buildUser(t);
    await imported(
      me,
      file(
        'BEGIN:VTIMEZONE',
        'TZID:Kuala Lumpur\\, Singapore',
        'BEGIN:STANDARD',
        'DTSTART:16010101T000000',
        'TZOFFSETFROM:+0800',
        'TZOFFSETTO:+0800',
        'END:STANDARD',
        'END:VTIMEZONE',
        ...event('kl', 'SUMMARY:Escaped', 'DTSTART;TZID="Kuala Lumpur, Singapore":20270105T093000'),
        // Google reads the wall time in TZID and ignores the Z
        ...event('google', 'SUMMARY:Both', 'DTSTART;TZID=America/New_York:20270105T170000Z'),
        ...event(
          'dated',
          'SUMMARY:Dated',
          'DTSTART;VALUE=DATE:20270106T200000',
          'DTEND;VALUE=DATE:20270106T220000',
        ),
        // A floating end beside a start in a zone is in that zone
        ...event(
          'mixed',
          'SUMMARY:Mixed',
          'DTSTART;TZID=Europe/Paris:20270107T090000',
          'DTEND:20270107T100000',
        ),
        // An all-day start with a timed end lasts to that end's day (Outlook's holidays)
        ...event('leave', 'SUMMARY:Leave', 'DTSTART;VALUE=DATE:20270108', 'DTEND:20270111T000000Z'),
        // A whole number of days, whatever the DURATION says
        ...event('hours', 'SUMMARY:Hours', 'DTSTART;VALUE=DATE:20270112', 'DURATION:PT10H'),
        ...event('proton', 'SUMMARY;VALUE="x":Two\\nlines', 'DTSTART:20270113T100000Z'),
      ),
    );
    expect(await read(me, '2027-01-01', '2027-02-01')).toEqual([
      'Escaped 2027-01-05T01:30Z–2027-01-05T01:30Z',
      'Both 2027-01-05T22:00Z–2027-01-05T22:00Z',
      'Dated 2027-01-06T20:00Z–2027-01-06T22:00Z',
      'Mixed 2027-01-07T08:00Z–2027-01-07T09:00Z',
      'Leave 2027-01-08T00:00Z–2027-01-11T00:00Z',
      'Hours 2027-01-12T00:00Z–2027-01-13T00:00Z',
      'Two\nlines 2027-01-13T10:00Z–2027-01-13T10:00Z',
    ]);
  });

  it('reads a VTIMEZONE given by RDATEs from its DTSTART on; refuses other calendar scales', async () => {
    const me = await buildUser(t);
    const result = await imported(
      me,
      file(
        'BEGIN:VTIMEZONE',
        'TZID:Berlin by dates',
        'BEGIN:STANDARD',
        'DTSTART:20261025T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RDATE:20271031T030000',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:20260329T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RDATE:20270328T020000,20280326T020000',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        ...event('july', 'SUMMARY:July', 'DTSTART;TZID=Berlin by dates:20260701T120000'),
        ...event(
          'chinese',
          'SUMMARY:New Year',
          'DTSTART;VALUE=DATE:20270206',
          'RRULE:RSCALE=CHINESE;FREQ=YEARLY',
        ),
      ),
    );
    expect(result.skipped).toEqual([
      { uid: 'chinese', summary: 'New Year', reason: 'calendar.skip.calendarScale' },
    ]);
    expect(await read(me, '2026-07-01', '2026-07-02')).toEqual(['July 2026-07-01T10:00Z–2026-07-01T10:00Z']);
  });
});

describe('the file’s size', () => {
  it('a file over 10 MB is refused with 413 as it is read, and nothing of it is stored', async () => {
    const user = await buildUser(t);
    const events = event('big-1', 'DTSTART:20270105T090000Z', 'SUMMARY:Kept out');
    const head = file(...events);
    // The events first, then padding past the limit: a reader that stopped late would import them.
    const content = Buffer.concat([
      Buffer.from(head),
      Buffer.alloc(CALENDAR_IMPORT_MAX_BYTES + 1 - head.length, 'X'),
    ]);
    const body = multipartFile('calendar.ics', 'text/calendar', content);
    const response = await call(t, 'POST', '/api/calender/import', user.token, body.payload, {
      'content-type': body.contentType,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<ErrorBody>().code).toBe('FILE_TOO_LARGE');
    expect(await read(user, '2027-01-01', '2027-02-01')).toEqual([]);
  });
});
