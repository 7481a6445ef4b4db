/**
 * An event's repetition as the drawer asks for it (none, daily, weekly on chosen days, monthly,
 * yearly; ending never, on a day or after n times), and the RFC 5545 RRULE the API takes.
 * A rule the drawer cannot show (one a calendar app wrote with an interval, say) is kept as it is
 * and shown read-only, in words (D49).
 */
import {
  RECURRENCE_COUNT_MAX,
  recurrenceFrequencies,
  type WeekdayCode,
  weekdayCodes,
} from '@cadence/contract';
import { ruleParts } from '../../../lib/recurrence-rule';

export type RepeatFrequency = 'none' | (typeof recurrenceFrequencies)[number] | 'custom';
export const repeatEnds = ['never', 'on', 'after'] as const;
export type RepeatEnd = (typeof repeatEnds)[number];

export interface Repetition {
  frequency: RepeatFrequency;
  /** The weekly rule's days; none means the start's day. */
  days: WeekdayCode[];
  ends: RepeatEnd;
  /** The last day, YYYY-MM-DD, when it ends on a day. */
  until: string;
  /** How many times, when it ends after n times. */
  count: number;
  /** The rule as it came, when the drawer cannot show it: never sent back (D49). */
  custom: string | null;
}

export const noRepetition: Repetition = {
  frequency: 'none',
  days: [],
  ends: 'never',
  until: '',
  count: 10,
  custom: null,
};

const isFrequency = (value: string): value is (typeof recurrenceFrequencies)[number] =>
  (recurrenceFrequencies as readonly string[]).includes(value);
const isWeekday = (value: string): value is WeekdayCode =>
  (weekdayCodes as readonly string[]).includes(value);

/** The RRULE of a repetition (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`), or null for none. */
export function toRrule(repetition: Repetition): string | null {
  const { frequency } = repetition;
  if (frequency === 'none') return null;
  if (frequency === 'custom') return repetition.custom;
  const parts = [`FREQ=${frequency}`];
  if (frequency === 'WEEKLY' && repetition.days.length > 0) {
    parts.push(`BYDAY=${weekdayCodes.filter((day) => repetition.days.includes(day)).join(',')}`);
  }
  if (repetition.ends === 'on' && /^\d{4}-\d{2}-\d{2}$/.test(repetition.until)) {
    parts.push(`UNTIL=${repetition.until.replaceAll('-', '')}`);
  }
  if (repetition.ends === 'after') parts.push(`COUNT=${repetition.count}`);
  return parts.join(';');
}

/** The drawer's view of an RRULE; what it cannot show comes back as `custom`. */
export function fromRrule(rule: string | null): Repetition {
  if (!rule) return noRepetition;
  const text = rule
    .replace(/^RRULE:/i, '')
    .trim()
    .toUpperCase();
  const parts = ruleParts(text);
  const custom = { ...noRepetition, frequency: 'custom' as const, custom: text };
  const frequency = parts.get('FREQ') ?? '';
  const known = new Set(['FREQ', 'BYDAY', 'UNTIL', 'COUNT']);
  if (!isFrequency(frequency) || [...parts.keys()].some((key) => !known.has(key))) return custom;
  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  if (byDay.length > 0 && (frequency !== 'WEEKLY' || !byDay.every(isWeekday))) return custom;
  const until = /^(\d{4})(\d{2})(\d{2})$/.exec(parts.get('UNTIL') ?? '');
  if (parts.has('UNTIL') && !until) return custom;
  const count = Number(parts.get('COUNT'));
  if (parts.has('COUNT') && !(Number.isInteger(count) && count >= 1 && count <= RECURRENCE_COUNT_MAX))
    return custom;
  return {
    ...noRepetition,
    frequency,
    days: byDay.filter(isWeekday),
    ends: until ? 'on' : parts.has('COUNT') ? 'after' : 'never',
    until: until ? `${until[1]}-${until[2]}-${until[3]}` : '',
    count: parts.has('COUNT') ? count : noRepetition.count,
  };
}

/** The RRULE day code of a day (YYYY-MM-DD). */
export function weekdayOf(day: string): WeekdayCode {
  const sundayFirst = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekdayCodes[(sundayFirst + 6) % 7]!;
}

/**
 * A rule whose weekdays (BYDAY) follow a series moved by a number of days: a weekly event on
 * Mondays dragged to Tuesday repeats on Tuesdays. An ordinal (`1MO`) is kept as it is.
 */
export function shiftRuleDays(rule: string, days: number): string {
  const shift = ((days % 7) + 7) % 7;
  if (shift === 0) return rule;
  return rule.replace(/BYDAY=([^;]*)/i, (_, list: string) => {
    const moved = list.split(',').map((part) => {
      const [, ordinal = '', code = ''] = /^([+-]?\d*)([A-Z]{2})$/i.exec(part) ?? [];
      const index = weekdayCodes.indexOf(code.toUpperCase() as WeekdayCode);
      return index < 0 ? part : `${ordinal}${weekdayCodes[(index + shift) % 7]}`;
    });
    return `BYDAY=${moved.join(',')}`;
  });
}
