/**
 * Times in the user's time zone (the account's, not the browser's): the wall clock a form shows for
 * an instant and back, a series moved by a drag, and the range a month view shows. Temporal's
 * functions (the polyfill FullCalendar already loads) do the zone arithmetic, daylight saving too.
 */
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';
import { addDays } from '../../../lib/days';
import { zonedDateTime as zoned } from '../../../lib/wall-time';

// The wall-clock conversions are shared with the board's due dates (lib/wall-time.ts).
export { fromWallTime, toWallTime, type WallTime } from '../../../lib/wall-time';

/** A drag's or resize's change, as FullCalendar measures it. */
export interface Delta {
  years: number;
  months: number;
  days: number;
  milliseconds: number;
}

export const HOUR_MS = 3_600_000;
export { addDays, DAY_MS, todayIn } from '../../../lib/days';

/** An instant moved by a drag's delta, in wall-clock terms in the time zone (10:00 stays 10:00). */
export function shiftInstant(instant: string, delta: Delta, timeZone: string): string {
  let moved = zoned(instant, timeZone);
  moved = ZonedDateTimeFns.addYears(moved, delta.years);
  moved = ZonedDateTimeFns.addMonths(moved, delta.months);
  moved = ZonedDateTimeFns.addDays(moved, delta.days);
  moved = ZonedDateTimeFns.addMilliseconds(moved, delta.milliseconds);
  return InstantFns.toString(ZonedDateTimeFns.toInstant(moved), { fractionalSecondDigits: 3 });
}

/** An all-day event's day (its 00:00Z instant) moved by a delta of whole days, as YYYY-MM-DD. */
export function shiftDay(instant: string, delta: Delta): string {
  return shiftInstant(instant, delta, 'UTC').slice(0, 10);
}

/**
 * The days a month view shows around a day: from the week's first day (0 Sunday … 6 Saturday)
 * on or before the 1st, six weeks, end exclusive, as FullCalendar draws it.
 */
export function monthGridRange(day: string, firstDay: number): { start: string; end: string } {
  const first = `${day.slice(0, 7)}-01`;
  const back = (new Date(`${first}T00:00:00Z`).getUTCDay() - firstDay + 7) % 7;
  const start = addDays(first, -back);
  return { start, end: addDays(start, 42) };
}
