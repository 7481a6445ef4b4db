/**
 * A file's own VTIMEZONE (a TZID that no IANA or Windows name gives), imported over HTTP and read
 * back as the range read answers it: an event that does not repeat comes in at the offset the
 * file's rules give its time, as python's recurring-ical-events and ical.js read these files (but
 * for the times a change skips or repeats, where RFC 5545 decides, and before the zone's first
 * onset, where they disagree); a series repeats in the IANA zone that stands for the file's. And a
 * rule in another calendar system (RFC 7529) is skipped for that reason.
 */
import { type CalendarEvents, type CalendarImportResult } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUserInZone, call, multipartFile, ok, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const file = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

/** A VEVENT whose title is its UID, unless its lines give one. */
const event = (uid: string, ...lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  ...(lines.some((line) => line.startsWith('SUMMARY:')) ? [] : [`SUMMARY:${uid}`]),
  ...lines,
  'END:VEVENT',
];

/**
 * Summer time from the last Sunday of March to New Year: its standard time starts each year at its
 * first instant. No IANA zone keeps it; Europe/Paris agrees on all but November and December.
 */
const officeTime = [
  'BEGIN:VTIMEZONE',
  'TZID:My Office Time',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:19700329T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

/** A zone that starts with the year 2027 at +12:00 and goes to +10:00 on 5 May at 08:00. */
const islandTime = [
  'BEGIN:VTIMEZONE',
  'TZID:Island Time',
  'BEGIN:STANDARD',
  'DTSTART:20270101T000000',
  'TZOFFSETFROM:+1000',
  'TZOFFSETTO:+1200',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:20270505T080000',
  'TZOFFSETFROM:+1200',
  'TZOFFSETTO:+1000',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
];

async function imported(user: TestUser, content: string): Promise<CalendarImportResult> {
  const body = multipartFile('calendar.ics', 'text/calendar', Buffer.from(content));
  const response = await call(t, 'POST', '/api/calender/import', user.token, body.payload, {
    'content-type': body.contentType,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarImportResult>();
}

/** Title, start and end (instants) of each occurrence in [start, end). */
async function read(user: TestUser, start: string, end: string): Promise<string[]> {
  const query = new URLSearchParams({ start, end }).toString();
  const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token);
  return data.map((o) => `${o.title} ${o.start.replace('.000Z', 'Z')}–${o.end.replace('.000Z', 'Z')}`);
}

describe('a file’s own time zone', () => {
  it('reads each time at the offset the file’s rules give it, all year and at the changes', async () => {
    const me = await buildUserInZone(t, 'Europe/Paris');
    const result = await imported(
      me,
      file(
        ...officeTime,
        ...event(
          'January',
          'DTSTART;TZID=My Office Time:20270115T090000',
          'DTEND;TZID=My Office Time:20270115T100000',
        ),
        ...event('Before the change', 'DTSTART;TZID=My Office Time:20270328T013000'),
        // Skipped by the change: read at the offset before it (RFC 5545 §3.3.5).
        ...event('Skipped hour', 'DTSTART;TZID=My Office Time:20270328T023000'),
        ...event('After the change', 'DTSTART;TZID=My Office Time:20270328T033000'),
        ...event(
          'July',
          'DTSTART;TZID=My Office Time:20270715T090000',
          'DTEND;TZID=My Office Time:20270715T100000',
        ),
        ...event(
          'November',
          'DTSTART;TZID=My Office Time:20271115T090000',
          'DTEND;TZID=My Office Time:20271115T100000',
        ),
        ...event(
          'New Year’s Eve',
          'DTSTART;TZID=My Office Time:20271231T220000',
          'DTEND;TZID=My Office Time:20271231T230000',
        ),
        // 23:00–00:00 comes twice: the first (RFC 5545 §3.3.5; ical.js and python take the second).
        ...event('Twice', 'DTSTART;TZID=My Office Time:20271231T233000'),
        ...event(
          'New Year',
          'DTSTART;TZID=My Office Time:20280101T003000',
          'DTEND;TZID=My Office Time:20280101T013000',
        ),
      ),
    );
    expect(result).toMatchObject({ imported: 9, skipped: [] });
    expect(await read(me, '2027-01-01', '2028-01-02')).toEqual([
      'January 2027-01-15T08:00:00Z–2027-01-15T09:00:00Z',
      'Before the change 2027-03-28T00:30:00Z–2027-03-28T00:30:00Z',
      'Skipped hour 2027-03-28T01:30:00Z–2027-03-28T01:30:00Z',
      'After the change 2027-03-28T01:30:00Z–2027-03-28T01:30:00Z',
      'July 2027-07-15T07:00:00Z–2027-07-15T08:00:00Z',
      'November 2027-11-15T07:00:00Z–2027-11-15T08:00:00Z',
      'New Year’s Eve 2027-12-31T20:00:00Z–2027-12-31T21:00:00Z',
      'Twice 2027-12-31T21:30:00Z–2027-12-31T21:30:00Z',
      'New Year 2027-12-31T23:30:00Z–2028-01-01T00:30:00Z',
    ]);
  });

  it('reads a zone that starts the year, from its first hours on', async () => {
    const me = await buildUserInZone(t, 'UTC');
    await imported(
      me,
      file(
        ...islandTime,
        ...event(
          'First hours',
          'DTSTART;TZID=Island Time:20270101T030000',
          'DTEND;TZID=Island Time:20270101T040000',
        ),
        // Before its first onset a zone keeps the offset it changes from.
        ...event('Before', 'DTSTART;TZID=Island Time:20261231T120000'),
        ...event('Winter', 'DTSTART;TZID=Island Time:20270303T080000'),
        ...event('Twice', 'DTSTART;TZID=Island Time:20270505T070001'),
        ...event('After', 'DTSTART;TZID=Island Time:20270505T080001'),
        ...event('Summer', 'DTSTART;TZID=Island Time:20270803T080000'),
      ),
    );
    expect(await read(me, '2026-12-31', '2027-09-01')).toEqual([
      'Before 2026-12-31T02:00:00Z–2026-12-31T02:00:00Z',
      'First hours 2026-12-31T15:00:00Z–2026-12-31T16:00:00Z',
      'Winter 2027-03-02T20:00:00Z–2027-03-02T20:00:00Z',
      'Twice 2027-05-04T19:00:01Z–2027-05-04T19:00:01Z',
      'After 2027-05-04T22:00:01Z–2027-05-04T22:00:01Z',
      'Summer 2027-08-02T22:00:00Z–2027-08-02T22:00:00Z',
    ]);
  });

  it('repeats a series in the zone that stands for the file’s, where its changed occurrence is found', async () => {
    const me = await buildUserInZone(t, 'Europe/Paris');
    await imported(
      me,
      file(
        ...officeTime,
        ...event(
          'Weekly',
          'DTSTART;TZID=My Office Time:20271101T090000',
          'DTEND;TZID=My Office Time:20271101T100000',
          'RRULE:FREQ=WEEKLY;COUNT=3',
        ),
        ...event(
          'Weekly',
          'RECURRENCE-ID;TZID=My Office Time:20271108T090000',
          'SUMMARY:Moved',
          'DTSTART;TZID=My Office Time:20271108T110000',
          'DTEND;TZID=My Office Time:20271108T120000',
        ),
      ),
    );
    // At 09:00 in Europe/Paris each week (the file's rules would say 07:00Z: a series keeps the
    // local time of the zone it repeats in).
    expect(await read(me, '2027-11-01', '2027-11-20')).toEqual([
      'Weekly 2027-11-01T08:00:00Z–2027-11-01T09:00:00Z',
      'Moved 2027-11-08T10:00:00Z–2027-11-08T11:00:00Z',
      'Weekly 2027-11-15T08:00:00Z–2027-11-15T09:00:00Z',
    ]);
  });
});

describe('another calendar system (RFC 7529)', () => {
  it('skips a rule in another calendar system for that reason, and SKIP in the Gregorian one as a rule it cannot show', async () => {
    const me = await buildUserInZone(t, 'UTC');
    const result = await imported(
      me,
      file(
        ...event('chinese', 'DTSTART;VALUE=DATE:20270206', 'RRULE:RSCALE=CHINESE;FREQ=YEARLY'),
        ...event(
          'hebrew',
          'DTSTART;VALUE=DATE:20270208',
          'RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD',
        ),
        ...event(
          'leap day',
          'DTSTART;VALUE=DATE:20280229',
          'RRULE:RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD',
        ),
        ...event('gregorian', 'DTSTART;VALUE=DATE:20270301', 'RRULE:RSCALE=GREGORIAN;FREQ=MONTHLY;COUNT=2'),
      ),
    );
    expect(result.skipped).toEqual([
      { uid: 'chinese', summary: 'chinese', reason: 'calendar.skip.calendarScale' },
      { uid: 'hebrew', summary: 'hebrew', reason: 'calendar.skip.calendarScale' },
      { uid: 'leap day', summary: 'leap day', reason: 'calendar.skip.ruleUnsupported' },
    ]);
    expect(await read(me, '2027-01-01', '2028-01-01')).toEqual([
      'gregorian 2027-03-01T00:00:00Z–2027-03-02T00:00:00Z',
      'gregorian 2027-04-01T00:00:00Z–2027-04-02T00:00:00Z',
    ]);
  });
});
