/**
 * To-dos' part of "your data": the user's tasks with assignees and tags, and those
 * assigned to them; the account's deletion takes the first and their place on the others.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { othersOn } from '../../lib/list-versions';
import { exportedTagRef } from '../../lib/tag-refs';
import { peopleNamed } from '../users/your-data';

export async function exportTodos(db: Db, userId: number): Promise<YourDataExport['todos']> {
  const todos = await db
    .selectFrom('todos')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const todoIds = todos.map((t) => t.id);
  const tags =
    todoIds.length === 0
      ? []
      : await db
          .selectFrom('todo_tags')
          .selectAll()
          .where('todo_id', 'in', todoIds)
          .orderBy('position')
          .execute();
  const assignees = await db
    .selectFrom('todo_assignees')
    .innerJoin('todos', 'todos.id', 'todo_assignees.todo_id')
    .select(['todo_assignees.todo_id', 'todo_assignees.user_id', 'todos.owner_id', 'todos.title'])
    .where((eb) => eb.or([eb('todos.owner_id', '=', userId), eb('todo_assignees.user_id', '=', userId)]))
    .execute();
  const person = await peopleNamed(
    db,
    assignees.flatMap((a) => [a.user_id, a.owner_id]),
  );
  return {
    owned: todos.map((t) => ({
      _id: String(t.id),
      title: t.title,
      description: t.description,
      dueDate: t.due_date,
      isImportant: bool(t.is_important),
      isCompleted: bool(t.is_completed),
      isDeleted: bool(t.is_deleted),
      repeatEvery: t.repeat_every,
      repeatUnit: t.repeat_unit,
      completedAt: t.completed_at,
      deletedAt: t.deleted_at,
      createdAt: t.created_at,
      updatedAt: t.updated_at,
      assignees: assignees.filter((a) => a.todo_id === t.id).map((a) => person(a.user_id)),
      tags: tags.filter((tag) => tag.todo_id === t.id).map(exportedTagRef),
    })),
    assignedToMe: assignees
      .filter((a) => a.user_id === userId && a.owner_id !== userId)
      .map((a) => ({ _id: String(a.todo_id), title: a.title, owner: person(a.owner_id) })),
  };
}

/** The ids of the user's tasks, which others' reminders and notifications may point at. */
export function ownedTodoIds(trx: Db, userId: number) {
  return trx.selectFrom('todos').select('id').where('owner_id', '=', userId);
}

/**
 * Takes the user's tasks and their place on others'; answers who else had them in their lists
 * (owners and assignees of the same tasks), whose lists must be read afresh.
 */
export async function eraseTodos(trx: Db, userId: number): Promise<number[]> {
  const people = await trx
    .selectFrom('todo_assignees')
    .innerJoin('todos', 'todos.id', 'todo_assignees.todo_id')
    .select(['todo_assignees.user_id', 'todos.owner_id'])
    .where((eb) =>
      eb.or([
        eb('todos.owner_id', '=', userId),
        eb(
          'todo_assignees.todo_id',
          'in',
          trx.selectFrom('todo_assignees').select('todo_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .execute();
  await trx.deleteFrom('todo_assignees').where('user_id', '=', userId).execute();
  await trx.deleteFrom('todos').where('owner_id', '=', userId).execute();
  return othersOn(people, userId);
}
