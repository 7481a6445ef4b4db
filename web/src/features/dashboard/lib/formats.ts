/** How the dashboard writes weeks and times: in the interface's language and the user's zone. */

/** A week by its Monday, "11 May" (a calendar day: no zone applies). */
export function formatWeek(day: string, language: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

/** An instant, "13 May 2026, 15:00", in the zone (the browser's while the account is unknown). */
export function formatInstant(iso: string, language: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(iso),
  );
}

/** A span, "Wed 13 May, 15:00 – 16:00", in the zone. */
export function formatSpan(
  start: string,
  end: string,
  language: string,
  timeZone: string | undefined,
): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(start), new Date(end));
}
