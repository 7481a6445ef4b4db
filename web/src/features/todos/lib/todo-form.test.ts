import { type Task, updateTaskInput } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { initialTodoValues, todoInput } from './todo-form';

const task = {
  _id: '12',
  user: '3',
  title: 'Water the plants',
  description: '',
  dueDate: '2026-05-04',
  tags: ['Home'],
  assignee: ['3'],
  isImportant: false,
  isCompleted: false,
  isDeleted: false,
  repeat: null,
  customRepeat: null,
} as unknown as Task;

describe('the task form', () => {
  it('sends the repeat of a task it can draw, null included', () => {
    const values = { ...initialTodoValues(task, {}), repeat: { every: 2, unit: 'week' as const } };
    expect(todoInput(values, task)).toMatchObject({ repeat: { every: 2, unit: 'week' } });
    expect(todoInput(initialTodoValues(task, {}), task)).toHaveProperty('repeat', null);
    expect(todoInput(initialTodoValues(null, { tags: ['Work'] }), null)).toMatchObject({
      tags: ['Work'],
      repeat: null,
    });
  });

  it('never sends repeat for a task whose repetition a calendar app wrote (D49)', () => {
    const custom = { ...task, customRepeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30' };
    const values = { ...initialTodoValues(custom, {}), title: 'Water the garden' };
    const input = todoInput(values, custom);
    expect(input).not.toHaveProperty('repeat');
    expect(input).toMatchObject({ title: 'Water the garden', dueDate: '2026-05-04', tags: ['Home'] });
    expect(updateTaskInput.parse(input)).not.toHaveProperty('repeat');
  });
});
