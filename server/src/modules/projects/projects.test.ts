/** Every call of the spec's Projects table through HTTP (D16–D18), sharing (D17) and bad input. */
import type { Board, BoardList, ErrorBody, ItemTodo, ListItem, MoveItemResult } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  boardsOf,
  buildBoard,
  buildGroup,
  buildUser,
  call,
  type Method,
  ok,
  readBoard,
} from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

const names = (board: Board) =>
  Object.fromEntries(board.lists.map((list) => [list.name, list.items.map((item) => item.name)]));

describe('boards', () => {
  it('creates, lists with the count, reads, renames, archives, restores and deletes', async () => {
    const me = await buildUser(t);
    const created = await ok<Board>(t, 'POST', '/api/projects', me.token, { name: '  Website  ' }, 201);
    expect(created).toMatchObject({
      name: 'Website',
      description: '',
      status: 'active',
      user: me.id,
      members: [],
      lists: [],
    });

    const mine = await boardsOf(t, me.token, me.id);
    expect(mine.count).toBe(1);
    expect(mine.data[0]).toMatchObject({ _id: created._id, listCount: 0, itemCount: 0 });

    await ok(t, 'PUT', `/api/projects/${created._id}`, me.token, {
      name: 'Web site',
      description: 'New one',
    });
    // The spec's client sends the whole board to archive it.
    const archived = await ok<Board>(t, 'PUT', `/api/projects/${created._id}`, me.token, {
      ...created,
      status: 'inactive',
    });
    expect(archived.status).toBe('inactive');
    expect(archived.name).toBe('Website');
    const restored = await ok<Board>(t, 'PUT', `/api/projects/${created._id}`, me.token, {
      status: 'active',
    });
    expect(restored.status).toBe('active');

    expect((await call(t, 'DELETE', `/api/projects/${created._id}`, me.token)).statusCode).toBe(204);
    expect((await call(t, 'GET', `/api/projects?id=${created._id}`, me.token)).statusCode).toBe(404);
  });

  it('answers 403 to ?user= of someone else, and 400 without user or id', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const response = await call(t, 'GET', `/api/projects?user=${other.id}`, me.token);
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().message).toBe('You may only list your own projects.');
    expect((await call(t, 'GET', '/api/projects', me.token)).statusCode).toBe(400);
  });
});

describe('lists', () => {
  it('adds purple lists at the end, renames, recolours, archives and restores them (D18)', async () => {
    const me = await buildUser(t);
    const { board, lists } = await buildBoard(t, me, { layout: { Todo: [], Doing: [] } });
    expect(lists.Todo).toMatchObject({
      headerColor: 'purple',
      status: 'active',
      project: board._id,
      items: [],
    });
    const base = `/api/projects/${board._id}/lists/${lists.Todo!._id}`;
    await ok(t, 'PUT', base, me.token, { name: 'Backlog' });
    await ok(t, 'PUT', base, me.token, { headerColor: 'teal' });
    const archived = await ok<BoardList>(t, 'PUT', base, me.token, { status: 'inactive' });
    expect(archived.status).toBe('inactive');
    let read = await readBoard(t, me.token, board._id);
    expect(read.lists.map((l) => [l.name, l.status, l.headerColor])).toEqual([
      ['Backlog', 'inactive', 'teal'],
      ['Doing', 'active', 'purple'],
    ]);
    // Restore sends the full list back.
    await ok(t, 'PUT', base, me.token, { ...archived, status: 'active' });
    read = await readBoard(t, me.token, board._id);
    expect(read.lists[0]?.status).toBe('active');
  });

  it('swaps lists with two PUTs of their new index', async () => {
    const me = await buildUser(t);
    const { board, lists } = await buildBoard(t, me, { layout: { A: [], B: [], C: [] } });
    await ok(t, 'PUT', `/api/projects/${board._id}/lists/${lists.A!._id}`, me.token, { index: 2 });
    await ok(t, 'PUT', `/api/projects/${board._id}/lists/${lists.C!._id}`, me.token, { index: 0 });
    expect((await readBoard(t, me.token, board._id)).lists.map((l) => l.name)).toEqual(['C', 'B', 'A']);
  });
});

describe('items', () => {
  it('adds items with the default description, edits, swaps and deletes them', async () => {
    const me = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, me, { layout: { Todo: ['one', 'two', 'three'] } });
    expect(items.one).toMatchObject({ description: 'No description yet', todos: [] });
    const described = await ok<ListItem>(
      t,
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items`,
      me.token,
      { name: 'four', description: 'Has one' },
      201,
    );
    expect(described.description).toBe('Has one');
    const itemUrl = (id: string) => `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${id}`;
    await ok(t, 'PUT', itemUrl(items.one!._id), me.token, {
      ...items.one,
      name: 'ONE',
      description: 'Edited',
    });
    // Swap one and three.
    await ok(t, 'PUT', itemUrl(items.one!._id), me.token, { index: 2 });
    await ok(t, 'PUT', itemUrl(items.three!._id), me.token, { index: 0 });
    expect(names(await readBoard(t, me.token, board._id))).toEqual({
      Todo: ['three', 'two', 'ONE', 'four'],
    });
    expect((await call(t, 'DELETE', itemUrl(items.two!._id), me.token)).statusCode).toBe(204);
    const read = await readBoard(t, me.token, board._id);
    expect(names(read)).toEqual({ Todo: ['three', 'ONE', 'four'] });
    expect(read.lists[0]?.items[1]?.description).toBe('Edited');
  });

  it('moves an item within a list and across lists, keeping every order whole', async () => {
    const me = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, me, {
      layout: {
        A: ['a1', 'a2', 'a3'],
        B: ['b1', 'b2'],
      },
    });
    const nameOf = new Map(Object.entries(items).map(([key, item]) => [item._id, key]));
    const listName = new Map(Object.entries(lists).map(([key, list]) => [list._id, key]));
    let version = (await readBoard(t, me.token, board._id)).version;
    /** The move's answer: the order of the lists it touched, by name, and the next version. */
    const move = async (item: string, from: string, to: string, fromIndex: number, toIndex: number) => {
      const answer = await ok<MoveItemResult>(
        t,
        'PUT',
        `/api/projects/${board._id}/lists/items/${items[item]!._id}`,
        me.token,
        { fromList: lists[from]!._id, toList: lists[to]!._id, fromIndex, toIndex },
      );
      expect(answer._id).toBe(board._id);
      expect(answer.version).toBe(version + 1);
      version = answer.version;
      return Object.fromEntries(
        answer.lists.map((list): [string, string[]] => [
          listName.get(list._id) ?? '',
          list.items.map((id) => nameOf.get(id) ?? ''),
        ]),
      );
    };
    expect(await move('a1', 'A', 'B', 0, 1)).toEqual({ A: ['a2', 'a3'], B: ['b1', 'a1', 'b2'] });
    expect(await move('a3', 'A', 'A', 1, 0)).toEqual({ A: ['a3', 'a2'] });
    // An index past the end puts the item last.
    expect(await move('b1', 'B', 'A', 0, 99)).toEqual({ B: ['a1', 'b2'], A: ['a3', 'a2', 'b1'] });
    // Into the same gap again and again: each move halves it, so the list is renumbered now and
    // then (positions.ts), never losing the order.
    for (let n = 0; n < 30; n += 1) await move(n % 2 === 0 ? 'b1' : 'a2', 'A', 'A', 2, 1);
    expect(names(await readBoard(t, me.token, board._id))).toEqual({
      A: ['a3', 'a2', 'b1'],
      B: ['a1', 'b2'],
    });
    const positions = await t.database.db
      .selectFrom('board_items')
      .select('position')
      .where('list_id', '=', Number(lists.A!._id))
      .orderBy('position')
      .execute();
    expect(new Set(positions.map((row) => row.position)).size).toBe(3);
  });
});

describe('item to-dos', () => {
  it('creates, ticks, edits and deletes them, in the board read too', async () => {
    const me = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, me, { layout: { Todo: ['task'] } });
    const base = `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`;
    const todo = await ok<ItemTodo>(t, 'POST', base, me.token, { text: 'Write tests', done: false }, 201);
    expect(todo).toEqual({ _id: expect.any(String), text: 'Write tests', done: false });
    expect(await ok<ItemTodo>(t, 'PUT', `${base}/${todo._id}`, me.token, { done: true })).toMatchObject({
      done: true,
    });
    expect(
      await ok<ItemTodo>(t, 'PUT', `${base}/${todo._id}`, me.token, { text: 'Write more tests' }),
    ).toMatchObject({ text: 'Write more tests', done: true });
    const second = await ok<ItemTodo>(t, 'POST', base, me.token, { text: 'Review' }, 201);
    expect(second.done).toBe(false);
    expect(
      (await readBoard(t, me.token, board._id)).lists[0]?.items[0]?.todos.map((x) => [x.text, x.done]),
    ).toEqual([
      ['Write more tests', true],
      ['Review', false],
    ]);
    expect((await call(t, 'DELETE', `${base}/${todo._id}`, me.token)).statusCode).toBe(204);
    expect((await call(t, 'PUT', `${base}/${todo._id}`, me.token, { done: false })).statusCode).toBe(404);
  });
});

describe('sharing (D17)', () => {
  it('lets members edit lists, items and to-dos, and only the owner archive, delete or change members', async () => {
    const owner = await buildUser(t);
    const friend = await buildUser(t);
    const stranger = await buildUser(t);
    await befriend(t, owner, friend);
    const { board, lists, items } = await buildBoard(t, owner, { layout: { Todo: ['task'] } });
    // A stranger cannot be added; a friend can.
    const refused = await call(t, 'PUT', `/api/projects/${board._id}`, owner.token, {
      memberIds: [stranger.id],
    });
    expect(refused.statusCode).toBe(400);
    const shared = await ok<Board>(t, 'PUT', `/api/projects/${board._id}`, owner.token, {
      memberIds: [friend.id],
    });
    expect(shared.members.map((m) => m.username)).toEqual([friend.username]);
    expect(JSON.stringify(shared.members)).not.toContain('@example.com');

    const theirs = await boardsOf(t, friend.token, friend.id);
    expect(theirs.data.map((b) => b._id)).toEqual([board._id]);
    await ok(
      t,
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items`,
      friend.token,
      { name: 'from friend' },
      201,
    );
    await ok(t, 'PUT', `/api/projects/${board._id}/lists/${lists.Todo!._id}`, friend.token, {
      name: 'Shared todo',
    });
    await ok(
      t,
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`,
      friend.token,
      { text: 'mine' },
      201,
    );

    const before = await snapshot(t.database);
    for (const [method, payload] of [
      ['PUT', { status: 'inactive' }],
      ['PUT', { memberIds: [] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(t, method, `/api/projects/${board._id}`, friend.token, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('OWNER_ONLY');
    }
    expect(await snapshot(t.database)).toEqual(before);
    expect(names(await readBoard(t, owner.token, board._id))).toEqual({
      'Shared todo': ['task', 'from friend'],
    });
  });

  it("adds a group's members as members", async () => {
    const owner = await buildUser(t);
    const [a, b] = [await buildUser(t), await buildUser(t)];
    await befriend(t, owner, a);
    await befriend(t, owner, b);
    const group = await buildGroup(t, owner, { name: 'Crew', members: [a, b] });
    const board = await ok<Board>(
      t,
      'POST',
      '/api/projects',
      owner.token,
      { name: 'Crew board', group: group._id },
      201,
    );
    expect(board.members.map((m) => m._id).sort()).toEqual([a.id, b.id].sort());
  });
});

describe('authorization on every path', () => {
  it('answers 401 without a token and 404 to a non-member, changing nothing', async () => {
    const owner = await buildUser(t);
    const stranger = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, owner, { layout: { Todo: ['task'], Done: [] } });
    const todo = await ok<ItemTodo>(
      t,
      'POST',
      `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}/todo`,
      owner.token,
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
        (await call(t, method, url, undefined, payload)).statusCode,
        `${method} ${url} without a token`,
      ).toBe(401);
      const foreign = await call(t, method, url, stranger.token, payload);
      expect(foreign.statusCode, `${method} ${url} by a stranger`).toBe(404);
      expect(foreign.json<ErrorBody>().code).toBe('NOT_FOUND');
    }
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call(t, 'GET', `/api/projects?user=${owner.id}`)).statusCode).toBe(401);
    expect((await call(t, 'POST', '/api/projects', undefined, { name: 'x' })).statusCode).toBe(401);
  });

  it('answers 404 for a list or item of another board, even to a member of both', async () => {
    const me = await buildUser(t);
    const first = await buildBoard(t, me, { layout: { A: ['a'] } });
    const second = await buildBoard(t, me, { layout: { B: ['b'] } });
    const crossed = `/api/projects/${first.board._id}/lists/${second.lists.B!._id}/items/${second.items.b!._id}`;
    expect((await call(t, 'PUT', crossed, me.token, { name: 'x' })).statusCode).toBe(404);
    const move = await call(
      t,
      'PUT',
      `/api/projects/${first.board._id}/lists/items/${first.items.a!._id}`,
      me.token,
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
    const me = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, me, { layout: { Todo: ['task'] } });
    const url = path
      .replace('BOARD', `/api/projects/${board._id}`)
      .replace('LIST', `/api/projects/${board._id}/lists/${lists.Todo!._id}`)
      .replace('ITEM', `/api/projects/${board._id}/lists/${lists.Todo!._id}/items/${items.task!._id}`)
      .replace('MOVE', `/api/projects/${board._id}/lists/items/${items.task!._id}`);
    const before = await snapshot(t.database);
    const response = await call(t, method, url, me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {})).toContain(field);
    expect(await snapshot(t.database)).toEqual(before);
  });
});
