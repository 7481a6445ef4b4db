/**
 * Wall-clock times and instants in IANA time zones, fast: a zone's offset is looked up once per
 * UTC day (luxon) and reused away from its changes; near a change, luxon places the time itself
 * (a DST gap moves it forward, as luxon does). "Floating" times are wall-clock times written as
 * the same numbers in UTC, so that day and minute arithmetic on them needs no zone.
 */
import { isCalendarDay } from '@cadence/contract';
import { LRUCache } from 'lru-cache';
import { DateTime } from 'luxon';

const DAY_MS = 86_400_000;

/**
 * Days of offsets kept (a month's read asks a few dozen), in one cache for every zone: lru-cache
 * allocates its `max` slots up front, so a cache per zone would cost a megabyte each.
 */
const DAYS_KEPT = 50_000;
/** Wider than the days a Date reaches either side of the epoch (10^8), so keys never meet. */
const DAY_SPAN = 2 ** 28;
/** Each zone's number in the keys: zones are IANA names, a set the runtime fixes. */
const zoneNumbers = new Map<string, number>();

/** A zone's UTC day as one number: a key of numbers is looked up without making a string. */
function dayKey(zone: string, day: number): number {
  let number = zoneNumbers.get(zone);
  if (number === undefined) zoneNumbers.set(zone, (number = zoneNumbers.size));
  return number * DAY_SPAN + DAY_SPAN / 2 + day;
}

/** The wall-clock time of an instant in a zone, as the same numbers read in UTC. */
export function floating(ms: number, zone: string): Date {
  const offset = steadyOffset(zone, Math.floor(ms / DAY_MS));
  if (offset !== null) return new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000);
  const local = DateTime.fromMillis(ms, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/** Offsets in minutes by zone and UTC day (`dayKey`); NaN where the offset changes nearby. */
const dayOffsets = new LRUCache<number, number>({ max: DAYS_KEPT });

function offsetAt(zone: string, ms: number): number {
  return DateTime.fromMillis(ms, { zone }).offset;
}

/**
 * The zone's offset around a UTC day when it holds from the day before to the day after (so for
 * any wall time of that day, whatever the offset), or null near a change of offset. Cached: a
 * month's read asks a few dozen times, not once per occurrence.
 */
function steadyOffset(zone: string, day: number): number | null {
  const key = dayKey(zone, day);
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const around = [day - 1, day, day + 1, day + 2].map((d) => offsetAt(zone, d * DAY_MS));
    offset = around.every((value) => value === around[0]) ? around[0]! : NaN;
    dayOffsets.set(key, offset);
  }
  return Number.isNaN(offset) ? null : offset;
}

/**
 * The instant at which a floating wall-clock time happens in a zone (a DST gap moves it forward).
 * Away from a change of offset it is the wall time less the day's offset; near one, luxon decides.
 */
export function placed(wall: Date, zone: string): number {
  const ms = wall.getTime();
  const offset = steadyOffset(zone, Math.floor(ms / DAY_MS));
  if (offset !== null) return ms - offset * 60_000;
  return DateTime.fromObject(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    { zone },
  ).toMillis();
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) begins in a zone, `days` later: its midnight, or where
 * a change of offset skips midnight, the first time after it (as luxon's fromISO gives for that
 * day) — without luxon away from a change, so a search's or a read's range costs no time-zone
 * arithmetic per request.
 */
export function dayStart(date: string, zone: string, days = 0): number {
  if (!isCalendarDay(date)) throw new RangeError(`not a calendar day: ${date}`);
  return placed(new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS), zone);
}

/** A stretch of time over which a zone keeps one offset (minutes east of UTC). */
export interface OffsetSpan {
  start: number;
  end: number;
  offset: number;
}

/** Offsets at the start of each UTC day by zone and day (`dayKey`). */
const offsetsByDay = new LRUCache<number, number>({ max: DAYS_KEPT });

/** The zone's offset at the start of UTC day `day`, cached. */
function dayStartOffset(zone: string, day: number): number {
  const key = dayKey(zone, day);
  let offset = offsetsByDay.get(key);
  if (offset === undefined) {
    offset = DateTime.fromMillis(day * DAY_MS, { zone }).offset;
    offsetsByDay.set(key, offset);
  }
  return offset;
}

/** offsetSpans' answers by zone and range: a search asks the same for every person of a zone. */
const spansKept = new LRUCache<string, readonly OffsetSpan[]>({ max: 2000 });

/**
 * [from, to) cut where the zone's offset changes, each piece with its offset. Offsets are read at
 * each UTC midnight; a change between two is found to the minute by bisection (zones change
 * offset at most once a day). Kept by zone and range (the answer is shared: read it, never change
 * it).
 */
export function offsetSpans(zone: string, from: number, to: number): readonly OffsetSpan[] {
  const key = `${zone}|${from}|${to}`;
  let spans = spansKept.get(key);
  if (!spans) {
    spans = Object.freeze(spansOf(zone, from, to).map((span) => Object.freeze(span)));
    spansKept.set(key, spans);
  }
  return spans;
}

function spansOf(zone: string, from: number, to: number): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from;
  let offset = DateTime.fromMillis(from, { zone }).offset;
  for (let day = Math.floor(from / DAY_MS) + 1; day * DAY_MS < to + DAY_MS; day += 1) {
    const next = dayStartOffset(zone, day);
    if (next === offset) continue;
    // The change lies in the day before `day`: the first minute with the new offset.
    let lo = Math.max((day - 1) * DAY_MS, from);
    let hi = day * DAY_MS;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (DateTime.fromMillis(mid, { zone }).offset === offset) lo = mid;
      else hi = mid;
    }
    if (hi >= to) break;
    if (hi > start) spans.push({ start, end: hi, offset });
    start = hi;
    offset = next;
  }
  spans.push({ start, end: to, offset });
  return spans;
}

/**
 * True when the wall-clock time of the instant happens twice in the zone (the hour repeated when
 * clocks go back): written as a local time with a TZID, a client reads the first of the two
 * (RFC 5545 §3.3.5), so such an instant is written in UTC instead (D42).
 */
export function isAmbiguous(ms: number, zone: string): boolean {
  if (zone === 'UTC') return false;
  // An offset steady from the day before to the day after holds three hours either side.
  if (steadyOffset(zone, Math.floor(ms / DAY_MS)) !== null) return false;
  const offset = offsetAt(zone, ms);
  for (const other of [offsetAt(zone, ms - 3 * 3_600_000), offsetAt(zone, ms + 3 * 3_600_000)]) {
    if (other === offset) continue;
    const twin = ms + (offset - other) * 60_000;
    if (offsetAt(zone, twin) === other) return true;
  }
  return false;
}

/** Instants grouped by their date in a zone, without a date object per instant. */
export function byLocalDate(starts: number[], timeZone: string, from: number, to: number) {
  const days: Array<{ date: string; times: string[] }> = [];
  const spans = offsetSpans(timeZone, from, to);
  let span = 0;
  for (const start of starts) {
    while (span < spans.length - 1 && start >= spans[span]!.end) span += 1;
    const date = new Date(Math.floor((start + spans[span]!.offset * 60_000) / DAY_MS) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    if (days.at(-1)?.date !== date) days.push({ date, times: [] });
    days.at(-1)!.times.push(new Date(start).toISOString());
  }
  return days;
}
