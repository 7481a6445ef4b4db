/**
 * A repetition rule (an RFC 5545 RRULE value) read into its parts and said in words in the
 * interface's language: a rule a calendar app wrote that the to-do and event forms cannot draw is
 * shown read-only, in words, or as it is written when the words cannot say it (D49).
 */
import { type WeekdayCode, weekdayCodes } from '@cadence/contract';
import type { TFunction } from 'i18next';
import { formatDay } from './format-day';

/** The parts of a rule by name (`FREQ` → `WEEKLY`), upper case, without an `RRULE:` prefix. */
export function ruleParts(rule: string): Map<string, string> {
  const text = rule
    .replace(/^RRULE:/i, '')
    .trim()
    .toUpperCase();
  return new Map(
    text
      .split(';')
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [name, value] as const;
      }),
  );
}

const everyKeys: Record<string, { one: string; other: string }> = {
  MINUTELY: { one: 'repetition.every.minute', other: 'repetition.every.minutes' },
  HOURLY: { one: 'repetition.every.hour', other: 'repetition.every.hours' },
  DAILY: { one: 'repetition.every.day', other: 'repetition.every.days' },
  WEEKLY: { one: 'repetition.every.week', other: 'repetition.every.weeks' },
  MONTHLY: { one: 'repetition.every.month', other: 'repetition.every.months' },
  YEARLY: { one: 'repetition.every.year', other: 'repetition.every.years' },
};

/** A weekday's name inside a sentence ("lundi", not the label "Lundi"). */
const dayKeys: Record<WeekdayCode, string> = {
  MO: 'repetition.day.mo',
  TU: 'repetition.day.tu',
  WE: 'repetition.day.we',
  TH: 'repetition.day.th',
  FR: 'repetition.day.fr',
  SA: 'repetition.day.sa',
  SU: 'repetition.day.su',
};

/**
 * "The first Monday", "the last Sunday" of a month or a year. Two series, because Portuguese says
 * Saturday and Sunday in the masculine and the other days in the feminine ("na primeira
 * segunda-feira", "no primeiro sábado"); the other languages say both alike.
 */
const nthKeys: Record<'weekday' | 'weekend', Record<string, string>> = {
  weekday: {
    '1': 'repetition.nthWeekday.first',
    '2': 'repetition.nthWeekday.second',
    '3': 'repetition.nthWeekday.third',
    '4': 'repetition.nthWeekday.fourth',
    '5': 'repetition.nthWeekday.fifth',
    '-1': 'repetition.nthWeekday.last',
  },
  weekend: {
    '1': 'repetition.nthWeekend.first',
    '2': 'repetition.nthWeekend.second',
    '3': 'repetition.nthWeekend.third',
    '4': 'repetition.nthWeekend.fourth',
    '5': 'repetition.nthWeekend.fifth',
    '-1': 'repetition.nthWeekend.last',
  },
};

/** The parts the words can say; a rule with any other (BYHOUR, BYSETPOS, …) is shown as written. */
const sayable = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'WKST']);

const isWeekday = (value: string): value is WeekdayCode =>
  (weekdayCodes as readonly string[]).includes(value);

/** Items as a list in words: "Monday, Wednesday and Friday". */
function list(t: TFunction, items: string[]): string {
  if (items.length < 2) return items.join('');
  return t('repetition.list', { items: items.slice(0, -1).join(', '), last: items.at(-1) });
}

/** A list of whole numbers within bounds, or null. */
function numbers(value: string, min: number, max: number): number[] | null {
  const values = value.split(',').map((item) => (/^-?\d+$/.test(item) ? Number(item) : NaN));
  return values.every((n) => n >= min && n <= max) ? values : null;
}

/** One whole number within bounds, or null. */
const number = (value: string, min: number, max: number): number | null =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null;

/** BYDAY in words ("on Monday and Friday", "on the last Friday"), or null when they cannot say it. */
function daysInWords(t: TFunction, value: string, frequency: string): string | null {
  const parsed: { nth: string | null; code: WeekdayCode }[] = [];
  for (const part of value.split(',')) {
    const [, nth, code = ''] = /^([+-]?\d)?([A-Z]{2})$/.exec(part) ?? [];
    if (!isWeekday(code)) return null;
    parsed.push({ nth: nth ?? null, code });
  }
  if (parsed.every((day) => day.nth === null)) {
    const names = parsed.map((day) => t(dayKeys[day.code]));
    return t('repetition.onDays', { days: list(t, names) });
  }
  // "The first Monday" counts within a month or a year, and only every day of it names one.
  if ((frequency !== 'MONTHLY' && frequency !== 'YEARLY') || parsed.some((day) => day.nth === null))
    return null;
  const phrases: string[] = [];
  for (const day of parsed) {
    const series = day.code === 'SA' || day.code === 'SU' ? 'weekend' : 'weekday';
    const key = nthKeys[series][String(Number(day.nth))];
    if (!key) return null;
    phrases.push(t(key, { day: t(dayKeys[day.code]) }));
  }
  return list(t, phrases);
}

/** BYMONTHDAY in words ("on day 15", "on the last day"), or null. */
function monthDaysInWords(t: TFunction, value: string): string | null {
  if (value === '-1') return t('repetition.onLastDay');
  const days = numbers(value, 1, 31);
  if (!days) return null;
  return t(days.length === 1 ? 'repetition.onMonthDay' : 'repetition.onMonthDays', {
    days: list(t, days.map(String)),
  });
}

/** BYMONTH in words ("in March and September"), the months named by the browser (Intl). */
function monthsInWords(t: TFunction, value: string, language: string): string | null {
  const months = numbers(value, 1, 12);
  if (!months) return null;
  const name = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' });
  const names = months.map((month) => name.format(Date.UTC(2000, month - 1, 1)));
  return t('repetition.inMonths', { months: list(t, names) });
}

/**
 * A rule in words ("every week on Monday, Wednesday and Friday, 30 times"), or null when the words
 * cannot say it (an hour of the day, a position in a set, a week number, …).
 */
export function describeRule(rule: string, t: TFunction, language: string): string | null {
  const parts = ruleParts(rule);
  const frequency = parts.get('FREQ') ?? '';
  const every = everyKeys[frequency];
  if (!every || [...parts.keys()].some((name) => !sayable.has(name))) return null;
  if (parts.has('COUNT') && parts.has('UNTIL')) return null;
  // Within a day, a rule's days and months narrow hours the words would not name: as written.
  const withinDay = frequency === 'HOURLY' || frequency === 'MINUTELY';
  if (withinDay && [...parts.keys()].some((name) => name.startsWith('BY'))) return null;

  const interval = number(parts.get('INTERVAL') ?? '1', 1, 10_000);
  if (interval === null) return null;
  const words = [interval === 1 ? t(every.one) : t(every.other, { count: interval })];

  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const days = daysInWords(t, byDay, frequency);
    if (days === null) return null;
    words.push(days);
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (frequency !== 'MONTHLY' && frequency !== 'YEARLY') return null;
    const days = monthDaysInWords(t, byMonthDay);
    if (days === null) return null;
    words.push(days);
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    if (frequency !== 'YEARLY') return null;
    const months = monthsInWords(t, byMonth, language);
    if (months === null) return null;
    words.push(months);
  }

  const ends: string[] = [];
  const count = parts.get('COUNT');
  if (count !== undefined) {
    const times = number(count, 1, 100_000);
    if (times === null) return null;
    ends.push(times === 1 ? t('repetition.once') : t('repetition.times', { count: times }));
  }
  const until = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(parts.get('UNTIL') ?? '');
  if (parts.has('UNTIL')) {
    if (!until) return null;
    ends.push(t('repetition.until', { date: formatDay(`${until[1]}-${until[2]}-${until[3]}`, language) }));
  }
  return [words.join(' '), ...ends].join(', ');
}

/**
 * What a form, a list or the calendar says of a rule it cannot draw: "Custom repetition: every
 * week on Monday, Wednesday and Friday, 30 times", or the rule as written when words cannot say it.
 */
export function customRepetitionText(rule: string, t: TFunction, language: string): string {
  const words = describeRule(rule, t, language) ?? rule.replace(/^RRULE:/i, '').trim();
  return t('repetition.custom', { rule: words });
}
