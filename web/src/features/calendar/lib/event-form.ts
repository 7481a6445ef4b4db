/**
 * The drawer's values and the API's: days and times on the wall clock of the user's time zone, a
 * reminder choice and a repetition, made into `createEventInput` / `updateEventInput` and checked
 * with them (an all-day event's last day is shown inclusive and sent exclusive).
 */
import {
  type CalendarEvent,
  createEventInput,
  type CreateEventForm,
  type EventCategory,
  RECURRENCE_COUNT_MAX,
  updateEventInput,
  type UpdateEventForm,
} from '@cadence/contract';
import { z } from 'zod';
import { addDays, DAY_MS, fromWallTime, HOUR_MS, toWallTime, type WallTime } from './event-times';
import { fromRrule, type Repetition, toRrule } from './rrule-text';

/** The reminder choices, in minutes before the start. */
export const reminderChoices = [0, 5, 10, 15, 30, 60, 1440] as const;

export type EventFormValues = {
  title: string;
  allDay: boolean;
  start: WallTime;
  end: WallTime;
  url: string;
  location: string;
  description: string;
  category: EventCategory;
  guests: string[];
  groups: string[];
  /** 'none', or minutes as text (a Select's value). */
  reminder: string;
  recurrence: Repetition;
};

/** What a new event starts with: a clicked day or slot. */
export interface EventDraft {
  start: string;
  end: string;
  allDay: boolean;
}

const sameWall = (wall: WallTime): WallTime => ({ ...wall });

/** A new event from the "Add event" button: the next full hour in the time zone, one hour long. */
export function nextHourDraft(timeZone: string, now = Date.now()): EventDraft {
  const wall = toWallTime(new Date(now).toISOString(), timeZone);
  const hour = Date.parse(fromWallTime({ date: wall.date, time: `${wall.time.slice(0, 2)}:00` }, timeZone));
  return {
    start: new Date(hour + HOUR_MS).toISOString(),
    end: new Date(hour + 2 * HOUR_MS).toISOString(),
    allDay: false,
  };
}

/** The form of an event (the occurrence that was opened, for a repeating one: D39) or of a draft. */
export function initialEventValues(
  event: CalendarEvent | null,
  draft: EventDraft,
  timeZone: string,
): EventFormValues {
  const allDay = event?.allDay ?? draft.allDay;
  const [start, end] = event ? [event.start, event.end] : [draft.start, draft.end];
  let startWall: WallTime;
  let endWall: WallTime;
  if (allDay) {
    // Days are 00:00Z instants (or plain days in a draft), the end exclusive.
    const first = start.slice(0, 10);
    const last = Date.parse(end) - Date.parse(start) >= DAY_MS ? addDays(end.slice(0, 10), -1) : first;
    startWall = { date: first, time: '09:00' };
    endWall = { date: last, time: '10:00' };
  } else {
    startWall = toWallTime(start, timeZone);
    endWall = toWallTime(end, timeZone);
  }
  return {
    title: event?.title ?? '',
    allDay,
    start: sameWall(startWall),
    end: sameWall(endWall),
    url: event?.url ?? '',
    location: event?.location ?? '',
    description: event?.description ?? '',
    category: event?.category ?? 'Personal',
    guests: event?.guests ?? [],
    groups: [],
    reminder: event?.reminder === null || event?.reminder === undefined ? 'none' : String(event.reminder),
    recurrence: fromRrule(event?.recurrence ?? null),
  };
}

/**
 * The API's input: instants for a timed event, days (end exclusive) for an all-day one. A rule the
 * drawer cannot draw is not sent: the server keeps it as it is (D49), and its input may refuse it.
 */
export function toEventInput(values: EventFormValues, timeZone: string): CreateEventForm {
  const { allDay } = values;
  return {
    title: values.title,
    allDay,
    start: allDay ? values.start.date : fromWallTime(values.start, timeZone),
    end: allDay ? addDays(values.end.date, 1) : fromWallTime(values.end, timeZone),
    url: values.url,
    location: values.location,
    description: values.description,
    category: values.category,
    guests: values.guests,
    groups: values.groups,
    reminder: values.reminder === 'none' ? null : Number(values.reminder),
    ...(values.recurrence.frequency === 'custom' ? {} : { recurrence: toRrule(values.recurrence) }),
  };
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isTime = (value: string) => /^\d{2}:\d{2}$/.test(value);

/**
 * The drawer's check: its own (days and times filled in, the end not before the start, a last
 * day or a count for the repetition), then the contract's schema on what would be sent.
 */
export function eventFormSchema(timeZone: string, editing: boolean): z.ZodType {
  const contract: z.ZodType<unknown, UpdateEventForm> = editing ? updateEventInput : createEventInput;
  return z
    .custom<EventFormValues>()
    .superRefine((values, context) => {
      const issue = (path: string, message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      const timesOk = (wall: WallTime) => isDay(wall.date) && (values.allDay || isTime(wall.time));
      if (!timesOk(values.start)) issue('start', 'api.calendar.startInvalid');
      if (!timesOk(values.end)) issue('end', 'api.calendar.endInvalid');
      else if (timesOk(values.start)) {
        const input = toEventInput(values, timeZone);
        if (
          Date.parse(input.end) < Date.parse(input.start) ||
          (values.allDay && values.end.date < values.start.date)
        )
          issue('end', 'api.calendar.endBeforeStart');
      }
      const { recurrence } = values;
      if (recurrence.frequency !== 'none' && recurrence.ends === 'on' && !isDay(recurrence.until))
        issue('recurrence', 'calendar.form.untilRequired');
      if (
        recurrence.frequency !== 'none' &&
        recurrence.ends === 'after' &&
        !(
          Number.isInteger(recurrence.count) &&
          recurrence.count >= 1 &&
          recurrence.count <= RECURRENCE_COUNT_MAX
        )
      )
        issue('recurrence', 'calendar.form.countInvalid');
    })
    .transform((values): UpdateEventForm => toEventInput(values, timeZone))
    .pipe(contract);
}
