/**
 * Goals, called objectives in the paths (spec parts 3, 5, 7; D19, D29): a goal with dates, a
 * timeline, a time of day, dedicated hours and tags, broken into sub-goals whose tasks carry a
 * weight (`percentage`). Progress is the done share of the weights, computed by the server.
 */
import { z } from 'zod';
import { goalsMessages as m } from './goals-messages';
import { isCalendarDay, requiredText as text } from './fields';
import { listOf } from './people';
import { routeParams } from './routes';
import { userId } from './users';

export { goalsMessages } from './goals-messages';

export const goalTimelines = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type GoalTimeline = (typeof goalTimelines)[number];
export const goalTimes = ['anytime', 'morning', 'afternoon', 'evening', 'night'] as const;
export type GoalTime = (typeof goalTimes)[number];
export const goalFilters = routeParams.goalFilter;
export type GoalFilter = (typeof goalFilters)[number];

export const GOAL_TITLE_MAX = 200;
export const GOAL_TAGS_MAX = 20;
export const GOAL_SUB_OBJECTIVES_MAX = 50;
export const GOAL_TASKS_MAX = 100;
export const GOAL_HOURS_MAX = 10_000;

const goalId = userId;

function requiredEnum<T extends readonly [string, ...string[]]>(values: T, required: string) {
  return z.enum(values, { error: required });
}

/** A calendar day, YYYY-MM-DD, that exists. */
function day(required: string) {
  return text(required).trim().min(1, required).refine(isCalendarDay, m['goals.dateInvalid']);
}

const title = text(m['goals.titleRequired'])
  .trim()
  .min(1, m['goals.titleRequired'])
  .max(GOAL_TITLE_MAX, m['goals.titleLength']);
const description = text(m['goals.descriptionLength']).trim().max(2000, m['goals.descriptionLength']);
const dedicatedHours = z
  .number({ error: m['goals.dedicatedHoursInvalid'] })
  .min(0, m['goals.dedicatedHoursInvalid'])
  .max(GOAL_HOURS_MAX, m['goals.dedicatedHoursInvalid']);
const tagName = z
  .string({ error: m['goals.tagUnknown'] })
  .trim()
  .min(1, m['goals.tagUnknown'])
  .max(30, m['goals.tagUnknown']);
// A goal may have no tag, so that adding one can take a title alone.
const tags = z.array(tagName, { error: m['goals.tagsRequired'] }).max(GOAL_TAGS_MAX, m['goals.tagsLength']);
const percentage = z
  .number({ error: m['goals.percentageRange'] })
  .min(0, m['goals.percentageRange'])
  .max(100, m['goals.percentageRange']);

export const goalTask = z
  .object({ _id: goalId, text: z.string(), done: z.boolean(), percentage: z.number() })
  .meta({ id: 'GoalTask' });
export type GoalTask = z.infer<typeof goalTask>;

export const subObjective = z
  .object({ _id: goalId, title: z.string(), tasks: z.array(goalTask) })
  .meta({ id: 'SubObjective' });
export type SubObjective = z.infer<typeof subObjective>;

export const objective = z
  .object({
    _id: goalId,
    user: userId,
    title: z.string(),
    description: z.string(),
    startDate: z.string().describe('YYYY-MM-DD'),
    endDate: z.string().describe('YYYY-MM-DD, not before startDate'),
    timeline: z.enum(goalTimelines),
    time: z.enum(goalTimes),
    dedicatedHours: z.number(),
    tags: z.array(z.string()).describe('Tag names: built-in or the user’s own (D14)'),
    subObjectives: z.array(subObjective),
    progress: z
      .number()
      .int()
      .min(0)
      .max(100)
      .describe('round(100 × Σ percentage of done tasks ÷ Σ percentage of all tasks); 0 with no task'),
    isDone: z.boolean(),
    isProgress: z.boolean(),
    isDeleted: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Objective' });
export type Objective = z.infer<typeof objective>;

export const objectiveList = listOf(objective).meta({ id: 'ObjectiveList' });
export type ObjectiveList = z.infer<typeof objectiveList>;

const DAY_MS = 24 * 60 * 60 * 1000;
const timelineMonths: Record<Exclude<GoalTimeline, 'day' | 'week'>, number> = {
  month: 1,
  quarter: 3,
  year: 12,
};

/**
 * A goal's last day when none is given: its timeline from the start, the start included (a week
 * from Monday ends on Sunday; a month from 31 January ends on 27 February, the day before the
 * 28th, as the month has no 31st).
 */
export function lastDayOf(start: string, timeline: GoalTimeline): string {
  const [year = 0, month = 1, date = 1] = start.split('-').map(Number);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (timeline === 'day') return start;
  if (timeline === 'week') return iso(Date.UTC(year, month - 1, date + 6));
  const target = month - 1 + timelineMonths[timeline];
  const daysInTarget = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return iso(Date.UTC(year, target, Math.min(date, daysInTarget)) - DAY_MS);
}

/** A task as sent: with `_id` it keeps its identity, without one it is new (D29). */
export const goalTaskInput = z.strictObject({
  _id: goalId.optional(),
  text: text(m['goals.taskTextRequired'])
    .trim()
    .min(1, m['goals.taskTextRequired'])
    .max(500, m['goals.taskTextLength']),
  done: z.boolean().default(false),
  percentage,
});
export type GoalTaskInput = z.input<typeof goalTaskInput>;

export const subObjectiveInput = z.strictObject({
  _id: goalId.optional(),
  title: text(m['goals.subObjectiveTitleRequired'])
    .trim()
    .min(1, m['goals.subObjectiveTitleRequired'])
    .max(GOAL_TITLE_MAX, m['goals.titleLength']),
  tasks: z.array(goalTaskInput).max(GOAL_TASKS_MAX, m['goals.tasksLength']).default([]),
});
export type SubObjectiveInput = z.input<typeof subObjectiveInput>;

const subObjectives = z.array(subObjectiveInput).max(GOAL_SUB_OBJECTIVES_MAX, m['goals.subObjectivesLength']);

/** End before start is `Invalid Timeline` on `endDate` (D19). */
function timelineHolds(input: { startDate?: string; endDate?: string }): boolean {
  return input.startDate === undefined || input.endDate === undefined || input.endDate >= input.startDate;
}
const invalidTimeline = { message: m['goals.invalidTimeline'], path: ['endDate'] };

const goalFields = {
  title,
  description,
  startDate: day(m['goals.startDateRequired']),
  endDate: day(m['goals.endDateRequired']),
  timeline: requiredEnum(goalTimelines, m['goals.timelineRequired']),
  time: requiredEnum(goalTimes, m['goals.timeRequired']),
  dedicatedHours,
  tags,
  subObjectives,
};

/**
 * Only the title is required: the start defaults to today in the user's time zone and the end to
 * the last day of the timeline from there (the server's), the timeline to a week, when to anytime,
 * tags to none.
 */
export const createObjectiveInput = z
  .strictObject({
    ...goalFields,
    description: description.default(''),
    startDate: goalFields.startDate.optional(),
    endDate: goalFields.endDate.optional(),
    timeline: goalFields.timeline.default('week'),
    time: goalFields.time.default('anytime'),
    dedicatedHours: dedicatedHours.default(0),
    tags: tags.default([]),
    subObjectives: subObjectives.default([]),
  })
  .refine(timelineHolds, invalidTimeline)
  .meta({ id: 'CreateObjectiveInput' });
export type CreateObjectiveInput = z.infer<typeof createObjectiveInput>;
export type CreateObjectiveForm = z.input<typeof createObjectiveInput>;

export const updateObjectiveInput = z
  .strictObject({
    title: goalFields.title.optional(),
    description: goalFields.description.optional(),
    startDate: goalFields.startDate.optional(),
    endDate: goalFields.endDate.optional(),
    timeline: goalFields.timeline.optional(),
    time: goalFields.time.optional(),
    dedicatedHours: goalFields.dedicatedHours.optional(),
    tags: goalFields.tags.optional(),
    subObjectives: goalFields.subObjectives.optional(),
    isDone: z.boolean().optional(),
    isProgress: z.boolean().optional(),
    isDeleted: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: m['goals.emptyChange'],
  })
  .refine(timelineHolds, invalidTimeline)
  .meta({ id: 'UpdateObjectiveInput' });
export type UpdateObjectiveInput = z.infer<typeof updateObjectiveInput>;

export const objectiveParams = z.object({ id: goalId });

export const objectivesQuery = z.strictObject({
  filter: z
    .enum(goalFilters)
    .optional()
    .describe('none: not deleted; done, progress: not deleted; deleted: only those'),
  tag: z.string().trim().min(1).max(30).optional().describe('A tag name: built-in or one of yours'),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Words in the title or description, without regard to case'),
});
export type ObjectivesQuery = z.infer<typeof objectivesQuery>;

/** round(100 × Σ percentage of done tasks ÷ Σ percentage of all tasks); 0 with no task or no weight. */
export function goalProgress(
  subs: readonly { tasks: readonly { done: boolean; percentage: number }[] }[],
): number {
  let total = 0;
  let done = 0;
  for (const sub of subs) {
    for (const task of sub.tasks) {
      total += task.percentage;
      if (task.done) done += task.percentage;
    }
  }
  return total > 0 ? Math.round((100 * done) / total) : 0;
}
