/**
 * Goals as the pages handle them (D19, D29): a goal's state, a task ticked, and the sub-goal tree as
 * `PUT /api/objectifs/{id}` takes it back (ids kept, so tasks keep their identity).
 */
import { goalProgress, type Objective, type ObjectiveList } from '@cadence/contract';

/** The three lists of spec part 2: open, in progress and completed. */
export type GoalStatus = 'open' | 'progress' | 'done';

export function statusOf(goal: Pick<Objective, 'isDone' | 'isProgress'>): GoalStatus {
  if (goal.isDone) return 'done';
  if (goal.isProgress) return 'progress';
  return 'open';
}

/**
 * The state a goal's card shows: one at 100 % reads as done (not "open") even before
 * it is marked done, which moves it to the completed list; the actions still follow its flags.
 */
export function shownStatusOf(goal: Pick<Objective, 'isDone' | 'isProgress' | 'progress'>): GoalStatus {
  return goal.progress >= 100 ? 'done' : statusOf(goal);
}

/** The flags that put a goal in a state (the server clears the other flag, D29). */
export function flagsFor(status: GoalStatus): { isDone: boolean; isProgress: boolean } {
  return { isDone: status === 'done', isProgress: status === 'progress' };
}

/** A form's task: a new one has no `_id`. */
export type TaskValues = { _id?: string; text: string; done: boolean; percentage: number | string };
export type SubGoalValues = { _id?: string; title: string; tasks: TaskValues[] };

/** The goal's tree as the PUT takes it: every sub-goal and task with its `_id`. */
export function treeOf(goal: Pick<Objective, 'subObjectives'>): SubGoalValues[] {
  return goal.subObjectives.map((sub) => ({
    _id: sub._id,
    title: sub.title,
    tasks: sub.tasks.map((task) => ({
      _id: task._id,
      text: task.text,
      done: task.done,
      percentage: task.percentage,
    })),
  }));
}

/** The tree as sent from a form the schema has accepted (its weights are numbers then). */
export function treeInput(subs: readonly SubGoalValues[]) {
  return subs.map((sub) => ({
    ...sub,
    tasks: sub.tasks.map((task) => ({ ...task, percentage: Number(task.percentage) })),
  }));
}

/** The goal with one task ticked or unticked, and its progress as the server will compute it. */
export function withTaskDone(goal: Objective, taskId: string, done: boolean): Objective {
  const subObjectives = goal.subObjectives.map((sub) =>
    sub.tasks.some((task) => task._id === taskId)
      ? { ...sub, tasks: sub.tasks.map((task) => (task._id === taskId ? { ...task, done } : task)) }
      : sub,
  );
  return { ...goal, subObjectives, progress: goalProgress(subObjectives) };
}

/** A list with one goal replaced (the same list when the goal is not in it). */
export function replaceGoal(list: ObjectiveList, goal: Objective): ObjectiveList {
  if (!list.data.some((item) => item._id === goal._id)) return list;
  return { ...list, data: list.data.map((item) => (item._id === goal._id ? goal : item)) };
}

/** The tasks a form added (those without an id). */
export function newTaskCount(subs: readonly SubGoalValues[]): number {
  return subs.reduce((sum, sub) => sum + sub.tasks.filter((task) => task._id === undefined).length, 0);
}

/** The sum of the weights, counting what is not a number yet as 0. */
export function totalWeight(subs: readonly SubGoalValues[]): number {
  return subs.reduce(
    (sum, sub) =>
      sum +
      sub.tasks.reduce(
        (inner, task) => inner + (typeof task.percentage === 'number' ? task.percentage : 0),
        0,
      ),
    0,
  );
}

/** A new task's weight: what is left of 100 across the goal, or 0 once the weights reach 100. */
export function defaultWeight(subs: readonly SubGoalValues[]): number {
  return Math.max(0, 100 - totalWeight(subs));
}

/** Today in the user's calendar, as YYYY-MM-DD. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
