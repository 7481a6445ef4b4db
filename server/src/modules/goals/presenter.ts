/** Maps goal rows, their sub-goals, tasks and tag names to the contract's `objective` (D29). */
import {
  goalProgress,
  type GoalTime,
  type GoalTimeline,
  type Objective,
  type SubObjective,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { GoalsTable, GoalSubObjectivesTable, GoalTasksTable } from '../../db/schema';

export type GoalRow = Selectable<GoalsTable>;
export type SubObjectiveRow = Selectable<GoalSubObjectivesTable>;
export type TaskRow = Selectable<GoalTasksTable>;

export function presentSubObjective(row: SubObjectiveRow, tasks: readonly TaskRow[]): SubObjective {
  return {
    _id: String(row.id),
    title: row.title,
    tasks: tasks.map((task) => ({
      _id: String(task.id),
      text: task.text,
      done: bool(task.done),
      percentage: task.percentage,
    })),
  };
}

export function presentGoal(row: GoalRow, subObjectives: SubObjective[], tags: string[]): Objective {
  return {
    _id: String(row.id),
    user: String(row.user_id),
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    timeline: row.timeline as GoalTimeline,
    time: row.time as GoalTime,
    dedicatedHours: row.dedicated_hours,
    tags,
    subObjectives,
    progress: goalProgress(subObjectives),
    isDone: bool(row.is_done),
    isProgress: bool(row.is_progress),
    isDeleted: bool(row.is_deleted),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
