/**
 * iCalendar (RFC 5545) out: a user's events as a feed (whole, or streamed a slice at a time), one
 * event as a CalDAV resource, and the invitations mailed for events and meetings. Each timed event
 * is written in its owner's zone (TZID with its VTIMEZONE, from timezones-ical-library) so that a
 * repetition keeps its local time in any client; all-day events as dates. The text is written here
 * directly, at a cost proportional to its bytes. Reading a file that someone else wrote is
 * ics-import.ts.
 */
import { bool } from '../../db/dialect';
import {
  CRLF,
  dateTime,
  dayValue,
  escapeText,
  foldLine,
  rfcRule,
  utcValue,
  vtimezone,
} from '../../lib/ical-values';
import type { WorkSlicer } from '../../lib/work-slicer';
import { floating, isAmbiguous } from '../../lib/zoned-time';
import type { ExceptionRow } from './exceptions';
import type { EventRow } from './presenter';

/** A content line with its CRLF, folded at 75 octets. */
const line = (text: string) => foldLine(text) + CRLF;

/** A quoted parameter value: a quote, a line break and a caret as RFC 6868 writes them (^' ^n ^^). */
function quoted(value: string): string {
  return `"${value
    .replace(/\^/g, '^^')
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, '^n')}"`;
}

/** A URI or CAL-ADDRESS value is not escaped; a line break in one could only start a new property. */
function uri(value: string): string {
  return value.replace(/[\r\n]/g, encodeURIComponent);
}

/** A date or a date-time as iCalendar writes a value (no TZID): a day, in UTC, or the wall time in the zone. */
function icsValue(ms: number, allDay: boolean, zone: string): string {
  if (allDay) return dayValue(ms);
  if (zone === 'UTC') return utcValue(ms);
  return dateTime(floating(ms, zone));
}

/** A DTSTART-like property: a day (VALUE=DATE), an instant in UTC (no zone), or a wall time with its TZID. */
function timeLine(name: string, ms: number, allDay: boolean, zone: string | null): string {
  if (allDay) return `${name};VALUE=DATE:${dayValue(ms)}${CRLF}`;
  if (zone === null) return `${name}:${utcValue(ms)}${CRLF}`;
  return line(`${name};TZID=${zone}:${dateTime(floating(ms, zone))}`);
}

/** A duration as TRIGGER writes it (§3.3.6): -PT15M, -P1DT1H30M, PT0S. */
function duration(seconds: number): string {
  let out = seconds < 0 ? '-P' : 'P';
  let rest = Math.abs(seconds);
  if (rest >= 86_400) {
    out += `${Math.floor(rest / 86_400)}D`;
    rest %= 86_400;
    if (rest === 0) return out;
  }
  out += 'T';
  if (rest >= 3600) out += `${Math.floor(rest / 3600)}H`;
  rest %= 3600;
  if (rest >= 60) out += `${Math.floor(rest / 60)}M`;
  rest %= 60;
  if (rest > 0 || out.endsWith('T')) out += `${rest}S`;
  return out;
}

/**
 * A property of dates (EXDATE, RDATE) in the event's zone or as days; the instants that fall in a
 * repeated autumn hour on a line of their own, in UTC.
 */
function datesLines(name: string, values: number[], allDay: boolean, zone: string): string[] {
  if (values.length === 0) return [];
  if (allDay) return [`${name};VALUE=DATE:${values.map((ms) => icsValue(ms, true, zone)).join(',')}`];
  const twice = values.filter((ms) => isAmbiguous(ms, zone));
  const once = values.filter((ms) => !isAmbiguous(ms, zone));
  return [
    ...(once.length > 0
      ? [
          `${name}${zone === 'UTC' ? '' : `;TZID=${zone}`}:${once.map((ms) => icsValue(ms, false, zone)).join(',')}`,
        ]
      : []),
    ...(twice.length > 0 ? [`${name}:${twice.map((ms) => icsValue(ms, false, 'UTC')).join(',')}`] : []),
  ];
}

// Components.

/** Who an event or meeting is between: ORGANIZER, and each ATTENDEE with their answer (PARTSTAT). */
export interface IcsPeople {
  organiser: { name: string; email: string };
  attendees: Array<{ name: string; email: string; status: 'pending' | 'accepted' | 'refused' }>;
}

/** A meeting as iCalendar wants it: one timed event in UTC, its organiser and attendees. */
export interface IcsMeeting {
  uid: string;
  sequence: number;
  name: string;
  description: string;
  link: string;
  /** A place, when it is not the link (a booking's) */
  location?: string;
  start: string;
  end: string;
  createdAt: string;
  updatedAt: string;
  organiser: { name: string; email: string };
  attendees?: Array<{ name: string; email: string; status: 'pending' | 'accepted' | 'refused' }>;
}

/** An iTIP message's METHOD (RFC 5546). */
export type ItipMethod =
  'PUBLISH' | 'REQUEST' | 'REPLY' | 'ADD' | 'CANCEL' | 'REFRESH' | 'COUNTER' | 'DECLINECOUNTER';

const partstat = { pending: 'NEEDS-ACTION', accepted: 'ACCEPTED', refused: 'DECLINED' } as const;

function partyLines(organiser: IcsPeople['organiser'], attendees: IcsPeople['attendees']): string {
  let out = line(`ORGANIZER;CN=${quoted(organiser.name)}:mailto:${uri(organiser.email)}`);
  for (const attendee of attendees) {
    out += line(
      `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${partstat[attendee.status]};RSVP=TRUE` +
        `${attendee.name ? `;CN=${quoted(attendee.name)}` : ''}:MAILTO:${uri(attendee.email)}`,
    );
  }
  return out;
}

/** What one VEVENT says beside its times, in the order it is written. */
interface Fields {
  summary: string;
  location: string | null;
  description: string | null;
  /** Already written: ORGANIZER and ATTENDEE lines */
  party: string;
  reminder: number | null;
  category: string | null;
  url: string | null;
  cancelled: boolean;
  createdAt: string;
  updatedAt: string;
}

function veventHead(uid: string, sequence: number, updatedAt: string): string {
  return `BEGIN:VEVENT${CRLF}${line(`UID:${escapeText(uid)}`)}SEQUENCE:${sequence}${CRLF}DTSTAMP:${utcValue(Date.parse(updatedAt))}${CRLF}`;
}

function veventTail(fields: Fields): string {
  const summary = escapeText(fields.summary);
  let out = line(`SUMMARY:${summary}`);
  if (fields.location) out += line(`LOCATION:${escapeText(fields.location)}`);
  if (fields.description) out += line(`DESCRIPTION:${escapeText(fields.description)}`);
  out += fields.party;
  if (fields.reminder !== null) {
    out += `BEGIN:VALARM${CRLF}ACTION:DISPLAY${CRLF}TRIGGER:${duration(-fields.reminder * 60)}${CRLF}`;
    out += `${line(`DESCRIPTION:${summary}`)}END:VALARM${CRLF}`;
  }
  if (fields.category !== null) out += line(`CATEGORIES:${escapeText(fields.category)}`);
  if (fields.url) out += line(`URL;VALUE=URI:${uri(fields.url)}`);
  out += `STATUS:${fields.cancelled ? 'CANCELLED' : 'CONFIRMED'}${CRLF}`;
  out += `CREATED:${utcValue(Date.parse(fields.createdAt))}${CRLF}`;
  out += `LAST-MODIFIED:${utcValue(Date.parse(fields.updatedAt))}${CRLF}`;
  return `${out}END:VEVENT${CRLF}`;
}

/** DTSTART and DTEND, the earlier first (RFC 5545 wants the end after the start). */
function spanLines(startIso: string, endIso: string, allDay: boolean, zone: string | null): string {
  const [a, b] = [Date.parse(startIso), Date.parse(endIso)];
  const [start, end] = a <= b ? [a, b] : [b, a];
  const out = timeLine('DTSTART', start, allDay, zone) + timeLine('DTEND', end, allDay, zone);
  return allDay
    ? `${out}X-MICROSOFT-CDO-ALLDAYEVENT:TRUE${CRLF}X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE${CRLF}`
    : out;
}

function meetingText(meeting: IcsMeeting, cancelled = false): string {
  return (
    veventHead(meeting.uid, meeting.sequence, meeting.updatedAt) +
    spanLines(meeting.start, meeting.end, false, null) +
    veventTail({
      summary: meeting.name,
      location: meeting.location || meeting.link || null,
      description: meeting.description || null,
      party: partyLines(meeting.organiser, meeting.attendees ?? []),
      reminder: null,
      category: null,
      url: meeting.link || null,
      cancelled,
      createdAt: meeting.createdAt,
      updatedAt: meeting.updatedAt,
    })
  );
}

/**
 * How an event's times are written: `zone` is the zone its values are computed in (UTC for an
 * all-day event or one in a zone the library does not know) and `tzid` the zone named on its
 * start and end, or null for UTC or days. A single event with a start or end in a repeated autumn
 * hour is written in UTC (a client would read the local time as the first of the two); a series
 * keeps its TZID, for the rule's sake (docs/decisions.md).
 */
interface Placing {
  allDay: boolean;
  zone: string;
  tzid: string | null;
}

function placingOf(row: EventRow): Placing {
  const allDay = bool(row.all_day);
  const zone = allDay || !vtimezone(row.time_zone) ? 'UTC' : row.time_zone;
  if (allDay || zone === 'UTC') return { allDay, zone, tzid: null };
  const inUtc =
    !row.recurrence &&
    (isAmbiguous(Date.parse(row.start_at), zone) || isAmbiguous(Date.parse(row.end_at), zone));
  return { allDay, zone, tzid: inUtc ? null : zone };
}

/**
 * One event of ours as VEVENTs: the series with EXDATE for its cancelled occurrences and RDATE for
 * its added ones, and one VEVENT with RECURRENCE-ID per overridden occurrence (D39); with its
 * organiser and guests when it has guests (D42). An override with a time in a repeated autumn
 * hour is written in UTC whole, its RECURRENCE-ID too.
 */
function eventText(
  row: EventRow,
  placing: Placing,
  changed: ExceptionRow[],
  people: IcsPeople | undefined,
  cancelled = false,
): string {
  const { allDay, zone, tzid } = placing;
  const party = people && people.attendees.length > 0 ? partyLines(people.organiser, people.attendees) : '';
  let out =
    veventHead(row.uid, row.sequence, row.updated_at) + spanLines(row.start_at, row.end_at, allDay, tzid);
  if (row.recurrence) {
    const excluded: number[] = [];
    const added: number[] = [];
    for (const change of changed) {
      if (change.kind === 'exclusion') excluded.push(Date.parse(change.occurrence_at));
      else if (change.kind === 'addition') added.push(Date.parse(change.occurrence_at));
    }
    out += line(`RRULE:${rfcRule(row.recurrence, allDay, zone)}`);
    for (const dates of [
      ...datesLines('EXDATE', excluded, allDay, zone),
      ...datesLines('RDATE', added, allDay, zone),
    ]) {
      out += line(dates);
    }
  }
  out += veventTail({
    summary: row.title,
    location: row.location || null,
    description: row.description || null,
    party,
    reminder: row.reminder,
    category: row.category,
    url: row.url || null,
    cancelled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
  if (!row.recurrence) return out;
  const twice = (iso: string) => !allDay && isAmbiguous(Date.parse(iso), zone);
  for (const override of changed) {
    if (override.kind !== 'override') continue;
    const overrideAllDay = bool(override.all_day ?? false);
    const inUtc = !allDay && [override.occurrence_at, override.start_at!, override.end_at!].some(twice);
    const overrideZone = overrideAllDay || zone === 'UTC' || inUtc ? null : zone;
    // The occurrence it replaces, as the series' DTSTART writes it: a day for an all-day series.
    const occurrence = Date.parse(override.occurrence_at);
    out +=
      veventHead(row.uid, row.sequence, override.updated_at) +
      spanLines(override.start_at!, override.end_at!, overrideAllDay, overrideZone) +
      timeLine('RECURRENCE-ID', occurrence, allDay, overrideZone) +
      veventTail({
        summary: override.title ?? row.title,
        location: override.location || null,
        description: override.description || null,
        party,
        reminder: override.reminder,
        category: override.category ?? row.category,
        url: override.url || null,
        cancelled,
        createdAt: override.created_at,
        updatedAt: override.updated_at,
      });
  }
  return out;
}

// Calendars.

interface CalendarHead {
  product: 'Calendar' | 'Meetings';
  method?: ItipMethod;
  /** The feed's name (NAME, X-WR-CALNAME) */
  name?: string;
}

function calendarHead({ product, method, name }: CalendarHead): string {
  let out = `BEGIN:VCALENDAR${CRLF}VERSION:2.0${CRLF}PRODID:-//Cadence//${product}//EN${CRLF}`;
  if (method) out += `METHOD:${method}${CRLF}`;
  if (name) {
    // As it is: readers that do not know these properties (ical.js, so Thunderbird) show them
    // unescaped; a line break only could start a property of its own.
    const label = name.replace(/[\r\n]+/g, ' ');
    out += line(`NAME:${label}`) + line(`X-WR-CALNAME:${label}`);
  }
  return out;
}

const CALENDAR_END = `END:VCALENDAR${CRLF}`;

/**
 * The pieces of a VCALENDAR of events and meetings, in order: its head and a VTIMEZONE for each
 * zone its events name, then each VEVENT. An empty piece marks a step of work done (each event's
 * placing is found before any text is written, as the VTIMEZONEs come first), so that a caller
 * can give the event loop a turn between any two.
 */
function* calendarPieces(
  head: CalendarHead,
  rows: EventRow[],
  meetings: IcsMeeting[],
  exceptions: Map<number, ExceptionRow[]>,
  people: Map<number, IcsPeople>,
  cancelled = false,
): Generator<string, void, undefined> {
  const placings: Placing[] = [];
  const zones = new Set<string>();
  for (const row of rows) {
    const placing = placingOf(row);
    placings.push(placing);
    if (placing.tzid) zones.add(placing.tzid);
    yield '';
  }
  yield calendarHead(head) + [...zones].map((zone) => vtimezone(zone)!).join('');
  for (const [index, row] of rows.entries()) {
    const changed = row.recurrence ? (exceptions.get(row.id) ?? []) : [];
    yield eventText(row, placings[index]!, changed, people.get(row.id), cancelled);
  }
  for (const meeting of meetings) yield meetingText(meeting, cancelled);
  yield CALENDAR_END;
}

const whole = (pieces: Iterable<string>) => {
  let out = '';
  for (const piece of pieces) out += piece;
  return out;
};

/** An invitation to a meeting (METHOD:REQUEST), or its cancellation (METHOD:CANCEL). */
export function invitationIcs(meeting: IcsMeeting, method: ItipMethod): string {
  return (
    calendarHead({ product: 'Meetings', method }) + meetingText(meeting, method === 'CANCEL') + CALENDAR_END
  );
}

/**
 * An event with guests as the iTIP message (RFC 5546) its guests are mailed: REQUEST when they
 * are added or it changes (with its overrides and exclusions), CANCEL when it is deleted or they
 * are taken off it.
 */
export function eventInvitationIcs(
  row: EventRow,
  changed: ExceptionRow[],
  people: IcsPeople,
  method: ItipMethod,
): string {
  return whole(
    calendarPieces(
      { product: 'Calendar', method },
      [row],
      [],
      new Map([[row.id, changed]]),
      new Map([[row.id, people]]),
      method === 'CANCEL',
    ),
  );
}

/** One event (its series and overrides) as the VCALENDAR of a CalDAV resource, with its VTIMEZONE. */
export function eventObjectText(
  row: EventRow,
  exceptions: ExceptionRow[],
  people: IcsPeople | undefined,
): string {
  return whole(
    calendarPieces(
      { product: 'Calendar' },
      [row],
      [],
      new Map([[row.id, exceptions]]),
      new Map(people ? [[row.id, people]] : []),
    ),
  );
}

/**
 * The user's events as a feed (D39): each series with its exclusions, additions and overrides;
 * the events with guests and the meetings with their organiser and attendees (D42).
 */
export function feedOf(
  name: string,
  rows: EventRow[],
  meetings: IcsMeeting[] = [],
  exceptions: Map<number, ExceptionRow[]> = new Map(),
  people: Map<number, IcsPeople> = new Map(),
): string {
  return whole(calendarPieces({ product: 'Calendar', name }, rows, meetings, exceptions, people));
}

/** The text a feed is sent in pieces of about this many characters. */
const FEED_CHUNK = 64 * 1024;

/**
 * The feed as feedOf writes it, in pieces of about 64 kB, the event loop given a turn whenever
 * the slicer's slice is spent: a feed of thousands of events never holds the server.
 */
export async function* feedChunks(
  name: string,
  rows: EventRow[],
  meetings: IcsMeeting[],
  exceptions: Map<number, ExceptionRow[]>,
  people: Map<number, IcsPeople>,
  slicer: WorkSlicer,
): AsyncGenerator<string, void, undefined> {
  let chunk = '';
  for (const piece of calendarPieces({ product: 'Calendar', name }, rows, meetings, exceptions, people)) {
    chunk += piece;
    if (chunk.length >= FEED_CHUNK) {
      yield chunk;
      chunk = '';
    }
    await slicer.pause();
  }
  if (chunk) yield chunk;
}
