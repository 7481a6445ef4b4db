/**
 * To-dos (spec parts 3, 4, 7, 9; D13, D14, D20, D30): tasks a user owns and may assign to
 * themselves and their friends, with tags, a due date, flags and an optional repeat.
 */
import { z } from 'zod';
import { isCalendarDay, requiredText as text } from './fields';
import { publicUser } from './people';
import { routeParams } from './routes';
import { todosMessages as m } from './todos-messages';
import { userId } from './users';

export { todosMessages } from './todos-messages';

export const todoFilters = routeParams.todoFilter;
export type TodoFilter = (typeof todoFilters)[number];
export const todoSorts = ['latest', 'title-asc', 'title-desc', 'assignee', 'due-date'] as const;
export type TodoSort = (typeof todoSorts)[number];
export const repeatUnits = ['day', 'week', 'month', 'year'] as const;
export type RepeatUnit = (typeof repeatUnits)[number];

export const TODO_TITLE_MAX = 200;
export const TODOS_PER_PAGE = 50;
export const TODOS_PER_PAGE_MAX = 200;

const todoId = userId;

/** A calendar day, YYYY-MM-DD, that exists. */
export const title = text(m['todos.titleRequired'])
  .trim()
  .min(1, m['todos.titleRequired'])
  .max(TODO_TITLE_MAX, m['todos.titleLength']);
const description = text(m['todos.descriptionLength']).trim().max(5000, m['todos.descriptionLength']);
const dueDate = z
  .string({ error: m['todos.dueDateInvalid'] })
  .refine(isCalendarDay, m['todos.dueDateInvalid'])
  .nullable();
const tagName = z
  .string({ error: m['todos.tagUnknown'] })
  .trim()
  .min(1, m['todos.tagUnknown'])
  .max(30, m['todos.tagUnknown']);
const tags = z.array(tagName, { error: m['todos.tagsLength'] }).max(20, m['todos.tagsLength']);
const ids = (tooMany: string) => z.array(todoId, { error: tooMany }).max(50, tooMany);

export const todoRepeat = z
  .strictObject({
    every: z
      .number({ error: m['todos.repeatInvalid'] })
      .int(m['todos.repeatInvalid'])
      .min(1, m['todos.repeatInvalid'])
      .max(365, m['todos.repeatInvalid']),
    unit: z.enum(repeatUnits, { error: m['todos.repeatInvalid'] }),
  })
  .nullable()
  .meta({ id: 'TaskRepeat' });
export type TodoRepeat = z.infer<typeof todoRepeat>;

export const task = z
  .object({
    _id: todoId,
    user: userId.describe('The owner'),
    title: z.string(),
    description: z.string(),
    dueDate: z.string().nullable().describe('YYYY-MM-DD or null'),
    tags: z.array(z.string()).describe('Tag names: built-in or the owner’s own (D14)'),
    assignee: z.array(userId).describe('The assigned users’ ids (spec part 3)'),
    isImportant: z.boolean(),
    isCompleted: z.boolean(),
    isDeleted: z.boolean(),
    repeat: todoRepeat,
    customRepeat: z
      .string()
      .nullable()
      .describe(
        'A repetition the app cannot draw (an RFC 5545 RRULE a calendar app wrote, D49): kept as it is and shown read-only; repeat is null then',
      ),
    owner: publicUser.describe('Who owns, and so assigned, the task'),
    assignees: z.array(publicUser).describe('The assigned users, for their names and avatars'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof task>;

export const taskList = z
  .object({
    data: z.array(task),
    count: z.number().int().min(0).describe('Every task that matches, over all pages'),
    page: z.number().int().min(1),
    perPage: z.number().int().min(1),
  })
  .meta({ id: 'TaskList' });
export type TaskList = z.infer<typeof taskList>;

export const createTaskInput = z
  .strictObject({
    user: userId.optional().describe('When sent, the caller’s own id'),
    title,
    description: description.default(''),
    dueDate: dueDate.default(null),
    tags: tags.default([]),
    assignee: ids(m['todos.assigneesLength']).default([]),
    groups: ids(m['todos.assigneesLength'])
      .default([])
      .describe('Group ids, expanded to their members (D13)'),
    isImportant: z.boolean().default(false),
    repeat: todoRepeat.default(null),
  })
  .meta({ id: 'CreateTaskInput' });
export type CreateTaskInput = z.infer<typeof createTaskInput>;
export type CreateTaskForm = z.input<typeof createTaskInput>;

export const updateTaskInput = z
  .strictObject({
    title: title.optional(),
    description: description.optional(),
    dueDate: dueDate.optional(),
    tags: tags.optional(),
    assignee: ids(m['todos.assigneesLength']).optional(),
    groups: ids(m['todos.assigneesLength']).optional(),
    isImportant: z.boolean().optional(),
    isCompleted: z.boolean().optional(),
    isDeleted: z.boolean().optional(),
    repeat: todoRepeat.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: m['todos.emptyChange'],
  })
  .meta({ id: 'UpdateTaskInput' });
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;
export type UpdateTaskForm = z.input<typeof updateTaskInput>;

export const taskParams = z.object({ id: todoId });

const positiveInt = (max: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/)
    .transform(Number)
    .refine((value) => value <= max);

export const tasksQuery = z.strictObject({
  user: userId.describe('Your own id (D30); another answers 403'),
  filter: z
    .enum(todoFilters)
    .optional()
    .describe('none: not deleted; important, completed: not deleted; deleted: only those'),
  tag: z.string().trim().min(1).max(30).optional().describe('A tag name: built-in or one of yours'),
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Words in the title or description, without regard to case'),
  sortBy: z.enum(todoSorts).default('latest'),
  page: positiveInt(100_000).default(1),
  perPage: positiveInt(TODOS_PER_PAGE_MAX).default(TODOS_PER_PAGE),
});
export type TasksQuery = z.infer<typeof tasksQuery>;

/** The menu's counts, in the user's time zone (D15). */
export const taskSummary = z
  .object({
    open: z.number().int().min(0).describe('Not completed, not deleted'),
    dueToday: z.number().int().min(0).describe('Open and due today'),
    overdue: z.number().int().min(0).describe('Open and due before today'),
    today: z.string().describe('Today in the user’s time zone, YYYY-MM-DD'),
  })
  .meta({ id: 'TaskSummary' });
export type TaskSummary = z.infer<typeof taskSummary>;

/**
 * The next due date of a repeating task: `from` moved by the interval, a month end clamped to the
 * shorter month (31 January + 1 month → 28 or 29 February). Calendar days, so no time zone applies.
 */
export function nextDueDate(from: string, repeat: { every: number; unit: RepeatUnit }): string {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  if (repeat.unit === 'day' || repeat.unit === 'week') {
    const days = repeat.every * (repeat.unit === 'week' ? 7 : 1);
    return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
  }
  const months = repeat.every * (repeat.unit === 'year' ? 12 : 1);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
