/**
 * To-dos (D13, D14, D20, D30): a task is its owner's; the owner assigns it to themselves and their
 * friends (a group expands to its members). The owner and the assignees see it; an assignee may
 * only complete or un-complete it; anyone else gets 404. Completing a repeating task creates its
 * next occurrence in the same transaction. Every write bumps the to-dos version of everyone who
 * sees the task, and a list is read from cached bytes while the reader's version holds.
 */
import {
  type CreateTaskInput,
  messages,
  nextDueDate,
  type PublicUser,
  type Task,
  type TaskList,
  type TasksQuery,
  type TaskSummary,
  type UpdateTaskInput,
} from '@cadence/contract';
import { type Expression, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { badRequest } from '../../errors';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { resolveInvitees } from '../../lib/invitees';
import { tell, type TellParts } from '../notifications/shared-work';
import {
  bumpListVersions,
  type DavResource,
  type ListChangeTold,
  listVersion,
  newDavName,
} from '../../lib/list-versions';
import { resolveTags, type TagRef } from '../../lib/tag-refs';
import type { ServiceDeps } from '../../deps';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { authorizeTask, type TodoScope, updateAction, visibleTasks } from './policy';
import { presentTask, type TodoRow } from './presenter';
import { transaction } from '../../db/transaction';
import { taskPath } from '../../lib/mail-texts';

const now = () => new Date().toISOString();

/** Today in an IANA time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * What the to-dos ask of the reminders' owner (notifications/reminders.ts, wired in services.ts):
 * that a task's reminder rows follow it.
 */
export interface TodoReminders {
  syncTodo(trx: Db, todoId: number): Promise<void>;
}

export type TodosServiceDeps = Pick<ServiceDeps, 'db' | 'engine'> & {
  /** D45's mail of an assigned or completed task (the bench that only reads passes refusing ones). */
  outbox: TellParts['outbox'];
  config: Pick<ServiceDeps['config'], 'PUBLIC_URL'>;
  reminders: TodoReminders;
  /** Tells the others whose to-do list a write changed (D45). */
  live: ListChangeTold['live'];
};

/**
 * A to-do as a CalDAV client wrote it (D49): its text, a rule the app cannot draw, its COMPLETED
 * instant, and how to note the fields the text gives (the DAV module's snapshot).
 */
export interface DavTodo {
  text: string;
  repeatRule: string | null;
  completedAt: string | null;
  fieldsOf: (row: TodoRow, task: Task) => string;
}

export class TodosService {
  private readonly cache = new VersionedCache<string>(512);

  constructor(private readonly deps: TodosServiceDeps) {}

  version(userId: number): Promise<number> {
    return listVersion(this.deps.db, userId, 'todos');
  }

  listJson(userId: number, version: number, query: TasksQuery): Promise<CachedJson> {
    const { filter = '', tag = '', q = '', sortBy, page, perPage } = query;
    const key = JSON.stringify([userId, filter, tag, q, sortBy, page, perPage]);
    return this.cache.through(key, version, () => this.list(userId, query));
  }

  /**
   * The tasks the user owns or is assigned to: with no filter those not deleted; `important` and
   * `completed` among those not deleted; `deleted` only those. Sorted, then one page of them.
   */
  async list(userId: number, query: TasksQuery): Promise<TaskList> {
    const { page, perPage } = query;
    return this.deps.db.connection().execute(async (db) => {
      const scope = (todos: TodoScope) => this.filtered(todos, userId, query);
      const { count } = await scope(db.selectFrom('todos'))
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const rows = await sorted(scope(db.selectFrom('todos')).selectAll('todos'), query.sortBy)
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { data: await this.present(db, rows), count: Number(count), page, perPage };
    });
  }

  async get(userId: number, id: number): Promise<Task> {
    const row = await authorizeTask(this.deps.db, userId, id, 'read');
    return (await this.present(this.deps.db, [row]))[0]!;
  }

  /**
   * The user's to-dos as CalDAV serves them (D43): those on their list (owned or assigned) and not
   * deleted; all, or only these ids; by id, a page of `limit` after the id `after` when asked.
   */
  async davTasks(
    userId: number,
    ids?: number[],
    page?: { after: number; limit: number },
  ): Promise<Array<{ row: TodoRow; task: Task }>> {
    let query = visibleTasks(this.deps.db.selectFrom('todos'), userId)
      .where('todos.is_deleted', '=', false)
      .selectAll('todos');
    if (ids) query = query.where('todos.id', 'in', ids.length > 0 ? ids : [0]);
    if (page) query = query.where('todos.id', '>', page.after).limit(page.limit);
    const rows = await query.orderBy('todos.id').execute();
    const tasks = await this.present(this.deps.db, rows);
    return rows.map((row, index) => ({ row, task: tasks[index]! }));
  }

  /** The to-do on the user's list under this CalDAV resource name. */
  async davTaskNamed(userId: number, name: string): Promise<TodoRow | undefined> {
    return visibleTasks(this.deps.db.selectFrom('todos'), userId)
      .where('todos.is_deleted', '=', false)
      .where('todos.dav_name', '=', name)
      .selectAll('todos')
      .executeTakeFirst();
  }

  /** The ids of the to-dos on the user's list under these CalDAV resource names. */
  async davTaskIdsNamed(userId: number, names: string[]): Promise<number[]> {
    if (names.length === 0) return [];
    const rows = await visibleTasks(this.deps.db.selectFrom('todos'), userId)
      .where('todos.is_deleted', '=', false)
      .where('todos.dav_name', 'in', names)
      .select('todos.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Another to-do on the user's list with this VTODO UID (CalDAV's no-uid-conflict), if any. */
  async davTaskWithUid(userId: number, uid: string, except?: number): Promise<TodoRow | undefined> {
    const ours = /^todo-(\d{1,9})@cadence$/.exec(uid)?.[1];
    let query = visibleTasks(this.deps.db.selectFrom('todos'), userId)
      .where('todos.is_deleted', '=', false)
      .where((eb) =>
        ours
          ? eb.or([
              eb('todos.uid', '=', uid),
              eb.and([eb('todos.id', '=', Number(ours)), eb('todos.uid', 'is', null)]),
            ])
          : eb('todos.uid', '=', uid),
      )
      .selectAll('todos');
    if (except !== undefined) query = query.where('todos.id', '!=', except);
    return query.executeTakeFirst();
  }

  /** Open tasks, and those due today and before, in the user's time zone. */
  async summary(userId: number, timeZone: string): Promise<TaskSummary> {
    const today = todayIn(timeZone);
    const row = await visibleTasks(this.deps.db.selectFrom('todos'), userId)
      .where('is_deleted', '=', false)
      .where('is_completed', '=', false)
      .select((eb) => [
        eb.fn.countAll<number>().as('open'),
        eb.fn.sum<number>(eb.case().when('due_date', '=', today).then(1).else(0).end()).as('due_today'),
        eb.fn.sum<number>(eb.case().when('due_date', '<', today).then(1).else(0).end()).as('overdue'),
      ])
      .executeTakeFirstOrThrow();
    return {
      open: Number(row.open),
      dueToday: Number(row.due_today ?? 0),
      overdue: Number(row.overdue ?? 0),
      today,
    };
  }

  /** `dav`: made over CalDAV (D43), under the client's UID and resource name, its text kept (D49). */
  async create(
    userId: number,
    input: CreateTaskInput,
    dav?: DavTodo & { uid: string; name: string },
  ): Promise<Task> {
    if (input.user !== undefined && Number(input.user) !== userId) {
      throw badRequest('VALIDATION_ERROR', 'todos.userNotYou', { user: messages['todos.userNotYou'] });
    }
    return transaction(this.deps.db, async (trx) => {
      const tags = await resolveTags(trx, userId, input.tags, 'todos.tagUnknown');
      const assignees = await this.resolveAssignees(trx, userId, input.assignee, input.groups);
      const at = now();
      const { id, dav_name } = await trx
        .insertInto('todos')
        .values({
          owner_id: userId,
          title: input.title,
          description: input.description,
          due_date: input.dueDate,
          uid: dav?.uid ?? null,
          dav_name: dav?.name ?? newDavName(),
          dav_text: dav?.text ?? null,
          repeat_rule: dav?.repeatRule ?? null,
          is_important: input.isImportant,
          is_completed: false,
          is_deleted: false,
          repeat_every: input.repeat?.every ?? null,
          repeat_unit: input.repeat?.unit ?? null,
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })
        .returning(['id', 'dav_name'])
        .executeTakeFirstOrThrow();
      await writeTags(trx, id, tags);
      await writeAssignees(trx, id, assignees);
      await this.deps.reminders.syncTodo(trx, id);
      await bumpListVersions(trx, [userId, ...assignees], 'todos', { live: this.deps.live, actor: userId }, [
        { id, dav_name },
      ]);
      await this.tell(trx, userId, { id, title: input.title }, 'todo-assigned', assignees);
      return dav ? this.kept(trx, id, dav) : this.loadOne(trx, id);
    });
  }

  /**
   * The owner changes anything (restore = `isDeleted: false`); an assignee may send `isCompleted`
   * only (403 for anything else). Completing a repeating task creates the next occurrence, which
   * takes the repeat over so that un-completing and completing again does not make another.
   */
  async update(userId: number, id: number, input: UpdateTaskInput, dav?: DavTodo): Promise<Task> {
    return transaction(this.deps.db, async (trx) => {
      const task = await authorizeTask(trx, userId, id, updateAction(input), { lock: this.deps.engine });
      const before = await assigneesOf(trx, id);
      const tags =
        input.tags === undefined ? undefined : await resolveTags(trx, userId, input.tags, 'todos.tagUnknown');
      let assignees = before;
      if (input.assignee !== undefined || input.groups !== undefined) {
        assignees = await this.resolveAssignees(trx, userId, input.assignee ?? [], input.groups ?? []);
        await writeAssignees(trx, id, assignees);
      }
      if (tags !== undefined) await writeTags(trx, id, tags);

      const at = now();
      const completing = input.isCompleted === true && !bool(task.is_completed);
      const repeat =
        input.repeat !== undefined
          ? input.repeat
          : task.repeat_every !== null && task.repeat_unit !== null
            ? { every: task.repeat_every, unit: task.repeat_unit as 'day' }
            : null;
      const dueDate = input.dueDate !== undefined ? input.dueDate : task.due_date;
      const makesNext = completing && repeat !== null && !bool(task.is_deleted);
      const changed: DavResource[] = [task];
      await trx
        .updateTable('todos')
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.dueDate !== undefined ? { due_date: input.dueDate } : {}),
          ...(input.isImportant !== undefined ? { is_important: input.isImportant } : {}),
          ...(input.isCompleted !== undefined ? { is_completed: input.isCompleted } : {}),
          // When it was completed (the dashboard's weeks; a calendar app's COMPLETED); a completed
          // task sent completed keeps its time.
          ...(completing
            ? { completed_at: dav?.completedAt ?? at }
            : input.isCompleted === false
              ? { completed_at: null }
              : {}),
          ...(input.isDeleted !== undefined
            ? { is_deleted: input.isDeleted, deleted_at: input.isDeleted ? at : null }
            : {}),
          ...(input.repeat !== undefined || makesNext
            ? {
                repeat_every: makesNext ? null : (repeat?.every ?? null),
                repeat_unit: makesNext ? null : (repeat?.unit ?? null),
                // A repeat set in the app replaces a rule it could not draw.
                repeat_rule: null,
              }
            : {}),
          ...(dav ? { dav_text: dav.text, repeat_rule: dav.repeatRule } : {}),
          updated_at: at,
        })
        .where('id', '=', id)
        .execute();

      if (makesNext && repeat) {
        const ownerZone = await trx
          .selectFrom('users')
          .select('time_zone')
          .where('id', '=', task.owner_id)
          .executeTakeFirstOrThrow();
        const next = await trx
          .insertInto('todos')
          .values({
            owner_id: task.owner_id,
            title: input.title ?? task.title,
            description: input.description ?? task.description,
            due_date: nextDueDate(dueDate ?? todayIn(ownerZone.time_zone), repeat),
            is_important: input.isImportant ?? bool(task.is_important),
            is_completed: false,
            is_deleted: false,
            dav_name: newDavName(),
            repeat_every: repeat.every,
            repeat_unit: repeat.unit,
            deleted_at: null,
            created_at: at,
            updated_at: at,
          })
          .returning(['id', 'dav_name'])
          .executeTakeFirstOrThrow();
        const currentTags = await trx
          .selectFrom('todo_tags')
          .select(['built_in', 'tag_id'])
          .where('todo_id', '=', id)
          .orderBy('position')
          .execute();
        await writeTags(trx, next.id, currentTags);
        await writeAssignees(trx, next.id, assignees);
        await this.deps.reminders.syncTodo(trx, next.id);
        changed.push(next);
      }
      await this.deps.reminders.syncTodo(trx, id);
      await bumpListVersions(
        trx,
        [task.owner_id, ...before, ...assignees],
        'todos',
        { live: this.deps.live, actor: userId },
        changed,
      );
      // D45: the newly assigned are told; so is the owner when an assignee completes their task.
      const title = input.title ?? task.title;
      const added = assignees.filter((person) => !before.includes(person));
      await this.tell(trx, userId, { id, title }, 'todo-assigned', added);
      if (completing && userId !== task.owner_id) {
        await this.tell(trx, userId, { id, title }, 'todo-completed', [task.owner_id]);
      }
      return dav ? this.kept(trx, id, dav) : this.loadOne(trx, id);
    });
  }

  /** D45: a notice (and, per their switch, a mail) to each of `people` but the actor. */
  private tell(
    trx: Db,
    actorId: number,
    task: { id: number; title: string },
    kind: 'todo-assigned' | 'todo-completed',
    people: number[],
  ): Promise<void> {
    const { outbox, config, live } = this.deps;
    return tell(
      trx,
      { outbox, base: config.PUBLIC_URL, live },
      people.map((userId) => ({
        userId,
        kind,
        sourceId: task.id,
        title: task.title,
        at: now(),
        actorId,
        path: taskPath(task.id),
      })),
    );
  }

  /** The owner's delete moves the task to deleted; deleting a deleted task removes it for good. */
  async remove(userId: number, id: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const task = await authorizeTask(trx, userId, id, 'delete', { lock: this.deps.engine });
      const people = await assigneesOf(trx, id);
      if (bool(task.is_deleted)) {
        await trx.deleteFrom('todos').where('id', '=', id).execute();
      } else {
        const at = now();
        await trx
          .updateTable('todos')
          .set({ is_deleted: true, deleted_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
      }
      await this.deps.reminders.syncTodo(trx, id);
      await bumpListVersions(trx, [userId, ...people], 'todos', { live: this.deps.live, actor: userId }, [
        task,
      ]);
    });
  }

  // ---- Reading ---------------------------------------------------------------------------------

  private filtered(todos: TodoScope, userId: number, query: TasksQuery): TodoScope {
    let scope = visibleTasks(todos, userId).where('todos.is_deleted', '=', query.filter === 'deleted');
    if (query.filter === 'important') scope = scope.where('todos.is_important', '=', true);
    if (query.filter === 'completed') scope = scope.where('todos.is_completed', '=', true);
    if (query.tag) {
      // By name, so that a task someone else owns matches their tag of that name too.
      const lower = query.tag.toLowerCase();
      scope = scope.where((eb) =>
        eb.exists(
          eb
            .selectFrom('todo_tags')
            .leftJoin('tags', 'tags.id', 'todo_tags.tag_id')
            .select('todo_tags.todo_id')
            .whereRef('todo_tags.todo_id', '=', 'todos.id')
            .where((inner) =>
              inner.or([
                inner('todo_tags.built_in', '=', lower),
                inner(sql<string>`lower(tags.name)`, '=', lower),
              ]),
            ),
        ),
      );
    }
    if (query.q) {
      const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      scope = scope.where((eb) =>
        eb.or([
          eb(sql`lower(todos.title)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(todos.description)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return scope;
  }

  /** Rows with their owners, assignees and tag names: three indexed queries for a page. */
  private async present(db: Db, rows: TodoRow[]): Promise<Task[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const people = await db
      .selectFrom('todo_assignees')
      .innerJoin('users', 'users.id', 'todo_assignees.user_id')
      .select([...publicUserColumns, 'todo_assignees.todo_id'])
      .where('todo_assignees.todo_id', 'in', ids)
      .orderBy('users.id')
      .execute();
    const owners = await db
      .selectFrom('users')
      .select(publicUserColumns)
      .where('users.id', 'in', [...new Set(rows.map((row) => row.owner_id))])
      .execute();
    const tags = await db
      .selectFrom('todo_tags')
      .leftJoin('tags', 'tags.id', 'todo_tags.tag_id')
      .select(['todo_tags.todo_id', 'todo_tags.built_in', 'tags.name'])
      .where('todo_tags.todo_id', 'in', ids)
      .orderBy('todo_tags.todo_id')
      .orderBy('todo_tags.position')
      .execute();
    const ownerById = new Map(owners.map((owner) => [owner.id, presentPublicUser(owner)]));
    const assigneesByTask = new Map<number, PublicUser[]>();
    for (const person of people) {
      const list = assigneesByTask.get(person.todo_id) ?? [];
      list.push(presentPublicUser(person));
      assigneesByTask.set(person.todo_id, list);
    }
    const tagsByTask = new Map<number, string[]>();
    for (const tag of tags) {
      const list = tagsByTask.get(tag.todo_id) ?? [];
      list.push(tag.built_in ?? tag.name ?? '');
      tagsByTask.set(tag.todo_id, list);
    }
    return rows.map((row) =>
      presentTask(
        row,
        ownerById.get(row.owner_id)!,
        assigneesByTask.get(row.id) ?? [],
        tagsByTask.get(row.id) ?? [],
      ),
    );
  }

  private async loadOne(db: Db, id: number): Promise<Task> {
    const row = await db.selectFrom('todos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return (await this.present(db, [row]))[0]!;
  }

  /** A to-do written over CalDAV: the fields its kept text gave, noted beside the text (D49). */
  private async kept(db: Db, id: number, dav: DavTodo): Promise<Task> {
    const row = await db.selectFrom('todos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const task = (await this.present(db, [row]))[0]!;
    await db
      .updateTable('todos')
      .set({ dav_fields: dav.fieldsOf(row, task) })
      .where('id', '=', id)
      .execute();
    return task;
  }

  // ---- Writing ---------------------------------------------------------------------------------

  /** The owner and the owner's friends, plus the members of the owner's groups (D13). */
  private resolveAssignees(db: Db, ownerId: number, ids: string[], groupIds: string[]): Promise<number[]> {
    return resolveInvitees(db, ownerId, ids, groupIds, {
      notFriend: { field: 'assignee', key: 'todos.assigneeNotFriend' },
      groupUnknown: { field: 'groups', key: 'todos.groupUnknown' },
    });
  }
}

/** The five sorts (D20); ties and the rest newest first. */
function sorted<Q extends SelectQueryBuilder<Database, 'todos', TodoRow>>(
  query: Q,
  sortBy: TasksQuery['sortBy'],
): Q {
  switch (sortBy) {
    case 'title-asc':
      return query.orderBy(sql`lower(todos.title)`, 'asc').orderBy('todos.id', 'desc') as Q;
    case 'title-desc':
      return query.orderBy(sql`lower(todos.title)`, 'desc').orderBy('todos.id', 'desc') as Q;
    case 'due-date':
      return query
        .orderBy(sql`case when todos.due_date is null then 1 else 0 end`)
        .orderBy('todos.due_date', 'asc')
        .orderBy('todos.id', 'desc') as Q;
    case 'assignee': {
      // By the first assignee's name (full name, else username); tasks without one last.
      const firstName: Expression<string | null> = sql<
        string | null
      >`(select min(lower(coalesce(nullif(users.full_name, ''), users.username)))
        from todo_assignees join users on users.id = todo_assignees.user_id where todo_assignees.todo_id = todos.id)`;
      return query
        .orderBy(sql<SqlBool>`case when ${firstName} is null then 1 else 0 end`)
        .orderBy(firstName)
        .orderBy('todos.id', 'desc') as Q;
    }
    default:
      return query.orderBy('todos.id', 'desc') as Q;
  }
}

async function assigneesOf(db: Db, todoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('todo_assignees')
    .select('user_id')
    .where('todo_id', '=', todoId)
    .execute();
  return rows.map((row) => row.user_id);
}

async function writeAssignees(db: Db, todoId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('todo_assignees').where('todo_id', '=', todoId).execute();
  if (userIds.length > 0) {
    await db
      .insertInto('todo_assignees')
      .values(userIds.map((user_id) => ({ todo_id: todoId, user_id })))
      .execute();
  }
}

async function writeTags(db: Db, todoId: number, tags: TagRef[]): Promise<void> {
  await db.deleteFrom('todo_tags').where('todo_id', '=', todoId).execute();
  if (tags.length > 0) {
    await db
      .insertInto('todo_tags')
      .values(
        tags.map((tag, position) => ({
          todo_id: todoId,
          position,
          built_in: tag.built_in,
          tag_id: tag.tag_id,
        })),
      )
      .execute();
  }
}
