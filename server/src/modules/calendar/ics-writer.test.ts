/**
 * The iCalendar writer (ics.ts) read back by an independent parser, ical.js: for events of every
 * kind — timed in Paris, New York, UTC and a zone no VTIMEZONE exists for, all-day, in the hour
 * repeated when clocks go back, series with exclusions, additions and overrides (all-day ones too),
 * with reminders and guests — each property holds what the row says, worked out here from the row
 * (luxon for local times), and the series expand to the occurrences they should. Every line is at
 * most 75 octets and ends in CRLF, a fold never cuts a character, and unfolding gives each value
 * back exactly. The streamed feed is the same text, and gives the event loop turns.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkSlicer } from '../../lib/work-slicer';
import type { ExceptionRow } from './exceptions';
import {
  eventInvitationIcs,
  eventObjectText,
  feedChunks,
  feedOf,
  type IcsMeeting,
  type IcsPeople,
  invitationIcs,
} from './ics';
import type { EventRow } from './presenter';

let nextId = 1;

/** An event row as the database gives it; the CalDAV columns are of no concern to the writer. */
function eventRow(fields: Partial<EventRow>): EventRow {
  const id = nextId++;
  return {
    id,
    owner_id: 1,
    title: `Event ${id}`,
    description: '',
    url: '',
    location: '',
    category: 'Business',
    all_day: false,
    start_at: '2026-11-05T15:00:00.000Z',
    end_at: '2026-11-05T16:00:00.000Z',
    time_zone: 'Europe/Paris',
    recurrence: null,
    reminder: null,
    uid: `event-${id}@cadence.test`,
    last_start_at: null,
    sequence: 3,
    created_at: '2026-09-01T08:00:00.000Z',
    updated_at: '2026-09-02T08:30:15.000Z',
    ...fields,
  } as EventRow;
}

function change(row: EventRow, kind: ExceptionRow['kind'], fields: Partial<ExceptionRow>): ExceptionRow {
  return {
    event_id: row.id,
    occurrence_at: '',
    kind,
    title: null,
    description: null,
    url: null,
    location: null,
    category: null,
    all_day: null,
    start_at: null,
    end_at: null,
    reminder: null,
    created_at: '2026-09-10T10:00:00.000Z',
    updated_at: '2026-09-11T11:11:11.000Z',
    ...fields,
  };
}

/** The instant of a wall-clock time in a zone, as the database writes it. */
const at = (local: string, zone: string) => DateTime.fromISO(local, { zone }).toUTC().toISO()!;
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const long =
  'Ordre du jour : chiffres, plans; questions\\ réponses\nPuis déjeuner — café ☕ et 🎉 pour tous.\r\n'.repeat(
    6,
  );

const people: IcsPeople = {
  organiser: { name: 'Ana "the boss" Lima, PhD', email: 'ana@cadence.test' },
  attendees: [
    { name: 'Bo Chen', email: 'bo@cadence.test', status: 'pending' },
    { name: 'Cécile Dupré', email: 'cecile@cadence.test', status: 'accepted' },
    { name: 'Dev ^ Patel', email: 'dev@cadence.test', status: 'refused' },
  ],
};

const paris = eventRow({
  title: 'Revue; budget, Q3 — "final"',
  description: long,
  location: 'Salle 4; 2e étage, aile B',
  url: 'https://example.test/agenda?items=a,b;c',
  start_at: at('2026-07-14T10:00', 'Europe/Paris'),
  end_at: at('2026-07-14T11:30', 'Europe/Paris'),
  reminder: 15,
});

const newYork = eventRow({
  title: 'Stand-up',
  time_zone: 'America/New_York',
  start_at: at('2026-10-30T09:00', 'America/New_York'),
  end_at: at('2026-10-30T09:30', 'America/New_York'),
  recurrence: 'FREQ=DAILY;COUNT=6',
  reminder: 0,
});
const newYorkChanges = [
  change(newYork, 'exclusion', { occurrence_at: at('2026-10-31T09:00', 'America/New_York') }),
  change(newYork, 'addition', {
    occurrence_at: at('2026-11-10T09:00', 'America/New_York'),
    start_at: at('2026-11-10T09:00', 'America/New_York'),
    end_at: at('2026-11-10T09:30', 'America/New_York'),
  }),
  change(newYork, 'override', {
    occurrence_at: at('2026-11-02T09:00', 'America/New_York'),
    start_at: at('2026-11-02T11:00', 'America/New_York'),
    end_at: at('2026-11-02T12:00', 'America/New_York'),
    title: 'Stand-up, later',
    description: 'Moved: the room is taken',
    location: 'Room 9',
    url: 'https://example.test/later',
    reminder: 5,
  }),
  change(newYork, 'override', {
    occurrence_at: at('2026-11-03T09:00', 'America/New_York'),
    start_at: '2026-11-04T00:00:00.000Z',
    end_at: '2026-11-05T00:00:00.000Z',
    all_day: true,
    category: 'Holiday',
  }),
];

const utcWeekly = eventRow({
  title: 'UTC weekly',
  time_zone: 'UTC',
  start_at: '2026-11-03T08:00:00.000Z',
  end_at: '2026-11-03T08:45:00.000Z',
  recurrence: 'FREQ=WEEKLY;UNTIL=20261201',
  reminder: 1440,
});

const unknownZone = eventRow({ title: 'Somewhere unknown', time_zone: 'Mars/Olympus' });

/** 25 October 2026: 02:00–03:00 happens twice in Paris (00:00–01:00Z in CEST, 01:00–02:00Z in CET). */
const autumn = eventRow({
  title: 'Twice 02:30',
  start_at: '2026-10-25T00:30:00.000Z',
  end_at: '2026-10-25T01:30:00.000Z',
});

const autumnSeries = eventRow({
  title: 'Paris daily',
  start_at: at('2026-10-22T09:00', 'Europe/Paris'),
  end_at: at('2026-10-22T10:00', 'Europe/Paris'),
  recurrence: 'FREQ=DAILY;COUNT=6',
});
const autumnChanges = [
  change(autumnSeries, 'exclusion', { occurrence_at: at('2026-10-24T09:00', 'Europe/Paris') }),
  ...['2026-10-25T00:45:00.000Z', '2026-10-25T01:45:00.000Z'].map((start) =>
    change(autumnSeries, 'addition', { occurrence_at: start, start_at: start, end_at: plus(start, 60) }),
  ),
  change(autumnSeries, 'override', {
    occurrence_at: at('2026-10-26T09:00', 'Europe/Paris'),
    start_at: '2026-10-25T01:15:00.000Z',
    end_at: '2026-10-25T01:40:00.000Z',
    title: 'Paris daily, in the night',
  }),
];

const holidays = eventRow({
  title: 'Holidays',
  all_day: true,
  start_at: '2026-12-24T00:00:00.000Z',
  end_at: '2026-12-27T00:00:00.000Z',
  category: 'Holiday',
});

const allDaySeries = eventRow({
  title: 'Gym day',
  all_day: true,
  start_at: '2026-12-01T00:00:00.000Z',
  end_at: '2026-12-02T00:00:00.000Z',
  recurrence: 'FREQ=WEEKLY;COUNT=5',
  reminder: 1530,
});
const allDayChanges = [
  change(allDaySeries, 'exclusion', { occurrence_at: '2026-12-08T00:00:00.000Z' }),
  change(allDaySeries, 'addition', {
    occurrence_at: '2026-12-20T00:00:00.000Z',
    start_at: '2026-12-20T00:00:00.000Z',
    end_at: '2026-12-21T00:00:00.000Z',
  }),
  change(allDaySeries, 'override', {
    occurrence_at: '2026-12-15T00:00:00.000Z',
    start_at: '2026-12-16T00:00:00.000Z',
    end_at: '2026-12-17T00:00:00.000Z',
    all_day: true,
    title: 'Gym day, moved',
  }),
  change(allDaySeries, 'override', {
    occurrence_at: '2026-12-22T00:00:00.000Z',
    start_at: '2026-12-22T10:00:00.000Z',
    end_at: '2026-12-22T11:00:00.000Z',
    all_day: false,
    title: 'Gym hour',
  }),
];

const meeting: IcsMeeting = {
  uid: 'meeting-1@cadence.test',
  sequence: 2,
  name: 'Planning, round 2',
  description: 'Bring numbers; and ideas',
  link: 'https://meet.example.test/abc',
  start: '2026-11-12T14:00:00.000Z',
  end: '2026-11-12T15:00:00.000Z',
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-02T12:00:00.000Z',
  organiser: { name: 'Ana Lima', email: 'ana@cadence.test' },
  attendees: people.attendees,
};

const rows = [paris, newYork, utcWeekly, unknownZone, autumn, autumnSeries, holidays, allDaySeries];
const exceptions = new Map([
  [newYork.id, newYorkChanges],
  [autumnSeries.id, autumnChanges],
  [allDaySeries.id, allDayChanges],
]);
const guests = new Map([
  [paris.id, people],
  [newYork.id, people],
]);
const FEED_NAME = 'Cadence — Lima, Ana';

afterEach(() => vi.restoreAllMocks());

/** The feed of every row above (the library says once on stderr that it knows no Mars/Olympus). */
function theFeed(): string {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return feedOf(FEED_NAME, rows, [meeting], exceptions, guests);
}

/** Lines at most 75 octets, each ending in CRLF, no fold inside a character: what any reader needs. */
function expectWellFormed(ics: string): void {
  expect(ics.endsWith('\r\n')).toBe(true);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const bytes = Buffer.from(ics, 'utf8');
  const strict = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  for (let end = bytes.indexOf('\r\n'); end !== -1; end = bytes.indexOf('\r\n', start)) {
    const line = bytes.subarray(start, end);
    expect(line.length, line.toString()).toBeLessThanOrEqual(75);
    expect(() => strict.decode(line), line.toString()).not.toThrow();
    start = end + 2;
  }
  expect(ics).not.toContain('\uFFFD');
}

/** The text unfolded (RFC 5545 §3.1), as its logical lines. */
const unfolded = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);

/** TEXT as RFC 5545 §3.3.11 escapes it. */
const escaped = (value: string) => value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n');

function parsed(ics: string): ICAL.Component {
  const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const zone of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return root;
}

const veventsOf = (root: ICAL.Component, uid: string) =>
  root.getAllSubcomponents('vevent').filter((vevent) => vevent.getFirstPropertyValue('uid') === uid);

/** A date or date-time property: its day, or its instant, with the zone it names. */
function timeOf(component: ICAL.Component, name: string) {
  const property = component.getFirstProperty(name);
  if (!property) return undefined;
  const value = property.getFirstValue() as ICAL.Time;
  return value.isDate
    ? { day: value.toString() }
    : { at: value.toJSDate().toISOString(), tzid: (property.getParameter('tzid') as string) ?? null };
}

/** A day as the writer should give an all-day value (the stored instant's UTC date). */
const dayOf = (iso: string) => ({ day: iso.slice(0, 10) });

/** A time as the writer should give it: in the zone named, or in UTC when null. */
const instant = (iso: string, tzid: string | null) => ({ at: new Date(iso).toISOString(), tzid });

/** What a VEVENT says besides its times, as plain values. */
function fieldsOf(vevent: ICAL.Component) {
  const value = (name: string) => vevent.getFirstPropertyValue(name) ?? undefined;
  const stamp = (name: string) => (value(name) as ICAL.Time | undefined)?.toJSDate().toISOString();
  const alarm = vevent.getFirstSubcomponent('valarm');
  const organiser = vevent.getFirstProperty('organizer');
  return {
    uid: value('uid'),
    sequence: value('sequence'),
    dtstamp: stamp('dtstamp'),
    created: stamp('created'),
    lastModified: stamp('last-modified'),
    summary: value('summary'),
    description: value('description'),
    location: value('location'),
    url: value('url'),
    categories: vevent.getFirstProperty('categories')?.getValues(),
    status: value('status'),
    alarm: alarm
      ? {
          action: alarm.getFirstPropertyValue('action'),
          trigger: (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
          description: alarm.getFirstPropertyValue('description'),
        }
      : undefined,
    organiser: organiser
      ? { address: String(organiser.getFirstValue()), cn: organiser.getParameter('cn') }
      : undefined,
    attendees: vevent.getAllProperties('attendee').map((attendee) => ({
      address: String(attendee.getFirstValue()).toLowerCase(),
      cn: attendee.getParameter('cn'),
      partstat: attendee.getParameter('partstat'),
      rsvp: attendee.getParameter('rsvp'),
      role: attendee.getParameter('role'),
    })),
  };
}

/** The fields a row (or an override with its row) should give, `undefined` where a property is absent. */
function expectedFields(row: EventRow, party: IcsPeople | undefined, override?: ExceptionRow) {
  const own = override ?? row;
  const summary = override ? (override.title ?? row.title) : row.title;
  return {
    uid: row.uid,
    sequence: row.sequence,
    dtstamp: own.updated_at,
    created: own.created_at,
    lastModified: own.updated_at,
    summary,
    // Any line break is read back as \n.
    description: own.description ? own.description.replace(/\r\n|\r/g, '\n') : undefined,
    location: own.location || undefined,
    url: own.url || undefined,
    categories: [override ? (override.category ?? row.category) : row.category],
    status: 'CONFIRMED',
    alarm:
      own.reminder === null
        ? undefined
        : { action: 'DISPLAY', trigger: -own.reminder * 60 || 0, description: summary },
    organiser: party && { address: `mailto:${party.organiser.email}`, cn: party.organiser.name },
    attendees: (party?.attendees ?? []).map((attendee) => ({
      address: `mailto:${attendee.email}`,
      cn: attendee.name,
      partstat: { pending: 'NEEDS-ACTION', accepted: 'ACCEPTED', refused: 'DECLINED' }[attendee.status],
      rsvp: 'TRUE',
      role: 'REQ-PARTICIPANT',
    })),
  };
}

/** Each occurrence ical.js expands from the series and its overrides: `summary|start|end`. */
function occurrencesOf(root: ICAL.Component, uid: string): string[] {
  const vevents = veventsOf(root, uid);
  const series = new ICAL.Event(vevents.find((vevent) => !vevent.hasProperty('recurrence-id')));
  for (const vevent of vevents) if (vevent.hasProperty('recurrence-id')) series.relateException(vevent);
  const text = (time: ICAL.Time) => (time.isDate ? time.toString() : time.toJSDate().toISOString());
  const seen: string[] = [];
  const iterator = series.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = series.getOccurrenceDetails(next);
    seen.push(`${details.item.summary}|${text(details.startDate)}|${text(details.endDate)}`);
  }
  return seen.sort();
}

describe('the iCalendar writer, read back by ical.js', () => {
  it('writes a calendar whose head, zones and lines are as RFC 5545 wants them', () => {
    const ics = theFeed();
    expectWellFormed(ics);
    const lines = unfolded(ics);
    expect(lines.slice(0, 5)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Cadence//Calendar//EN',
      `NAME:${FEED_NAME}`,
      `X-WR-CALNAME:${FEED_NAME}`,
    ]);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const root = parsed(ics);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(FEED_NAME);
    // One VTIMEZONE per zone named, before the events; none for UTC or a zone without one.
    const zones = root.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'));
    expect(zones.sort()).toEqual(['America/New_York', 'Europe/Paris']);
    expect(ics.lastIndexOf('END:VTIMEZONE')).toBeLessThan(ics.indexOf('BEGIN:VEVENT'));
    const named = new Set([...ics.matchAll(/;TZID=([^:;]+)/g)].map((match) => match[1]));
    expect([...named].sort()).toEqual(['America/New_York', 'Europe/Paris']);
    expect(root.getAllSubcomponents('vevent')).toHaveLength(rows.length + 2 + 1 + 2 + 1);
  });

  it('writes each event’s fields, its guests with their answers, and its reminder', () => {
    const root = parsed(theFeed());
    for (const row of rows) {
      const [series] = veventsOf(root, row.uid).filter((vevent) => !vevent.hasProperty('recurrence-id'));
      expect(fieldsOf(series!), row.title).toEqual(expectedFields(row, guests.get(row.id)));
    }
    // Escaped and folded text comes back exactly, line breaks as \n.
    const [vevent] = veventsOf(root, paris.uid);
    expect(vevent!.getFirstPropertyValue('description')).toBe(long.replace(/\r\n/g, '\n'));
    const lines = unfolded(theFeed());
    expect(lines).toContain(`DESCRIPTION:${escaped(long)}`);
    expect(lines).toContain(`SUMMARY:${escaped(paris.title)}`);
    expect(lines).toContain(`URL;VALUE=URI:${paris.url}`);
  });

  it('writes times in the owner’s zone, days as dates, UTC where the zone is unknown or the hour repeats', () => {
    const root = parsed(theFeed());
    const times = (row: EventRow) => {
      const [series] = veventsOf(root, row.uid).filter((vevent) => !vevent.hasProperty('recurrence-id'));
      return [timeOf(series!, 'dtstart'), timeOf(series!, 'dtend')];
    };
    expect(times(paris)).toEqual([
      instant(paris.start_at, 'Europe/Paris'),
      instant(paris.end_at, 'Europe/Paris'),
    ]);
    expect(times(newYork)).toEqual([
      instant(newYork.start_at, 'America/New_York'),
      instant(newYork.end_at, 'America/New_York'),
    ]);
    expect(times(utcWeekly)).toEqual([instant(utcWeekly.start_at, null), instant(utcWeekly.end_at, null)]);
    expect(times(unknownZone)).toEqual([
      instant(unknownZone.start_at, null),
      instant(unknownZone.end_at, null),
    ]);
    expect(times(autumn)).toEqual([instant(autumn.start_at, null), instant(autumn.end_at, null)]);
    expect(times(holidays)).toEqual([dayOf(holidays.start_at), dayOf(holidays.end_at)]);
    expect(times(allDaySeries)).toEqual([dayOf(allDaySeries.start_at), dayOf(allDaySeries.end_at)]);
    // Local wall times, as the zone's clocks show them.
    const lines = unfolded(theFeed());
    expect(lines).toContain('DTSTART;TZID=Europe/Paris:20260714T100000');
    expect(lines).toContain('DTSTART;TZID=America/New_York:20261030T090000');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261224');
    expect(lines).toContain('DTSTART:20261025T003000Z');
  });

  it('writes each series’ rule, exclusions, additions and overrides, which expand to the right occurrences', () => {
    const ics = theFeed();
    const root = parsed(ics);
    const rule = (row: EventRow) =>
      String(
        veventsOf(root, row.uid)
          .find((vevent) => !vevent.hasProperty('recurrence-id'))!
          .getFirstPropertyValue('rrule'),
      );
    // A day's UNTIL is the end of that day, in UTC.
    expect(rule(utcWeekly)).toBe('FREQ=WEEKLY;UNTIL=20261201T235959Z');
    expect(rule(newYork)).toBe('FREQ=DAILY;COUNT=6');

    const ny = (local: string) => at(local, 'America/New_York');
    const halfHour = (local: string) => `Stand-up|${ny(local)}|${plus(ny(local), 30)}`;
    expect(occurrencesOf(root, newYork.uid)).toEqual(
      [
        halfHour('2026-10-30T09:00'),
        // Clocks go back on 1 November in New York: 09:00 stays 09:00.
        halfHour('2026-11-01T09:00'),
        `Stand-up, later|${ny('2026-11-02T11:00')}|${ny('2026-11-02T12:00')}`,
        'Stand-up|2026-11-04|2026-11-05',
        halfHour('2026-11-04T09:00'),
        halfHour('2026-11-10T09:00'),
      ].sort(),
    );

    const paris = (local: string) => at(local, 'Europe/Paris');
    const hour = (start: string) => `Paris daily|${start}|${plus(start, 60)}`;
    expect(occurrencesOf(root, autumnSeries.uid)).toEqual(
      [
        hour(paris('2026-10-22T09:00')),
        hour(paris('2026-10-23T09:00')),
        hour('2026-10-25T00:45:00.000Z'),
        hour('2026-10-25T01:45:00.000Z'),
        hour(paris('2026-10-25T09:00')),
        'Paris daily, in the night|2026-10-25T01:15:00.000Z|2026-10-25T01:40:00.000Z',
        hour(paris('2026-10-27T09:00')),
      ].sort(),
    );
    // The instants of the repeated hour are in UTC, on lines of their own.
    const lines = unfolded(ics);
    expect(lines).toContain('RDATE:20261025T004500Z,20261025T014500Z');
    expect(lines).toContain('EXDATE;TZID=Europe/Paris:20261024T090000');
    expect(lines).toContain('RECURRENCE-ID:20261026T080000Z');

    expect(occurrencesOf(root, allDaySeries.uid)).toEqual(
      [
        'Gym day|2026-12-01|2026-12-02',
        'Gym day, moved|2026-12-16|2026-12-17',
        'Gym day|2026-12-20|2026-12-21',
        'Gym hour|2026-12-22T10:00:00.000Z|2026-12-22T11:00:00.000Z',
        'Gym day|2026-12-29|2026-12-30',
      ].sort(),
    );
    expect(occurrencesOf(root, utcWeekly.uid).map((o) => o.split('|')[1])).toEqual(
      ['03', '10', '17', '24'].map((d) => `2026-11-${d}T08:00:00.000Z`).concat('2026-12-01T08:00:00.000Z'),
    );
  });

  it('writes each override with its own fields, its guests, and a RECURRENCE-ID of the series’ type', () => {
    const root = parsed(theFeed());
    for (const [row, changes] of [
      [newYork, newYorkChanges],
      [autumnSeries, autumnChanges],
      [allDaySeries, allDayChanges],
    ] as const) {
      const overrides = veventsOf(root, row.uid).filter((vevent) => vevent.hasProperty('recurrence-id'));
      const expected = changes.filter((x) => x.kind === 'override');
      expect(overrides).toHaveLength(expected.length);
      for (const [index, override] of expected.entries()) {
        const vevent = overrides[index]!;
        expect(fieldsOf(vevent)).toEqual(expectedFields(row, guests.get(row.id), override));
        const times = ['recurrence-id', 'dtstart', 'dtend'].map((name) => timeOf(vevent, name));
        // The repeated hour's override is below.
        if (row === autumnSeries) continue;
        const zone = row.all_day ? null : row.time_zone;
        const span = (iso: string) => (override.all_day ? dayOf(iso) : instant(iso, zone));
        expect(times).toEqual([
          // A day for an all-day series; an all-day override of a timed one names the instant in UTC.
          row.all_day
            ? dayOf(override.occurrence_at)
            : instant(override.occurrence_at, override.all_day ? null : zone),
          span(override.start_at!),
          span(override.end_at!),
        ]);
      }
    }
    // An override of the repeated hour is in UTC whole, its RECURRENCE-ID too.
    const night = veventsOf(root, autumnSeries.uid).find((vevent) => vevent.hasProperty('recurrence-id'))!;
    expect([timeOf(night, 'dtstart'), timeOf(night, 'dtend'), timeOf(night, 'recurrence-id')]).toEqual([
      instant('2026-10-25T01:15:00.000Z', null),
      instant('2026-10-25T01:40:00.000Z', null),
      instant(at('2026-10-26T09:00', 'Europe/Paris'), null),
    ]);
  });

  it('writes meetings in UTC with their organiser and each invitee’s answer', () => {
    const root = parsed(theFeed());
    const [vevent] = veventsOf(root, meeting.uid);
    expect(timeOf(vevent!, 'dtstart')).toEqual(instant(meeting.start, null));
    expect(timeOf(vevent!, 'dtend')).toEqual(instant(meeting.end, null));
    expect(fieldsOf(vevent!)).toEqual({
      ...expectedFields(
        eventRow({
          uid: meeting.uid,
          sequence: meeting.sequence,
          title: meeting.name,
          description: meeting.description,
          location: meeting.link,
          url: meeting.link,
          created_at: meeting.createdAt,
          updated_at: meeting.updatedAt,
        }),
        { organiser: meeting.organiser, attendees: meeting.attendees! },
      ),
      categories: undefined,
    });
  });

  it('folds at 75 octets wherever a 2-, 3- or 4-octet character falls, and unfolds to the same text', () => {
    for (const character of ['é', '—', '🎉']) {
      for (let before = 55; before <= 80; before += 1) {
        const description = `${'x'.repeat(before)}${character}${character}${'y'.repeat(90)}${character}`;
        const ics = eventObjectText(eventRow({ description }), [], undefined);
        expectWellFormed(ics);
        expect(unfolded(ics)).toContain(`DESCRIPTION:${description}`);
        expect(parsed(ics).getFirstSubcomponent('vevent')!.getFirstPropertyValue('description')).toBe(
          description,
        );
      }
    }
    // A line of exactly 75 octets stays whole; one more octet folds it.
    const whole = eventObjectText(
      eventRow({ description: 'z'.repeat(75 - 'DESCRIPTION:'.length) }),
      [],
      undefined,
    );
    expect(whole).toContain(`\r\nDESCRIPTION:${'z'.repeat(63)}\r\n`);
    const cut = eventObjectText(eventRow({ description: 'z'.repeat(64) }), [], undefined);
    expect(cut).toContain(`\r\nDESCRIPTION:${'z'.repeat(63)}\r\n z\r\n`);
  });

  it('writes one event as its own VCALENDAR, as the feed of that event alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const row of rows) {
      const changes = exceptions.get(row.id) ?? [];
      const party = guests.get(row.id);
      const text = eventObjectText(row, changes, party);
      expect(text).toBe(
        feedOf('', [row], [], new Map([[row.id, changes]]), new Map(party ? [[row.id, party]] : [])),
      );
      expectWellFormed(text);
      expect(unfolded(text).filter((line) => line.startsWith('NAME:'))).toEqual([]);
      const zones = parsed(text)
        .getAllSubcomponents('vtimezone')
        .map((zone) => zone.getFirstPropertyValue('tzid'));
      expect(zones).toEqual(
        row === paris || row === autumnSeries
          ? ['Europe/Paris']
          : row === newYork
            ? ['America/New_York']
            : [],
      );
    }
  });

  it('writes invitations with their METHOD, cancelled ones CANCELLED', () => {
    const request = eventInvitationIcs(newYork, newYorkChanges, people, 'REQUEST');
    const cancel = eventInvitationIcs(newYork, newYorkChanges, people, 'CANCEL');
    for (const [text, method, status] of [
      [request, 'REQUEST', 'CONFIRMED'],
      [cancel, 'CANCEL', 'CANCELLED'],
    ] as const) {
      expectWellFormed(text);
      const root = parsed(text);
      expect(root.getFirstPropertyValue('method')).toBe(method);
      const vevents = root.getAllSubcomponents('vevent');
      expect(vevents).toHaveLength(3);
      expect(vevents.map((vevent) => vevent.getFirstPropertyValue('status'))).toEqual([
        status,
        status,
        status,
      ]);
      expect(vevents.map((vevent) => vevent.getAllProperties('attendee').length)).toEqual([3, 3, 3]);
    }
    const invitation = invitationIcs(meeting, 'CANCEL');
    expectWellFormed(invitation);
    expect(unfolded(invitation).slice(0, 4)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Cadence//Meetings//EN',
      'METHOD:CANCEL',
    ]);
    expect(parsed(invitation).getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe(
      'CANCELLED',
    );
  });

  it('streams the feed as the same text, in pieces, giving the event loop turns', async () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      eventRow({
        title: `Event ${i}`,
        description: long,
        start_at: plus('2026-01-05T09:00:00.000Z', i * 60),
      }),
    );
    const all = [...rows, ...many];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let turns = 0;
    const ticking = setInterval(() => (turns += 1), 1);
    const pieces: string[] = [];
    for await (const piece of feedChunks(FEED_NAME, all, [meeting], exceptions, guests, new WorkSlicer(2))) {
      pieces.push(piece);
    }
    clearInterval(ticking);
    expect(pieces.join('')).toBe(feedOf(FEED_NAME, all, [meeting], exceptions, guests));
    expect(pieces.length).toBeGreaterThan(10);
    expect(turns).toBeGreaterThan(0);
  });
});
