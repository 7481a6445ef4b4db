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
  type ICalCalendarMethod,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { bool } from '../../db/dialect';
import type { ExceptionRow } from './exceptions';
import type { EventRow } from './presenter';

/** The VTIMEZONE of an IANA zone, or nothing for one the library does not know. */
function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone)[0];
  return block && block.startsWith('BEGIN:VTIMEZONE') ? block : null;
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

/** A meeting as iCalendar wants it: one timed event in UTC, its organiser and attendees. */
export interface IcsMeeting {
  uid: string;
  sequence: number;
  name: string;
  description: string;
  link: string;
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

function addMeeting(calendar: ICalCalendar, meeting: IcsMeeting): void {
  calendar.createEvent({
    id: meeting.uid,
    sequence: meeting.sequence,
    start: new Date(meeting.start),
    end: new Date(meeting.end),
    summary: meeting.name,
    description: meeting.description || null,
    location: meeting.link || null,
    url: meeting.link || null,
    organizer: meeting.organiser,
    attendees: (meeting.attendees ?? []).map((attendee) => ({
      name: attendee.name,
      email: attendee.email,
      rsvp: true,
      role: ICalAttendeeRole.REQ,
      status: attendeeStatus[attendee.status],
    })),
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
  addMeeting(calendar, meeting);
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

/** A property of dates (EXDATE, RDATE) in the event's zone or as days. */
function datesLine(name: string, values: number[], allDay: boolean, zone: string): string {
  const parameters = allDay ? ';VALUE=DATE' : zone === 'UTC' ? '' : `;TZID=${zone}`;
  return `${name}${parameters}:${values.map((ms) => icsValue(ms, allDay, zone)).join(',')}`;
}

/**
 * The user's events as a feed: each series with EXDATE for its cancelled occurrences and RDATE for
 * its added ones, and one VEVENT with RECURRENCE-ID per overridden occurrence (D39).
 */
export function feedOf(
  name: string,
  rows: EventRow[],
  meetings: IcsMeeting[] = [],
  exceptions: Map<number, ExceptionRow[]> = new Map(),
): string {
  const calendar = new ICalCalendar({
    name,
    prodId: { company: 'Cadence', product: 'Calendar', language: 'EN' },
  });
  calendar.timezone({ name: null, generator: vtimezone });
  for (const row of rows) {
    const allDay = bool(row.all_day);
    const zone = allDay || !vtimezone(row.time_zone) ? 'UTC' : row.time_zone;
    const event = calendar.createEvent({
      id: row.uid,
      sequence: row.sequence,
      start: DateTime.fromISO(row.start_at, { zone: allDay ? 'UTC' : zone }),
      end: DateTime.fromISO(row.end_at, { zone: allDay ? 'UTC' : zone }),
      allDay,
      timezone: allDay || zone === 'UTC' ? null : zone,
      summary: row.title,
      description: row.description || null,
      location: row.location || null,
      url: row.url || null,
      categories: [{ name: row.category }],
      created: new Date(row.created_at),
      lastModified: new Date(row.updated_at),
      stamp: new Date(row.updated_at),
    });
    const changed = row.recurrence ? (exceptions.get(row.id) ?? []) : [];
    if (row.recurrence) {
      const excluded = changed.filter((x) => x.kind === 'exclusion').map((x) => Date.parse(x.occurrence_at));
      const added = changed.filter((x) => x.kind === 'addition').map((x) => Date.parse(x.occurrence_at));
      event.repeating(
        [
          `RRULE:${rfcRule(row.recurrence, allDay, zone)}`,
          ...(excluded.length > 0 ? [datesLine('EXDATE', excluded, allDay, zone)] : []),
          ...(added.length > 0 ? [datesLine('RDATE', added, allDay, zone)] : []),
        ].join('\r\n'),
      );
    }
    if (row.reminder !== null)
      event.createAlarm({ type: ICalAlarmType.display, triggerBefore: row.reminder * 60 });
    for (const override of changed.filter((x) => x.kind === 'override')) {
      const overrideAllDay = bool(override.all_day ?? false);
      const at = (iso: string) => DateTime.fromISO(iso, { zone: overrideAllDay ? 'UTC' : zone });
      const instance = calendar.createEvent({
        id: row.uid,
        sequence: row.sequence,
        recurrenceId: DateTime.fromISO(override.occurrence_at, { zone: allDay ? 'UTC' : zone }),
        start: at(override.start_at!),
        end: at(override.end_at!),
        allDay: overrideAllDay,
        timezone: overrideAllDay || zone === 'UTC' ? null : zone,
        summary: override.title ?? row.title,
        description: override.description || null,
        location: override.location || null,
        url: override.url || null,
        categories: [{ name: override.category ?? row.category }],
        created: new Date(override.created_at),
        lastModified: new Date(override.updated_at),
        stamp: new Date(override.updated_at),
      });
      if (override.reminder !== null)
        instance.createAlarm({ type: ICalAlarmType.display, triggerBefore: override.reminder * 60 });
    }
  }
  for (const meeting of meetings) addMeeting(calendar, meeting);
  return calendar.toString();
}
