/**
 * The task drawer's values and what it sends. A task whose repetition a calendar app wrote and the
 * drawer cannot draw (`customRepeat`, D49) is saved without `repeat`: sending one, even null, would
 * replace that rule.
 */
import type { CreateTaskForm, Task, TodoRepeat, UpdateTaskForm } from '@cadence/contract';

export type TodoFormValues = {
  title: string;
  description: string;
  dueDate: string | null;
  tags: string[];
  assignee: string[];
  groups: string[];
  isImportant: boolean;
  repeat: TodoRepeat;
};

/** What a new task starts with: the tag or the star of the list it is added from. */
export interface TodoDefaults {
  tags?: string[];
  isImportant?: boolean;
}

export function initialTodoValues(task: Task | null, defaults: TodoDefaults): TodoFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    dueDate: task?.dueDate ?? null,
    tags: task?.tags ?? defaults.tags ?? [],
    assignee: task?.assignee ?? [],
    groups: [],
    isImportant: task?.isImportant ?? defaults.isImportant ?? false,
    repeat: task?.repeat ?? null,
  };
}

/** The drawer's values as the API takes them: without `repeat` for a task with a custom one. */
export function todoInput(values: TodoFormValues, task: Task | null): CreateTaskForm & UpdateTaskForm {
  if (!task?.customRepeat) return values;
  const { repeat: _kept, ...input } = values;
  return input;
}
