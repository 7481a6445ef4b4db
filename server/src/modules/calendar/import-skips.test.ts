/**
 * What an import leaves out, over HTTP: a file's to-dos (VTODO) and journal entries (VJOURNAL) are
 * listed as not imported, with their reason, and stay out of the calendar and the to-do list; a
 * malformed RDATE value (Google's birthday calendar writes some) is left out alone, as Google and
 * ical.js do, and its event still comes in with its other dates.
 */
import {
  type CalendarEvents,
  type CalendarImportResult,
  type ErrorBody,
  messages,
  type TaskList,
} from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUserInZone, call, multipartFile, ok, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

const file = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');

async function upload(user: TestUser, content: string) {
  const body = multipartFile('calendar.ics', 'text/calendar', Buffer.from(content));
  return call(t, 'POST', '/api/calender/import', user.token, body.payload, {
    'content-type': body.contentType,
  });
}

async function imported(user: TestUser, content: string): Promise<CalendarImportResult> {
  const response = await upload(user, content);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CalendarImportResult>();
}

/** Title and start day of each occurrence in [start, end). */
async function days(user: TestUser, start: string, end: string): Promise<string[]> {
  const query = new URLSearchParams({ start, end }).toString();
  const { data } = await ok<CalendarEvents>(t, 'GET', `/api/calender/events?${query}`, user.token);
  return data.map((o) => `${o.title} ${o.start.slice(0, 10)}`);
}

const todo = [
  'BEGIN:VTODO',
  'UID:todo-1@example.com',
  'DTSTAMP:20260101T000000Z',
  'SUMMARY:Buy milk',
  'DUE;VALUE=DATE:20260105',
  'END:VTODO',
];
const journal = [
  'BEGIN:VJOURNAL',
  'UID:journal-1@example.com',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;VALUE=DATE:20260102',
  'SUMMARY:Meeting notes',
  'DESCRIPTION:What we said.',
  'END:VJOURNAL',
];
const meeting = [
  'BEGIN:VEVENT',
  'UID:event-1@example.com',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20260106T090000Z',
  'DTEND:20260106T100000Z',
  'SUMMARY:Planning',
  'END:VEVENT',
];

describe('to-dos and journal entries in an imported file', () => {
  it('lists them as not imported, with their reason, and imports the events alone', async () => {
    const me = await buildUserInZone(t, 'UTC');
    const result = await imported(me, file(...todo, ...meeting, ...journal));
    expect(result).toEqual({
      imported: 1,
      updated: 0,
      unchanged: 0,
      skipped: [
        { uid: 'todo-1@example.com', summary: 'Buy milk', reason: 'calendar.skip.notEvent' },
        { uid: 'journal-1@example.com', summary: 'Meeting notes', reason: 'calendar.skip.notEvent' },
      ],
      skippedCount: 2,
    });
    expect(await days(me, '2026-01-01T00:00:00.000Z', '2026-01-31T00:00:00.000Z')).toEqual([
      'Planning 2026-01-06',
    ]);
    const todos = await ok<TaskList>(t, 'GET', `/api/todos?user=${me.id}`, me.token);
    expect(todos.data).toEqual([]);
  });

  it('answers a file of to-dos alone with a 400 that says why', async () => {
    const me = await buildUserInZone(t, 'UTC');
    const response = await upload(me, file(...todo));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: messages['calendar.fileEmpty'],
      fields: { file: messages['calendar.skip.notEvent'] },
    });
  });
});

describe('a malformed RDATE value', () => {
  it('is left out alone: the birthday keeps its yearly dates and its other RDATE values', async () => {
    const me = await buildUserInZone(t, 'UTC');
    // As Google's birthday calendar writes it: all-day yearly events, one with an RDATE of a day that
    // does not exist (29 February 2027) beside a good one, on a line of its own and among others.
    const birthdays = [
      'BEGIN:VCALENDAR',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Birthdays',
      'X-WR-TIMEZONE:UTC',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20240229',
      'DTEND;VALUE=DATE:20240301',
      'RRULE:FREQ=YEARLY',
      'RDATE;VALUE=DATE:20270229',
      'RDATE;VALUE=DATE:20270228',
      'RDATE;VALUE=DATE:20290228,2029022',
      'DTSTAMP:20260101T000000Z',
      'UID:2024_BIRTHDAY_leap@google.com',
      'CREATED:20240101T000000Z',
      'SUMMARY:Lea’s birthday',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20260315',
      'DTEND;VALUE=DATE:20260316',
      'RRULE:FREQ=YEARLY',
      'DTSTAMP:20260101T000000Z',
      'UID:2026_BIRTHDAY_ana@google.com',
      'SUMMARY:Ana’s birthday',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const result = await imported(me, birthdays);
    expect(result).toMatchObject({ imported: 2, skipped: [], skippedCount: 0 });
    expect(await days(me, '2027-02-01T00:00:00.000Z', '2027-03-31T00:00:00.000Z')).toEqual([
      'Lea’s birthday 2027-02-28',
      'Ana’s birthday 2027-03-15',
    ]);
    expect(await days(me, '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z')).toEqual([
      'Lea’s birthday 2028-02-29',
    ]);
    expect(await days(me, '2029-02-01T00:00:00.000Z', '2029-03-01T00:00:00.000Z')).toEqual([
      'Lea’s birthday 2029-02-28',
    ]);
  });
});
