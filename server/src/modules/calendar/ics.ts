/**
 * iCalendar (RFC 5545) in and out. Out: a user's events as a feed, written by ical-generator, each
 * timed event in its owner's zone (TZID with its VTIMEZONE, from timezones-ical-library) so that
 * a repetition keeps its local time in any client; all-day events as dates. Reading a file that
 * someone else wrote is ics-import.ts.
 */
import {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { bool } from '../../db/dialect';
import { isAmbiguous } from '../../lib/zoned-time';
import type { ExceptionRow } from './exceptions';
import type { EventRow } from './presenter';

/** VTIMEZONE blocks by zone: the library builds each anew (a CalDAV full sync asks thousands of times). */
const vtimezones = new Map<string, string | null>();

/** The VTIMEZONE of an IANA zone, or nothing for one the library does not know. */
function vtimezone(zone: string): string | null {
  let known = vtimezones.get(zone);
  if (known === undefined) {
    const block = tzlib_get_ical_block(zone)[0];
    known = block && block.startsWith('BEGIN:VTIMEZONE') ? block : null;
    // Zones are a few hundred names at most; an unknown one is kept as null too.
    if (vtimezones.size < 2000) vtimezones.set(zone, known);
  }
  return known;
}

/**
 * A rule's UNTIL as RFC 5545 wants it beside a zoned start: a UTC date-time (our rules may give a
 * day, meaning the whole of it in the event's zone). All-day events keep a day.
 */
function rfcRule(rule: string, allDay: boolean, zone: string): string {
  return rule.replace(/UNTIL=([0-9TZ]+)/i, (_, value: string) => {
    if (allDay) return `UNTIL=${value.slice(0, 8)}`;
    if (value.endsWith('Z')) return `UNTIL=${value}`;
    const [y, m, d] = [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)];
    const time = value.length > 8 ? value.slice(9, 15) : '235959';
    const local = DateTime.fromISO(
      `${y}-${m}-${d}T${time.slice(0, 2)}:${time.slice(2, 4)}:${time.slice(4, 6)}`,
      {
        zone,
      },
    );
    return `UNTIL=${local.toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`;
  });
}

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

const attendeeStatus = {
  pending: ICalAttendeeStatus.NEEDSACTION,
  accepted: ICalAttendeeStatus.ACCEPTED,
  refused: ICalAttendeeStatus.DECLINED,
} as const;

const attendeesOf = (people: IcsPeople['attendees']) =>
  people.map((attendee) => ({
    name: attendee.name,
    email: attendee.email,
    rsvp: true,
    role: ICalAttendeeRole.REQ,
    status: attendeeStatus[attendee.status],
  }));

function addMeeting(calendar: ICalCalendar, meeting: IcsMeeting, cancelled = false): void {
  calendar.createEvent({
    id: meeting.uid,
    sequence: meeting.sequence,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    summary: meeting.name,
    description: meeting.description || null,
    location: meeting.location || meeting.link || null,
    url: meeting.link || null,
    organizer: meeting.organiser,
    attendees: attendeesOf(meeting.attendees ?? []),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    created: new Date(meeting.createdAt),
    lastModified: new Date(meeting.updatedAt),
    stamp: new Date(meeting.updatedAt),
  });
}

/** An invitation to a meeting (METHOD:REQUEST), or its cancellation (METHOD:CANCEL). */
export function invitationIcs(meeting: IcsMeeting, method: ICalCalendarMethod): string {
  const calendar = new ICalCalendar({
    method,
    prodId: { company: 'Cadence', product: 'Meetings', language: 'EN' },
  });
  addMeeting(calendar, meeting, method === ICalCalendarMethod.CANCEL);
  return calendar.toString();
}

/** A date or a date-time in the zone, as iCalendar writes a value (no TZID). */
function icsValue(ms: number, allDay: boolean, zone: string): string {
  if (allDay) return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  if (zone === 'UTC')
    return new Date(ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  return DateTime.fromMillis(ms, { zone }).toFormat("yyyyLLdd'T'HHmmss");
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

/**
 * One event of ours as VEVENTs: the series with EXDATE for its cancelled occurrences and RDATE for
 * its added ones, and one VEVENT with RECURRENCE-ID per overridden occurrence (D39); with its
 * organiser and guests when it has guests (D42). Timed values carry the event's TZID, except an
 * instant in a repeated autumn hour, written in UTC (a client would read the local time as the
 * first of the two); a series whose first start is such an instant keeps its TZID, for the rule's
 * sake (docs/decisions.md).
 */
function addEvent(
  calendar: ICalCalendar,
  row: EventRow,
  changed: ExceptionRow[],
  people: IcsPeople | undefined,
  cancelled = false,
): void {
  const allDay = bool(row.all_day);
  const zone = allDay || !vtimezone(row.time_zone) ? 'UTC' : row.time_zone;
  const twice = (iso: string) => !allDay && isAmbiguous(Date.parse(iso), zone);
  const inUtc = !row.recurrence && (twice(row.start_at) || twice(row.end_at));
  const timezone = allDay || zone === 'UTC' || inUtc ? null : zone;
  const party = people && people.attendees.length > 0 ? people : undefined;
  const shared = {
    ...(party ? { organizer: party.organiser, attendees: attendeesOf(party.attendees) } : {}),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  };
  const event = calendar.createEvent({
    id: row.uid,
    sequence: row.sequence,
    start: timezone ? DateTime.fromISO(row.start_at, { zone }) : new Date(row.start_at),
    end: timezone ? DateTime.fromISO(row.end_at, { zone }) : new Date(row.end_at),
    allDay,
    timezone,
    summary: row.title,
    description: row.description || null,
    location: row.location || null,
    url: row.url || null,
    categories: [{ name: row.category }],
    ...shared,
    created: new Date(row.created_at),
    lastModified: new Date(row.updated_at),
    stamp: new Date(row.updated_at),
  });
  if (!row.recurrence) {
    if (row.reminder !== null)
      event.createAlarm({ type: ICalAlarmType.display, triggerBefore: row.reminder * 60 });
    return;
  }
  const excluded = changed.filter((x) => x.kind === 'exclusion').map((x) => Date.parse(x.occurrence_at));
  const added = changed.filter((x) => x.kind === 'addition').map((x) => Date.parse(x.occurrence_at));
  event.repeating(
    [
      `RRULE:${rfcRule(row.recurrence, allDay, zone)}`,
      ...datesLines('EXDATE', excluded, allDay, zone),
      ...datesLines('RDATE', added, allDay, zone),
    ].join('\r\n'),
  );
  if (row.reminder !== null)
    event.createAlarm({ type: ICalAlarmType.display, triggerBefore: row.reminder * 60 });
  for (const override of changed.filter((x) => x.kind === 'override')) {
    const overrideAllDay = bool(override.all_day ?? false);
    const overrideInUtc =
      !allDay && [override.occurrence_at, override.start_at!, override.end_at!].some(twice);
    const overrideZone = overrideAllDay || zone === 'UTC' || overrideInUtc ? null : zone;
    const at = (iso: string) =>
      overrideZone
        ? DateTime.fromISO(iso, { zone: overrideZone })
        : overrideAllDay
          ? DateTime.fromISO(iso, { zone: 'UTC' })
          : new Date(iso);
    const instance = calendar.createEvent({
      id: row.uid,
      sequence: row.sequence,
      recurrenceId: allDay
        ? DateTime.fromISO(override.occurrence_at, { zone: 'UTC' })
        : overrideZone
          ? DateTime.fromISO(override.occurrence_at, { zone: overrideZone })
          : new Date(override.occurrence_at),
      start: at(override.start_at!),
      end: at(override.end_at!),
      allDay: overrideAllDay,
      timezone: overrideZone,
      summary: override.title ?? row.title,
      description: override.description || null,
      location: override.location || null,
      url: override.url || null,
      categories: [{ name: override.category ?? row.category }],
      ...shared,
      created: new Date(override.created_at),
      lastModified: new Date(override.updated_at),
      stamp: new Date(override.updated_at),
    });
    if (override.reminder !== null)
      instance.createAlarm({ type: ICalAlarmType.display, triggerBefore: override.reminder * 60 });
  }
}

function calendarWith(product: string, method?: ICalCalendarMethod, name?: string): ICalCalendar {
  const calendar = new ICalCalendar({
    ...(method ? { method } : {}),
    ...(name ? { name } : {}),
    prodId: { company: 'Cadence', product, language: 'EN' },
  });
  return calendar;
}

/**
 * The calendar's text with a VTIMEZONE for each zone its events name (TZID). The blocks are put in
 * here, not by ical-generator's timezone generator: it folds its whole output a character at a time
 * (a TextEncoder each), so a zone's 1,500 characters cost more than the event they serve — a CalDAV
 * full sync of 2,000 events took 3 s for that alone. The library's blocks are short lines already.
 */
function rendered(calendar: ICalCalendar): string {
  const text = calendar.toString();
  const zones = new Set([...text.matchAll(/;TZID=([^:;\r\n]+)[:;]/g)].map((match) => match[1]!));
  const blocks = [...zones].flatMap((zone) => {
    const block = vtimezone(zone);
    return block ? [block.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '\r\n')] : [];
  });
  if (blocks.length === 0) return text;
  const at = text.indexOf('BEGIN:VEVENT');
  const where = at === -1 ? text.lastIndexOf('END:VCALENDAR') : at;
  return text.slice(0, where) + blocks.join('') + text.slice(where);
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
  method: ICalCalendarMethod,
): string {
  const calendar = calendarWith('Calendar', method);
  addEvent(calendar, row, row.recurrence ? changed : [], people, method === ICalCalendarMethod.CANCEL);
  return rendered(calendar);
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
  const calendar = calendarWith('Calendar', undefined, name);
  for (const row of rows) {
    addEvent(calendar, row, row.recurrence ? (exceptions.get(row.id) ?? []) : [], people.get(row.id));
  }
  for (const meeting of meetings) addMeeting(calendar, meeting);
  return rendered(calendar);
}
