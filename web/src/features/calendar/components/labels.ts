/** The drawer's choices as i18n keys: reminders, repetitions, weekdays and how a repetition ends. */
import type { WeekdayCode } from '@cadence/contract';
import type { reminderChoices } from '../lib/event-form';
import type { RepeatEnd, RepeatFrequency } from '../lib/rrule-text';

export const reminderLabels: Record<'none' | (typeof reminderChoices)[number], string> = {
  none: 'calendar.reminder.none',
  0: 'calendar.reminder.atStart',
  5: 'calendar.reminder.minutes5',
  10: 'calendar.reminder.minutes10',
  15: 'calendar.reminder.minutes15',
  30: 'calendar.reminder.minutes30',
  60: 'calendar.reminder.hour1',
  1440: 'calendar.reminder.day1',
};

export const frequencyLabels: Record<Exclude<RepeatFrequency, 'custom'>, string> = {
  none: 'calendar.repeat.none',
  DAILY: 'calendar.repeat.daily',
  WEEKLY: 'calendar.repeat.weekly',
  MONTHLY: 'calendar.repeat.monthly',
  YEARLY: 'calendar.repeat.yearly',
};

export const weekdayLabels: Record<WeekdayCode, { short: string; long: string }> = {
  MO: { short: 'calendar.weekday.moShort', long: 'calendar.weekday.mo' },
  TU: { short: 'calendar.weekday.tuShort', long: 'calendar.weekday.tu' },
  WE: { short: 'calendar.weekday.weShort', long: 'calendar.weekday.we' },
  TH: { short: 'calendar.weekday.thShort', long: 'calendar.weekday.th' },
  FR: { short: 'calendar.weekday.frShort', long: 'calendar.weekday.fr' },
  SA: { short: 'calendar.weekday.saShort', long: 'calendar.weekday.sa' },
  SU: { short: 'calendar.weekday.suShort', long: 'calendar.weekday.su' },
};

export const repeatEndLabels: Record<RepeatEnd, string> = {
  never: 'calendar.repeat.endsNever',
  on: 'calendar.repeat.endsOn',
  after: 'calendar.repeat.endsAfter',
};
