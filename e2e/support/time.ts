/** Days and wall clocks in time zones, as the browser tests check them. */

/** A day (YYYY-MM-DD) and a wall clock (HH:mm) of an instant in a time zone. */
export function wallTime(instant: Date | number, timeZone: string): { day: string; time: string } {
  const text = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(
    instant,
  );
  return { day: text.slice(0, 10), time: text.slice(11, 16) };
}

/** The day `days` after a day (YYYY-MM-DD). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
