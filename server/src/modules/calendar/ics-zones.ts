/**
 * The time zones an iCalendar file names: a TZID resolved to an IANA zone by name, or through the
 * file's own VTIMEZONE when it is safe to read, matched to the IANA zone that keeps its offsets.
 */
import ICAL from 'ical.js';
import { LRUCache } from 'lru-cache';
import { DateTime, IANAZone } from 'luxon';
import rrulePackage from 'rrule';
import { findIana } from 'windows-iana';
import { unescapeText } from '../../lib/ical-values';
import { boundedBetween, YEAR_MAX } from '../../lib/occurrences';
import { OBSERVANCES_MAX, OFFSET_MAX_SECONDS, ONSETS_MAX, Skip } from './ics-limits';
import { propertyName, propertyValue, type RawComponent } from './ics-scan';

const { RRule } = rrulePackage;
const DAY_MS = 86_400_000;

/**
 * What each TZID resolved to ('' for none: the cache holds no null), the least recently used going
 * first past 10,000 names, so that a file of many made-up TZIDs cannot grow it.
 */
const ianaCache = new LRUCache<string, string>({ max: 10_000 });
// ICU loads its zone data when first asked about a name it does not know (~100 ms): at start,
// rather than during the first import.
IANAZone.isValidZone('Not/A_Zone');

/** The IANA zone a TZID names: itself, a Windows name's, or an IANA name ending a path; else null. */
export function ianaZoneOf(tzid: string): string | null {
  const name = tzid.replace(/^"|"$/g, '').trim();
  const cached = ianaCache.get(name);
  if (cached !== undefined) return cached || null;
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
  ianaCache.set(name, zone ?? '');
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
export class FileZone {
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

/**
 * The zones a file names, resolved once each. An IANA TZID is used as it is; a Windows one
 * (Outlook, Exchange) through CLDR's table (windows-iana); a path ending in an IANA name
 * (Thunderbird's "/mozilla.org/…/Europe/Berlin") by that name; any other by the file's own
 * VTIMEZONE, read only when its rules repeat yearly or less often with offsets within ±18 h: an
 * event without a rule at the offsets those rules give, a series with one in the IANA zone whose
 * offsets match them over the year the file first uses the zone in (so that it keeps its local time
 * as everywhere else here). Floating times are in the calendar's X-WR-TIMEZONE, else the importer's
 * zone; a series whose start is in UTC repeats in UTC.
 */
export class Zones {
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

/** A zone times are read in: a name luxon knows (IANA, UTC, a fixed offset), or a file's own. */
export type ReadZone = string | { rules: FileZone; iana: string };
