/**
 * The calendar (spec parts 2, 3, 7, 9; D4, D13, D21, D31): events a user owns, with guests who see
 * them read-only, an optional RFC 5545 repetition expanded in the owner's time zone, and a reminder.
 */
import { z } from 'zod';
import { calendarMessages as m } from './calendar-messages';
import { isCalendarDay, requiredText as text } from './fields';
import { publicUser } from './people';
import { userId } from './users';

export { calendarMessages } from './calendar-messages';

export const eventCategories = ['Personal', 'Business', 'Family', 'Holiday', 'ETC'] as const;
export type EventCategory = (typeof eventCategories)[number];

/** Each category's colour (spec part 9: the template's palette, by Mantine colour name). */
export const categoryColors: Record<EventCategory, string> = {
  Personal: 'red',
  Business: 'violet',
  Family: 'yellow',
  Holiday: 'green',
  ETC: 'cyan',
};

export const EVENT_TITLE_MAX = 200;
export const REMINDER_MAX_MINUTES = 40_320;
export const CALENDAR_RANGE_MAX_DAYS = 400;
/** D41: the years an event's dates fall in; what a user holds; what one range read expands. */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2200;
export const CALENDAR_EVENTS_PER_USER_MAX = 100_000;
export const CALENDAR_RANGE_OCCURRENCES_MAX = 5_000;
/** The frequencies the event form draws. */
export const recurrenceFrequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/**
 * The frequencies a rule may have: also hourly and by the minute, which a calendar app may write
 * and the form shows as a custom repetition (D49); SECONDLY is refused.
 */
export const ruleFrequencies = [...recurrenceFrequencies, 'HOURLY', 'MINUTELY'] as const;
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];
/** At most this many occurrences when a rule has a COUNT. */
export const RECURRENCE_COUNT_MAX = 1000;

const eventId = userId;

const dateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant (ISO 8601 with Z or an offset), or for an all-day event also a day, YYYY-MM-DD. */
export function isInstantOrDay(value: string): boolean {
  if (isCalendarDay(value)) return true;
  if (!dateTime.test(value)) return false;
  return isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

const partPatterns: Record<string, RegExp> = {
  FREQ: new RegExp(`^(${ruleFrequencies.join('|')})$`),
  INTERVAL: /^[1-9]\d{0,2}$/,
  COUNT: /^[1-9]\d{0,3}$/,
  UNTIL: /^\d{8}(T\d{6}Z?)?$/,
  BYDAY: /^([+-]?[1-5]?(MO|TU|WE|TH|FR|SA|SU))(,[+-]?[1-5]?(MO|TU|WE|TH|FR|SA|SU))*$/,
  BYMONTHDAY: /^-?([1-9]|[12]\d|3[01])(,-?([1-9]|[12]\d|3[01]))*$/,
  BYMONTH: /^([1-9]|1[0-2])(,([1-9]|1[0-2]))*$/,
  BYSETPOS: /^-?[1-5](,-?[1-5])*$/,
  BYHOUR: /^([01]?\d|2[0-3])(,([01]?\d|2[0-3]))*$/,
  BYMINUTE: /^[0-5]?\d(,[0-5]?\d)*$/,
  WKST: /^(MO|TU|WE|TH|FR|SA|SU)$/,
};

/**
 * The shape of an RRULE value (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`, an optional `RRULE:` prefix):
 * known parts once each, FREQ by the minute to yearly, not both COUNT and UNTIL, COUNT ≤ 1000. The server
 * also has the rule parsed by its recurrence library.
 */
export function isRecurrenceRule(value: string): boolean {
  const body = value.replace(/^RRULE:/i, '').trim();
  if (body === '' || body.length > 300) return false;
  const seen = new Set<string>();
  for (const part of body.split(';')) {
    const [key = '', val = '', ...rest] = part.split('=');
    const name = key.toUpperCase();
    const pattern = partPatterns[name];
    if (rest.length > 0 || !pattern || seen.has(name) || !pattern.test(val.toUpperCase())) return false;
    seen.add(name);
  }
  if (!seen.has('FREQ') || (seen.has('COUNT') && seen.has('UNTIL'))) return false;
  const count = /COUNT=(\d+)/i.exec(body);
  return !count || Number(count[1]) <= RECURRENCE_COUNT_MAX;
}

const title = text(m['calendar.titleRequired'])
  .trim()
  .min(1, m['calendar.titleRequired'])
  .max(EVENT_TITLE_MAX, m['calendar.titleLength']);
const description = text(m['calendar.descriptionLength']).trim().max(5000, m['calendar.descriptionLength']);
const location = text(m['calendar.locationLength']).trim().max(200, m['calendar.locationLength']);
const url = text(m['calendar.urlInvalid'])
  .trim()
  .max(2000, m['calendar.urlInvalid'])
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), m['calendar.urlInvalid']);
/** Whether an instant or day (already valid) falls in the years 1900–2200 (D41). */
export function isInCalendarYears(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

const start = text(m['calendar.startInvalid'])
  .refine(isInstantOrDay, m['calendar.startInvalid'])
  .refine(isInCalendarYears, m['calendar.yearRange']);
const end = text(m['calendar.endInvalid'])
  .refine(isInstantOrDay, m['calendar.endInvalid'])
  .refine(isInCalendarYears, m['calendar.yearRange']);
const category = z.enum(eventCategories, { error: m['calendar.categoryInvalid'] });
const reminder = z
  .number({ error: m['calendar.reminderInvalid'] })
  .int(m['calendar.reminderInvalid'])
  .min(0, m['calendar.reminderInvalid'])
  .max(REMINDER_MAX_MINUTES, m['calendar.reminderInvalid'])
  .nullable();
const recurrence = z
  .string({ error: m['calendar.recurrenceInvalid'] })
  .refine(isRecurrenceRule, m['calendar.recurrenceInvalid'])
  .transform((value) =>
    value
      .replace(/^RRULE:/i, '')
      .trim()
      .toUpperCase(),
  )
  .nullable();
const ids = (tooMany: string) => z.array(eventId, { error: tooMany }).max(50, tooMany);

export const calendarEvent = z
  .object({
    _id: eventId,
    user: userId.describe('The owner'),
    kind: z.enum(['event', 'meeting']).describe('A calendar event, or a meeting the user takes part in'),
    title: z.string(),
    start: z.string().describe('This occurrence’s start, an ISO 8601 UTC instant'),
    end: z.string().describe('This occurrence’s end; an all-day event’s is the next day’s 00:00Z'),
    allDay: z.boolean().describe('Start and end are then days, as 00:00Z instants (end exclusive)'),
    url: z.string(),
    location: z.string(),
    description: z.string(),
    category: z.enum(eventCategories),
    guests: z.array(userId).describe('The guests’ ids'),
    reminder: z.number().int().nullable().describe('Minutes before each start, or null'),
    recurrence: z.string().nullable().describe('An RFC 5545 RRULE, or null'),
    timeZone: z.string().describe('The owner’s time zone, in which the repetition keeps its local time'),
    occurrence: z
      .string()
      .describe(
        'The occurrence’s original start, an ISO UTC instant (RFC 5545 RECURRENCE-ID): names it in D39’s calls',
      ),
    exception: z.boolean().describe('True for an occurrence changed on its own (D39)'),
    seriesStart: z.string().describe('The first occurrence’s start (equal to start when not repeating)'),
    seriesEnd: z.string().describe('The first occurrence’s end'),
    editable: z.boolean().describe('True for the owner; guests see the event read-only'),
    owner: publicUser,
    guestUsers: z.array(publicUser).describe('The guests, for their names and avatars'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CalendarEvent' });
export type CalendarEvent = z.infer<typeof calendarEvent>;

/** An occurrence in a range read: its people by id, listed once in the answer's `people` (D41). */
export const calendarOccurrence = calendarEvent
  .omit({ owner: true, guestUsers: true })
  .meta({ id: 'CalendarOccurrence' });
export type CalendarOccurrence = z.infer<typeof calendarOccurrence>;

export const calendarEvents = z
  .object({
    data: z.array(calendarOccurrence).describe('Occurrences, by start (at most 5,000: the earliest)'),
    people: z
      .record(z.string(), publicUser)
      .describe('Every owner and guest the occurrences name (`user`, `guests`), by id'),
    truncated: z.boolean().describe('True when the range holds more occurrences than were expanded'),
  })
  .meta({ id: 'CalendarEvents' });
export type CalendarEvents = z.infer<typeof calendarEvents>;

export const createEventInput = z
  .strictObject({
    title,
    start,
    end,
    allDay: z.boolean().default(false),
    url: url.default(''),
    location: location.default(''),
    description: description.default(''),
    category: category.default('Personal'),
    guests: ids(m['calendar.guestsLength']).default([]).describe('Friends’ ids'),
    groups: ids(m['calendar.guestsLength']).default([]).describe('Group ids, expanded to members (D13)'),
    reminder: reminder.default(null),
    recurrence: recurrence.default(null),
  })
  .meta({ id: 'CreateEventInput' });
export type CreateEventInput = z.infer<typeof createEventInput>;
export type CreateEventForm = z.input<typeof createEventInput>;

export const updateEventInput = z
  .strictObject({
    title: title.optional(),
    start: start.optional(),
    end: end.optional(),
    allDay: z.boolean().optional(),
    url: url.optional(),
    location: location.optional(),
    description: description.optional(),
    category: category.optional(),
    guests: ids(m['calendar.guestsLength']).optional(),
    groups: ids(m['calendar.guestsLength']).optional(),
    reminder: reminder.optional(),
    recurrence: recurrence.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: m['calendar.emptyChange'],
  })
  .meta({ id: 'UpdateEventInput' });
export type UpdateEventInput = z.infer<typeof updateEventInput>;
export type UpdateEventForm = z.input<typeof updateEventInput>;

export const eventParams = z.object({ id: eventId });

/** D39: which occurrences a change or a delete is for. */
export const eventScopes = ['this', 'following', 'all'] as const;
export type EventScope = (typeof eventScopes)[number];

const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

export const eventScopeQuery = z
  .strictObject({
    occurrence: z
      .string()
      .refine(
        (value) => instant.test(value) && !Number.isNaN(Date.parse(value)),
        m['calendar.occurrenceInvalid'],
      )
      .optional()
      .describe('The occurrence’s original start (its `occurrence`), an ISO UTC instant'),
    scope: z
      .enum(eventScopes, { error: m['calendar.scopeInvalid'] })
      .optional()
      .describe(
        'this: that occurrence alone; following: it and the later ones (a new series); all (default)',
      ),
  })
  .refine((query) => query.scope === undefined || query.scope === 'all' || query.occurrence !== undefined, {
    message: m['calendar.occurrenceRequired'],
    path: ['occurrence'],
  });
export type EventScopeQuery = z.infer<typeof eventScopeQuery>;

export const eventsQuery = z.strictObject({
  start: z.string().refine(isInstantOrDay).describe('An instant, or a day (its 00:00 in your time zone)'),
  end: z.string().refine(isInstantOrDay).describe('Exclusive; at most 400 days after start'),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

/** The secret feed address: shown once when made; afterwards only that it exists. */
export const calendarFeedStatus = z
  .object({
    active: z.boolean(),
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'CalendarFeedStatus' });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

export const calendarFeed = z
  .object({
    active: z.literal(true),
    createdAt: z.string(),
    url: z.string().describe('The address to subscribe to; it is not shown again (a new one replaces it)'),
  })
  .meta({ id: 'CalendarFeed' });
export type CalendarFeed = z.infer<typeof calendarFeed>;

export const feedParams = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .describe('The secret of the address, 256 bits, base64url'),
});

/** Why an imported component was left out: a message key, shown in the user's language (D40). */
export const importSkipReasons = [
  'calendar.skip.noStart',
  'calendar.skip.badDate',
  'calendar.skip.yearRange',
  'calendar.skip.zoneUnknown',
  'calendar.skip.ruleUnsupported',
  'calendar.skip.calendarScale',
  'calendar.skip.tooComplex',
  'calendar.skip.tooLarge',
  'calendar.skip.unreadable',
  'calendar.skip.overrideUnsupported',
  'calendar.skip.eventsLimit',
  'calendar.skip.notEvent',
] as const;
export type ImportSkipReason = (typeof importSkipReasons)[number];

/** At most this many skipped components are listed; `skippedCount` counts them all. */
export const IMPORT_SKIPPED_LISTED_MAX = 1000;

export const calendarImportResult = z
  .object({
    imported: z.number().int().min(0).describe('Events new to your calendar'),
    updated: z.number().int().min(0).describe('Events already here (same UID) that the file changed'),
    unchanged: z.number().int().min(0).describe('Events already here that the file does not change'),
    skipped: z
      .array(
        z.object({
          uid: z.string(),
          summary: z.string(),
          reason: z.enum(importSkipReasons).describe('A message key (api.calendar.skip.…)'),
        }),
      )
      .describe('Components that could not be read, and why (the first 1,000)'),
    skippedCount: z.number().int().min(0),
  })
  .meta({ id: 'CalendarImportResult' });
export type CalendarImportResult = z.infer<typeof calendarImportResult>;

/** D41: the largest .ics file an import takes, and the most events and repeating events in it. */
export const CALENDAR_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CALENDAR_IMPORT_EVENTS_MAX = 20_000;
export const CALENDAR_IMPORT_SERIES_MAX = 2_000;
