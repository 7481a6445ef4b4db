/**
 * Goals' part of "your data": the user's goals with their sub-goals, tasks and tags;
 * the account's deletion takes them (their children cascade).
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { exportedTagRef } from '../../lib/tag-refs';

export async function exportGoals(db: Db, userId: number): Promise<YourDataExport['goals']> {
  const goals = await db
    .selectFrom('goals')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const goalIds = goals.map((g) => g.id);
  const [subGoals, tasks, tags] =
    goalIds.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .selectFrom('goal_sub_objectives')
            .selectAll()
            .where('goal_id', 'in', goalIds)
            .orderBy('position')
            .execute(),
          db
            .selectFrom('goal_tasks')
            .selectAll()
            .where('goal_id', 'in', goalIds)
            .orderBy('position')
            .execute(),
          db
            .selectFrom('goal_tags')
            .selectAll()
            .where('goal_id', 'in', goalIds)
            .orderBy('position')
            .execute(),
        ]);
  return goals.map((g) => ({
    _id: String(g.id),
    title: g.title,
    description: g.description,
    startDate: g.start_date,
    endDate: g.end_date,
    timeline: g.timeline,
    time: g.time,
    dedicatedHours: g.dedicated_hours,
    isDone: bool(g.is_done),
    isProgress: bool(g.is_progress),
    isDeleted: bool(g.is_deleted),
    deletedAt: g.deleted_at,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
    tags: tags.filter((t) => t.goal_id === g.id).map(exportedTagRef),
    subGoals: subGoals
      .filter((s) => s.goal_id === g.id)
      .map((s) => ({
        _id: String(s.id),
        title: s.title,
        position: s.position,
        tasks: tasks
          .filter((t) => t.sub_objective_id === s.id)
          .map((t) => ({
            _id: String(t.id),
            text: t.text,
            done: bool(t.done),
            percentage: t.percentage,
            position: t.position,
          })),
      })),
  }));
}

export async function eraseGoals(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('goals').where('user_id', '=', userId).execute();
}
