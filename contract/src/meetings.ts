/**
 * Meetings (spec parts 2, 3, 4, 8; D22–D24, D32–D34): working hours, per weekday, in the user's own
 * time zone (D15, D32), with the day-part presets and the default of D22; the times when everyone
 * is free (D23, D33); meetings, their invitations and their answers (D24, D34).
 */
import { z } from 'zod';
import { isCalendarDay, requiredText as text, timeZone } from './fields';
import { publicUser } from './people';
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

const clock = z
  .string({ error: m['meetings.hoursInvalid'] })
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, m['meetings.hoursInvalid']);

export const workingInterval = z
  .strictObject({
    day: z.enum(weekdays, { error: m['meetings.dayInvalid'] }),
    from: clock.describe('HH:MM in your time zone'),
    to: clock.describe('HH:MM, after from; 24:00 is midnight at the end of the day'),
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

const duration = z
  .number({ error: m['meetings.durationInvalid'] })
  .int(m['meetings.durationInvalid'])
  .min(MEETING_DURATION_MIN, m['meetings.durationInvalid'])
  .max(MEETING_DURATION_MAX, m['meetings.durationInvalid'])
  .describe('Minutes');
const step = z
  .number({ error: m['meetings.stepInvalid'] })
  .int(m['meetings.stepInvalid'])
  .min(5, m['meetings.stepInvalid'])
  .max(240, m['meetings.stepInvalid'])
  .describe('Minutes between two start times, counted from 00:00 UTC');

/** Why no time falls in everyone's working hours (D23): none overlap for the duration, or all is busy. */
export const noTimesReasons = ['noCommonWorkingHours', 'allBusy'] as const;
export type NoTimesReason = (typeof noTimesReasons)[number];

/** Times outside working hours are looked for this far before and after them, at most (minutes). */
export const OUTSIDE_WORKING_HOURS_MAX = 12 * 60;

/** Whether a search range is whole days in order and at most MEETING_RANGE_MAX_DAYS long. */
export function isMeetingRange(startDate: string, endDate: string): boolean {
  if (!isCalendarDay(startDate) || !isCalendarDay(endDate)) return true;
  const days = (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days < MEETING_RANGE_MAX_DAYS;
}

/** D33: the times when the caller and every invitee are free, on a grid, within whole days. */
export const availableTimesInput = z
  .strictObject({
    duration,
    startDate: day.describe('The first day, YYYY-MM-DD in your time zone'),
    endDate: day.describe('The last day, included'),
    invitees: people.default([]).describe('Friends’ ids'),
    groups: people.default([]).describe('Your groups’ ids, expanded to their members (D13)'),
    step: step.default(15),
    meetingId: userId
      .optional()
      .describe('When re-planning that meeting of yours: its own time is not counted as busy'),
    outsideWorkingHours: z
      .boolean()
      .default(false)
      .describe(
        'When no time falls in everyone’s working hours: the nearest times outside them instead, ' +
          'within the working hours widened by as few half hours as finds some (12 hours at most)',
      ),
  })
  .superRefine((input, ctx) => {
    if (!isMeetingRange(input.startDate, input.endDate)) {
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
    reason: z
      .enum(noTimesReasons)
      .optional()
      .describe(
        'Present when no time falls in everyone’s working hours: `noCommonWorkingHours`, their working ' +
          'hours never overlap for the duration within these days; `allBusy`, they do, but someone is busy',
      ),
    outsideWorkingHoursBy: z
      .number()
      .int()
      .optional()
      .describe(
        'With `outsideWorkingHours` and a `reason`: the times in `data` lie up to this many minutes ' +
          'before or after someone’s working hours',
      ),
  })
  .meta({ id: 'AvailableTimesAnswer' });
export type AvailableTimes = z.infer<typeof availableTimes>;

export const meetingStates = ['active', 'archived'] as const;
export type MeetingState = (typeof meetingStates)[number];
export const invitationStatuses = ['pending', 'accepted', 'refused'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
export const MEETING_NAME_MAX = 200;

const meetingId = userId;
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const name = text(m['meetings.nameRequired'])
  .trim()
  .min(1, m['meetings.nameRequired'])
  .max(MEETING_NAME_MAX, m['meetings.nameLength']);
const description = text(m['meetings.descriptionLength']).trim().max(5000, m['meetings.descriptionLength']);
const link = text(m['meetings.linkInvalid'])
  .trim()
  .max(2000, m['meetings.linkInvalid'])
  .refine((value) => value === '' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), m['meetings.linkInvalid']);
const time = text(m['meetings.timeInvalid'])
  .refine(
    (value) => instant.test(value) && isCalendarDay(value.slice(0, 10)) && !Number.isNaN(Date.parse(value)),
    m['meetings.timeInvalid'],
  )
  .transform((value) => new Date(value).toISOString())
  .nullable()
  .describe('The chosen start, an ISO 8601 instant, or null while none is chosen');
const state = z.enum(meetingStates, { error: m['meetings.stateInvalid'] });

export const invitation = z
  .object({
    user: userId,
    status: z.enum(invitationStatuses),
    answeredAt: z.string().nullable().describe('When the invitee last answered; null while pending'),
    person: publicUser.describe('The invitee, for their name and avatar'),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitation>;

export const meeting = z
  .object({
    _id: meetingId,
    user: userId.describe('The organiser'),
    name: z.string(),
    description: z.string(),
    duration: z.number().int().describe('Minutes'),
    startDate: z.string().describe('The first day of the search range, in the organiser’s time zone'),
    endDate: z.string().describe('The last day of the search range, included'),
    link: z.string().describe('Where the meeting takes place (a video call), or empty'),
    time: z.string().nullable().describe('The chosen start, an ISO 8601 UTC instant, or null'),
    end: z.string().nullable().describe('time + duration, or null'),
    step: z.number().int().describe('The grid of the search, in minutes'),
    timeZone: z.string().describe('The organiser’s time zone, in which the dates are read'),
    state: z.enum(meetingStates),
    completed: z.boolean(),
    invitations: z.array(invitation).describe('Every invitee and their answer'),
    organiser: publicUser,
    isOrganiser: z.boolean().describe('True when the caller organises it'),
    myStatus: z
      .enum(invitationStatuses)
      .nullable()
      .describe('The caller’s answer when invited; null for the organiser'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Meeting' });
export type Meeting = z.infer<typeof meeting>;

export const meetingList = z
  .object({ data: z.array(meeting).describe('Chosen times first by time, then the others newest first') })
  .meta({ id: 'MeetingList' });
export type MeetingList = z.infer<typeof meetingList>;

export const createMeetingInput = z
  .strictObject({
    name,
    description: description.default(''),
    duration,
    startDate: day.describe('The first day, YYYY-MM-DD in your time zone'),
    endDate: day.describe('The last day, included'),
    link: link.default(''),
    invitees: people.default([]).describe('Friends’ ids'),
    groups: people.default([]).describe('Your groups’ ids, expanded to their members (D13)'),
    time: time.default(null),
    step: step.default(15),
    outsideWorkingHours: z
      .boolean()
      .default(false)
      .describe(
        'The time may lie outside working hours (offered by such a search): only busy times are checked',
      ),
  })
  .superRefine((input, ctx) => {
    if (!isMeetingRange(input.startDate, input.endDate)) {
      ctx.addIssue({ code: 'custom', message: m['meetings.rangeInvalid'], path: ['endDate'] });
    }
  })
  .meta({ id: 'CreateMeetingInput' });
export type CreateMeetingInput = z.infer<typeof createMeetingInput>;
export type CreateMeetingForm = z.input<typeof createMeetingInput>;

export const updateMeetingInput = z
  .strictObject({
    name: name.optional(),
    description: description.optional(),
    duration: duration.optional(),
    startDate: day.optional(),
    endDate: day.optional(),
    link: link.optional(),
    invitees: people.optional().describe('Replaces the invitees; those already invited keep their answer'),
    groups: people.optional(),
    time: time.optional(),
    step: step.optional(),
    state: state.optional(),
    completed: z.boolean().optional(),
    outsideWorkingHours: z
      .boolean()
      .optional()
      .describe('The new time may lie outside working hours: only busy times are checked'),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: m['meetings.emptyChange'],
  })
  .meta({ id: 'UpdateMeetingInput' });
export type UpdateMeetingInput = z.infer<typeof updateMeetingInput>;
export type UpdateMeetingForm = z.input<typeof updateMeetingInput>;

export const meetingParams = z.object({ id: meetingId });

export const meetingsQuery = z.strictObject({
  state: z
    .enum(meetingStates, { error: m['meetings.stateInvalid'] })
    .optional()
    .describe('Only active or only archived meetings; both when absent'),
});
export type MeetingsQuery = z.infer<typeof meetingsQuery>;

export const answerInvitationInput = z
  .strictObject({
    status: z.enum(['accepted', 'refused'], { error: m['meetings.statusInvalid'] }),
  })
  .meta({ id: 'AnswerInvitationInput' });
export type AnswerInvitationInput = z.infer<typeof answerInvitationInput>;

export const invitationsQuery = z.strictObject({
  status: z
    .enum(invitationStatuses, { error: m['meetings.statusInvalid'] })
    .optional()
    .describe('Only pending, accepted or refused invitations; all when absent'),
});
export type InvitationsQuery = z.infer<typeof invitationsQuery>;

export const invitationList = z
  .object({
    data: z
      .array(z.object({ status: z.enum(invitationStatuses), meeting }))
      .describe('My invitations with their meetings, newest first'),
    pending: z.number().int().min(0).describe('How many of my invitations wait for an answer'),
  })
  .meta({ id: 'InvitationList' });
export type InvitationList = z.infer<typeof invitationList>;

/**
 * D42: the invitation as its Accept and Decline links show it, without signing in. The token in
 * the path is signed for one invitee of one meeting and does nothing else.
 */
export const meetingAnswerView = z
  .object({
    meeting: z.object({
      name: z.string(),
      description: z.string(),
      link: z.string(),
      time: z.string().nullable().describe('The chosen start, ISO 8601 UTC, or null'),
      end: z.string().nullable(),
      state: z.enum(meetingStates),
      completed: z.boolean(),
      organiser: publicUser,
    }),
    invitee: z.object({
      name: z.string(),
      language: z.string().describe('The invitee’s language (en, fr, de, pt): the page is shown in it'),
      timeZone: z.string().describe('The invitee’s IANA zone: the time is shown in it'),
    }),
    status: z.enum(invitationStatuses).describe('The invitee’s answer now'),
    open: z
      .boolean()
      .describe('False once the meeting is archived or completed: the answer can no longer change'),
  })
  .meta({ id: 'MeetingAnswerView' });
export type MeetingAnswerView = z.infer<typeof meetingAnswerView>;

export const meetingAnswerParams = z.object({
  token: z.string().min(1).max(90).describe('The token of the invitation mail’s link'),
});
