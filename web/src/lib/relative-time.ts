/** How long ago something happened, in the interface's language (a chat's "last seen", a comment's time). */

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
  ['week', 7 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['year', 365 * 24 * 60 * 60],
];

/** How long ago an instant was: "5 minutes ago", "yesterday", "3 weeks ago" (a minute at least). */
export function formatAgo(iso: string, language: string, now: Date): string {
  const seconds = Math.max(60, (now.getTime() - new Date(iso).getTime()) / 1000);
  let [unit, size] = units[0]!;
  for (const [candidate, length] of units) if (seconds >= length) [unit, size] = [candidate, length];
  return new Intl.RelativeTimeFormat(language, { numeric: 'auto' }).format(-Math.floor(seconds / size), unit);
}
