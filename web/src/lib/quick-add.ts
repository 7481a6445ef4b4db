/**
 * Quick add in words (D47): the date and time a one-line add names ("Call Maria friday 3pm"), read
 * by chrono-node's casual parser for the interface's language, on the wall clock of the user's time
 * zone (the account's, not the browser's). chrono gives the day and the time as components; the
 * instant is built from them with the project's zone arithmetic (wall-time.ts), so that a day after
 * a DST change gets that day's offset. Imported by the to-do and calendar pages only (lazy chunks),
 * so the parsers stay out of the sign-in pages.
 */
import * as de from 'chrono-node/de';
import * as en from 'chrono-node/en';
import * as fr from 'chrono-node/fr';
import * as pt from 'chrono-node/pt';
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';
import { fromWallTime, zonedDateTime } from './wall-time';

type Chrono = typeof en.casual;
type Parser = Chrono['parsers'][number];

/** What the words name: the instant it starts, and whether only a day was named. */
export interface QuickAddWhen {
  /** ISO instant (UTC); 00:00 in the time zone for a day without a time. */
  start: string;
  allDay: boolean;
  /** The day on the time zone's wall clock, YYYY-MM-DD (a to-do's due date). */
  date: string;
  /** HH:mm on the wall clock, or null for a day without a time. */
  time: string | null;
}

export interface QuickAdd {
  /** The text without the words read as a date (the whole text when none were). */
  title: string;
  when: QuickAddWhen | null;
  /** The words read as a date, where they are in the text. */
  match: { index: number; text: string } | null;
}

export interface QuickAddOptions {
  /** The interface's language; anything but fr, de and pt reads as English. */
  language: string;
  /** The user's IANA time zone. */
  timeZone: string;
  now?: Date;
}

/**
 * "15h", "15h30", "15 horas" (with "às" before): chrono's Portuguese reads "15:00" but not the hour
 * as Brazilians and Portuguese write it, which its French parser does. Its date-and-time refiner then
 * joins "amanhã" and "às 15h" into one result.
 */
const portugueseHour: Parser = {
  pattern: () => /(?<=^|\s)(?:(?:às?|as)\s+)?(\d{1,2})(?:h(\d{2})?|\s*horas?)(?=[^\p{L}\p{N}]|$)/iu,
  extract: (_context, match) => {
    const hour = Number(match[1]);
    const minute = Number(match[2] ?? 0);
    return hour <= 23 && minute <= 59 ? { hour, minute } : null;
  },
};

const portuguese: Chrono = pt.casual.clone();
portuguese.parsers.push(portugueseHour);

const parsers: Record<string, Chrono> = { en: en.casual, fr: fr.casual, de: de.casual, pt: portuguese };

/** The zone's offset from UTC at an instant, in minutes (what chrono takes as the reference's zone). */
function offsetMinutes(now: Date, timeZone: string): number {
  const zoned = zonedDateTime(InstantFns.toString(InstantFns.fromEpochMilliseconds(now.getTime())), timeZone);
  return Math.round(ZonedDateTimeFns.offsetNanoseconds(zoned) / 60e9);
}

/** A lone number ("Buy 2 apples", "Chapter 12") is not a date; "15:00" and "12/5" are. */
const isNumberOnly = (words: string) => /^[\d\s.,]+$/.test(words);

const pad = (value: number) => String(value).padStart(2, '0');

/** The text without the matched words, and without the spaces and commas left around them. */
function withoutMatch(text: string, index: number, length: number): string {
  return `${text.slice(0, index)} ${text.slice(index + length)}`
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;.!?])/g, '$1')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '');
}

/**
 * The title and the date of a one-line add. The first words read as a date count; a day alone is
 * all-day; words that would leave no title, or only digits ("Buy 2 apples"), are not read.
 */
export function parseQuickAdd(
  text: string,
  { language, timeZone, now = new Date() }: QuickAddOptions,
): QuickAdd {
  const none: QuickAdd = { title: text.trim(), when: null, match: null };
  const chrono = parsers[language.slice(0, 2)] ?? en.casual;
  const reference = { instant: now, timezone: offsetMinutes(now, timeZone) };
  const result = chrono.parse(text, reference, { forwardDate: true })[0];
  if (!result || isNumberOnly(result.text)) return none;
  const title = withoutMatch(text, result.index, result.text.length);
  if (!title) return none;
  const { start } = result;
  const date = `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
  const allDay = !start.isCertain('hour');
  const time = allDay ? null : `${pad(start.get('hour') ?? 0)}:${pad(start.get('minute') ?? 0)}`;
  return {
    title,
    when: { start: fromWallTime({ date, time: time ?? '00:00' }, timeZone), allDay, date, time },
    match: { index: result.index, text: result.text },
  };
}

/**
 * What was read, for the line under the field: the day ("Fri, 27 Mar"), with the time in the time
 * zone when it counts ("Fri, 27 Mar, 15:00"; a to-do keeps only its day).
 */
export function formatQuickAddWhen(
  when: QuickAddWhen,
  language: string,
  timeZone: string,
  withTime: boolean,
): string {
  const day = { weekday: 'short', day: 'numeric', month: 'short' } as const;
  if (!withTime || when.allDay)
    return new Intl.DateTimeFormat(language, { ...day, timeZone: 'UTC' }).format(
      new Date(`${when.date}T00:00:00Z`),
    );
  return new Intl.DateTimeFormat(language, { ...day, hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(when.start),
  );
}
