/**
 * Wall clocks in the user's time zone (the account's, not the browser's): the date and time a form
 * shows for an instant, and the instant a form's date and time name. Temporal's functions do the
 * zone arithmetic, daylight saving too. Shared by the calendar and the board's due dates.
 */
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

export const zonedDateTime = (instant: string, timeZone: string) =>
  InstantFns.toZonedDateTimeISO(InstantFns.fromString(instant), timeZone);

/** The wall clock of an instant in a time zone. */
export function toWallTime(instant: string, timeZone: string): WallTime {
  const text = PlainDateTimeFns.toString(ZonedDateTimeFns.toPlainDateTime(zonedDateTime(instant, timeZone)));
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}

/** The instant (ISO, UTC) a wall clock names in a time zone; in a skipped hour, the later one. */
export function fromWallTime({ date, time }: WallTime, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = PlainDateTimeFns.create(year, month, day, hour, minute);
  const instant = ZonedDateTimeFns.toInstant(PlainDateTimeFns.toZonedDateTime(wall, timeZone));
  return InstantFns.toString(instant, { fractionalSecondDigits: 3 });
}
