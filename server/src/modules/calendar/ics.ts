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

export function feedOf(name: string, rows: EventRow[], meetings: IcsMeeting[] = []): string {
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
    if (row.recurrence) event.repeating(`RRULE:${rfcRule(row.recurrence, allDay, zone)}`);
    if (row.reminder !== null)
      event.createAlarm({ type: ICalAlarmType.display, triggerBefore: row.reminder * 60 });
  }
  for (const meeting of meetings) addMeeting(calendar, meeting);
  return calendar.toString();
}
