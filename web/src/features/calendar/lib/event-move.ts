/**
 * A drag or a resize of an occurrence, applied to its whole series: timed events keep their wall
 * clock in the user's time zone (10:00 stays 10:00 across daylight saving time), all-day events
 * move by days, and a rule on weekdays moves its weekdays with the series.
 */
import type { CalendarOccurrence, EventScope, UpdateEventForm } from '@cadence/contract';
import { DAY_MS, type Delta, shiftDay, shiftInstant, toWallTime } from './event-times';
import { shiftRuleDays } from './rrule-text';

/**
 * A drag or a resize: how far the start and the end of the dragged occurrence moved, and for an
 * occurrence of a repeating event which ones move with it (D39; all when not said).
 */
export interface EventMove {
  event: CalendarOccurrence;
  startDelta: Delta;
  endDelta: Delta;
  timeZone: string;
  scope?: EventScope;
}

/** An occurrence (or a series' first one) moved, timed events on the wall clock of the time zone. */
export function moveTimes(event: CalendarOccurrence, { startDelta, endDelta, timeZone }: EventMove) {
  const shift = (instant: string, delta: Delta) =>
    event.allDay ? `${shiftDay(instant, delta)}T00:00:00.000Z` : shiftInstant(instant, delta, timeZone);
  return {
    start: shift(event.start, startDelta),
    end: shift(event.end, endDelta),
    seriesStart: shift(event.seriesStart, startDelta),
    seriesEnd: shift(event.seriesEnd, endDelta),
  };
}

/**
 * The PUT body of a move: the series' new first start and end (days for an all-day event), and
 * for a rule on weekdays, those weekdays moved as many days as the series.
 */
export function moveInput(move: EventMove): UpdateEventForm {
  const { event } = move;
  if (move.scope === 'this' || move.scope === 'following') {
    // The occurrence's own new times: an override, or the first of a new series.
    const { start, end } = moveTimes(event, move);
    const input: UpdateEventForm = event.allDay
      ? { start: start.slice(0, 10), end: end.slice(0, 10) }
      : { start, end };
    if (move.scope === 'following' && event.recurrence) {
      const dayOf = (instant: string) =>
        event.allDay ? instant.slice(0, 10) : toWallTime(instant, move.timeZone).date;
      const days = Math.round((Date.parse(dayOf(start)) - Date.parse(dayOf(event.start))) / DAY_MS);
      const recurrence = shiftRuleDays(event.recurrence, days);
      if (recurrence !== event.recurrence) input.recurrence = recurrence;
    }
    return input;
  }
  const { seriesStart, seriesEnd } = moveTimes(event, move);
  const dayOf = (instant: string) =>
    event.allDay ? instant.slice(0, 10) : toWallTime(instant, move.timeZone).date;
  const input: UpdateEventForm = event.allDay
    ? { start: dayOf(seriesStart), end: dayOf(seriesEnd) }
    : { start: seriesStart, end: seriesEnd };
  const days = Math.round((Date.parse(dayOf(seriesStart)) - Date.parse(dayOf(event.seriesStart))) / DAY_MS);
  const recurrence = event.recurrence && shiftRuleDays(event.recurrence, days);
  if (recurrence && recurrence !== event.recurrence) input.recurrence = recurrence;
  return input;
}
