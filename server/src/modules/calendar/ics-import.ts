/**
 * Reading an iCalendar file someone else wrote (D40, D41), under budgets: the file is cut into its
 * components by a scanner of our own that counts as it goes (at most 20,000 events and 2,000
 * repeating ones: ImportTooLarge beyond), each component is parsed alone by ical.js (at most 1 MB
 * each), and the event loop turns every few milliseconds. A component that cannot be read is
 * skipped with a reason; the rest of the file still comes in.
 *
 * Time zones: an IANA TZID is used as it is; a Windows one (Outlook, Exchange) through CLDR's table
 * (windows-iana); a path ending in an IANA name (Thunderbird's "/mozilla.org/…/Europe/Berlin") by
 * that name; any other by the file's own VTIMEZONE, read only when its rules repeat yearly or less
 * often with offsets within ±18 h: an event without a rule at the offsets those rules give, a series
 * with one in the IANA zone whose offsets match them over the year the file first uses the zone in
 * (so that it keeps its local time as everywhere else here). Floating times are in the calendar's
 * X-WR-TIMEZONE, else the importer's zone; a series whose start is in UTC repeats in UTC.
 */
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import rrulePackage from 'rrule';
import { findIana } from 'windows-iana';
import {
  CALENDAR_IMPORT_EVENTS_MAX,
  CALENDAR_IMPORT_SERIES_MAX,
  type EventCategory,
  eventCategories,
  type ImportSkipReason,
  isRecurrenceRule,
  REMINDER_MAX_MINUTES,
} from '@cadence/contract';
import { unescapeText } from '../../lib/ical-values';
import type { WorkSlicer } from '../../lib/work-slicer';
import { EXCEPTIONS_MAX } from './exceptions';
import {
  boundedBetween,
  isUsableRule,
  lastStartOf,
  occurrencesIn,
  remainingRule,
  ruleEndingBefore,
  ruleMakesStart,
  untilBeforeStart,
  walked,
  YEAR_MAX,
  YEAR_MIN,
} from '../../lib/occurrences';

const { RRule } = rrulePackage;
const DAY_MS = 86_400_000;
/** The largest component read (its lines, unfolded); a larger one is skipped. */
const COMPONENT_MAX_CHARS = 1_000_000;
/** The most VTIMEZONE components considered, and observances (STANDARD, DAYLIGHT) in each. */
const ZONES_MAX = 100;
const OBSERVANCES_MAX = 200;
/** The most RDATE values in all the observances of one VTIMEZONE (one a year is usual). */
const ONSETS_MAX = 2000;
const OFFSET_MAX_SECONDS = 18 * 3600;
/**
 * The work the rules' checks of one file may do in all (`walked.work`; about 0.7 s here): counted,
 * not timed, so that a file imports the same on a busy machine as on an idle one.
 */
const RULE_WORK_BUDGET = 10_000_000;

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
interface InstanceOf {
  /** The RECURRENCE-ID as an instant (a date: its 00:00Z). */
  occurrence: number;
  /** Its wall-clock date, as 00:00Z: what it names on an all-day series (Outlook writes date-times there). */
  day: number;
  /** A date: on a timed series, it names that day's occurrence. */
  isDate: boolean;
  thisAndFuture: boolean;
  cancelled: boolean;
}

/** An instance that overrides one occurrence (RECURRENCE-ID), waiting for its series. */
interface Instance extends InstanceOf {
  event: ImportedEvent;
  raw: RawComponent;
}

/** A time of day. */
interface Clock {
  hour: number;
  minute: number;
  second: number;
}
const MIDNIGHT: Clock = { hour: 0, minute: 0, second: 0 };

export interface ImportSkip {
  uid: string;
  summary: string;
  reason: ImportSkipReason;
}

export class NotICalendar extends Error {}

/** More events or repeating events than an import takes (413). */
export class ImportTooLarge extends Error {
  constructor(readonly key: 'calendar.importTooManyEvents' | 'calendar.importTooManySeries') {
    super(key);
  }
}

class Skip extends Error {
  constructor(readonly reason: ImportSkipReason) {
    super(reason);
  }
}

/** A component as the scanner found it: its unfolded lines, or that it was too large. */
interface RawComponent {
  name: string;
  lines: string[];
  chars: number;
  tooLarge: boolean;
  /** For a skip report even when the component is not parsed. */
  uid: string;
  summary: string;
  repeats: boolean;
  isOverride: boolean;
}

/**
 * A file's text whole, or in the pieces it arrived in (an upload decoded as it came,
 * `lib/upload.ts`): never joined into one string, which alone held the event loop ~30 ms for a
 * 10 MB file here (D41).
 */
export type IcsText = string | readonly string[];

/** The text's lines as its line breaks cut them, across the pieces. */
function* physicalLines(text: IcsText): Generator<string> {
  let carry = '';
  for (const piece of typeof text === 'string' ? [text] : text) {
    let index = 0;
    for (;;) {
      const end = piece.indexOf('\n', index);
      if (end === -1) {
        carry += piece.slice(index);
        break;
      }
      yield carry + piece.slice(index, end);
      carry = '';
      index = end + 1;
    }
  }
  yield carry;
}

/**
 * The unfolded lines of the text, one at a time (RFC 5545 §3.1: a line that starts with a space or
 * tab continues the one before; empty lines are left out).
 */
function* logicalLines(text: IcsText): Generator<string> {
  let current: string | null = null;
  for (let line of physicalLines(text)) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    // An empty line is no content line: a fold may go on after it (Mozilla's old exports).
    if (line === '') continue;
    if ((line.startsWith(' ') || line.startsWith('\t')) && current !== null) {
      current += line.slice(1);
      continue;
    }
    if (current !== null) yield current;
    current = line;
  }
  if (current !== null && current !== '') yield current;
}

const propertyName = (line: string) => {
  const stop = line.search(/[;:]/);
  return (stop === -1 ? line : line.slice(0, stop)).toUpperCase();
};

const propertyValue = (line: string) => {
  // The value follows the first colon that is not inside a quoted parameter.
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) return line.slice(i + 1);
  }
  return '';
};

/** What the scanner meets at the calendar's level: a component, or the calendar's X-WR-TIMEZONE. */
type Found = { component: RawComponent } | { calendarZone: string };

/**
 * The file's components in order, by one pass over its lines: each component's unfolded lines
 * (those of VEVENTs only when `keepEvents`; none past 1 MB), with what a skip report names. Not a
 * VCALENDAR → NotICalendar. The event loop may turn every 500 lines.
 */
async function* walk(text: IcsText, slicer: WorkSlicer, keepEvents: boolean): AsyncGenerator<Found> {
  let depth = 0;
  let sawCalendar = false;
  let current: RawComponent | null = null;
  let inner = 0;
  let count = 0;
  for (const line of logicalLines(text)) {
    if ((count += 1) % 500 === 0) await slicer.pause();
    if (line.trim() === '') continue;
    const name = propertyName(line);
    if (depth === 0) {
      if (name === 'BEGIN' && propertyValue(line).trim().toUpperCase() === 'VCALENDAR') {
        depth = 1;
        sawCalendar = true;
      } else if (!sawCalendar) throw new NotICalendar();
      continue;
    }
    if (current === null) {
      if (name === 'BEGIN') {
        current = {
          name: propertyValue(line).trim().toUpperCase(),
          lines: [line],
          chars: line.length,
          tooLarge: false,
          uid: '',
          summary: '',
          repeats: false,
          isOverride: false,
        };
        inner = 0;
      } else if (name === 'END') depth = 0;
      else if (name === 'X-WR-TIMEZONE') yield { calendarZone: propertyValue(line).trim() };
      continue;
    }
    if (name === 'BEGIN') inner += 1;
    if (name === 'END' && inner > 0) inner -= 1;
    else if (name === 'END') {
      current.lines.push(line);
      yield { component: current };
      current = null;
      continue;
    }
    if (current.name === 'VEVENT' && inner === 0) {
      if (name === 'UID') current.uid = unescapeText(propertyValue(line)).trim().slice(0, 255);
      else if (name === 'SUMMARY') current.summary = unescapeText(propertyValue(line)).trim().slice(0, 200);
      else if (name === 'RRULE' || name === 'RDATE') current.repeats = true;
      else if (name === 'RECURRENCE-ID') current.isOverride = true;
    }
    const keep = (current.name === 'VEVENT' && keepEvents) || current.name === 'VTIMEZONE';
    if (!keep || current.tooLarge) continue;
    current.chars += line.length + 2;
    if (current.chars > COMPONENT_MAX_CHARS) {
      current.tooLarge = true;
      current.lines = [];
    } else current.lines.push(line);
  }
  if (!sawCalendar) throw new NotICalendar();
}

/**
 * The first pass: the file's time zones and X-WR-TIMEZONE, and its events counted — more than
 * 20,000, or 2,000 repeating, stops it (ImportTooLarge). Events' lines are not kept.
 */
async function survey(text: IcsText, slicer: WorkSlicer) {
  const zones: RawComponent[] = [];
  let calendarZone: string | null = null;
  let events = 0;
  let series = 0;
  for await (const found of walk(text, slicer, false)) {
    if ('calendarZone' in found) {
      calendarZone ??= found.calendarZone;
      continue;
    }
    const { component } = found;
    if (component.name === 'VTIMEZONE' && zones.length < ZONES_MAX) zones.push(component);
    if (component.name !== 'VEVENT') continue;
    if ((events += 1) > CALENDAR_IMPORT_EVENTS_MAX) throw new ImportTooLarge('calendar.importTooManyEvents');
    if (component.repeats && !component.isOverride && (series += 1) > CALENDAR_IMPORT_SERIES_MAX) {
      throw new ImportTooLarge('calendar.importTooManySeries');
    }
  }
  return { zones, calendarZone };
}

// ---- Time zones --------------------------------------------------------------------------------

const ianaCache = new Map<string, string | null>();
// ICU loads its zone data when first asked about a name it does not know (~100 ms): at start,
// rather than during the first import.
IANAZone.isValidZone('Not/A_Zone');

/** The IANA zone a TZID names: itself, a Windows name's, or an IANA name ending a path; else null. */
export function ianaZoneOf(tzid: string): string | null {
  const name = tzid.replace(/^"|"$/g, '').trim();
  const cached = ianaCache.get(name);
  if (cached !== undefined) return cached;
  let zone: string | null = null;
  if (name !== '' && name.length <= 200) {
    if (IANAZone.isValidZone(name) && !/^[+-]|^Etc\/GMT[+-]\d{3,}/.test(name)) zone = name;
    else {
      const windows = findIana(name)[0];
      if (windows && IANAZone.isValidZone(windows)) zone = windows;
      else {
        const parts = name.split('/');
        for (let i = 1; i < parts.length - 1 && zone === null; i += 1) {
          const tail = parts.slice(i).join('/');
          if (tail.includes('/') && IANAZone.isValidZone(tail)) zone = tail;
        }
      }
    }
  }
  if (ianaCache.size > 10_000) ianaCache.clear();
  ianaCache.set(name, zone);
  return zone;
}

/** IANA zones, for matching a file's own VTIMEZONE to one. */
let ianaNames: string[] | null = null;
function allIanaZones(): string[] {
  ianaNames ??= Intl.supportedValuesOf('timeZone').filter((zone) => IANAZone.isValidZone(zone));
  return ianaNames;
}

/**
 * A file's VTIMEZONE, if it is safe to read: yearly (or rarer) rules, at most 200 observances and
 * 2,000 RDATE values, offsets within ±18 h, every rule yielding a change within ten years of its
 * start. Null otherwise.
 */
function safeZone(component: ICAL.Component): ICAL.Timezone | null {
  const observances = [
    ...component.getAllSubcomponents('standard'),
    ...component.getAllSubcomponents('daylight'),
  ];
  if (observances.length === 0 || observances.length > OBSERVANCES_MAX) return null;
  let onsets = 0;
  for (const observance of observances) {
    for (const name of ['tzoffsetto', 'tzoffsetfrom']) {
      // As written: ical.js folds an offset like +9999 into range.
      const written = /^([+-])(\d{2})(\d{2})(\d{2})?$/.exec(
        String(observance.getFirstProperty(name)?.toICALString() ?? '').replace(/^[^:]*:/, ''),
      );
      if (!written) return null;
      const [hours, minutes, seconds = '0'] = written.slice(2).map((part) => part ?? '0');
      if (Number(minutes) > 59 || Number(seconds) > 59) return null;
      if (Number(hours) * 3600 + Number(minutes) * 60 > OFFSET_MAX_SECONDS) return null;
    }
    const start = observance.getFirstPropertyValue('dtstart');
    if (!(start instanceof ICAL.Time) || start.year < 1 || start.year > YEAR_MAX) return null;
    const rdates = observance.getAllProperties('rdate');
    onsets += rdates.reduce((count, property) => count + property.getValues().length, 0);
    if (onsets > ONSETS_MAX) return null;
    const rules = observance.getAllProperties('rrule');
    if (rules.length > 1) return null;
    if (rules.length === 0 && rdates.length > 0) withOnsets(observance, start);
    for (const property of rules) {
      const recur = property.getFirstValue() as ICAL.Recur;
      if (recur.freq !== 'YEARLY' || (recur.interval ?? 1) < 1) return null;
      const parts = recur.parts as Record<string, unknown[]>;
      for (const [part, values] of Object.entries(parts)) {
        const allowed = ['BYMONTH', 'BYDAY', 'BYMONTHDAY', 'BYSETPOS', 'BYHOUR', 'BYMINUTE', 'BYSECOND'];
        if (
          !allowed.includes(part) ||
          values.length > 7 ||
          (part.startsWith('BY') && part.endsWith('E') && values.length > 1)
        ) {
          return null;
        }
      }
      // It must change within ten years of its start (rrule walks ten yearly periods at most).
      try {
        const text = recur.toString().replace(/;?UNTIL=[^;]*/i, '');
        const first = new Date(Date.UTC(Math.max(start.year, 1900), start.month - 1, 1));
        const rule = new RRule({ ...RRule.parseString(text), dtstart: first });
        if (boundedBetween(rule, first, new Date(first.getTime() + 3660 * DAY_MS), 1).length === 0) {
          return null;
        }
      } catch {
        return null;
      }
    }
  }
  try {
    return new ICAL.Timezone(component);
  } catch {
    return null;
  }
}

/**
 * An observance given by RDATEs (khal, some CalDAV servers): ical.js reads only the first value of
 * each RDATE and leaves out DTSTART, the first onset (RFC 5545 §3.6.5), so that a zone with one
 * RDATE per year loses its first year. Rewritten as one RDATE per onset, DTSTART among them.
 */
function withOnsets(observance: ICAL.Component, start: ICAL.Time): void {
  const onsets = new Map<string, ICAL.Time>([[start.toString(), start]]);
  for (const property of observance.getAllProperties('rdate')) {
    for (const value of property.getValues()) {
      if (value instanceof ICAL.Time) onsets.set(value.toString(), value);
    }
    observance.removeProperty(property);
  }
  for (const onset of onsets.values()) observance.addPropertyWithValue('rdate', onset);
}

/** One change of a zone as ical.js lists them (in UTC, offsets in seconds). */
interface ZoneChange {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  utcOffset: number;
  prevUtcOffset: number;
}

/**
 * A file's own VTIMEZONE as its rules say: its offset at an instant, and the instant of a wall-clock
 * time in it. Before its first onset a zone keeps the offset it changes from; a time a change skips
 * is read at the offset before it, one a change repeats at its first occurrence (RFC 5545 §3.3.5).
 */
class FileZone {
  /** Its changes in order: when (epoch ms), and the offsets (seconds east of UTC) before and after. */
  private changes: Array<{ at: number; from: number; to: number }> = [];
  private coveredYear = -Infinity;

  constructor(private readonly zone: ICAL.Timezone) {}

  /** Its offset (seconds east of UTC) at an instant. */
  offsetAt(ms: number): number {
    this.cover(new Date(ms).getUTCFullYear());
    const next = this.firstAfter(ms);
    // A zone whose every onset is years ahead has none listed yet (ical.js answers 0 as well).
    return next === 0 ? (this.changes[0]?.from ?? 0) : this.changes[next - 1]!.to;
  }

  /** The instant of a wall-clock time, given as its fields read in UTC. */
  instant(wall: number): number {
    this.cover(new Date(wall).getUTCFullYear() + 1);
    // Offsets are within ±18 h: only the changes within two days can decide.
    const near = this.changes.slice(this.firstAfter(wall - 2 * DAY_MS), this.firstAfter(wall + 2 * DAY_MS));
    const offsets = new Set([this.offsetAt(wall - 2 * DAY_MS), ...near.map((change) => change.to)]);
    let first = Infinity;
    for (const offset of offsets) {
      const ms = wall - offset * 1000;
      if (this.offsetAt(ms) === offset) first = Math.min(first, ms);
    }
    if (first !== Infinity) return first;
    const skipped = near.find((c) => c.at + c.from * 1000 <= wall && wall < c.at + c.to * 1000);
    return wall - (skipped ? skipped.from : this.offsetAt(wall)) * 1000;
  }

  /** The index of the first change after an instant. */
  private firstAfter(ms: number): number {
    let low = 0;
    let high = this.changes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.changes[middle]!.at <= ms) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Lists its changes through `year`: ical.js works them out as far as it is asked (and beyond). */
  private cover(year: number): void {
    if (year <= this.coveredYear) return;
    this.zone.utcOffset(ICAL.Time.fromData({ year: year + 1, month: 1, day: 1 }));
    const at = new Map<number, { at: number; from: number; to: number }>();
    for (const change of this.zone.changes as ZoneChange[]) {
      const { year: y, month, day, hour, minute, second } = change;
      const ms = Date.UTC(y, month - 1, day, hour, minute, second);
      at.set(ms, { at: ms, from: change.prevUtcOffset, to: change.utcOffset });
    }
    this.changes = [...at.values()].sort((a, b) => a.at - b.at);
    this.coveredYear = year;
  }
}

/**
 * The IANA zone whose offsets best match the file zone's on the 1st, 8th, 15th and 22nd of each
 * month of `year` (the importer's zone first, then all by name), when it matches three samples in
 * four (a file's old US rules for 2025 still make New York); else the file zone's July offset, fixed.
 */
function matchingIana(zone: FileZone, year: number, preferred: string): string | null {
  const samples: number[] = [];
  for (let month = 0; month < 12; month += 1) {
    for (const day of [1, 8, 15, 22]) samples.push(Date.UTC(year, month, day, 12));
  }
  const wanted = samples.map((ms) => zone.offsetAt(ms) / 60);
  const score = (candidate: string) => {
    let matched = 0;
    for (let index = 0; index < samples.length; index += 1) {
      if (DateTime.fromMillis(samples[index]!, { zone: candidate }).offset === wanted[index]) matched += 1;
      else if (index - matched >= 3) return matched;
    }
    return matched;
  };
  let best: { zone: string; score: number } = { zone: preferred, score: score(preferred) };
  if (best.score === samples.length) return preferred;
  for (const candidate of allIanaZones()) {
    const scored = score(candidate);
    if (scored > best.score) best = { zone: candidate, score: scored };
    if (scored === samples.length) break;
  }
  if (best.score >= samples.length * 0.75) return best.zone;
  // No zone keeps these offsets (made-up rules, an offset of minutes): the offset in the middle of
  // the year, fixed — a series then keeps that offset all year.
  const offset = zone.offsetAt(Date.UTC(year, 6, 1)) / 60;
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The zones a file names, resolved once each. */
class Zones {
  private readonly fileZones = new Map<string, RawComponent>();
  private readonly read = new Map<string, FileZone | null>();
  private readonly matched = new Map<string, string | null>();

  constructor(
    raw: RawComponent[],
    private readonly importerZone: string,
  ) {
    for (const component of raw) {
      const tzid = component.lines.find((line) => propertyName(line) === 'TZID');
      // TZID is text: Exchange escapes its commas ("Kuala Lumpur\, Singapore").
      if (tzid) this.fileZones.set(unescapeText(propertyValue(tzid)).replace(/^"|"$/g, '').trim(), component);
    }
  }

  /** The file's own definition of a TZID, if safe. */
  private fileZone(tzid: string): FileZone | null {
    if (this.read.has(tzid)) return this.read.get(tzid)!;
    const raw = this.fileZones.get(tzid);
    let zone: FileZone | null = null;
    if (raw && !raw.tooLarge) {
      try {
        const timezone = safeZone(new ICAL.Component(ICAL.parse(raw.lines.join('\r\n')) as unknown[]));
        zone = timezone && new FileZone(timezone);
      } catch {
        zone = null;
      }
    }
    this.read.set(tzid, zone);
    return zone;
  }

  /**
   * The IANA zone for a TZID: by name, else the file's VTIMEZONE matched to an IANA zone over the
   * year it is first used in; null for a TZID the file does not define (its times are then read as
   * floating, as Google and Thunderbird read them). Throws Skip('zoneUnknown') when the file's
   * VTIMEZONE cannot be read or matches no zone.
   */
  iana(tzid: string, year: number): string | null {
    const byName = ianaZoneOf(tzid);
    if (byName) return byName;
    if (!this.fileZones.has(tzid.replace(/^"|"$/g, '').trim())) return null;
    const key = tzid;
    if (!this.matched.has(key)) {
      const fileZone = this.fileZone(tzid.replace(/^"|"$/g, '').trim());
      this.matched.set(key, fileZone ? matchingIana(fileZone, year, this.importerZone) : null);
    }
    const zone = this.matched.get(key);
    if (!zone) throw new Skip('calendar.skip.zoneUnknown');
    return zone;
  }

  /**
   * A TZID read through the file's own VTIMEZONE: its rules, and the IANA zone `iana` gives for it;
   * null for a zone known by name or one the file does not define. Throws as `iana` does.
   */
  own(tzid: string, year: number): { rules: FileZone; iana: string } | null {
    const iana = this.iana(tzid, year);
    if (iana === null || ianaZoneOf(tzid)) return null;
    return { rules: this.fileZone(tzid.replace(/^"|"$/g, '').trim())!, iana };
  }
}

// ---- Events ------------------------------------------------------------------------------------

const DATE_PROPERTIES = new Set(['DTSTART', 'DTEND', 'RECURRENCE-ID', 'EXDATE', 'RDATE', 'DUE']);

/**
 * Date properties as their values say: dates are dates and date-times date-times whatever VALUE
 * says (a bare date without VALUE=DATE, as Google reads it; VALUE=DATE on a date-time, as some
 * exporters write, read as the date-time); a date-time with both TZID and a final Z is the wall
 * time in TZID, as Google and python read it (ical.js would take UTC). Every other line as it is.
 */
function withDateValues(line: string): string {
  const name = propertyName(line);
  // Exchange writes BYDAY=MO, TU, WE: a rule's value has no spaces.
  if (name === 'RRULE' || name === 'EXRULE')
    return line.replace(/:(.*)$/, (_, value: string) => `:${value.replace(/\s+/g, '')}`);
  if (!DATE_PROPERTIES.has(name)) return line;
  const value = propertyValue(line);
  let values = value.trim();
  const dates = /^\d{8}(,\d{8})*$/.test(values);
  const dateTimes = /^\d{8}T\d{6}Z?(,\d{8}T\d{6}Z?)*$/.test(values);
  if (!dates && !dateTimes) return line;
  let params = line.slice(name.length, line.length - value.length - 1).replace(/;VALUE=[^;:]*/gi, '');
  if (dates) params += ';VALUE=DATE';
  else if (/;TZID=/i.test(params)) values = values.replace(/Z/g, '');
  return `${line.slice(0, name.length)}${params}:${values}`;
}

const RAW_DATE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/;

/** Checks a raw date or date-time value: its fields in range, its year in 1900–2200. */
function checkRawDate(value: string): void {
  const match = RAW_DATE.exec(value.trim());
  if (!match) throw new Skip('calendar.skip.badDate');
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
    throw new Skip('calendar.skip.badDate');
  }
  if (y < YEAR_MIN || y > YEAR_MAX) throw new Skip('calendar.skip.yearRange');
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) throw new Skip('calendar.skip.badDate');
}

/** A zone times are read in: a name luxon knows (IANA, UTC, a fixed offset), or a file's own. */
type ReadZone = string | { rules: FileZone; iana: string };

/** Everything about one file that reading its events needs. */
interface Context {
  zones: Zones;
  /** Where floating times are: X-WR-TIMEZONE, else the importer's zone. */
  floatingZone: string;
  importerZone: string;
}

/**
 * The file's events, and what was skipped and why. Throws NotICalendar for a file that is not
 * iCalendar, ImportTooLarge past the limits.
 */
export async function readIcs(
  text: IcsText,
  importerZone: string,
  slicer: WorkSlicer,
): Promise<{ events: ImportedEvent[]; skipped: ImportSkip[] }> {
  // A byte order mark (Outlook, some Windows tools) is not part of the first line.
  if (typeof text === 'string') {
    if (text.startsWith('\uFEFF')) text = text.slice(1);
  } else if (text[0]?.startsWith('\uFEFF')) text = [text[0].slice(1), ...text.slice(1)];
  const surveyed = await survey(text, slicer);
  const calendarZone = surveyed.calendarZone ? ianaZoneOf(surveyed.calendarZone) : null;
  const context: Context = {
    zones: new Zones(surveyed.zones, importerZone),
    floatingZone: calendarZone ?? importerZone,
    importerZone,
  };
  const events: ImportedEvent[] = [];
  const instances: Instance[] = [];
  const skipped: ImportSkip[] = [];
  let ruleWork = 0;
  // The second pass reads each event as it is met, keeping only what it becomes.
  for await (const found of walk(text, slicer, true)) {
    if (!('component' in found) || found.component.name !== 'VEVENT') continue;
    const raw = found.component;
    await slicer.pause();
    const skip = (reason: ImportSkipReason) => skipped.push({ uid: raw.uid, summary: raw.summary, reason });
    if (raw.tooLarge) {
      skip('calendar.skip.tooLarge');
      continue;
    }
    try {
      const started = walked.work;
      const read = readEvent(raw, context, ruleWork > RULE_WORK_BUDGET);
      if (read.instance) {
        instances.push({ ...read.instance, event: read.event, raw });
        continue;
      }
      const { event } = read;
      // A rule with COUNT is counted out to its last start now, within the same budget.
      if (event.recurrence) event.lastStart = await lastStartOf(event, slicer);
      ruleWork += walked.work - started;
      if (!read.cancelled) events.push(event);
    } catch (error) {
      skip(error instanceof Skip ? error.reason : 'calendar.skip.unreadable');
    }
  }
  await attachInstances(events, instances, skipped, slicer);
  return { events, skipped };
}

/**
 * Each instance that changes one occurrence joins its series (the file's event with its UID and a
 * rule): cancelled, it is an exclusion; with RANGE=THISANDFUTURE it splits the series there (the
 * series ends before it, a new one starts from it with its fields); else it is an override. One
 * whose series is not in the file comes in as a single event of its own. A series past 1,000
 * exceptions is skipped (D39's limit).
 */
async function attachInstances(
  events: ImportedEvent[],
  instances: Instance[],
  skipped: ImportSkip[],
  slicer: WorkSlicer,
): Promise<void> {
  const series = new Map<string, ImportedEvent>();
  for (const event of events) if (event.recurrence && event.uid) series.set(event.uid, event);
  for (const instance of instances) {
    const master = series.get(instance.event.uid);
    if (master) instance.occurrence = occurrenceNamed(master, instance);
  }
  // Several instances of one occurrence: the highest SEQUENCE, then the latest change, wins.
  instances.sort(
    (a, b) =>
      a.occurrence - b.occurrence ||
      a.event.sequence - b.event.sequence ||
      (a.event.modified ?? 0) - (b.event.modified ?? 0),
  );
  for (const instance of instances) {
    await slicer.pause();
    const master = series.get(instance.event.uid);
    const { event } = instance;
    if (!master) {
      if (instance.cancelled) continue;
      events.push({ ...event, uid: `${event.uid}#${new Date(instance.occurrence).toISOString()}` });
      continue;
    }
    master.changes = master.changes.filter((x) => x.occurrence !== instance.occurrence);
    if (instance.cancelled) {
      master.changes.push({ occurrence: instance.occurrence, kind: 'exclusion' });
      continue;
    }
    if (instance.thisAndFuture && instance.occurrence > master.start) {
      const before = occurrencesIn(
        { ...master, lastStart: master.lastStart },
        master.start,
        instance.occurrence,
        master.timeZone,
        1001,
      ).length;
      const rule = remainingRule(master.recurrence!, before);
      const later: ImportedEvent = {
        ...master,
        ...fieldsOf(event),
        uid: `${master.uid}#${new Date(instance.occurrence).toISOString()}`,
        sequence: Math.max(master.sequence, event.sequence),
        recurrence: rule,
        changes: master.changes.filter((x) => x.occurrence >= instance.occurrence),
        lastStart: null,
      };
      later.lastStart = await lastStartOf(later, slicer);
      master.recurrence = ruleEndingBefore(master.recurrence!, instance.occurrence, master.allDay);
      master.lastStart = await lastStartOf(master, slicer);
      master.changes = master.changes.filter((x) => x.occurrence < instance.occurrence);
      events.push(later);
      series.set(master.uid, later);
      continue;
    }
    master.changes.push({ occurrence: instance.occurrence, kind: 'override', fields: fieldsOf(event) });
  }
  for (let index = events.length - 1; index >= 0; index -= 1) {
    const event = events[index]!;
    if (event.changes.length <= EXCEPTIONS_MAX) continue;
    skipped.push({ uid: event.uid, summary: event.title, reason: 'calendar.skip.tooComplex' });
    events.splice(index, 1);
  }
}

/**
 * The original start an instance names in its series: on an all-day series the day of its
 * RECURRENCE-ID's wall-clock time (Outlook and Exchange write 00:00 in their zone there); a date on
 * a timed series, that day's occurrence at the series' time of day; else its instant.
 */
function occurrenceNamed(master: ImportedEvent, instance: InstanceOf): number {
  if (master.allDay) return instance.day;
  if (!instance.isDate) return instance.occurrence;
  const date = new Date(instance.day);
  const { hour, minute, second } = DateTime.fromMillis(master.start, { zone: master.timeZone });
  return DateTime.fromObject(
    {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour,
      minute,
      second,
    },
    { zone: master.timeZone },
  ).toMillis();
}

function fieldsOf(event: ImportedEvent): NonNullable<ImportedException['fields']> {
  const { title, description, url, location, category, allDay, start, end, reminder } = event;
  return { title, description, url, location, category, allDay, start, end, reminder };
}

/**
 * One VEVENT: the event, whether the file cancels it, and for an instance (RECURRENCE-ID) the
 * occurrence it changes; throws Skip with the reason it cannot be read.
 */
function readEvent(
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
    if (['DTSTART', 'DTEND', 'RDATE', 'EXDATE', 'RECURRENCE-ID'].includes(name)) {
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

/** A date or date-time value as ical.js read it; anything else (an unknown VALUE type) is a bad date. */
function asTime(value: unknown): ICAL.Time {
  if (!(value instanceof ICAL.Time)) throw new Skip('calendar.skip.badDate');
  return value;
}

function text(component: ICAL.Component, name: string, max: number): string {
  const property = component.getFirstProperty(name);
  let value = property?.getFirstValue();
  if (typeof value !== 'string') return '';
  // A VALUE parameter of no known type (Proton writes one holding the text) leaves it escaped.
  if (property!.type !== 'text' && property!.type !== 'uri') value = unescapeText(value);
  return value.replace(/\0/g, '').trim().slice(0, max);
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
