import type { Objective } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultWeight,
  flagsFor,
  newTaskCount,
  replaceGoal,
  shownStatusOf,
  statusOf,
  today,
  totalWeight,
  treeInput,
  treeOf,
  withTaskDone,
} from './goal';

function goal(overrides: Partial<Objective> = {}): Objective {
  return {
    _id: '7',
    user: '1',
    title: 'Write the book',
    description: '',
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    timeline: 'month',
    time: 'morning',
    dedicatedHours: 10,
    tags: ['high'],
    subObjectives: [
      {
        _id: '11',
        title: 'Draft',
        tasks: [
          { _id: '21', text: 'Outline', done: false, percentage: 30 },
          { _id: '22', text: 'Chapters', done: false, percentage: 70 },
        ],
      },
      { _id: '12', title: 'Edit', tasks: [] },
    ],
    progress: 0,
    isDone: false,
    isProgress: false,
    isDeleted: false,
    createdAt: '2026-06-01T09:00:00.000Z',
    updatedAt: '2026-06-01T09:00:00.000Z',
    ...overrides,
  };
}

describe('a goal on the page', () => {
  it('is open, in progress or done by its flags', () => {
    expect(statusOf(goal())).toBe('open');
    expect(statusOf(goal({ isProgress: true }))).toBe('progress');
    expect(statusOf(goal({ isDone: true }))).toBe('done');
    expect(flagsFor('open')).toEqual({ isDone: false, isProgress: false });
    expect(flagsFor('progress')).toEqual({ isDone: false, isProgress: true });
    expect(flagsFor('done')).toEqual({ isDone: true, isProgress: false });
  });

  it('shows as done at 100 % whatever its flags, and by its flags below', () => {
    expect(shownStatusOf(goal({ progress: 100 }))).toBe('done');
    expect(shownStatusOf(goal({ progress: 100, isProgress: true }))).toBe('done');
    expect(shownStatusOf(goal({ progress: 99 }))).toBe('open');
    expect(shownStatusOf(goal({ progress: 40, isProgress: true }))).toBe('progress');
    expect(shownStatusOf(goal({ progress: 0, isDone: true }))).toBe('done');
  });

  it('ticks a task and computes the progress as the server does', () => {
    const ticked = withTaskDone(goal(), '21', true);
    expect(ticked.progress).toBe(30);
    expect(ticked.subObjectives[0]!.tasks.map((task) => task.done)).toEqual([true, false]);
    // Untouched sub-goals keep their objects.
    const original = goal();
    expect(withTaskDone(original, '21', true).subObjectives[1]).toBe(original.subObjectives[1]);
    expect(withTaskDone(ticked, '22', true).progress).toBe(100);
    expect(withTaskDone(ticked, '21', false).progress).toBe(0);
  });

  it('sends the whole tree back with its ids', () => {
    expect(treeOf(withTaskDone(goal(), '22', true))).toEqual([
      {
        _id: '11',
        title: 'Draft',
        tasks: [
          { _id: '21', text: 'Outline', done: false, percentage: 30 },
          { _id: '22', text: 'Chapters', done: true, percentage: 70 },
        ],
      },
      { _id: '12', title: 'Edit', tasks: [] },
    ]);
  });

  it('replaces a goal in a list it belongs to, and leaves other lists alone', () => {
    const list = { data: [goal(), goal({ _id: '8' })], count: 2 };
    const changed = goal({ title: 'Publish the book' });
    expect(replaceGoal(list, changed).data.map((item) => item.title)).toEqual([
      'Publish the book',
      'Write the book',
    ]);
    const other = { data: [goal({ _id: '9' })], count: 1 };
    expect(replaceGoal(other, changed)).toBe(other);
  });

  it('counts the new tasks of a form, and weighs them', () => {
    const subs = [
      ...treeOf(goal()),
      { title: 'Launch', tasks: [{ text: 'Party', done: false, percentage: '' }] },
    ];
    expect(newTaskCount(treeOf(goal()))).toBe(0);
    expect(newTaskCount(subs)).toBe(1);
    expect(totalWeight(subs)).toBe(100);
    expect(defaultWeight(subs)).toBe(0);
    expect(defaultWeight([])).toBe(100);
    expect(treeInput([{ title: 'A', tasks: [{ text: 'x', done: false, percentage: '40' }] }])).toEqual([
      { title: 'A', tasks: [{ text: 'x', done: false, percentage: 40 }] },
    ]);
  });

  it('knows today in the user’s calendar', () => {
    expect(today(new Date(2026, 5, 30, 23, 30))).toBe('2026-06-30');
  });
});
