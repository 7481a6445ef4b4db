/** Every call of the spec's Projects table through HTTP (D16–D18), sharing (D17) and bad input. */
import type {
  AuthSession,
  Board,
  BoardList,
  BoardSummary,
  ErrorBody,
  ItemTodo,
  ListItem,
} from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAccount, snapshot, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function register(): Promise<AuthSession> {
  const response = await t.app.inject({ method: 'POST', url: '/api/jwt/register', payload: newAccount() });
  return response.json<AuthSession>();
}

function call(method: Method, url: string, token?: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function ok<T>(method: Method, url: string, token: string, payload?: object, status = 200): Promise<T> {
  const response = await call(method, url, token, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

async function befriend(a: AuthSession, b: AuthSession) {
  const request = await ok<{ _id: string }>(
    'POST',
    '/api/friends/requests',
    a.accessToken,
    { userId: b.userData._id },
    201,
  );
  expect((await call('POST', `/api/friends/requests/${request._id}/accept`, b.accessToken)).statusCode).toBe(
    204,
  );
}

async function readBoard(token: string, id: string): Promise<Board> {
  return (await ok<{ data: Board }>('GET', `/api/projects?id=${id}`, token)).data;
}

/** A board with lists named by `layout` keys holding items named by its values. */
async function buildBoard(token: string, layout: Record<string, string[]>) {
  const board = await ok<Board>(
    'POST',
    '/api/projects',
    token,
    { name: 'Launch', description: 'Ship it' },
    201,
  );
  const lists: Record<string, BoardList> = {};
  const items: Record<string, ListItem> = {};
  for (const [listName, itemNames] of Object.entries(layout)) {
    const list = await ok<BoardList>(
      'POST',
      `/api/projects/${board._id}/lists`,
      token,
      { name: listName },
      201,
    );
    lists[listName] = list;
    for (const itemName of itemNames) {
      items[itemName] = await ok<ListItem>(
        'POST',
        `/api/projects/${board._id}/lists/${list._id}/items`,
        token,
        { name: itemName },
        201,
      );
    }
  }
  return { board, lists, items };
}

const names = (board: Board) =>
  Object.fromEntries(board.lists.map((list) => [list.name, list.items.map((item) => item.name)]));

describe('boards', () => {
  it('creates, lists with the count, reads, renames, archives, restores and deletes', async () => {
    const me = await register();
    const created = await ok<Board>('POST', '/api/projects', me.accessToken, { name: '  Website  ' }, 201);
    expect(created).toMatchObject({
      name: 'Website',
      description: '',
      status: 'active',
      user: me.userData._id,
      members: [],
      lists: [],
    });

    const mine = await ok<{ data: BoardSummary[]; count: number }>(
      'GET',
      `/api/projects?user=${me.userData._id}`,
      me.accessToken,
    );
    expect(mine.count).toBe(1);
    expect(mine.data[0]).toMatchObject({ _id: created._id, listCount: 0, itemCount: 0 });

    await ok('PUT', `/api/projects/${created._id}`, me.accessToken, {
      name: 'Web site',
      description: 'New one',
    });
    // The spec's client sends the whole board to archive it.
    const archived = await ok<Board>('PUT', `/api/projects/${created._id}`, me.accessToken, {
      ...created,
      status: 'inactive',
    });
    expect(archived.status).toBe('inactive');
    expect(archived.name).toBe('Website');
    const restored = await ok<Board>('PUT', `/api/projects/${created._id}`, me.accessToken, {
      status: 'active',
    });
    expect(restored.status).toBe('active');

    expect((await call('DELETE', `/api/projects/${created._id}`, me.accessToken)).statusCode).toBe(204);
    expect((await call('GET', `/api/projects?id=${created._id}`, me.accessToken)).statusCode).toBe(404);
  });

  it('answers 403 to ?user= of someone else, and 400 without user or id', async () => {
    const me = await register();
    const other = await register();
    const response = await call('GET', `/api/projects?user=${other.userData._id}`, me.accessToken);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe('You may only list your own projects.');
    expect((await call('GET', '/api/projects', me.accessToken)).statusCode).toBe(400);
  });
});

describe('lists', () => {
  it('adds purple lists at the end, renames, recolours, archives and restores them (D18)', async () => {
    const me = await register();
    const { board, lists } = await buildBoard(me.accessToken, { Todo: [], Doing: [] });
    expect(lists.Todo).toMatchObject({
      headerColor: 'purple',
      status: 'active',
      project: board._id,
      items: [],
    });
    const base = `/api/projects/${board._id}/lists/${lists.Todo!._id}`;
    await ok('PUT', base, me.accessToken, { name: 'Backlog' });
    await ok('PUT', base, me.accessToken, { headerColor: 'teal' });
    const archived = await ok<BoardList>('PUT', base, me.accessToken, { status: 'inactive' });
    expect(archived.status).toBe('inactive');
    let read = await readBoard(me.accessToken, board._id);
    expect(read.lists.map((l) => [l.name, l.status, l.headerColor])).toEqual([
      ['Backlog', 'inactive', 'teal'],
      ['Doing', 'active', 'purple'],
    ]);
    // Restore sends the full list back.
    await ok('PUT', base, me.accessToken, { ...archived, status: 'active' });
    read = await readBoard(me.accessToken, board._id);
    expect(read.lists[0]?.status).toBe('active');
  });

  it('swaps lists with two PUTs of their new index', async () => {
    const me = await register();
    const { board, lists } = await buildBoard(me.accessToken, { A: [], B: [], C: [] });
    await ok('PUT', `/api/projects/${board._id}/lists/${lists.A!._id}`, me.accessToken, { index: 2 });
    await ok('PUT', `/api/projects/${board._id}/lists/${lists.C!._id}`, me.accessToken, { index: 0 });
    expect((await readBoard(me.accessToken, board._id)).lists.map((l) => l.name)).toEqual(['C', 'B', 'A']);
  });
});

describe('items', () => {
  it('adds items with the default description, edits, swaps and deletes them', async () => {
    const me = await register();
    const { board, lists, items } = await buildBoard(me.accessToken, { Todo: ['one', 'two', 'three'] });
    expect(items.one).toMatchObject({ description: 'No description yet', todos: [] });
    const described = await ok<ListItem>(
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items`,
      me.accessToken,
      { name: 'four', description: 'Has one' },
      201,
    );
    expect(described.description).toBe('Has one');
    const itemUrl = (id: string) => `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${id}`;
    await ok('PUT', itemUrl(items.one!._id), me.accessToken, {
      ...items.one,
      name: 'ONE',
      description: 'Edited',
    });
    // Swap one and three.
    await ok('PUT', itemUrl(items.one!._id), me.accessToken, { index: 2 });
    await ok('PUT', itemUrl(items.three!._id), me.accessToken, { index: 0 });
    expect(names(await readBoard(me.accessToken, board._id))).toEqual({
      Todo: ['three', 'two', 'ONE', 'four'],
    });
    expect((await call('DELETE', itemUrl(items.two!._id), me.accessToken)).statusCode).toBe(204);
    const read = await readBoard(me.accessToken, board._id);
    expect(names(read)).toEqual({ Todo: ['three', 'ONE', 'four'] });
    expect(read.lists[0]?.items[1]?.description).toBe('Edited');
  });

  it('moves an item within a list and across lists, keeping every order whole', async () => {
    const me = await register();
    const { board, lists, items } = await buildBoard(me.accessToken, {
      A: ['a1', 'a2', 'a3'],
      B: ['b1', 'b2'],
    });
    const move = (item: string, from: string, to: string, fromIndex: number, toIndex: number) =>
      ok<Board>('PUT', `/api/projects/${board._id}/lists/items/${items[item]!._id}`, me.accessToken, {
        fromList: lists[from]!._id,
        toList: lists[to]!._id,
        fromIndex,
        toIndex,
      });
    expect(names(await move('a1', 'A', 'B', 0, 1))).toEqual({ A: ['a2', 'a3'], B: ['b1', 'a1', 'b2'] });
    expect(names(await move('a3', 'A', 'A', 1, 0))).toEqual({ A: ['a3', 'a2'], B: ['b1', 'a1', 'b2'] });
    // An index past the end puts the item last.
    expect(names(await move('b1', 'B', 'A', 0, 99))).toEqual({ A: ['a3', 'a2', 'b1'], B: ['a1', 'b2'] });
    expect(names(await readBoard(me.accessToken, board._id))).toEqual({
      A: ['a3', 'a2', 'b1'],
      B: ['a1', 'b2'],
    });
  });
});

describe('item to-dos', () => {
  it('creates, ticks, edits and deletes them, in the board read too', async () => {
    const me = await register();
    const { board, lists, items } = await buildBoard(me.accessToken, { Todo: ['task'] });
    const base = `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`;
    const todo = await ok<ItemTodo>('POST', base, me.accessToken, { text: 'Write tests', done: false }, 201);
    expect(todo).toEqual({ _id: expect.any(String), text: 'Write tests', done: false });
    expect(await ok<ItemTodo>('PUT', `${base}/${todo._id}`, me.accessToken, { done: true })).toMatchObject({
      done: true,
    });
    expect(
      await ok<ItemTodo>('PUT', `${base}/${todo._id}`, me.accessToken, { text: 'Write more tests' }),
    ).toMatchObject({ text: 'Write more tests', done: true });
    const second = await ok<ItemTodo>('POST', base, me.accessToken, { text: 'Review' }, 201);
    expect(second.done).toBe(false);
    expect(
      (await readBoard(me.accessToken, board._id)).lists[0]?.items[0]?.todos.map((x) => [x.text, x.done]),
    ).toEqual([
      ['Write more tests', true],
      ['Review', false],
    ]);
    expect((await call('DELETE', `${base}/${todo._id}`, me.accessToken)).statusCode).toBe(204);
    expect((await call('PUT', `${base}/${todo._id}`, me.accessToken, { done: false })).statusCode).toBe(404);
  });
});

describe('sharing (D17)', () => {
  it('lets members edit lists, items and to-dos, and only the owner archive, delete or change members', async () => {
    const owner = await register();
    const friend = await register();
    const stranger = await register();
    await befriend(owner, friend);
    const { board, lists, items } = await buildBoard(owner.accessToken, { Todo: ['task'] });
    // A stranger cannot be added; a friend can.
    const refused = await call('PUT', `/api/projects/${board._id}`, owner.accessToken, {
      memberIds: [stranger.userData._id],
    });
    expect(refused.statusCode).toBe(400);
    const shared = await ok<Board>('PUT', `/api/projects/${board._id}`, owner.accessToken, {
      memberIds: [friend.userData._id],
    });
    expect(shared.members.map((m) => m.username)).toEqual([friend.userData.username]);
    expect(JSON.stringify(shared.members)).not.toContain('@example.com');

    const theirs = await ok<{ data: BoardSummary[]; count: number }>(
      'GET',
      `/api/projects?user=${friend.userData._id}`,
      friend.accessToken,
    );
    expect(theirs.data.map((b) => b._id)).toEqual([board._id]);
    await ok(
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items`,
      friend.accessToken,
      { name: 'from friend' },
      201,
    );
    await ok('PUT', `/api/projects/${board._id}/lists/${lists.Todo!._id}`, friend.accessToken, {
      name: 'Shared todo',
    });
    await ok(
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`,
      friend.accessToken,
      { text: 'mine' },
      201,
    );

    const before = await snapshot(t.database);
    for (const [method, payload] of [
      ['PUT', { status: 'inactive' }],
      ['PUT', { memberIds: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/api/projects/${board._id}`, friend.accessToken, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('OWNER_ONLY');
    }
    expect(await snapshot(t.database)).toEqual(before);
    expect(names(await readBoard(owner.accessToken, board._id))).toEqual({
      'Shared todo': ['task', 'from friend'],
    });
  });

  it("adds a group's members as members", async () => {
    const owner = await register();
    const [a, b] = [await register(), await register()];
    await befriend(owner, a);
    await befriend(owner, b);
    const group = await ok<{ _id: string }>(
      'POST',
      '/api/groups',
      owner.accessToken,
      { name: 'Crew', memberIds: [a.userData._id, b.userData._id] },
      201,
    );
    const board = await ok<Board>(
      'POST',
      '/api/projects',
      owner.accessToken,
      { name: 'Crew board', group: group._id },
      201,
    );
    expect(board.members.map((m) => m._id).sort()).toEqual([a.userData._id, b.userData._id].sort());
  });
});

describe('authorization on every path', () => {
  it('answers 401 without a token and 404 to a non-member, changing nothing', async () => {
    const owner = await register();
    const stranger = await register();
    const { board, lists, items } = await buildBoard(owner.accessToken, { Todo: ['task'], Done: [] });
    const todo = await ok<ItemTodo>(
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`,
      owner.accessToken,
      { text: 'x' },
      201,
    );
    const b = `/api/projects/${board._id}`;
    const l = `${b}/lists/${lists.Todo!._id}`;
    const i = `${l}/items/${items.task!._id}`;
    const calls: Array<[Method, string, object | undefined]> = [
      ['GET', `/api/projects?id=${board._id}`, undefined],
      ['PUT', b, { name: 'x' }],
      ['DELETE', b, undefined],
      ['POST', `${b}/lists`, { name: 'x' }],
      ['PUT', l, { name: 'x' }],
      ['POST', `${l}/items`, { name: 'x' }],
      ['PUT', i, { name: 'x' }],
      ['DELETE', i, undefined],
      [
        'PUT',
        `${b}/lists/items/${items.task!._id}`,
        { fromList: lists.Todo!._id, toList: lists.Done!._id, fromIndex: 0, toIndex: 0 },
      ],
      ['POST', `${i}/todo`, { text: 'x' }],
      ['PUT', `${i}/todo/${todo._id}`, { done: true }],
      ['DELETE', `${i}/todo/${todo._id}`, undefined],
    ];
    const before = await snapshot(t.database);
    for (const [method, url, payload] of calls) {
      expect(
        (await call(method, url, undefined, payload)).statusCode,
        `${method} ${url} without a token`,
      ).toBe(401);
      const foreign = await call(method, url, stranger.accessToken, payload);
      expect(foreign.statusCode, `${method} ${url} by a stranger`).toBe(404);
      expect(foreign.json<ErrorBody>().code).toBe('NOT_FOUND');
    }
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call('GET', `/api/projects?user=${owner.userData._id}`)).statusCode).toBe(401);
    expect((await call('POST', '/api/projects', undefined, { name: 'x' })).statusCode).toBe(401);
  });

  it('answers 404 for a list or item of another board, even to a member of both', async () => {
    const me = await register();
    const first = await buildBoard(me.accessToken, { A: ['a'] });
    const second = await buildBoard(me.accessToken, { B: ['b'] });
    const crossed = `/api/projects/${first.board._id}/lists/${second.lists.B!._id}/items/${second.items.b!._id}`;
    expect((await call('PUT', crossed, me.accessToken, { name: 'x' })).statusCode).toBe(404);
    const move = await call(
      'PUT',
      `/api/projects/${first.board._id}/lists/items/${first.items.a!._id}`,
      me.accessToken,
      {
        fromList: first.lists.A!._id,
        toList: second.lists.B!._id,
        fromIndex: 0,
        toIndex: 0,
      },
    );
    expect(move.statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['POST', '/api/projects', { name: '' }, 'name'],
    ['POST', '/api/projects', { name: 'x', colour: 'red' }, 'colour'],
    ['POST', '/api/projects', { name: 'x'.repeat(101) }, 'name'],
    ['PUT', 'BOARD', { status: 'deleted' }, 'status'],
    ['POST', 'BOARD/lists', {}, 'name'],
    ['PUT', 'LIST', { headerColor: 'chartreuse' }, 'headerColor'],
    ['PUT', 'LIST', { index: -1 }, 'index'],
    ['PUT', 'LIST', { index: 1.5 }, 'index'],
    ['POST', 'LIST/items', { name: 42 }, 'name'],
    ['PUT', 'ITEM', { index: 'first' }, 'index'],
    ['PUT', 'MOVE', { fromList: '1', toList: 'x', fromIndex: 0, toIndex: 0 }, 'toList'],
    ['PUT', 'MOVE', { toList: '1', fromIndex: 0, toIndex: 0 }, 'fromList'],
    ['POST', 'ITEM/todo', { text: '   ' }, 'text'],
    ['POST', 'ITEM/todo', { text: 'x', done: 'yes' }, 'done'],
  ] as const)('%s %s %j → 400 on %s, nothing changed', async (method, path, payload, field) => {
    const me = await register();
    const { board, lists, items } = await buildBoard(me.accessToken, { Todo: ['task'] });
    const url = path
      .replace('BOARD', `/api/projects/${board._id}`)
      .replace('LIST', `/api/projects/${board._id}/lists/${lists.Todo!._id}`)
      .replace('ITEM', `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}`)
      .replace('MOVE', `/api/projects/${board._id}/lists/items/${items.task!._id}`);
    const before = await snapshot(t.database);
    const response = await call(method, url, me.accessToken, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {})).toContain(field);
    expect(await snapshot(t.database)).toEqual(before);
  });
});
