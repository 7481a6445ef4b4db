/**
 * Goals (D19, D29): only their owner ever sees them. A goal's sub-goals and weighted tasks are
 * replaced as a tree on update, keeping the identity of what carries an `_id`; progress is computed
 * from the tasks on every read. Every write bumps the user's goals version in its transaction, and
 * a list is read from cached bytes while that version holds.
 */
import {
  type CreateObjectiveInput,
  lastDayOf,
  messages,
  type Objective,
  type ObjectiveList,
  type ObjectivesQuery,
  type SubObjective,
  type UpdateObjectiveInput,
} from '@cadence/contract';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db';
import type { GoalTasksTable } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { bumpListVersion, listVersion } from '../../lib/list-versions';
import { findTag, resolveTags, type TagRef } from '../../lib/tag-refs';
import type { ServiceDeps } from '../../deps';
import { authorizeGoal, type GoalScope, ownGoals } from './policy';
import { type GoalRow, presentGoal, presentSubObjective } from './presenter';
import { transaction } from '../../db/transaction';
import { todayIn } from '../todos/service';

const now = () => new Date().toISOString();

type NewTask = Insertable<GoalTasksTable>;

type SubObjectivesInput = NonNullable<UpdateObjectiveInput['subObjectives']>;

/** Rows per multi-row insert: SQLite binds at most 32,766 values in one statement. */
const INSERT_CHUNK = 500;

export type GoalsServiceDeps = Pick<ServiceDeps, 'db' | 'engine'>;

export class GoalsService {
  /** Keyed by user and query; a user's entries die with the next write to their goals. */
  private readonly cache = new VersionedCache<string>(512);

  constructor(private readonly deps: GoalsServiceDeps) {}

  /** The user's goals version: the list's ETag and cache key. */
  version(userId: number): Promise<number> {
    return listVersion(this.deps.db, userId, 'goals');
  }

  /** The list's JSON at `version` (from `version()`), cached per user, query and version. */
  listJson(userId: number, version: number, query: ObjectivesQuery): Promise<CachedJson> {
    const key = JSON.stringify([userId, query.filter ?? '', query.tag ?? '', query.q ?? '']);
    return this.cache.through(key, version, () => this.list(userId, query));
  }

  /**
   * The user's goals, newest first: with no filter those not deleted; `done` and `progress` among
   * those not deleted; `deleted` only those. One range of the (user, deleted, id) index, and one
   * indexed query each for the sub-goals, the tasks and the tags of the same goals.
   */
  async list(userId: number, query: ObjectivesQuery): Promise<ObjectiveList> {
    const data = await this.deps.db.connection().execute(async (db) => {
      const tag = query.tag === undefined ? undefined : await findTag(db, userId, query.tag);
      if (tag === null) return [];
      return this.load(db, (goals) => this.filtered(goals, userId, query, tag));
    });
    return { data, count: data.length };
  }

  async get(userId: number, id: number): Promise<Objective> {
    const [goal] = await this.load(this.deps.db, (goals) =>
      ownGoals(goals, userId).where('goals.id', '=', id),
    );
    if (!goal) throw notFound();
    return goal;
  }

  async create(userId: number, input: CreateObjectiveInput): Promise<Objective> {
    return transaction(this.deps.db, async (trx) => {
      const startDate = input.startDate ?? todayIn(await this.timeZoneOf(trx, userId));
      const endDate = input.endDate ?? lastDayOf(startDate, input.timeline);
      // The contract compares the two dates only when both were sent.
      if (endDate < startDate) {
        throw badRequest('VALIDATION_ERROR', 'goals.invalidTimeline', {
          endDate: messages['goals.invalidTimeline'],
        });
      }
      const tags = await resolveTags(trx, userId, input.tags, 'goals.tagUnknown');
      const at = now();
      const { id } = await trx
        .insertInto('goals')
        .values({
          user_id: userId,
          title: input.title,
          description: input.description,
          start_date: startDate,
          end_date: endDate,
          timeline: input.timeline,
          time: input.time,
          dedicated_hours: input.dedicatedHours,
          is_done: false,
          is_progress: false,
          is_deleted: false,
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.writeTags(trx, id, tags);
      await this.writeTree(trx, id, input.subObjectives);
      await bumpListVersion(trx, userId, 'goals');
      return this.loadOne(trx, id);
    });
  }

  /**
   * Any field, the state flags and the tree. Done and in progress exclude each other: setting one
   * clears the other (done wins when both are sent true). `isDeleted: false` restores.
   */
  async update(userId: number, id: number, input: UpdateObjectiveInput): Promise<Objective> {
    return transaction(this.deps.db, async (trx) => {
      const goal = await authorizeGoal(trx, userId, id, { lock: this.deps.engine });
      const startDate = input.startDate ?? goal.start_date;
      const endDate = input.endDate ?? goal.end_date;
      if (endDate < startDate) {
        throw badRequest('VALIDATION_ERROR', 'goals.invalidTimeline', {
          endDate: messages['goals.invalidTimeline'],
        });
      }
      const tags =
        input.tags === undefined ? undefined : await resolveTags(trx, userId, input.tags, 'goals.tagUnknown');
      if (input.subObjectives !== undefined) await this.replaceTree(trx, id, input.subObjectives);
      if (tags !== undefined) await this.writeTags(trx, id, tags);

      let isDone = input.isDone;
      let isProgress = input.isProgress;
      if (isProgress === true) isDone = isDone ?? false;
      if (isDone === true) isProgress = false;
      const at = now();
      await trx
        .updateTable('goals')
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          start_date: startDate,
          end_date: endDate,
          ...(input.timeline !== undefined ? { timeline: input.timeline } : {}),
          ...(input.time !== undefined ? { time: input.time } : {}),
          ...(input.dedicatedHours !== undefined ? { dedicated_hours: input.dedicatedHours } : {}),
          ...(isDone !== undefined ? { is_done: isDone } : {}),
          ...(isProgress !== undefined ? { is_progress: isProgress } : {}),
          ...(input.isDeleted !== undefined
            ? { is_deleted: input.isDeleted, deleted_at: input.isDeleted ? at : null }
            : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();
      await bumpListVersion(trx, userId, 'goals');
      return this.loadOne(trx, id);
    });
  }

  /** The first delete moves the goal to the deleted ones; deleting a deleted goal removes it for good. */
  async remove(userId: number, id: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const goal = await authorizeGoal(trx, userId, id, { lock: this.deps.engine });
      if (goal.is_deleted) {
        await trx.deleteFrom('goals').where('id', '=', id).execute();
      } else {
        const at = now();
        await trx
          .updateTable('goals')
          .set({ is_deleted: true, deleted_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
      }
      await bumpListVersion(trx, userId, 'goals');
    });
  }

  // ---- Reading ---------------------------------------------------------------------------------

  private filtered(
    goals: GoalScope,
    userId: number,
    query: ObjectivesQuery,
    tag: TagRef | undefined,
  ): GoalScope {
    let scope = ownGoals(goals, userId).where('is_deleted', '=', query.filter === 'deleted');
    if (query.filter === 'done') scope = scope.where('is_done', '=', true);
    if (query.filter === 'progress') scope = scope.where('is_progress', '=', true);
    if (tag) {
      scope = scope.where((eb) =>
        eb.exists(
          eb
            .selectFrom('goal_tags')
            .select('goal_tags.goal_id')
            .whereRef('goal_tags.goal_id', '=', 'goals.id')
            .where((inner) =>
              tag.built_in !== null
                ? inner('goal_tags.built_in', '=', tag.built_in)
                : inner('goal_tags.tag_id', '=', tag.tag_id),
            ),
        ),
      );
    }
    if (query.q) {
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      scope = scope.where((eb) =>
        eb.or([
          eb(sql`lower(goals.title)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(goals.description)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return scope;
  }

  /** The goals `scope` selects, newest first, each with its tree and tag names: four indexed queries. */
  private async load(db: Db, scope: (goals: GoalScope) => GoalScope): Promise<Objective[]> {
    const ids = () => scope(db.selectFrom('goals')).select('goals.id');
    const rows: GoalRow[] = await scope(db.selectFrom('goals'))
      .selectAll('goals')
      .orderBy('goals.id', 'desc')
      .execute();
    if (rows.length === 0) return [];
    const subs = await db
      .selectFrom('goal_sub_objectives')
      .selectAll()
      .where('goal_id', 'in', ids())
      .orderBy('goal_id')
      .orderBy('position')
      .execute();
    const tasks = await db
      .selectFrom('goal_tasks')
      .selectAll()
      .where('goal_id', 'in', ids())
      .orderBy('sub_objective_id')
      .orderBy('position')
      .execute();
    const tags = await db
      .selectFrom('goal_tags')
      .leftJoin('tags', 'tags.id', 'goal_tags.tag_id')
      .select(['goal_tags.goal_id', 'goal_tags.built_in', 'tags.name'])
      .where('goal_tags.goal_id', 'in', ids())
      .orderBy('goal_tags.goal_id')
      .orderBy('goal_tags.position')
      .execute();

    const tasksBySub = groupBy(tasks, (task) => task.sub_objective_id);
    const subsByGoal = new Map<number, SubObjective[]>();
    for (const sub of subs) {
      const list = subsByGoal.get(sub.goal_id) ?? [];
      list.push(presentSubObjective(sub, tasksBySub.get(sub.id) ?? []));
      subsByGoal.set(sub.goal_id, list);
    }
    const tagsByGoal = new Map<number, string[]>();
    for (const tag of tags) {
      const list = tagsByGoal.get(tag.goal_id) ?? [];
      list.push(tag.built_in ?? tag.name ?? '');
      tagsByGoal.set(tag.goal_id, list);
    }
    return rows.map((row) => presentGoal(row, subsByGoal.get(row.id) ?? [], tagsByGoal.get(row.id) ?? []));
  }

  private async timeZoneOf(db: Db, userId: number): Promise<string> {
    const row = await db
      .selectFrom('users')
      .select('time_zone')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.time_zone;
  }

  private async loadOne(db: Db, id: number): Promise<Objective> {
    const [goal] = await this.load(db, (goals) => goals.where('id', '=', id));
    if (!goal) throw notFound();
    return goal;
  }

  // ---- Writing ---------------------------------------------------------------------------------

  private async writeTags(trx: Db, goalId: number, tags: TagRef[]): Promise<void> {
    await trx.deleteFrom('goal_tags').where('goal_id', '=', goalId).execute();
    if (tags.length === 0) return;
    await trx
      .insertInto('goal_tags')
      .values(tags.map((tag, position) => ({ goal_id: goalId, position, ...tag })))
      .execute();
  }

  /** A new goal's tree: every sub-goal and task is new. */
  private async writeTree(trx: Db, goalId: number, subObjectives: SubObjectivesInput): Promise<void> {
    const tasks: NewTask[] = [];
    for (const [position, sub] of subObjectives.entries()) {
      const { id } = await trx
        .insertInto('goal_sub_objectives')
        .values({ goal_id: goalId, title: sub.title, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      sub.tasks.forEach((task, index) => tasks.push(newTask(goalId, id, index, task)));
    }
    await insertTasks(trx, tasks);
  }

  /**
   * Replaces the tree (D29): what carries an `_id` of this goal keeps its identity (a task may
   * change sub-goal), what has none is new, and what is not sent is removed. An `_id` that is not
   * this goal's, or sent twice, is refused with nothing changed.
   */
  private async replaceTree(trx: Db, goalId: number, subObjectives: SubObjectivesInput): Promise<void> {
    const [subRows, taskRows] = await Promise.all([
      trx.selectFrom('goal_sub_objectives').select('id').where('goal_id', '=', goalId).execute(),
      trx.selectFrom('goal_tasks').select('id').where('goal_id', '=', goalId).execute(),
    ]);
    const keptSubs = claimIds(subObjectives, new Set(subRows.map((row) => row.id)));
    const keptTasks = claimIds(
      subObjectives.flatMap((sub) => sub.tasks),
      new Set(taskRows.map((row) => row.id)),
    );

    const goneTasks = taskRows.map((row) => row.id).filter((id) => !keptTasks.has(id));
    if (goneTasks.length > 0) await trx.deleteFrom('goal_tasks').where('id', 'in', goneTasks).execute();

    const newTasks: NewTask[] = [];
    for (const [position, sub] of subObjectives.entries()) {
      let subId: number;
      if (sub._id !== undefined) {
        subId = Number(sub._id);
        await trx
          .updateTable('goal_sub_objectives')
          .set({ title: sub.title, position })
          .where('id', '=', subId)
          .execute();
      } else {
        ({ id: subId } = await trx
          .insertInto('goal_sub_objectives')
          .values({ goal_id: goalId, title: sub.title, position })
          .returning('id')
          .executeTakeFirstOrThrow());
      }
      for (const [index, task] of sub.tasks.entries()) {
        if (task._id === undefined) {
          newTasks.push(newTask(goalId, subId, index, task));
          continue;
        }
        await trx
          .updateTable('goal_tasks')
          .set({
            sub_objective_id: subId,
            text: task.text,
            done: task.done,
            percentage: task.percentage,
            position: index,
          })
          .where('id', '=', Number(task._id))
          .execute();
      }
    }
    await insertTasks(trx, newTasks);

    const goneSubs = subRows.map((row) => row.id).filter((id) => !keptSubs.has(id));
    if (goneSubs.length > 0)
      await trx.deleteFrom('goal_sub_objectives').where('id', 'in', goneSubs).execute();
  }
}

/** The ids `parts` carry, each of which must be one of `owned` and appear once. */
function claimIds(parts: readonly { _id?: string | undefined }[], owned: Set<number>): Set<number> {
  const claimed = new Set<number>();
  for (const part of parts) {
    if (part._id === undefined) continue;
    const id = Number(part._id);
    if (!owned.has(id) || claimed.has(id)) {
      throw badRequest('VALIDATION_ERROR', 'goals.unknownPart', {
        subObjectives: messages['goals.unknownPart'],
      });
    }
    claimed.add(id);
  }
  return claimed;
}

function newTask(
  goalId: number,
  subId: number,
  position: number,
  task: { text: string; done: boolean; percentage: number },
): NewTask {
  return {
    goal_id: goalId,
    sub_objective_id: subId,
    text: task.text,
    done: task.done,
    percentage: task.percentage,
    position,
  };
}

async function insertTasks(trx: Db, tasks: NewTask[]): Promise<void> {
  for (let start = 0; start < tasks.length; start += INSERT_CHUNK) {
    await trx
      .insertInto('goal_tasks')
      .values(tasks.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return groups;
}
