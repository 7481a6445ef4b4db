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
import { offsetSpans } from '../../lib/zoned-time';

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

export interface Participant {
  timeZone: string;
  hours: WorkingInterval[];
  /** Events and meetings, in any order, overlapping or not. */
  busy: Interval[];
}

/** Sorted, with overlapping and touching intervals joined, empty ones dropped. */
export function normalized(intervals: Interval[]): Interval[] {
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

/** The person's working hours within [from, to), as normalized UTC intervals. */
export function workingTimes(
  hours: WorkingInterval[],
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

/** When the person is free within [from, to): working and not busy. */
export function freeTimes(person: Participant, from: number, to: number): Interval[] {
  return subtract(workingTimes(person.hours, person.timeZone, from, to), normalized(person.busy));
}

/** When everyone is free within [from, to). */
export function commonFreeTimes(people: Participant[], from: number, to: number): Interval[] {
  let common: Interval[] = [{ start: from, end: to }];
  for (const person of people) {
    common = intersect(common, freeTimes(person, from, to));
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
): number[] {
  const starts: number[] = [];
  for (const free of commonFreeTimes(people, from, to)) {
    const last = Math.min(free.end, to) - duration;
    for (let t = Math.ceil(Math.max(free.start, from) / step) * step; t <= last; t += step) starts.push(t);
  }
  return starts;
}

/** Whether everyone is free for the whole of [start, start + duration). */
export function isFreeAt(people: Participant[], start: number, duration: number): boolean {
  const common = commonFreeTimes(people, start, start + duration);
  return common.length === 1 && common[0]!.start === start && common[0]!.end === start + duration;
}
