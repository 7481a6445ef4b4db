/**
 * The availability engine (D22, D23): when everyone of a meeting is free. Pure — no database, no
 * HTTP — and made of sorted-interval arithmetic: each person's working hours over the range become
 * UTC intervals (a zone's offset is constant between its changes, so each offset span maps the
 * weekly wall-clock hours by one subtraction: exact across DST, gaps and repeated hours alike),
 * minus their busy intervals; the people's free times are intersected; the start instants on the
 * step grid where the whole duration fits are read off the result. Nothing is done per slot per
 * event.
 */
import { type Weekday, weekdays } from '@cadence/contract';
import { floating, offsetSpans } from '../../lib/zoned-time';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Working hours of one weekday in the person's wall-clock time: minutes from midnight, [from, to). */
export interface WorkingInterval {
  day: Weekday;
  from: number;
  to: number;
}

/** A span of time, epoch ms, half-open. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * Busy times sorted by start as the engine searches them: their starts and ends in two typed
 * arrays (a search reads numbers side by side, not objects of several shapes spread over the
 * heap), and the longest one's length (ms) or more.
 */
export interface SortedBusy {
  starts: Float64Array;
  ends: Float64Array;
  longest: number;
}

/** The SortedBusy of intervals sorted by start, none empty (`longest`: known already). */
export function sortedBusy(busy: readonly Interval[], longest?: number): SortedBusy {
  const starts = new Float64Array(busy.length);
  const ends = new Float64Array(busy.length);
  let found = 0;
  for (let index = 0; index < busy.length; index += 1) {
    const interval = busy[index]!;
    starts[index] = interval.start;
    ends[index] = interval.end;
    found = Math.max(found, interval.end - interval.start);
  }
  return { starts, ends, longest: longest ?? found };
}

export interface Participant {
  timeZone: string;
  hours: readonly WorkingInterval[];
  /** Events and meetings, in any order, overlapping or not (when `sorted` is not given). */
  busy?: readonly Interval[];
  /**
   * The busy times sorted by start, with the longest's length: what meets the free time is then
   * found by a binary search per free interval, never by a pass over all of them.
   */
  sorted?: SortedBusy;
  /**
   * Start instants of the bookings of one booking type the person already has (D44), counted
   * against `BookingRules.maxPerDay` by the day of the start in the person's zone. Their busy time
   * is in `busy` already.
   */
  booked?: number[];
}

/** Sorted, with overlapping and touching intervals joined, empty ones dropped. */
export function normalized(intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** a ∩ b, both normalized. */
export function intersect(a: Interval[], b: Interval[]): Interval[] {
  const result: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = Math.max(a[i]!.start, b[j]!.start);
    const end = Math.min(a[i]!.end, b[j]!.end);
    if (end > start) result.push({ start, end });
    if (a[i]!.end < b[j]!.end) i += 1;
    else j += 1;
  }
  return result;
}

/** a − b, both normalized. */
export function subtract(a: Interval[], b: Interval[]): Interval[] {
  const result: Interval[] = [];
  let j = 0;
  for (const interval of a) {
    let start = interval.start;
    while (j < b.length && b[j]!.end <= start) j += 1;
    let k = j;
    while (k < b.length && b[k]!.start < interval.end) {
      if (b[k]!.start > start) result.push({ start, end: b[k]!.start });
      start = Math.max(start, b[k]!.end);
      k += 1;
    }
    if (start < interval.end) result.push({ start, end: interval.end });
  }
  return result;
}

/**
 * a − b, `a` normalized and `b` in any order (overlapping, empty or far away), each interval of `b`
 * first widened to [start − widenStart, end + widenEnd). Only the intervals of `b` that meet `a` are sorted,
 * found by a binary search of `a`: once the people's common free time is a few windows, a person's
 * hundreds of busy intervals cost a search each, not a sort.
 */
export function subtractAny(a: Interval[], b: readonly Interval[], widenStart = 0, widenEnd = 0): Interval[] {
  if (a.length === 0) return a;
  const lo = a[0]!.start;
  const hi = a[a.length - 1]!.end;
  const meeting: Interval[] = [];
  for (const interval of b) {
    if (interval.end <= interval.start) continue;
    const start = interval.start - widenStart;
    const end = interval.end + widenEnd;
    if (end <= lo || start >= hi) continue;
    // The first interval of `a` that ends after `start`.
    let low = 0;
    let high = a.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (a[middle]!.end <= start) low = middle + 1;
      else high = middle;
    }
    if (low < a.length && a[low]!.start < end) meeting.push({ start, end });
  }
  return meeting.length === 0 ? a : subtract(a, normalized(meeting));
}

/**
 * a − the person's busy time widened as in subtractAny. With `sorted`, a busy interval that meets
 * a free one [s, e) starts in [s − widenEnd − longest, e + widenStart): each free interval costs a
 * binary search of the starts and the ones it meets.
 */
function subtractBusy(a: Interval[], person: Participant, widenStart = 0, widenEnd = 0): Interval[] {
  const sorted = person.sorted;
  if (sorted === undefined) return subtractAny(a, person.busy ?? [], widenStart, widenEnd);
  const { starts, ends, longest } = sorted;
  const meeting: Interval[] = [];
  for (const free of a) {
    const earliest = free.start - widenEnd - longest;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (starts[middle]! < earliest) low = middle + 1;
      else high = middle;
    }
    for (let k = low; k < starts.length && starts[k]! - widenStart < free.end; k += 1) {
      const start = starts[k]!;
      const end = ends[k]!;
      if (end > start && end + widenEnd > free.start)
        meeting.push({ start: start - widenStart, end: end + widenEnd });
    }
  }
  return meeting.length === 0 ? a : subtract(a, normalized(meeting));
}

/** The person's working hours within [from, to), as normalized UTC intervals. */
export function workingTimes(
  hours: readonly WorkingInterval[],
  timeZone: string,
  from: number,
  to: number,
): Interval[] {
  const byWeekday: Array<Array<[number, number]>> = weekdays.map(() => []);
  for (const interval of hours) byWeekday[weekdays.indexOf(interval.day)]!.push([interval.from, interval.to]);
  const result: Interval[] = [];
  for (const span of offsetSpans(timeZone, from, to)) {
    const shift = span.offset * MINUTE_MS;
    const wallFrom = span.start + shift;
    const wallTo = span.end + shift;
    for (let day = Math.floor(wallFrom / DAY_MS); day * DAY_MS < wallTo; day += 1) {
      // 1 January 1970 was a Thursday: day 0 has index 3 from Monday.
      for (const [start, end] of byWeekday[(day + 3) % 7]!) {
        const s = Math.max(day * DAY_MS + start * MINUTE_MS - shift, span.start);
        const e = Math.min(day * DAY_MS + end * MINUTE_MS - shift, span.end);
        if (e > s) result.push({ start: s, end: e });
      }
    }
  }
  return normalized(result);
}

/**
 * The person's working hours within [from, to), each interval widened by `widen` ms on both sides:
 * the nearest times outside them, across midnight too (a Friday evening runs into the Saturday).
 */
function widenedWorkingTimes(person: Participant, from: number, to: number, widen: number): Interval[] {
  if (widen <= 0) return workingTimes(person.hours, person.timeZone, from, to);
  const hours = workingTimes(person.hours, person.timeZone, from - widen, to + widen);
  const widened = normalized(
    hours.map((interval) => ({ start: interval.start - widen, end: interval.end + widen })),
  );
  return intersect(widened, [{ start: from, end: to }]);
}

/** When everyone is free within [from, to) (their working hours widened by `widen` ms). */
export function commonFreeTimes(people: Participant[], from: number, to: number, widen = 0): Interval[] {
  // common ∩ (working − busy) = (common ∩ working) − busy: the busy times are met by what is left.
  let common: Interval[] = [{ start: from, end: to }];
  for (const person of people) {
    common = subtractBusy(intersect(common, widenedWorkingTimes(person, from, to, widen)), person);
    if (common.length === 0) break;
  }
  return common;
}

/**
 * The start instants in [from, to) on the grid of `step` (from the epoch) where a meeting of
 * `duration` fits in everyone's free time and ends by `to`.
 */
export function availableStarts(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
  widen = 0,
): number[] {
  const starts: number[] = [];
  for (const free of commonFreeTimes(people, from, to, widen)) {
    const last = Math.min(free.end, to) - duration;
    for (let t = Math.ceil(Math.max(free.start, from) / step) * step; t <= last; t += step) starts.push(t);
  }
  return starts;
}

/**
 * Why availableStarts found none: everyone's working hours never leave room for the duration
 * together (`noCommonWorkingHours`), or they do and busy times fill it (`allBusy`).
 */
export function noStartsReason(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
): 'noCommonWorkingHours' | 'allBusy' {
  const idle = people.map((person) => ({ timeZone: person.timeZone, hours: person.hours }));
  return availableStarts(idle, from, to, duration, step).length === 0 ? 'noCommonWorkingHours' : 'allBusy';
}

/**
 * The nearest start instants outside working hours, for when availableStarts finds none: those
 * within everyone's working hours widened by the fewest steps of `widenStep` (up to `widenMax`)
 * that give some, free of busy time. Widening only adds times, so the fewest steps are found by
 * halving. None within `widenMax`: null.
 */
export function nearestStartsOutsideHours(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
  widenStep: number,
  widenMax: number,
): { starts: number[]; widen: number } | null {
  let low = 1;
  let high = Math.floor(widenMax / widenStep);
  let found: { starts: number[]; widen: number } | null = null;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const starts = availableStarts(people, from, to, duration, step, middle * widenStep);
    if (starts.length > 0) {
      found = { starts, widen: middle * widenStep };
      high = middle - 1;
    } else low = middle + 1;
  }
  return found;
}

/** Whether everyone is free for the whole of [start, start + duration). */
export function isFreeAt(people: Participant[], start: number, duration: number): boolean {
  const common = commonFreeTimes(people, start, start + duration);
  return common.length === 1 && common[0]!.start === start && common[0]!.end === start + duration;
}

/**
 * The rules of a booking type (D44) on top of working hours and busy time. Buffers are not
 * negative; durations and steps are positive.
 */
export interface BookingRules {
  /** ms of time free of busy time required before a start / after an end */
  bufferBefore: number;
  bufferAfter: number;
  /** no start before this instant (now + minimum notice) */
  earliest: number;
  /** at most this many bookings per day of the person's own zone; null: no limit */
  maxPerDay: number | null;
}

/**
 * a − the person's busy time widened by the buffers: a meeting [t, t + duration) keeps
 * [t − before, t + duration + after) clear of a busy [s, e) exactly when it stays out of
 * [s − after, e + before). Empty busy intervals are no busy time.
 */
function subtractBuffered(a: Interval[], person: Participant, rules: BookingRules): Interval[] {
  return subtractBusy(a, person, rules.bufferAfter, rules.bufferBefore);
}

/** The wall-clock day (days from the epoch) of an instant in a zone. */
function dayOf(ms: number, zone: string): number {
  return Math.floor(floating(ms, zone).getTime() / DAY_MS);
}

/** The person's days (their zone) that already hold `maxPerDay` bookings; null: none is full. */
function fullDays(person: Participant, maxPerDay: number | null): Set<number> | 'all' | null {
  if (maxPerDay === null) return null;
  if (maxPerDay <= 0) return 'all';
  const counts = new Map<number, number>();
  for (const start of person.booked ?? []) {
    const day = dayOf(start, person.timeZone);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const full = new Set<number>();
  for (const [day, count] of counts) if (count >= maxPerDay) full.add(day);
  return full.size > 0 ? full : null;
}

/**
 * The instants of [from, to) whose day in the zone is one of `days`, as normalized UTC intervals:
 * each offset span maps wall-clock midnights by one subtraction (as workingTimes does), so a day
 * lasts 23 or 25 hours across a change, and a day cut in two by a change is found in both pieces.
 */
function daysWithin(days: Set<number>, timeZone: string, from: number, to: number): Interval[] {
  const result: Interval[] = [];
  for (const span of offsetSpans(timeZone, from, to)) {
    const shift = span.offset * MINUTE_MS;
    for (let day = Math.floor((span.start + shift) / DAY_MS); day * DAY_MS < span.end + shift; day += 1) {
      if (!days.has(day)) continue;
      const s = Math.max(day * DAY_MS - shift, span.start);
      const e = Math.min((day + 1) * DAY_MS - shift, span.end);
      if (e > s) result.push({ start: s, end: e });
    }
  }
  return normalized(result);
}

/**
 * The start instants on the grid of `step` (from the epoch) in [from, to), not before
 * `rules.earliest`, where a meeting of `duration` ends by `to` and, for everyone: lies in their
 * working hours and out of their busy time, keeps the buffers before and after it clear of busy
 * time (buffers may lie outside working hours), and starts on a day (their zone) holding fewer than
 * `maxPerDay` of their `booked`. Interval arithmetic throughout: the meeting must fit in the common
 * free time (working hours less busy time widened by the buffers) while its start lies in the
 * common allowed time (from the earliest instant on, less each person's full days).
 */
export function bookableStarts(
  people: Participant[],
  from: number,
  to: number,
  duration: number,
  step: number,
  rules: BookingRules,
): number[] {
  const lo = Math.max(from, rules.earliest);
  if (!(duration > 0) || !(step > 0) || lo + duration > to) return [];
  let free: Interval[] = [{ start: lo, end: to }];
  let allowed: Interval[] = [{ start: lo, end: to }];
  for (const person of people) {
    free = subtractBuffered(
      intersect(free, workingTimes(person.hours, person.timeZone, lo, to)),
      person,
      rules,
    );
    const full = fullDays(person, rules.maxPerDay);
    if (full === 'all') return [];
    if (full) allowed = subtract(allowed, daysWithin(full, person.timeZone, lo, to));
    if (free.length === 0 || allowed.length === 0) return [];
  }
  // A free interval [a, b) offers the starts [a, b − duration] (closed); the allowed times are
  // half-open. Both lists are sorted and disjoint, so one walk reads the starts in order.
  const starts: number[] = [];
  let j = 0;
  for (const interval of free) {
    const last = interval.end - duration;
    if (last < interval.start) continue;
    while (j < allowed.length && allowed[j]!.end <= interval.start) j += 1;
    for (let k = j; k < allowed.length && allowed[k]!.start <= last; k += 1) {
      const end = allowed[k]!.end;
      for (
        let t = Math.ceil(Math.max(interval.start, allowed[k]!.start) / step) * step;
        t <= last && t < end;
        t += step
      ) {
        starts.push(t);
      }
    }
  }
  return starts;
}

/** Whether `start` (on the grid or not) is bookable by the rule of bookableStarts. */
export function isBookableAt(
  people: Participant[],
  start: number,
  duration: number,
  rules: BookingRules,
): boolean {
  if (!(duration > 0) || start < rules.earliest) return false;
  const end = start + duration;
  return people.every((person) => {
    const free = subtractBuffered(workingTimes(person.hours, person.timeZone, start, end), person, rules);
    if (free.length !== 1 || free[0]!.start !== start || free[0]!.end !== end) return false;
    if (rules.maxPerDay === null) return true;
    const day = dayOf(start, person.timeZone);
    const count = (person.booked ?? []).filter((booked) => dayOf(booked, person.timeZone) === day).length;
    return count < rules.maxPerDay;
  });
}

/** The union of lists of start instants, sorted and deduplicated (round-robin: any host free). */
export function unionStarts(lists: number[][]): number[] {
  const all = lists.flat().sort((a, b) => a - b);
  return all.filter((t, i) => i === 0 || t !== all[i - 1]);
}
