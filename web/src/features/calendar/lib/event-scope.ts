/**
 * A change made in the drawer to an occurrence of a repeating event, for the scope chosen (D39):
 * `this` changes the occurrence's own fields (its override); `following` starts a new series from
 * it with the form as it is; `all` changes the series, its dates moved as far as the occurrence's
 * were (the series keeps its first date), its times as the form says. Times left as they were are
 * not sent, so that renaming all events of a series does not move it.
 */
import type { CalendarEvent, EventScope, UpdateEventForm } from '@cadence/contract';
import type { Scoped } from '../api/calendar-api';
import { type EventFormValues, initialEventValues, toEventInput } from './event-form';
import { addDays, DAY_MS, toWallTime } from './event-times';

const sameTimes = (a: EventFormValues, b: EventFormValues) =>
  a.allDay === b.allDay &&
  a.start.date === b.start.date &&
  a.end.date === b.end.date &&
  (a.allDay || (a.start.time === b.start.time && a.end.time === b.end.time));

export function scopedChange(
  event: CalendarEvent,
  values: EventFormValues,
  timeZone: string,
  scope: EventScope,
): { input: UpdateEventForm; scoped?: Scoped } {
  const full = toEventInput(values, timeZone);
  const before = initialEventValues(
    event,
    { start: event.start, end: event.end, allDay: event.allDay },
    timeZone,
  );
  const timesChanged = !sameTimes(values, before);
  if (scope === 'this') {
    const { title, url, location, description, category, reminder } = full;
    return {
      input: {
        title,
        url,
        location,
        description,
        category,
        reminder,
        ...(timesChanged ? { allDay: full.allDay, start: full.start, end: full.end } : {}),
      },
      scoped: { occurrence: event.occurrence, scope },
    };
  }
  const { recurrence, start, end, allDay, ...rest } = full;
  // No recurrence is a rule the drawer cannot draw, kept as it is (D49).
  const changed = recurrence !== undefined && recurrence !== event.recurrence;
  const input: UpdateEventForm = { ...rest, ...(changed ? { recurrence } : {}) };
  if (scope === 'following') {
    return { input: { ...input, allDay, start, end }, scoped: { occurrence: event.occurrence, scope } };
  }
  if (!timesChanged) return { input };
  // The series' first date is as far before its new start as it was before this occurrence.
  const dayOf = (instant: string) =>
    event.allDay ? instant.slice(0, 10) : toWallTime(instant, timeZone).date;
  const shift = Math.round(
    (Date.parse(dayOf(event.seriesStart)) - Date.parse(dayOf(event.occurrence))) / DAY_MS,
  );
  const moved = toEventInput(
    {
      ...values,
      start: { ...values.start, date: addDays(values.start.date, shift) },
      end: { ...values.end, date: addDays(values.end.date, shift) },
    },
    timeZone,
  );
  return { input: { ...input, allDay: moved.allDay, start: moved.start, end: moved.end } };
}
