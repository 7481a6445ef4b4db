/**
 * The dashboard of one's own work: one answer for /dashboard/analytics — the user's
 * to-dos with the tasks completed per week, their goals, what comes next on their calendar, what
 * waits for their answer and the boards changed last.
 */
import { z } from 'zod';

/** Weeks of the chart, the current one included; weeks start on Monday in the user's zone. */
export const DASHBOARD_WEEKS = 8;
/** At most this many goals, upcoming events and meetings, and boards. */
export const DASHBOARD_LIST_MAX = 5;
/** Upcoming events and meetings are looked for this many days ahead. */
export const DASHBOARD_UPCOMING_DAYS = 30;

export const goalStatuses = ['open', 'progress', 'done'] as const;
export type GoalStatus = (typeof goalStatuses)[number];

export const completedWeek = z.object({
  weekStart: z.string().describe('The Monday that starts the week in the user’s time zone, YYYY-MM-DD'),
  count: z.number().int().min(0).describe('Tasks completed during the week'),
});
export type CompletedWeek = z.infer<typeof completedWeek>;

export const dashboard = z
  .object({
    timeZone: z.string().describe('My time zone: the weeks and "today" are counted in it, times shown in it'),
    tasks: z.object({
      open: z.number().int().min(0).describe('Tasks I own or am assigned to: not completed, not deleted'),
      completed: z.number().int().min(0).describe('Completed, not deleted'),
      overdue: z.number().int().min(0).describe('Open and due before today in my time zone'),
      dueToday: z.number().int().min(0).describe('Open and due today in my time zone'),
      completedPerWeek: z
        .array(completedWeek)
        .describe(`The last ${DASHBOARD_WEEKS} weeks in my time zone, oldest first, weeks without any too`),
    }),
    goals: z
      .array(
        z.object({
          _id: z.string(),
          title: z.string(),
          progress: z.number().int().min(0).max(100).describe('As on the goal (D29)'),
          status: z.enum(goalStatuses),
        }),
      )
      .describe(
        `Up to ${DASHBOARD_LIST_MAX} of my goals not deleted: open and in progress before done, then the latest changed first`,
      ),
    upcoming: z
      .array(
        z.object({
          kind: z.enum(['event', 'meeting']),
          id: z
            .string()
            .describe('The event’s or the meeting’s id (a repeating event’s occurrences share it)'),
          title: z.string(),
          start: z.string(),
          end: z.string(),
          allDay: z.boolean(),
        }),
      )
      .describe(
        `The next ${DASHBOARD_LIST_MAX} occurrences not over yet, within ${DASHBOARD_UPCOMING_DAYS} days: my events, those I am a guest of, and meetings I organise or accepted`,
      ),
    requests: z.object({
      friendRequests: z.number().int().min(0).describe('Friend requests I received, pending'),
      meetingInvitations: z.number().int().min(0).describe('Meeting invitations waiting for my answer'),
    }),
    boards: z
      .array(z.object({ _id: z.string(), title: z.string(), updatedAt: z.string() }))
      .describe(`Up to ${DASHBOARD_LIST_MAX} boards I own or am a member of, the latest changed first`),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.infer<typeof dashboard>;
