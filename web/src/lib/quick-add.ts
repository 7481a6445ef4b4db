/**
 * Quick add in words (D47): the date and time a one-line add names ("Call Maria friday 3pm"), read
 * by chrono-node's casual parsers for the interface's language and English, on the wall clock of
 * the user's time zone (the account's, not the browser's). chrono gives the day and the time as components; the
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
  /**
   * Words left in the title that look like a date in another language the quick add knows
   * ("demain 15h" in the English interface), and that language: read them with `language` set to it.
   */
  unread: { text: string; language: QuickAddLanguage } | null;
}

export interface QuickAddOptions {
  /** The interface's language, read with English; anything but fr, de and pt reads English only. */
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

/** The languages the quick add can read; the interface's is read first, then English. */
export type QuickAddLanguage = 'en' | 'fr' | 'de' | 'pt';
const languages: QuickAddLanguage[] = ['en', 'fr', 'de', 'pt'];
const readers: Record<QuickAddLanguage, Chrono> = {
  en: en.casual,
  fr: fr.casual,
  de: de.casual,
  pt: portuguese,
};

/** The interface's language as one the quick add reads, or null (it then reads English only). */
export const quickAddLanguage = (language: string): QuickAddLanguage | null =>
  languages.find((known) => known === language.slice(0, 2)) ?? null;

/**
 * The short day and month names chrono reads in each language. They are also names and words
 * ("Sam", "mer", "Do", "qui", "sat"), so one is read only when it is clearly a date: written with
 * a period ("sam.", "Do."), or read together with a number or a time ("sam 13h", "Do 15 Uhr",
 * "fri 3pm", "Jun 3"). In French and Portuguese, which write days in lower case, a capitalised one
 * without a period is a name ("Déjeuner avec Sam vendredi 13h" is lunch with Sam on Friday). Full
 * names ("vendredi", "Freitag", "sexta") are always read.
 */
const abbreviations: Record<QuickAddLanguage, Set<string>> = {
  en: new Set(
    'sun mon tue tues wed thu thur thurs fri sat jan feb mar apr jun jul aug sep sept oct nov dec'.split(' '),
  ),
  fr: new Set(
    'dim lun mar mer jeu ven sam jan janv fév févr fev fevr avr jun juil jul sep sept oct nov dec déc'.split(
      ' ',
    ),
  ),
  de: new Set('so mo di mi do fr sa jan feb mär mrz apr jun jul aug sep sept okt nov dez'.split(' ')),
  pt: new Set('dom seg ter qua qui sex sab jan fev mar abr mai jun jul ago set out nov dez'.split(' ')),
};
const lowerCaseDays = new Set<QuickAddLanguage>(['fr', 'pt']);

/** A letter, a digit or an accent: what a word is made of (JavaScript's \b knows ASCII only). */
const wordCharacter = /[\p{L}\p{N}\p{M}]/u;
const isWordCharacter = (character: string | undefined) =>
  character !== undefined && wordCharacter.test(character);

/** A lone number ("Buy 2 apples", "Chapter 12") is not a date; "15:00" and "12/5" are. */
const isNumberOnly = (words: string) => /^[\d\s.,]+$/.test(words);

/**
 * A bare duration ("15h", "2 days") is not a date: English reads "15h" as fifteen hours from now,
 * where French and Portuguese mean 15:00. "in 2 days" is still read.
 */
const isBareDuration = (words: string) =>
  /^\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?|d|days?|w|wks?|weeks?|mos?|months?|y|yrs?|years?)$/i.test(
    words,
  );

type Reference = { instant: Date; timezone: number };
type Result = ReturnType<Chrono['parse']>[number];

/** Words read as a date in one language: where they are in the text, and what chrono made of them. */
interface Reading {
  index: number;
  text: string;
  result: Result;
  language: QuickAddLanguage;
}

/**
 * The first words of the text one language reads as a date, by the rules above. A word read that
 * breaks them is masked (same length, so the indexes hold) and the text read again, so that
 * "Sam vendredi 13h" still finds "vendredi 13h".
 */
function readIn(text: string, language: QuickAddLanguage, reference: Reference): Reading | null {
  const short = abbreviations[language];
  // chrono's French reads "sam" but not "sam.": the period that marks an abbreviation is read as a space.
  let masked = text.replace(/([\p{L}]+)\.(?=\s|$)/gu, (all, word: string) =>
    short.has(word.toLowerCase()) ? `${word} ` : all,
  );
  const mask = (from: number, to: number) => {
    masked = masked.slice(0, from) + 'x'.repeat(to - from) + masked.slice(to);
  };
  // Each round masks every word it rejects and reads again, so this ends; the bound is a guard.
  for (let round = 0; round < 20; round += 1) {
    let again = false;
    for (const result of readers[language].parse(masked, reference, { forwardDate: true })) {
      const start = result.index;
      const end = start + result.text.length;
      // Inside another word ("jeu" in "Déjeuner"): mask the part of it that was read.
      if (isWordCharacter(text[start - 1]) || isWordCharacter(text[end])) {
        const inside = isWordCharacter(text[start - 1]);
        let from = start;
        let to = end;
        if (inside) for (to = start; to < end && isWordCharacter(text[to]); to += 1);
        else for (from = end; from > start && isWordCharacter(text[from - 1]); from -= 1);
        mask(from, Math.max(to, from + 1));
        again = true;
        continue;
      }
      const name = [...text.slice(start, end).matchAll(/[\p{L}\p{M}]+/gu)].find(({ 0: word, index }) => {
        if (!short.has(word.toLowerCase())) return false;
        if (text[start + index + word.length] === '.') return false;
        if (lowerCaseDays.has(language) && word !== word.toLowerCase()) return true;
        return !/\d/.test(result.text);
      });
      if (name) {
        mask(start + name.index, start + name.index + name[0].length);
        again = true;
        continue;
      }
      if (isNumberOnly(result.text) || (language === 'en' && isBareDuration(result.text))) continue;
      // A reading after a masked word is read again once the round's words are all masked.
      if (!again) return { index: start, text: text.slice(start, end), result, language };
    }
    if (!again) return null;
  }
  return null;
}

/** The longest of the readings (it leaves the fewest date words behind); the first on a tie. */
const longest = (readings: (Reading | null)[]) =>
  readings.reduce<Reading | null>(
    (best, reading) => (reading && (!best || reading.text.length > best.text.length) ? reading : best),
    null,
  );

/** The zone's offset from UTC at an instant, in minutes (what chrono takes as the reference's zone). */
function offsetMinutes(now: Date, timeZone: string): number {
  const zoned = zonedDateTime(InstantFns.toString(InstantFns.fromEpochMilliseconds(now.getTime())), timeZone);
  return Math.round(ZonedDateTimeFns.offsetNanoseconds(zoned) / 60e9);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The text without the matched words, and without the spaces and commas left around them. */
function withoutMatch(text: string, index: number, length: number): string {
  return `${text.slice(0, index)} ${text.slice(index + length)}`
    .replace(/\s+/g, ' ')
    .replace(/\s+([,;.!?])/g, '$1')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '');
}

/**
 * The title and the date of a one-line add, read in the interface's language and in English (the
 * longer reading wins: "Call Maria tomorrow 3pm" in French reads "tomorrow 3pm", not "3pm"). The
 * first words read as a date count; a day alone is all-day; words that would leave no title, or
 * only digits ("Buy 2 apples"), are not read. Words left in the title that French, German or
 * Portuguese would read as a date, when the interface is in another language, are named in
 * `unread`, so that the form can say so rather than keep them silently.
 */
export function parseQuickAdd(
  text: string,
  { language, timeZone, now = new Date() }: QuickAddOptions,
): QuickAdd {
  const trimmed = text.trim();
  const reference = { instant: now, timezone: offsetMinutes(now, timeZone) };
  const own = quickAddLanguage(language);
  const read: QuickAddLanguage[] = own && own !== 'en' ? [own, 'en'] : ['en'];
  const others = languages.filter((known) => !read.includes(known));
  const readInOthers = (words: string) => longest(others.map((known) => readIn(words, known, reference)));
  const named = (found: Reading | null) => found && { text: found.text, language: found.language };
  // What the other languages read in the whole text: named when nothing else is read, and a longer
  // date of which only part was read ("15h" of "amanhã às 15h") is named, not half read.
  const other = readInOthers(text);
  const none: QuickAdd = { title: trimmed, when: null, match: null, unread: named(other) };
  const reading = longest(read.map((known) => readIn(text, known, reference)));
  if (!reading) return none;
  if (
    other &&
    other.text.length > reading.text.length &&
    other.index < reading.index + reading.text.length &&
    reading.index < other.index + other.text.length
  )
    return none;
  const title = withoutMatch(text, reading.index, reading.text.length);
  if (!title) return { ...none, unread: null };
  const { start } = reading.result;
  const date = `${start.get('year')}-${pad(start.get('month') ?? 1)}-${pad(start.get('day') ?? 1)}`;
  const allDay = !start.isCertain('hour');
  const time = allDay ? null : `${pad(start.get('hour') ?? 0)}:${pad(start.get('minute') ?? 0)}`;
  return {
    title,
    when: { start: fromWallTime({ date, time: time ?? '00:00' }, timeZone), allDay, date, time },
    match: { index: reading.index, text: reading.text },
    // Date words another language would read in the words left.
    unread: named(readInOthers(title)),
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

/** The time read alone, in the time zone ("15:00", "03:00 PM"): what a to-do, which has no time, drops. */
export function formatQuickAddTime(when: QuickAddWhen, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(when.start),
  );
}
