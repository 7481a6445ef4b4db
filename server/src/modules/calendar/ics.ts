/**
 * iCalendar (RFC 5545) in and out. Out: a user's events as a feed, written by ical-generator, each
 * timed event in its owner's zone (TZID with its VTIMEZONE, from timezones-ical-library) so that
 * a repetition keeps its local time in any client; all-day events as dates. In: a file's VEVENTs,
 * read by ical.js, into the fields an event is created from.
 */
import ICAL from 'ical.js';
import {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  type ICalCalendarMethod,
} from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import {
  type EventCategory,
  eventCategories,
  isRecurrenceRule,
  REMINDER_MAX_MINUTES,
} from '@cadence/contract';
import { bool } from '../../db/dialect';
import type { EventRow } from './presenter';

const DAY_MS = 86_400_000;

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

/** What an imported VEVENT becomes: the fields of `createEventInput`, checked as such afterwards. */
export interface ImportedEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  url: string;
  category: EventCategory;
  allDay: boolean;
  start: number;
  end: number;
  timeZone: string;
  recurrence: string | null;
  reminder: number | null;
}

export class NotICalendar extends Error {}

/**
 * The file's events. Times with an IANA TZID are placed by luxon; other TZIDs by the file's own
 * VTIMEZONE; floating times in the importer's zone. A rule this app cannot repeat by (hourly, by
 * week number…) leaves the first occurrence alone. Events without a start are skipped.
 */
export function parseIcs(text: string, userZone: string): { events: ImportedEvent[]; skipped: number } {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new NotICalendar();
  }
  if (root.name !== 'vcalendar') throw new NotICalendar();
  const zones = new Map<string, ICAL.Timezone>();
  for (const component of root.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(component);
    zones.set(zone.tzid, zone);
  }
  const events: ImportedEvent[] = [];
  let skipped = 0;
  for (const component of root.getAllSubcomponents('vevent')) {
    try {
      const event = readEvent(component, zones, userZone);
      if (event) events.push(event);
      else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  return { events, skipped };
}

function readEvent(
  component: ICAL.Component,
  zones: Map<string, ICAL.Timezone>,
  userZone: string,
): ImportedEvent | null {
  // Overrides of one occurrence (RECURRENCE-ID) are not kept: the series stands as its rule says.
  if (component.hasProperty('recurrence-id')) return null;
  const startProp = component.getFirstProperty('dtstart');
  if (!startProp) return null;
  const startTime = startProp.getFirstValue() as ICAL.Time;
  const tzid = startProp.getParameter('tzid') as string | undefined;
  const allDay = startTime.isDate;
  const zone = tzid && DateTime.local().setZone(tzid).isValid ? tzid : userZone;
  const instant = (time: ICAL.Time, propTzid: string | undefined): number => {
    if (time.isDate) return Date.UTC(time.year, time.month - 1, time.day);
    if (time.zone === ICAL.Timezone.utcTimezone) return time.toJSDate().getTime();
    const name = propTzid ?? '';
    if (name && DateTime.local().setZone(name).isValid) return wall(time, name);
    const fileZone = zones.get(name);
    if (fileZone) {
      const zoned = new ICAL.Time(
        {
          year: time.year,
          month: time.month,
          day: time.day,
          hour: time.hour,
          minute: time.minute,
          second: time.second,
        },
        fileZone,
      );
      return zoned.toUnixTime() * 1000;
    }
    return wall(time, userZone);
  };
  const start = instant(startTime, tzid);
  let end: number;
  const endProp = component.getFirstProperty('dtend');
  const duration = component.getFirstPropertyValue('duration') as ICAL.Duration | null;
  if (endProp)
    end = instant(endProp.getFirstValue() as ICAL.Time, endProp.getParameter('tzid') as string | undefined);
  else if (duration) end = start + duration.toSeconds() * 1000;
  else end = allDay ? start + DAY_MS : start;
  if (end < start) end = start;

  const recur = component.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  const rule = recur ? recur.toString().toUpperCase() : null;
  const category = String(component.getFirstPropertyValue('categories') ?? '').trim();
  const known = eventCategories.find((name) => name.toLowerCase() === category.toLowerCase());
  return {
    uid: String(component.getFirstPropertyValue('uid') ?? '').slice(0, 255),
    title: text(component, 'summary', 200) || 'Untitled',
    description: text(component, 'description', 5000),
    location: text(component, 'location', 200),
    url: webAddress(text(component, 'url', 2000)),
    category: known ?? 'Personal',
    allDay,
    start,
    end,
    timeZone: zone,
    recurrence: rule && isRecurrenceRule(rule) ? rule : null,
    reminder: reminderOf(component),
  };
}

function wall(time: ICAL.Time, zone: string): number {
  return DateTime.fromObject(
    {
      year: time.year,
      month: time.month,
      day: time.day,
      hour: time.hour,
      minute: time.minute,
      second: time.second,
    },
    { zone },
  ).toMillis();
}

function text(component: ICAL.Component, name: string, max: number): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.replace(/\0/g, '').trim().slice(0, max) : '';
}

function webAddress(value: string): string {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value) ? value : '';
}

/** The first alarm that rings a whole number of minutes before the start, within four weeks. */
function reminderOf(component: ICAL.Component): number | null {
  for (const alarm of component.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstPropertyValue('trigger');
    if (!(trigger instanceof ICAL.Duration)) continue;
    const seconds = -trigger.toSeconds();
    const related = alarm.getFirstProperty('trigger')?.getParameter('related');
    if (related === 'END' || seconds < 0 || seconds % 60 !== 0) continue;
    const minutes = seconds / 60;
    if (minutes <= REMINDER_MAX_MINUTES) return minutes;
  }
  return null;
}
