/**
 * Who may do what to a goal (D5, D19, D29): only its owner ever sees, changes or deletes it; to
 * anyone else it does not exist (404, D10). One rule for every action, so the checks take none.
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { GoalRow } from './presenter';

export type GoalScope = SelectQueryBuilder<Database, 'goals', object>;

/** The user's own goals: a range of the (user, deleted, id) index. */
export function ownGoals(goals: GoalScope, userId: number): GoalScope {
  return goals.where('goals.user_id', '=', userId);
}

/**
 * The goal, if it is the user's, in one point query (`lock`: FOR UPDATE on the engines that have
 * it, for the caller's transaction); 404 otherwise.
 */
export async function authorizeGoal(
  db: Db,
  userId: number,
  goalId: number,
  options: { lock?: Engine } = {},
): Promise<GoalRow> {
  let query = ownGoals(db.selectFrom('goals'), userId).selectAll('goals').where('goals.id', '=', goalId);
  if (options.lock) query = options.lock.forUpdate(query);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row;
}
