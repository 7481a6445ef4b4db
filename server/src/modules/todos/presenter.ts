/** Maps to-do rows, with their tags and people, to the contract's `task` (D30). */
import type { PublicUser, RepeatUnit, Task } from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { TodosTable } from '../../db/schema';

export type TodoRow = Selectable<TodosTable>;

export function presentTask(row: TodoRow, owner: PublicUser, assignees: PublicUser[], tags: string[]): Task {
  return {
    _id: String(row.id),
    user: String(row.owner_id),
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    tags,
    assignee: assignees.map((person) => person._id),
    isImportant: bool(row.is_important),
    isCompleted: bool(row.is_completed),
    isDeleted: bool(row.is_deleted),
    repeat:
      row.repeat_every !== null && row.repeat_unit !== null
        ? { every: row.repeat_every, unit: row.repeat_unit as RepeatUnit }
        : null,
    customRepeat: row.repeat_rule,
    owner,
    assignees,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
