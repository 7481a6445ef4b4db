/**
 * Who may do what to a to-do (D5, D20, D30, §45): its owner and its assignees see it; the owner
 * changes anything and deletes it; an assignee may complete or un-complete it only (403 for any
 * other field, 403 on a delete); anyone else is told it does not exist (404, D10). The list is the
 * caller's own (`?user=` anyone else: 403).
 */
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { TodoRow } from './presenter';

export type TodoScope = SelectQueryBuilder<Database, 'todos', object>;

/**
 * `read`: see it. `complete`: change `isCompleted` alone. `change`: change anything else.
 * `delete`: move it to deleted, or remove it for good.
 */
export type TaskAction = 'read' | 'complete' | 'change' | 'delete';

/** What only the owner may change; an assignee sending any of these gets 403. */
const ownerFields = [
  'title',
  'description',
  'dueDate',
  'tags',
  'assignee',
  'groups',
  'isImportant',
  'isDeleted',
  'repeat',
] as const;

/** The action an update is: `change` when it sends any field but `isCompleted`. */
export function updateAction(input: Partial<Record<(typeof ownerFields)[number], unknown>>): TaskAction {
  return ownerFields.some((field) => input[field] !== undefined) ? 'change' : 'complete';
}

/**
 * Owned by the user, or assigned to them: ids from two index ranges (owner; assignee), so the
 * read never walks other users' tasks. With `todoId`, each range is one probe.
 */
export function visibleTasks(todos: TodoScope, userId: number, todoId?: number): TodoScope {
  return todos.where('todos.id', 'in', (eb) => {
    let owned = eb.selectFrom('todos as mine').select('mine.id').where('mine.owner_id', '=', userId);
    let assigned = eb
      .selectFrom('todo_assignees')
      .select('todo_assignees.todo_id as id')
      .where('todo_assignees.user_id', '=', userId);
    if (todoId !== undefined) {
      owned = owned.where('mine.id', '=', todoId);
      assigned = assigned.where('todo_assignees.todo_id', '=', todoId);
    }
    return owned.unionAll(assigned);
  });
}

/**
 * The task, if the action is the user's, in one point query (`lock`: FOR UPDATE on the engines
 * that have it, for the caller's transaction); 404 when they cannot see it, 403 for an assignee's
 * change or delete.
 */
export async function authorizeTask(
  db: Db,
  userId: number,
  todoId: number,
  action: TaskAction,
  options: { lock?: Engine } = {},
): Promise<TodoRow> {
  let query = visibleTasks(db.selectFrom('todos'), userId, todoId)
    .selectAll('todos')
    .where('todos.id', '=', todoId);
  if (options.lock) query = options.lock.forUpdate(query);
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  if (row.owner_id !== userId) {
    if (action === 'change') throw forbidden('FORBIDDEN', 'todos.assigneeOnlyCompletes');
    if (action === 'delete') throw forbidden('FORBIDDEN', 'todos.ownerOnly');
  }
  return row;
}

/** The tasks listed are the caller's own: `?user=` naming anyone else answers 403 (D30). */
export function authorizeTasksOf(userId: number, user: string): void {
  if (Number(user) !== userId) throw forbidden('FORBIDDEN', 'todos.userForbidden');
}
