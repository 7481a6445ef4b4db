import type { RepeatUnit } from '@cadence/contract';

/** A repeat's words (i18n keys): once a unit ("Weekly"), or every n of them ("Every 2 weeks"). */
export const repeatLabels: Record<RepeatUnit, { one: string; other: string }> = {
  day: { one: 'todos.repeat.daily', other: 'todos.repeat.days' },
  week: { one: 'todos.repeat.weekly', other: 'todos.repeat.weeks' },
  month: { one: 'todos.repeat.monthly', other: 'todos.repeat.months' },
  year: { one: 'todos.repeat.yearly', other: 'todos.repeat.years' },
};
