/**
 * A board as a file, through HTTP: a real Trello export (the fixture, written in Trello's own
 * shape) becomes a board of the importer's; our own export of it imports again to the same board;
 * anything else is 400 and makes nothing; a stranger cannot export another's board.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Board, BoardExport, ItemComment } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildBoard, buildComment, buildUser, call, expectError, ok, readBoard } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const trello = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../../fixtures/trello-board.json'), 'utf8'),
) as Record<string, unknown>;

/** What a person sees of a board: lists with their state, cards with theirs. */
const shape = (board: Board) =>
  board.lists.map((list) => ({
    list: list.name,
    status: list.status,
    cards: list.items.map((item) => ({
      name: item.name,
      description: item.description,
      dueAt: item.dueAt,
      dueComplete: item.dueComplete,
      archived: item.archived,
      tags: item.tags,
      todos: item.todos.map((todo) => [todo.text, todo.done]),
      comments: item.commentCount,
    })),
  }));

async function counts() {
  const db = t.database.db;
  const n = async (table: 'boards' | 'board_lists' | 'board_items' | 'tags' | 'item_comments') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    boards: await n('boards'),
    lists: await n('board_lists'),
    items: await n('board_items'),
    tags: await n('tags'),
    comments: await n('item_comments'),
  };
}

describe('importing a Trello export', () => {
  it('makes a board with its lists, cards, descriptions, checklists, labels as tags, due dates and archived state', async () => {
    const me = await buildUser(t);
    // One of the labels already exists as my tag: it is reused, keeping my colour.
    await ok(t, 'POST', '/api/tags', me.token, { name: 'bug', color: '#000000' }, 201);
    const board = await ok<Board>(t, 'POST', '/api/projects/import', me.token, trello, 201);
    expect(board).toMatchObject({ name: 'Website launch', user: me.id, status: 'active' });
    expect(board.lists.map((list) => [list.name, list.status])).toEqual([
      ['Ideas (old)', 'inactive'],
      ['Backlog', 'active'],
      ['In progress', 'active'],
      ['Done', 'active'],
    ]);
    const cards = new Map(
      board.lists.flatMap((list) => list.items.map((item) => [item.name, { ...item, list: list.name }])),
    );
    expect(board.lists.find((list) => list.name === 'Backlog')!.items.map((item) => item.name)).toEqual([
      'Fix broken links on pricing page',
      'Write launch blog post',
      'Set up analytics',
    ]);
    expect(cards.get('Fix broken links on pricing page')).toMatchObject({
      dueAt: '2024-03-01T12:00:00.000Z',
      dueComplete: false,
      archived: false,
      tags: [
        { name: 'bug', color: '#000000' },
        { name: 'high', color: '#ea5455' },
      ],
    });
    expect(cards.get('Migrate blog content')).toMatchObject({
      dueAt: '2030-06-15T09:00:00.000Z',
      dueComplete: true,
    });
    expect(cards.get('Old hero concepts')).toMatchObject({ archived: true, list: 'In progress' });
    expect(cards.get('Write launch blog post')!.description).not.toBe('');
    expect(cards.get('Write launch blog post')!.tags.map((tag) => tag.name)).toEqual(['Content', 'green']);
    expect(cards.get('Set up analytics')!.todos).toHaveLength(3);
    const hero = cards.get('Design homepage hero')!;
    expect(hero.todos).toHaveLength(5);
    expect(hero.todos.some((todo) => todo.done)).toBe(true);
    expect(hero.commentCount).toBe(2);
    // Trello's comments, oldest first at the bottom of a newest-first list, each with its author.
    const comments = await ok<{ data: ItemComment[] }>(
      t,
      'GET',
      `/api/projects/${board._id}/items/${hero._id}/comments`,
      me.token,
    );
    expect(
      comments.data.every((comment) => comment.author._id === me.id && /^.+: .+/.test(comment.text)),
    ).toBe(true);
    const lines = await ok<{ data: { kind: string; detail: { name?: string } }[] }>(
      t,
      'GET',
      `/api/projects/${board._id}/items/${hero._id}/activity`,
      me.token,
    );
    expect(lines.data).toEqual([expect.objectContaining({ kind: 'imported', detail: { name: 'Trello' } })]);
    // The labels became my tags (the existing "bug" kept), usable like any other.
    const tags = await ok<{ data: { name: string; color: string }[] }>(t, 'GET', '/api/tags', me.token);
    expect(tags.data.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Design', 'Content', 'green', 'QA', 'bug']),
    );
    expect(tags.data.filter((tag) => tag.name.toLowerCase() === 'bug')).toHaveLength(1);
    // The new board is an ordinary one: moves, and the read agrees.
    expect(shape(await readBoard(t, me.token, board._id))).toEqual(shape(board));
  });

  it('refuses a file that is not a Trello or Cadence export, and makes nothing', async () => {
    const me = await buildUser(t);
    const before = await counts();
    const planka = { _id: 'abc', title: 'Planka board', lists: [], cards: [] };
    const { cards: _cards, ...noCards } = trello;
    for (const body of [planka, noCards, [], { ...trello, id: 'not-a-trello-id' }, {}]) {
      const refused = await call(t, 'POST', '/api/projects/import', me.token, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('IMPORT_FORMAT');
    }
    // Trello-shaped but damaged, or our own format but broken: refused as damaged.
    const damaged = { ...trello, cards: [{ ...(trello.cards as object[])[0], name: 42 }] };
    expectError(await call(t, 'POST', '/api/projects/import', me.token, damaged), 400, 'IMPORT_FORMAT');
    const broken = { format: 'cadence.board', version: 1, exportedAt: 'yesterday', board: {} };
    expectError(await call(t, 'POST', '/api/projects/import', me.token, broken), 400, 'IMPORT_INVALID');
    const tooMany = {
      format: 'cadence.board',
      version: 1,
      exportedAt: '2026-11-24T10:00:00Z',
      board: {
        name: 'Huge',
        description: '',
        tags: [],
        lists: Array.from({ length: 501 }, () => ({ name: 'L', status: 'active', items: [] })),
      },
    };
    expectError(await call(t, 'POST', '/api/projects/import', me.token, tooMany), 400, 'IMPORT_INVALID');
    expect(await counts()).toEqual(before);
    expect((await call(t, 'POST', '/api/projects/import', undefined, trello)).statusCode).toBe(401);
  });
});

describe('our own export', () => {
  it('downloads any board one can read and imports again to the same board', async () => {
    const owner = await buildUser(t);
    const imported = await ok<Board>(t, 'POST', '/api/projects/import', owner.token, trello, 201);
    const response = await call(t, 'GET', `/api/projects/${imported._id}/export`, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="website-launch.json"');
    const file = response.json<BoardExport>();
    expect(file).toMatchObject({ format: 'cadence.board', version: 1 });
    expect(JSON.stringify(file)).not.toContain('"_id"');

    // Another user imports the file: the same board, as theirs, with their own tags made for it.
    const other = await buildUser(t);
    const again = await ok<Board>(t, 'POST', '/api/projects/import', other.token, file, 201);
    expect(again.user).toBe(other.id);
    expect(shape(again)).toEqual(shape(imported));

    // A stranger cannot export the board.
    expectError(await call(t, 'GET', `/api/projects/${imported._id}/export`, other.token), 404, 'NOT_FOUND');
  });

  it('carries a board made by hand: tags, due dates and comments', async () => {
    const me = await buildUser(t);
    const { board, lists, items } = await buildBoard(t, me, {
      name: 'Hand made',
      layout: { Now: ['One', 'Two'] },
    });
    await ok(t, 'POST', '/api/tags', me.token, { name: 'Client', color: '#123456' }, 201);
    await ok(
      t,
      'PUT',
      `/api/projects/${board._id}/lists/${lists.Now!._id}/items/${items.One!._id}`,
      me.token,
      {
        tags: ['Client', 'low'],
        dueAt: '2026-12-24T18:00:00+01:00',
      },
    );
    await buildComment(t, me, board._id, items.Two!._id, 'Hello');
    const file = await ok<BoardExport>(t, 'GET', `/api/projects/${board._id}/export`, me.token);
    expect(file.board.tags).toEqual([{ name: 'Client', color: '#123456' }]);
    expect(file.board.lists[0]!.items[0]).toMatchObject({
      tags: ['Client', 'low'],
      dueAt: '2026-12-24T17:00:00.000Z',
    });
    expect(file.board.lists[0]!.items[1]!.comments).toEqual([
      { author: expect.any(String), text: 'Hello', createdAt: expect.any(String) },
    ]);
    const again = await ok<Board>(t, 'POST', '/api/projects/import', me.token, file, 201);
    expect(shape(again)).toEqual(shape(await readBoard(t, me.token, board._id)));
  });
});
