/** To-dos (D20, D30) through HTTP: filters, sorts, search, paging, assignees, repeats, privacy. */
import { messages, nextDueDate, type Task, type TaskList, type TaskSummary } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildFriends,
  buildGroup,
  buildTask,
  buildUser,
  call,
  expectError,
  expectSignInRequired,
  ok,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';
import { todayIn } from './service';

const t = useTestApp();

function list(user: TestUser, query = ''): Promise<TaskList> {
  return ok<TaskList>(t, 'GET', `/api/todos?user=${user.id}${query}`, user.token);
}

async function titles(user: TestUser, query = ''): Promise<string[]> {
  return (await list(user, query)).data.map((task) => task.title);
}

function update(user: TestUser, id: string, body: unknown): Promise<Task> {
  return ok<Task>(t, 'PUT', `/api/todos/${id}`, user.token, body);
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/todos?user=1', undefined],
    ['GET', '/api/todos/summary', undefined],
    ['GET', '/api/todos/1', undefined],
    ['POST', '/api/todos', { title: 'x' }],
    ['PUT', '/api/todos/1', { isCompleted: true }],
    ['DELETE', '/api/todos/1', undefined],
    ['POST', '/api/todos', { title: '' }],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    await expectSignInRequired(t, method, url, payload);
  });
});

describe('POST /api/todos', () => {
  it('adds a task with defaults and answers it with its people', async () => {
    const user = await buildUser(t);
    const response = await call(t, 'POST', '/api/todos', user.token, {
      title: '  Call the bank ',
      user: user.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const task = response.json<Task>();
    expect(task).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      user: user.id,
      title: 'Call the bank',
      description: '',
      dueDate: null,
      tags: [],
      assignee: [],
      isImportant: false,
      isCompleted: false,
      isDeleted: false,
      repeat: null,
      customRepeat: null,
      owner: expect.objectContaining({ _id: user.id, username: user.username }),
      assignees: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await ok(t, 'GET', `/api/todos/${task._id}`, user.token)).toEqual(task);
  });

  it.each([
    ['no title', { title: '' }, 'title', 'todos.titleRequired'],
    [
      'a due date that does not exist',
      { title: 'x', dueDate: '2026-02-30' },
      'dueDate',
      'todos.dueDateInvalid',
    ],
    ['a tag the user does not have', { title: 'x', tags: ['nope'] }, 'tags', 'todos.tagUnknown'],
    [
      'a repeat of 0 days',
      { title: 'x', repeat: { every: 0, unit: 'day' } },
      'repeat.every',
      'todos.repeatInvalid',
    ],
  ] as const)('refuses %s with its message and changes nothing', async (_, body, field, key) => {
    const user = await buildUser(t);
    const before = await fingerprint(t.database);
    const error = expectError(await call(t, 'POST', '/api/todos', user.token, body), 400, 'VALIDATION_ERROR');
    expect(error.fields?.[field]).toBe(messages[key]);
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('refuses a user field that is not the caller', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const error = expectError(
      await call(t, 'POST', '/api/todos', a.token, { title: 'x', user: b.id }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.user).toBe(messages['todos.userNotYou']);
  });

  it('assigns to the owner and friends, expands a group, and refuses a non-friend on fields.assignee', async () => {
    const [owner, friend] = await buildFriends(t);
    const other = await buildUser(t);
    await befriend(t, owner, other);
    const group = await buildGroup(t, owner, { members: [other] });
    const task = await buildTask(t, owner, { assignee: [owner.id, friend.id], groups: [group._id] });
    expect(task.assignee).toEqual([owner.id, friend.id, other.id].sort((x, y) => Number(x) - Number(y)));
    expect(task.assignees.map((person) => person.username).sort()).toEqual(
      [owner.username, friend.username, other.username].sort(),
    );
    const stranger = await buildUser(t);
    const theirGroup = await buildGroup(t, stranger);
    const before = await fingerprint(t.database);
    const error = expectError(
      await call(t, 'POST', '/api/todos', owner.token, { title: 'x', assignee: [stranger.id] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(error.fields?.assignee).toBe(messages['todos.assigneeNotFriend']);
    expectError(
      await call(t, 'POST', '/api/todos', owner.token, { title: 'x', groups: [theirGroup._id] }),
      400,
      'VALIDATION_ERROR',
    );
    expect(await fingerprint(t.database)).toEqual(before);
  });
});

describe('GET /api/todos', () => {
  async function world() {
    const [user, friend] = await buildFriends(t);
    await buildTask(t, user, { title: 'banana', tags: ['low'], dueDate: '2026-03-02' });
    const important = await buildTask(t, user, {
      title: 'Apple',
      isImportant: true,
      tags: [],
      dueDate: '2026-03-01',
    });
    const done = await buildTask(t, user, {
      title: 'cherry',
      description: 'Pay the INVOICE',
      tags: ['high'],
    });
    await update(user, done._id, { isCompleted: true });
    const deleted = await buildTask(t, user, { title: 'date', isImportant: true, tags: ['high'] });
    await call(t, 'DELETE', `/api/todos/${deleted._id}`, user.token);
    await buildTask(t, friend, {
      title: 'Elderberry from a friend',
      assignee: [user.id],
      tags: ['high'],
      dueDate: '2026-01-01',
    });
    await buildTask(t, friend, { title: 'Not mine' });
    return { user, friend, important };
  }

  it('lists what I own or am assigned, not deleted, newest first; count over all pages', async () => {
    const { user } = await world();
    const page = await list(user);
    expect(page.data.map((task) => task.title)).toEqual([
      'Elderberry from a friend',
      'cherry',
      'Apple',
      'banana',
    ]);
    expect(page).toMatchObject({ count: 4, page: 1, perPage: 50 });
  });

  it.each([
    ['&filter=important', ['Apple']],
    ['&filter=completed', ['cherry']],
    ['&filter=deleted', ['date']],
    ['&tag=high', ['Elderberry from a friend', 'cherry']],
    ['&filter=deleted&tag=HIGH', ['date']],
    ['&q=invoice', ['cherry']],
    ['&q=AN', ['banana']],
    ['&q=%25', []],
    ['&sortBy=title-asc', ['Apple', 'banana', 'cherry', 'Elderberry from a friend']],
    ['&sortBy=title-desc', ['Elderberry from a friend', 'cherry', 'banana', 'Apple']],
    ['&sortBy=due-date', ['Elderberry from a friend', 'Apple', 'banana', 'cherry']],
  ])('%s', async (query, expected) => {
    const { user } = await world();
    expect(await titles(user, query)).toEqual(expected);
  });

  it('sorts by the first assignee’s name, tasks without one last', async () => {
    const [owner, zed] = await buildFriends(t);
    const amy = await buildUser(t, { fullName: 'Amy Adams' });
    await befriend(t, owner, amy);
    await ok(t, 'PUT', '/api/account', zed.token, { general: { fullName: 'Zed Zimmer' } });
    await buildTask(t, owner, { title: 'nobody' });
    await buildTask(t, owner, { title: 'for zed', assignee: [zed.id] });
    await buildTask(t, owner, { title: 'for amy', assignee: [amy.id] });
    expect(await titles(owner, '&sortBy=assignee')).toEqual(['for amy', 'for zed', 'nobody']);
  });

  it('pages', async () => {
    const user = await buildUser(t);
    for (const n of [1, 2, 3, 4, 5]) await buildTask(t, user, { title: `task ${n}` });
    const second = await list(user, '&perPage=2&page=2');
    expect(second).toMatchObject({ count: 5, page: 2, perPage: 2 });
    expect(second.data.map((task) => task.title)).toEqual(['task 3', 'task 2']);
    expect((await list(user, '&perPage=2&page=4')).data).toEqual([]);
    expectError(
      await call(t, 'GET', `/api/todos?user=${user.id}&perPage=201`, user.token),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(t, 'GET', `/api/todos?user=${user.id}&page=0`, user.token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it("answers 403 to another user's id and 400 to a filter or sort outside the lists", async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const error = expectError(await call(t, 'GET', `/api/todos?user=${b.id}`, a.token), 403, 'FORBIDDEN');
    expect(error.message).toBe(messages['todos.userForbidden']);
    expectError(
      await call(t, 'GET', `/api/todos?user=${a.id}&filter=bogus`, a.token),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(t, 'GET', `/api/todos?user=${a.id}&sortBy=bogus`, a.token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it("answers 304 to the current ETag, and a new list after a friend's change reaches me", async () => {
    const [owner, assignee] = await buildFriends(t);
    const task = await buildTask(t, owner, { assignee: [assignee.id] });
    const first = await call(t, 'GET', `/api/todos?user=${assignee.id}`, assignee.token);
    const etag = String(first.headers.etag);
    expect(
      (
        await call(t, 'GET', `/api/todos?user=${assignee.id}`, assignee.token, undefined, {
          'if-none-match': etag,
        })
      ).statusCode,
    ).toBe(304);
    await update(owner, task._id, { title: 'Renamed by the owner' });
    const after = await call(t, 'GET', `/api/todos?user=${assignee.id}`, assignee.token, undefined, {
      'if-none-match': etag,
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<TaskList>().data[0]?.title).toBe('Renamed by the owner');
  });
});

describe('GET /api/todos/summary', () => {
  it("counts open tasks due today and before in the user's time zone", async () => {
    const user = await buildUser(t);
    await ok(t, 'PUT', '/api/account', user.token, { timeZone: 'Pacific/Kiritimati' });
    const today = todayIn('Pacific/Kiritimati');
    await buildTask(t, user, { dueDate: today });
    await buildTask(t, user, { dueDate: '2020-01-01' });
    const done = await buildTask(t, user, { dueDate: today });
    await update(user, done._id, { isCompleted: true });
    await buildTask(t, user, { dueDate: null });
    expect(await ok<TaskSummary>(t, 'GET', '/api/todos/summary', user.token)).toEqual({
      open: 3,
      dueToday: 1,
      overdue: 1,
      today,
    });
  });
});

describe('PUT /api/todos/{id}', () => {
  it('lets the owner change anything', async () => {
    const [owner, friend] = await buildFriends(t);
    const task = await buildTask(t, owner);
    const changed = await update(owner, task._id, {
      title: 'New title',
      description: 'More',
      dueDate: '2026-12-24',
      tags: ['team'],
      assignee: [friend.id],
      isImportant: true,
      repeat: { every: 2, unit: 'week' },
    });
    expect(changed).toMatchObject({
      title: 'New title',
      description: 'More',
      dueDate: '2026-12-24',
      tags: ['team'],
      assignee: [friend.id],
      isImportant: true,
      repeat: { every: 2, unit: 'week' },
    });
    expect((await update(owner, task._id, { dueDate: null, repeat: null })).dueDate).toBeNull();
  });

  it('lets an assignee complete and un-complete, and nothing else (403, nothing changed)', async () => {
    const [owner, assignee] = await buildFriends(t);
    const task = await buildTask(t, owner, { assignee: [assignee.id] });
    expect((await update(assignee, task._id, { isCompleted: true })).isCompleted).toBe(true);
    expect((await list(owner, '&filter=completed')).data.map((x) => x._id)).toEqual([task._id]);
    expect((await update(assignee, task._id, { isCompleted: false })).isCompleted).toBe(false);
    const before = await fingerprint(t.database);
    for (const body of [
      { title: 'Mine now' },
      { isCompleted: true, isImportant: true },
      { isDeleted: true },
      { assignee: [] },
    ]) {
      const error = expectError(
        await call(t, 'PUT', `/api/todos/${task._id}`, assignee.token, body),
        403,
        'FORBIDDEN',
      );
      expect(error.message).toBe(messages['todos.assigneeOnlyCompletes']);
    }
    expectError(await call(t, 'DELETE', `/api/todos/${task._id}`, assignee.token), 403, 'FORBIDDEN');
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it.each([
    ['a month end', '2026-01-31', { every: 1, unit: 'month' }, '2026-02-28'],
    ['a month end in a leap year', '2028-01-31', { every: 1, unit: 'month' }, '2028-02-29'],
    ['29 February + 1 year', '2028-02-29', { every: 1, unit: 'year' }, '2029-02-28'],
    ['two weeks', '2026-12-25', { every: 2, unit: 'week' }, '2027-01-08'],
    ['three days across a month', '2026-03-30', { every: 3, unit: 'day' }, '2026-04-02'],
  ] as const)(
    'completing a repeating task creates its next occurrence: %s',
    async (_, dueDate, repeat, next) => {
      const [owner, assignee] = await buildFriends(t);
      const task = await buildTask(t, owner, { dueDate, repeat, assignee: [assignee.id], tags: ['low'] });
      const completed = await update(assignee, task._id, { isCompleted: true });
      expect(completed).toMatchObject({ isCompleted: true, repeat: null });
      const open = (await list(owner)).data.filter((x) => !x.isCompleted);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({
        title: task.title,
        dueDate: next,
        repeat,
        tags: ['low'],
        assignee: [assignee.id],
      });
      expect(nextDueDate(dueDate, repeat)).toBe(next);
      // Un-completing and completing again does not make another.
      await update(owner, task._id, { isCompleted: false });
      await update(owner, task._id, { isCompleted: true });
      expect((await list(owner)).count).toBe(2);
    },
  );
});

describe('deleting and restoring', () => {
  it('moves a task to deleted, restores it, then deletes it for good (owner only)', async () => {
    const user = await buildUser(t);
    const task = await buildTask(t, user);
    expect((await call(t, 'DELETE', `/api/todos/${task._id}`, user.token)).statusCode).toBe(204);
    expect(await titles(user)).toEqual([]);
    expect(await titles(user, '&filter=deleted')).toEqual([task.title]);
    expect((await update(user, task._id, { isDeleted: false })).isDeleted).toBe(false);
    await call(t, 'DELETE', `/api/todos/${task._id}`, user.token);
    await call(t, 'DELETE', `/api/todos/${task._id}`, user.token);
    expect(await titles(user, '&filter=deleted')).toEqual([]);
    expectError(await call(t, 'GET', `/api/todos/${task._id}`, user.token), 404, 'NOT_FOUND');
  });
});

describe("a stranger's call on someone else's task", () => {
  it.each([
    ['GET', undefined],
    ['PUT', { isCompleted: true }],
    ['PUT', { title: 'Taken over' }],
    ['DELETE', undefined],
  ] as const)('%s answers 404 and changes nothing', async (method, body) => {
    const [owner, assignee] = await buildFriends(t);
    const stranger = await buildUser(t);
    const task = await buildTask(t, owner, { assignee: [assignee.id] });
    const before = await fingerprint(t.database);
    expectError(await call(t, method, `/api/todos/${task._id}`, stranger.token, body), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);
    expect((await list(stranger)).count).toBe(0);
  });
});
