/** A booking's time as its host reads it: the day and the hours, in the host's own time zone. */

/** "Mon, 12 Jan 2026, 09:00 – 09:30": one day written once; a booking past midnight shows both days. */
export function formatBookingTime(start: string, end: string, timeZone: string, language: string): string {
  const format = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  return format.formatRange(new Date(start), new Date(end));
}
