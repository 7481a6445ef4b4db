/**
 * Days as YYYY-MM-DD strings: today on the wall clock of a time zone (the account's, not the
 * browser's) and a day moved by whole days. Plain Intl, so the pages that use them (the to-dos, the
 * meetings, the public booking page) load no date library; shared with the calendar.
 */

export const DAY_MS = 86_400_000;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = Date.now()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A day (YYYY-MM-DD) moved by a number of days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
