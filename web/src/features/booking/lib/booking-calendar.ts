/**
 * The public booking page's month as a visitor reads it (D44): the days a month's grid shows, the
 * range of days asked of the server for it, and the times open on a day in the visitor's zone and
 * language. Plain Intl and YYYY-MM-DD strings, so the public page loads no date library.
 */

import { addDays, todayIn } from '../../../lib/days';

export { addDays, todayIn };

/** A month, YYYY-MM. */
export type Month = string;

/** A day of the month grid: its date, or null for the blanks before the first and after the last. */
export type GridCell = string | null;

/** A month moved by a number of months. */
/** The last month holding a bookable day: today plus the type's days ahead (the last start before it). */
export function lastBookableMonth(today: string, rangeDays: number): Month {
  return addDays(today, Math.max(0, rangeDays - 1)).slice(0, 7);
}

export function addMonths(month: Month, months: number): Month {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** How many days a month has. */
export function daysInMonth(month: Month): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

/**
 * The days to ask the server for while a month shows: the whole month, from today when the month
 * is this one (the past offers nothing). At most 31 days, within the contract's 42. Null for a
 * month wholly past.
 */
export function monthRange(month: Month, today: string): { start: string; end: string } | null {
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  if (last < today) return null;
  return { start: first < today ? today : first, end: last };
}

/**
 * The first day of the week in a language's usual calendar, 0 Sunday to 6 Saturday: the browser's
 * week information when it has it, else Sunday for English and Monday for the others.
 */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const info = locale.getWeekInfo?.() ?? locale.weekInfo;
    // Intl numbers the days 1 (Monday) to 7 (Sunday).
    if (info) return info.firstDay % 7;
  } catch {
    // An unknown tag falls through to the default.
  }
  return language.startsWith('en') ? 0 : 1;
}

/** A month as weeks of seven cells, starting on `weekStart` (0 Sunday … 6 Saturday). */
export function monthGrid(month: Month, weekStart: number): GridCell[][] {
  const firstWeekday = new Date(`${month}-01T00:00:00Z`).getUTCDay();
  const blanks = (firstWeekday - weekStart + 7) % 7;
  const cells: GridCell[] = Array.from<GridCell>({ length: blanks }).fill(null);
  for (let day = 1; day <= daysInMonth(month); day += 1) {
    cells.push(`${month}-${String(day).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: GridCell[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** The short names of the weekdays in a language, in the grid's order ("Mon", "Tue"… or "lun."…). */
export function weekdayNames(
  language: string,
  weekStart: number,
  width: 'short' | 'long' = 'short',
): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(Date.UTC(2023, 0, 1 + ((weekStart + index) % 7)))),
  );
}

/** A month as a heading: "March 2026", "mars 2026". */
export function formatMonth(month: Month, language: string): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** A day in full, for a heading or a day's button: "Monday 2 March 2026". */
export function formatLongDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** An instant's clock time in a zone, as the language writes it: "09:30", "9:30 AM". */
export function formatClock(instant: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(instant));
}

/** A booking's start and end in a zone, as one range: "Monday 2 March 2026, 09:00 – 09:30". */
export function formatBookingTime(start: string, end: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(start), new Date(end));
}

/** The server's days with times, by date; days without a time are left out. */
export function timesByDay(
  days: readonly { date: string; times: readonly string[] }[],
): Map<string, string[]> {
  const byDay = new Map<string, string[]>();
  for (const { date, times } of days) {
    if (times.length > 0) byDay.set(date, [...(byDay.get(date) ?? []), ...times].sort());
  }
  return byDay;
}

/** The day to show first: the one chosen when it still has times, else the first that has some. */
export function dayToShow(
  byDay: ReadonlyMap<string, readonly string[]>,
  chosen: string | null,
): string | null {
  if (chosen && byDay.has(chosen)) return chosen;
  return [...byDay.keys()].sort()[0] ?? null;
}

/** A duration as the language writes it: "30 min", "1 hr 30 min", "1 Std. 30 Min.". */
export function formatDuration(minutes: number, language: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? unit(hours, 'hour') : '', rest > 0 || hours === 0 ? unit(rest, 'minute') : '']
    .filter(Boolean)
    .join(' ');
}
