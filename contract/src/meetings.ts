/**
 * Meetings (spec parts 2, 3, 4, 8; D22–D24, D32–D34). So far: working hours, per weekday, in the
 * user's own time zone (D15, D32), with the day-part presets and the default of D22.
 */
import { z } from 'zod';
import { timeZone } from './account';
import { isCalendarDay } from './fields';
import { userId } from './users';
import { meetingsMessages as m } from './meetings-messages';

export { meetingsMessages } from './meetings-messages';

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

/** D22's day parts, as the working-hours editor offers them. */
export const dayParts = {
  anytime: { from: '00:00', to: '24:00' },
  morning: { from: '08:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '21:00' },
  night: { from: '21:00', to: '24:00' },
} as const;
export type DayPart = keyof typeof dayParts;

export const WORKING_INTERVALS_MAX = 50;

/** `HH:MM` → minutes from midnight (`24:00` → 1440). */
export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

const time = z
  .string({ error: m['meetings.hoursInvalid'] })
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, m['meetings.hoursInvalid']);

export const workingInterval = z
  .strictObject({
    day: z.enum(weekdays, { error: m['meetings.dayInvalid'] }),
    from: time.describe('HH:MM in your time zone'),
    to: time.describe('HH:MM, after from; 24:00 is midnight at the end of the day'),
  })
  .meta({ id: 'WorkingInterval' });
export type WorkingInterval = z.infer<typeof workingInterval>;

/** D22: with nothing stored, Monday to Friday 09:00–17:00. */
export const defaultWorkingHours: WorkingInterval[] = weekdays
  .slice(0, 5)
  .map((day) => ({ day, from: '09:00', to: '17:00' }));

export const workingHours = z
  .object({
    timeZone: z.string().describe('Your time zone, in which the hours are read (D15)'),
    data: z.array(workingInterval).describe('By day, then by start'),
    isDefault: z.boolean().describe('True while you have stored none: D22’s Monday to Friday, 09:00–17:00'),
  })
  .meta({ id: 'WorkingHours' });
export type WorkingHours = z.infer<typeof workingHours>;

export const updateWorkingHoursInput = z
  .strictObject({
    data: z
      .array(workingInterval, { error: m['meetings.hoursLength'] })
      .max(WORKING_INTERVALS_MAX, m['meetings.hoursLength'])
      .superRefine((intervals, ctx) => {
        intervals.forEach((interval, index) => {
          if (minutesOfTime(interval.from) >= minutesOfTime(interval.to)) {
            ctx.addIssue({ code: 'custom', message: m['meetings.hoursOrder'], path: [index, 'to'] });
          }
        });
        for (const day of weekdays) {
          const ofDay = intervals
            .map((interval, index) => ({
              index,
              from: minutesOfTime(interval.from),
              to: minutesOfTime(interval.to),
            }))
            .filter((_, index) => intervals[index]!.day === day)
            .sort((a, b) => a.from - b.from);
          for (let i = 1; i < ofDay.length; i += 1) {
            if (ofDay[i]!.from < ofDay[i - 1]!.to) {
              ctx.addIssue({
                code: 'custom',
                message: m['meetings.hoursOverlap'],
                path: [ofDay[i]!.index, 'from'],
              });
            }
          }
        }
      }),
    timeZone: timeZone.optional().describe('Changes your time zone too (the account’s)'),
  })
  .meta({ id: 'UpdateWorkingHoursInput' });
export type UpdateWorkingHoursInput = z.infer<typeof updateWorkingHoursInput>;

export const MEETING_DURATION_MIN = 15;
export const MEETING_DURATION_MAX = 480;
export const MEETING_RANGE_MAX_DAYS = 92;

const day = z.string({ error: m['meetings.dateInvalid'] }).refine(isCalendarDay, m['meetings.dateInvalid']);
const people = z.array(userId, { error: m['meetings.inviteesLength'] }).max(50, m['meetings.inviteesLength']);

/** D33: the times when the caller and every invitee are free, on a grid, within whole days. */
export const availableTimesInput = z
  .strictObject({
    duration: z
      .number({ error: m['meetings.durationInvalid'] })
      .int(m['meetings.durationInvalid'])
      .min(MEETING_DURATION_MIN, m['meetings.durationInvalid'])
      .max(MEETING_DURATION_MAX, m['meetings.durationInvalid'])
      .describe('Minutes'),
    startDate: day.describe('The first day, YYYY-MM-DD in your time zone'),
    endDate: day.describe('The last day, included'),
    invitees: people.default([]).describe('Friends’ ids'),
    groups: people.default([]).describe('Your groups’ ids, expanded to their members (D13)'),
    step: z
      .number({ error: m['meetings.stepInvalid'] })
      .int(m['meetings.stepInvalid'])
      .min(5, m['meetings.stepInvalid'])
      .max(240, m['meetings.stepInvalid'])
      .default(15)
      .describe('Minutes between two start times, counted from 00:00 UTC'),
  })
  .superRefine((input, ctx) => {
    if (!isCalendarDay(input.startDate) || !isCalendarDay(input.endDate)) return;
    const days =
      (Date.parse(`${input.endDate}T00:00:00Z`) - Date.parse(`${input.startDate}T00:00:00Z`)) / 86_400_000;
    if (days < 0 || days >= MEETING_RANGE_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: m['meetings.rangeInvalid'], path: ['endDate'] });
    }
  })
  .meta({ id: 'AvailableTimesInput' });
export type AvailableTimesInput = z.infer<typeof availableTimesInput>;

export const availableTimes = z
  .object({
    timeZone: z.string().describe('Yours: the days are yours'),
    data: z
      .array(
        z.object({ date: z.string(), times: z.array(z.string()).describe('Start instants, ISO 8601 UTC') }),
      )
      .describe('Days with at least one time, in order; none → []'),
  })
  .meta({ id: 'AvailableTimesAnswer' });
export type AvailableTimes = z.infer<typeof availableTimes>;
