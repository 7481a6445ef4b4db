/**
 * The meetings' days and times as a person reads them: today in their time zone (the account's, not
 * the browser's), a search range's default, and instants and days in their language. Plain Intl,
 * so the meetings pages do not load the calendar's Temporal polyfill.
 */

import { addDays, DAY_MS, todayIn } from '../../../lib/days';

export { addDays, DAY_MS, todayIn };

/** The days a new meeting searches by default: today and the 13 days after it. */
export const DEFAULT_RANGE_DAYS = 14;

/** A search day as a heading: "Monday 2 March" (the year only when it is not this one). */
export function formatDayHeading(day: string, language: string, thisYear: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(day.slice(0, 4) === thisYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
}

/** An instant's clock time in a time zone: "09:30" or "9:30 AM" as the language writes it. */
export function formatClock(instant: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(instant));
}

/** A meeting's start and end in a time zone, as one range: "2 Mar 2026, 09:00 – 09:30". */
export function formatMeetingTime(
  time: string,
  end: string | null,
  timeZone: string,
  language: string,
): string {
  const format = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  const start = new Date(time);
  return end ? format.formatRange(start, new Date(end)) : format.format(start);
}

/** A moment (an answer's date) in a time zone, date and time. */
export function formatMoment(instant: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(instant),
  );
}

/** Whether a meeting's link may be shown as a link: only web addresses, never `javascript:` and the like. */
export function isWebLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Minutes split into hours and minutes, for "1 h 30 min". */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The days' times after `now`, without the days left empty. */
export function upcomingTimes(days: Array<{ date: string; times: string[] }>, now: number) {
  return days
    .map((day) => ({ ...day, times: day.times.filter((time) => Date.parse(time) > now) }))
    .filter((day) => day.times.length > 0);
}
