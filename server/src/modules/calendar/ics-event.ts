/**
 * One VEVENT read into what an imported event becomes: its times in the zone that stands for it,
 * its rule checked, and the occurrences the file cancels, changes or adds.
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { type EventCategory, eventCategories, isRecurrenceRule } from '@cadence/contract';
import { EXCEPTIONS_MAX } from './exceptions';
import { isUsableRule, occurrencesIn, ruleMakesStart, untilBeforeStart } from '../../lib/occurrences';
import { Skip } from './ics-limits';
import { propertyName, propertyValue, type RawComponent } from './ics-scan';
import {
  asTime,
  checkRawDate,
  readableDatesOf,
  reminderOf,
  text,
  webAddress,
  withDateValues,
} from './ics-values';
import type { ReadZone, Zones } from './ics-zones';

const DAY_MS = 86_400_000;

/** What an imported VEVENT becomes: the fields of `createEventInput`, checked as such afterwards. */
export interface ImportedEvent {
  uid: string;
  sequence: number;
  /** LAST-MODIFIED (or DTSTAMP), epoch ms, or null. */
  modified: number | null;
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
  /** No occurrence starts after this (Series.lastStart): epoch ms, or null for a rule without end. */
  lastStart: number | null;
  reminder: number | null;
  /** Occurrences cancelled (EXDATE, a cancelled instance), changed (RECURRENCE-ID) or added (RDATE). */
  changes: ImportedException[];
}

/** One occurrence of an imported series as the file changes it (D39's rows). */
export interface ImportedException {
  /** The original start (RECURRENCE-ID, EXDATE), or an addition's own start (RDATE). */
  occurrence: number;
  kind: 'override' | 'exclusion' | 'addition';
  /** An override's or an addition's own fields. */
  fields?: Pick<
    ImportedEvent,
    'title' | 'description' | 'url' | 'location' | 'category' | 'allDay' | 'start' | 'end' | 'reminder'
  >;
}

/** What an instance (RECURRENCE-ID) says of the occurrence it changes. */
export interface InstanceOf {
  /** The RECURRENCE-ID as an instant (a date: its 00:00Z). */
  occurrence: number;
  /** Its wall-clock date, as 00:00Z: what it names on an all-day series (Outlook writes date-times there). */
  day: number;
  /** A date: on a timed series, it names that day's occurrence. */
  isDate: boolean;
  thisAndFuture: boolean;
  cancelled: boolean;
}

/** A time of day. */
interface Clock {
  hour: number;
  minute: number;
  second: number;
}
const MIDNIGHT: Clock = { hour: 0, minute: 0, second: 0 };

/** Everything about one file that reading its events needs. */
export interface Context {
  zones: Zones;
  /** Where floating times are: X-WR-TIMEZONE, else the importer's zone. */
  floatingZone: string;
  importerZone: string;
}

/**
 * One VEVENT: the event, whether the file cancels it, and for an instance (RECURRENCE-ID) the
 * occurrence it changes; throws Skip with the reason it cannot be read.
 */
export function readEvent(
  raw: RawComponent,
  context: Context,
  outOfRuleTime: boolean,
): {
  event: ImportedEvent;
  cancelled: boolean;
  instance?: InstanceOf;
} {
  // More EXDATE and RDATE values than a series may have exceptions (D39) are not read one by one.
  let dates = 0;
  for (const line of raw.lines) {
    const name = propertyName(line);
    if (name === 'EXDATE' || name === 'RDATE') {
      dates += propertyValue(line).split(',').length;
      if (dates > EXCEPTIONS_MAX) throw new Skip('calendar.skip.tooComplex');
    }
  }
  for (const line of raw.lines) {
    const name = propertyName(line);
    if (['DTSTART', 'DTEND', 'EXDATE', 'RECURRENCE-ID'].includes(name)) {
      for (const value of propertyValue(line).split(',')) {
        if (!/^\d{8}T?\d{0,6}Z?$/.test(value.trim()) && /;VALUE=PERIOD/i.test(line)) continue;
        checkRawDate(value);
      }
    }
  }
  // A line that is no property (a broken fold, a mail client's quoted-printable) is left out, and
  // so is an empty RRULE (Calendar Labs writes "RRULE:" on events that do not repeat).
  const lines = raw.lines
    .filter((line) => /^[A-Za-z0-9-]+[;:]/.test(line))
    .filter((line) => propertyName(line) !== 'RRULE' || propertyValue(line).trim() !== '')
    .map((line) => (propertyName(line) === 'RDATE' ? readableDatesOf(line) : line))
    .filter((line) => line !== null)
    .map(withDateValues);
  const component = new ICAL.Component(ICAL.parse(lines.join('\r\n')) as unknown[]);
  const cancelled = String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
  const startProp = component.getFirstProperty('dtstart');
  if (!startProp) throw new Skip('calendar.skip.noStart');
  const startTime = asTime(startProp.getFirstValue());
  const allDay = startTime.isDate;
  const endProp = component.getFirstProperty('dtend');
  const endTime = endProp ? asTime(endProp.getFirstValue()) : null;

  const recurrenceIdProp = component.getFirstProperty('recurrence-id');
  // An event without a rule (single, or on its RDATEs) is read at the offsets its file's own
  // VTIMEZONE gives. A series with one is read in the zone that stands for it, where it repeats
  // keeping its local time, and so is an instance of one, which must name the series' occurrences.
  const asWritten = !recurrenceIdProp && component.getAllProperties('rrule').length === 0;

  /** The zone a date-time names (UTC, or its TZID's), or null for a floating one. */
  const namedZone = (time: ICAL.Time, property: ICAL.Property): ReadZone | null => {
    if (time.zone === ICAL.Timezone.utcTimezone) return 'UTC';
    const tzid = property.getParameter('tzid') as string | undefined;
    if (!tzid) return null;
    return (asWritten && context.zones.own(tzid, time.year)) || context.zones.iana(tzid, time.year);
  };
  const startNamed = allDay ? null : namedZone(startTime, startProp);
  const endNamed = endTime && endProp && !endTime.isDate ? namedZone(endTime, endProp) : null;
  // A floating start or end beside one in a zone is in that zone (as recurring-ical-events and
  // khal read them); both floating: in the floating zone.
  const startZone = startNamed ?? endNamed ?? context.floatingZone;
  const endZone = endNamed ?? startNamed ?? context.floatingZone;
  // A series repeats in its start's zone: an IANA one, UTC for a start in UTC, or the floating zone.
  const timeZone = allDay ? context.importerZone : typeof startZone === 'string' ? startZone : startZone.iana;

  /** The instant of a date at a time of day (its own, by default) in a zone. */
  const wallTime = (time: ICAL.Time, zone: ReadZone, clock: Clock = time): number => {
    const { year, month, day } = time;
    const { hour, minute, second } = clock;
    const ms =
      typeof zone === 'string'
        ? DateTime.fromObject({ year, month, day, hour, minute, second }, { zone }).toMillis()
        : zone.rules.instant(Date.UTC(year, month - 1, day, hour, minute, second));
    if (!Number.isFinite(ms)) throw new Skip('calendar.skip.badDate');
    return ms;
  };
  const day = (time: ICAL.Time) => Date.UTC(time.year, time.month - 1, time.day);
  /** An instant: a date as its day (00:00Z), a date-time in its zone; a floating one in the series'. */
  const instant = (time: ICAL.Time, property: ICAL.Property): number =>
    time.isDate ? day(time) : wallTime(time, namedZone(time, property) ?? timeZone);

  const start = allDay ? day(startTime) : wallTime(startTime, startZone);
  let end: number;
  const duration = component.getFirstPropertyValue('duration');
  if (endTime && allDay) {
    // A timed end of an all-day start (Outlook's holidays) ends that event on its date.
    end = day(endTime);
  } else if (endTime) {
    // A date as the end of a timed start: its midnight in the start's zone.
    end = endTime.isDate ? wallTime(endTime, startZone, MIDNIGHT) : wallTime(endTime, endZone);
  } else if (duration instanceof ICAL.Duration) {
    // An all-day event lasts whole days (RFC 5545 allows only days and weeks there).
    end = allDay
      ? start + Math.floor(duration.toSeconds() / 86_400) * DAY_MS
      : start + duration.toSeconds() * 1000;
  } else end = allDay ? start + DAY_MS : start;
  if (!(end >= start)) end = allDay ? start + DAY_MS : start;
  if (allDay && end === start) end = start + DAY_MS;
  if (end - start > 3660 * DAY_MS) throw new Skip('calendar.skip.badDate');

  const category = String(component.getFirstPropertyValue('categories') ?? '').trim();
  const known = eventCategories.find((name) => name.toLowerCase() === category.toLowerCase());
  let instance: InstanceOf | undefined;
  if (recurrenceIdProp) {
    const id = asTime(recurrenceIdProp.getFirstValue());
    instance = {
      occurrence: instant(id, recurrenceIdProp),
      day: day(id),
      isDate: id.isDate,
      thisAndFuture: String(recurrenceIdProp.getParameter('range') ?? '').toUpperCase() === 'THISANDFUTURE',
      cancelled,
    };
  }
  const recurs = instance ? [] : component.getAllProperties('rrule');
  // Other calendar scales (RFC 7529: RSCALE=HEBREW, leap months "5L") and SKIP are not Gregorian
  // rules that rrule could expand: ical.js would drop them and repeat on the wrong days.
  const written =
    recurs.length > 0 ? lines.filter((line) => propertyName(line) === 'RRULE').map(propertyValue) : [];
  if (written.some((rule) => /(^|;)(RSCALE=(?!GREGORIAN(;|$))|BYMONTH=[^;]*L)/i.test(rule))) {
    throw new Skip('calendar.skip.calendarScale');
  }
  if (written.some((rule) => /(^|;)SKIP=(?!OMIT(;|$))/i.test(rule)))
    throw new Skip('calendar.skip.ruleUnsupported');
  const rules: string[] = [];
  for (const property of recurs) {
    const rule = (property.getFirstValue() as ICAL.Recur).toString().toUpperCase();
    if (!isRecurrenceRule(rule) || outOfRuleTime) {
      throw new Skip(outOfRuleTime ? 'calendar.skip.tooComplex' : 'calendar.skip.ruleUnsupported');
    }
    const series = { start, end, allDay, timeZone, recurrence: rule };
    // A rule that ends before its start makes no occurrence but the start (RFC 5545: DTSTART is
    // always the first): a single event.
    if (untilBeforeStart(series)) continue;
    if (!isUsableRule(series)) throw new Skip('calendar.skip.ruleUnsupported');
    rules.push(rule);
  }
  let recurrence = rules[0] ?? null;
  const exceptions: ImportedException[] = [];
  const length = end - start;
  // A date names the occurrence of that day, at the series' time of day; a date-time on an
  // all-day series (Outlook) the day of its wall-clock time.
  const occurrenceOf = (time: ICAL.Time, property: ICAL.Property): number => {
    if (allDay) return day(time);
    if (!time.isDate) return instant(time, property);
    return wallTime(time, timeZone, DateTime.fromMillis(start, { zone: timeZone }));
  };
  // EXDATE removes from every occurrence the event has (RFC 5545): the rule's, the RDATEs', and
  // DTSTART itself even without a rule.
  const excluded = new Set<number>();
  for (const property of component.getAllProperties('exdate')) {
    for (const value of property.getValues().map(asTime)) excluded.add(occurrenceOf(value, property));
  }
  for (const occurrence of excluded) {
    if (recurrence || occurrence === start) exceptions.push({ occurrence, kind: 'exclusion' });
  }
  const added = new Set<number>([start]);
  const addition = (occurrence: number, addedEnd: number) => {
    if (excluded.has(occurrence) || added.has(occurrence)) return;
    added.add(occurrence);
    exceptions.push({
      occurrence,
      kind: 'addition',
      fields: { ...baseFields(), allDay, start: occurrence, end: Math.max(occurrence, addedEnd) },
    });
  };
  for (const property of component.getAllProperties('rdate')) {
    for (const value of property.getValues()) {
      const from = asTime(value instanceof ICAL.Period ? value.start : value);
      const occurrence = occurrenceOf(from, property);
      const until = value instanceof ICAL.Period ? asTime(value.getEnd()) : null;
      addition(occurrence, until ? instant(until, property) : occurrence + length);
    }
  }
  // Further RRULEs (rare; RFC 5545 deprecates them): their occurrences, when finite, as additions;
  // each counts its own (the start, already the first rule's, is not one of its COUNT).
  for (let rule of rules.slice(1)) {
    if (!/COUNT=|UNTIL=/.test(rule)) throw new Skip('calendar.skip.ruleUnsupported');
    if (!ruleMakesStart({ start, end, allDay, timeZone, recurrence: rule }))
      rule = rule.replace(/COUNT=(\d+)/, (_, count: string) => `COUNT=${Number(count) + 1}`);
    const extra = occurrencesIn(
      { start, end, allDay, timeZone, recurrence: rule },
      start,
      Infinity,
      timeZone,
      EXCEPTIONS_MAX + 1,
    );
    if (extra.length > EXCEPTIONS_MAX) throw new Skip('calendar.skip.tooComplex');
    for (const span of extra) addition(span.start, span.end);
  }
  // A series written with RDATE only repeats on those dates: a rule that makes only its start.
  if (!recurrence && exceptions.length > 0) {
    recurrence = `FREQ=YEARLY;COUNT=1`;
  }
  function baseFields() {
    return {
      title: text(component, 'summary', 200) || 'Untitled',
      description: text(component, 'description', 5000),
      url: webAddress(text(component, 'url', 2000)),
      location: text(component, 'location', 200),
      category: known ?? ('Personal' as const),
      reminder: reminderOf(component),
    };
  }
  const modifiedValue =
    component.getFirstPropertyValue('last-modified') ?? component.getFirstPropertyValue('dtstamp');
  const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0);
  const event: ImportedEvent = {
    uid: String(component.getFirstPropertyValue('uid') ?? '')
      .trim()
      .slice(0, 255),
    sequence: Number.isSafeInteger(sequence) && sequence >= 0 ? Math.min(sequence, 1_000_000) : 0,
    modified: modifiedValue instanceof ICAL.Time ? modifiedValue.toJSDate().getTime() || null : null,
    title: text(component, 'summary', 200) || 'Untitled',
    description: text(component, 'description', 5000),
    location: text(component, 'location', 200),
    url: webAddress(text(component, 'url', 2000)),
    category: known ?? 'Personal',
    allDay,
    start,
    end,
    timeZone,
    recurrence,
    lastStart: start,
    reminder: reminderOf(component),
    changes: exceptions,
  };
  return { event, cancelled, ...(instance ? { instance } : {}) };
}
