/**
 * The times a chat shows, in the interface's language and the browser's time zone: a message's
 * time, its day ("Today", "Yesterday" or the date), the list's time of a last message, and how long
 * ago someone was last seen.
 */

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDay(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** Whether an instant falls today, yesterday or earlier, in local time. */
export function dayOf(iso: string, now: Date): 'today' | 'yesterday' | 'earlier' {
  const day = localDay(new Date(iso));
  if (day === localDay(now)) return 'today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return day === localDay(yesterday) ? 'yesterday' : 'earlier';
}

/** A day in full: "Tuesday 30 June 2026". */
export function formatFullDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(new Date(iso));
}

/** A message's time of day: "14:05", "2:05 PM". */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(new Date(iso));
}

/** A last message's time in the list: its time today, its date before. */
export function formatListTime(iso: string, language: string, now: Date): string {
  return dayOf(iso, now) === 'today'
    ? formatTime(iso, language)
    : new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(new Date(iso));
}

/** How long ago someone was last seen: the shared helper (lib/relative-time.ts). */
export { formatAgo } from '../../../lib/relative-time';
