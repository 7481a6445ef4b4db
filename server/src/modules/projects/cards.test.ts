/**
 * What a Trello user expects of a card, through HTTP: tags (D14), a due date, members chosen from
 * the board's people, comments (only their author changes them) and the history of each change;
 * and the board's filter. Access (a stranger gets 404) and bad input (400, nothing changed).
 */
import type { Board, ErrorBody, ItemActivity, ItemComment, ListItem } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildBoard,
  buildComment,
  buildUser,
  call,
  expectError,
  ok,
  readBoard,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();

async function world() {
  const owner = await buildUser(t);
  const member = await buildUser(t);
  const stranger = await buildUser(t);
  await befriend(t, owner, member);
  const built = await buildBoard(t, owner, {
    members: [member],
    layout: { 'To do': ['Write copy', 'Design logo', 'Fix login'], Done: ['Set up repo'] },
  });
  const { board, lists, items } = built;
  const itemUrl = (name: string, list = 'To do') =>
    `/api/projects/${board._id}/lists/${lists[list]!._id}/items/${items[name]!._id}`;
  const cardUrl = (name: string) => `/api/projects/${board._id}/items/${items[name]!._id}`;
  const card = async (user: TestUser, name: string) =>
    (await readBoard(t, user.token, board._id)).lists
      .flatMap((list) => list.items)
      .find((item) => item._id === items[name]!._id)!;
  return { owner, member, stranger, board, lists, items, itemUrl, cardUrl, card };
}

const activityOf = async (url: string, user: TestUser) =>
  (await ok<{ data: ItemActivity[] }>(t, 'GET', `${url}/activity`, user.token)).data;

describe('card fields', () => {
  it('tags a card with built-ins, its own tags and tags already on the board, with colours', async () => {
    const w = await world();
    await ok(t, 'POST', '/api/tags', w.owner.token, { name: 'Client X', color: '#123abc' }, 201);
    const tagged = await ok<ListItem>(t, 'PUT', w.itemUrl('Write copy'), w.owner.token, {
      tags: ['high', 'client x', 'HIGH'],
    });
    expect(tagged.tags).toEqual([
      { name: 'high', color: '#ea5455' },
      { name: 'Client X', color: '#123abc' },
    ]);
    // The member has no such tag of their own, but it is on the board already; the card's own
    // objects are accepted back as they came.
    const byMember = await ok<ListItem>(t, 'PUT', w.itemUrl('Design logo'), w.member.token, {
      tags: [{ name: 'Client X', color: '#123abc' }, 'team'],
    });
    expect(byMember.tags.map((tag) => tag.name)).toEqual(['Client X', 'team']);
    // One that is neither a built-in, on the board nor theirs: 400, and the card keeps its tags.
    for (const name of ['Secret', 'constructor', 'toString']) {
      const refused = await call(t, 'PUT', w.itemUrl('Design logo'), w.member.token, { tags: [name] });
      expect(expectError(refused, 400, 'VALIDATION_ERROR').fields, name).toHaveProperty('tags');
    }
    expect((await w.card(w.member, 'Design logo')).tags.map((tag) => tag.name)).toEqual(['Client X', 'team']);
    // Renaming the tag renames it on the cards; deleting it takes it off.
    const tags = await ok<{ data: { _id: string; name: string }[] }>(t, 'GET', '/api/tags', w.owner.token);
    const clientX = tags.data.find((tag) => tag.name === 'Client X')!;
    await ok(t, 'PUT', `/api/tags/${clientX._id}`, w.owner.token, { name: 'Client Y' });
    expect((await w.card(w.owner, 'Write copy')).tags.map((tag) => tag.name)).toEqual(['high', 'Client Y']);
    await ok(t, 'DELETE', `/api/tags/${clientX._id}`, w.owner.token, undefined, 204);
    expect((await w.card(w.owner, 'Write copy')).tags.map((tag) => tag.name)).toEqual(['high']);
    const lines = await activityOf(w.cardUrl('Write copy'), w.owner);
    expect(lines.filter((line) => line.kind === 'tag-added').map((line) => line.detail.name)).toEqual([
      'Client X',
      'high',
    ]);
  });

  it('sets a due date in UTC, marks it done, removes it, and logs each', async () => {
    const w = await world();
    const due = await ok<ListItem>(t, 'PUT', w.itemUrl('Fix login'), w.member.token, {
      dueAt: '2026-03-29T02:30:00+02:00',
    });
    expect(due).toMatchObject({ dueAt: '2026-03-29T00:30:00.000Z', dueComplete: false });
    expect(
      (await ok<ListItem>(t, 'PUT', w.itemUrl('Fix login'), w.member.token, { dueComplete: true }))
        .dueComplete,
    ).toBe(true);
    expect(
      (await ok<ListItem>(t, 'PUT', w.itemUrl('Fix login'), w.member.token, { dueAt: null })).dueAt,
    ).toBeNull();
    for (const dueAt of ['tomorrow', '2026-13-01T00:00:00Z', '2026-03-29', 12, '2026-03-29T10:00:00']) {
      const refused = await call(t, 'PUT', w.itemUrl('Fix login'), w.member.token, { dueAt });
      expect(expectError(refused, 400, 'VALIDATION_ERROR').fields, String(dueAt)).toHaveProperty('dueAt');
    }
    const lines = await activityOf(w.cardUrl('Fix login'), w.owner);
    expect(lines.map((line) => [line.kind, line.actor.username])).toEqual([
      ['due-removed', w.member.username],
      ['due-set', w.member.username],
      ['created', w.owner.username],
    ]);
    expect(lines[1]!.detail.at).toBe('2026-03-29T00:30:00.000Z');
  });

  it('chooses card members among the board’s owner and members only', async () => {
    const w = await world();
    const withPeople = await ok<ListItem>(t, 'PUT', w.itemUrl('Write copy'), w.member.token, {
      members: [w.owner.id, w.member.id, w.owner.id],
    });
    expect(withPeople.members.sort()).toEqual([w.owner.id, w.member.id].sort());
    const refused = await call(t, 'PUT', w.itemUrl('Write copy'), w.owner.token, {
      members: [w.stranger.id],
    });
    expect(expectError(refused, 400, 'VALIDATION_ERROR').fields).toHaveProperty('members');
    expect((await w.card(w.owner, 'Write copy')).members.sort()).toEqual([w.owner.id, w.member.id].sort());
    // The board reads its owner as others see them, to choose from.
    const board = await readBoard(t, w.member.token, w.board._id);
    expect(board.owner).toMatchObject({ _id: w.owner.id, username: w.owner.username });
    expect(JSON.stringify(board.owner)).not.toContain('@');
    // Taken off the board, a member leaves its cards.
    await ok(t, 'PUT', `/api/projects/${w.board._id}`, w.owner.token, { memberIds: [] });
    expect((await w.card(w.owner, 'Write copy')).members).toEqual([w.owner.id]);
    const lines = await activityOf(w.cardUrl('Write copy'), w.owner);
    expect(
      lines
        .filter((line) => line.kind === 'member-added')
        .map((line) => line.detail.name)
        .sort(),
    ).toEqual([w.owner.fullName, w.member.fullName].sort());
  });

  it('archives and restores a card, which stays in its list', async () => {
    const w = await world();
    const archived = await ok<ListItem>(t, 'PUT', w.itemUrl('Design logo'), w.member.token, {
      archived: true,
    });
    expect(archived.archived).toBe(true);
    const board = await readBoard(t, w.owner.token, w.board._id);
    expect(board.lists[0]!.items.map((item) => [item.name, item.archived])).toEqual([
      ['Write copy', false],
      ['Design logo', true],
      ['Fix login', false],
    ]);
    await ok(t, 'PUT', w.itemUrl('Design logo'), w.member.token, { archived: false });
    const kinds = (await activityOf(w.cardUrl('Design logo'), w.owner)).map((line) => line.kind);
    expect(kinds).toEqual(['restored', 'archived', 'created']);
  });

  it('logs a rename and a move across lists, but not a reorder within a list', async () => {
    const w = await world();
    await ok(t, 'PUT', w.itemUrl('Write copy'), w.owner.token, { name: 'Write the copy' });
    await ok(t, 'PUT', w.itemUrl('Write copy'), w.owner.token, { index: 2 });
    await ok(
      t,
      'PUT',
      `/api/projects/${w.board._id}/lists/items/${w.items['Write copy']!._id}`,
      w.member.token,
      {
        fromList: w.lists['To do']!._id,
        toList: w.lists.Done!._id,
        fromIndex: 2,
        toIndex: 0,
      },
    );
    const lines = await activityOf(w.cardUrl('Write copy'), w.owner);
    expect(lines.map((line) => [line.kind, line.detail, line.actor._id])).toEqual([
      ['moved', { from: 'To do', to: 'Done' }, w.member.id],
      ['renamed', { from: 'Write copy', to: 'Write the copy' }, w.owner.id],
      ['created', { to: 'To do' }, w.owner.id],
    ]);
  });
});

describe('comments', () => {
  it('lets any board member comment; only the author edits or deletes; the card counts them', async () => {
    const w = await world();
    const url = `${w.cardUrl('Fix login')}/comments`;
    const fixLogin = w.items['Fix login']!._id;
    const first = await buildComment(t, w.owner, w.board._id, fixLogin, '  Repro on Safari?  ');
    expect(first).toMatchObject({ text: 'Repro on Safari?', edited: false, author: { _id: w.owner.id } });
    const second = await buildComment(t, w.member, w.board._id, fixLogin, 'Yes, 17.2');
    const list = await ok<{ data: ItemComment[]; count: number }>(t, 'GET', url, w.member.token);
    expect(list.data.map((comment) => comment.text)).toEqual(['Yes, 17.2', 'Repro on Safari?']);
    expect(list.count).toBe(2);
    expect((await w.card(w.owner, 'Fix login')).commentCount).toBe(2);

    // Someone else's comment: 403, unchanged; a stranger: 404.
    const notMine = await call(t, 'PUT', `${url}/${first._id}`, w.member.token, { text: 'Hijacked' });
    expectError(notMine, 403, 'COMMENT_AUTHOR_ONLY');
    expectError(await call(t, 'DELETE', `${url}/${first._id}`, w.member.token), 403, 'COMMENT_AUTHOR_ONLY');
    expectError(
      await call(t, 'PUT', `${url}/${first._id}`, w.stranger.token, { text: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(await call(t, 'GET', url, w.stranger.token), 404, 'NOT_FOUND');
    expectError(await call(t, 'POST', url, w.stranger.token, { text: 'x' }), 404, 'NOT_FOUND');
    expectError(
      await call(t, 'GET', `${w.cardUrl('Fix login')}/activity`, w.stranger.token),
      404,
      'NOT_FOUND',
    );

    const edited = await ok<ItemComment>(t, 'PUT', `${url}/${second._id}`, w.member.token, {
      text: 'Yes, 17.3',
    });
    expect(edited).toMatchObject({ text: 'Yes, 17.3', edited: true });
    // A comment is reached through its own card only.
    const elsewhere = `${w.cardUrl('Write copy')}/comments/${second._id}`;
    expectError(await call(t, 'PUT', elsewhere, w.member.token, { text: 'x' }), 404, 'NOT_FOUND');

    for (const body of [
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(4001) },
      {},
      { text: 5 },
      { text: 'a', extra: 1 },
    ]) {
      const refused = await call(t, 'POST', url, w.owner.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
    }
    expect(await call(t, 'DELETE', `${url}/${first._id}`, w.owner.token)).toMatchObject({ statusCode: 204 });
    const after = await ok<{ data: ItemComment[] }>(t, 'GET', url, w.owner.token);
    expect(after.data.map((comment) => comment.text)).toEqual(['Yes, 17.3']);
    expect((await w.card(w.owner, 'Fix login')).commentCount).toBe(1);
  });
});

describe('the board filter', () => {
  it('finds cards by text, tag, member and due state, archived ones left out', async () => {
    const w = await world();
    const day = 24 * 60 * 60 * 1000;
    await ok(t, 'PUT', w.itemUrl('Write copy'), w.owner.token, {
      description: 'Homepage and pricing',
      tags: ['high'],
      dueAt: new Date(Date.now() - day).toISOString(),
    });
    await ok(t, 'PUT', w.itemUrl('Design logo'), w.owner.token, {
      tags: ['team'],
      members: [w.member.id],
      dueAt: new Date(Date.now() + 3 * day).toISOString(),
    });
    await ok(t, 'PUT', w.itemUrl('Fix login'), w.owner.token, {
      tags: ['high'],
      dueAt: new Date(Date.now() - day).toISOString(),
      dueComplete: true,
    });
    await ok(t, 'PUT', w.itemUrl('Set up repo', 'Done'), w.owner.token, { tags: ['high'], archived: true });
    const find = async (query: string, user = w.member) => {
      const answer = await ok<{ data: { name: string; list: string }[]; count: number }>(
        t,
        'GET',
        `/api/projects/${w.board._id}/items?${query}`,
        user.token,
      );
      expect(answer.count).toBe(answer.data.length);
      return answer.data.map((match) => match.name);
    };
    expect(await find('')).toEqual(['Write copy', 'Design logo', 'Fix login']);
    expect(await find('q=PRICING')).toEqual(['Write copy']);
    expect(await find('q=d%C3%A9sign')).toEqual(['Design logo']);
    expect(await find('tag=high')).toEqual(['Write copy', 'Fix login']);
    expect(await find('tag=high&tag=team')).toEqual(['Write copy', 'Design logo', 'Fix login']);
    expect(await find(`member=${w.member.id}`)).toEqual(['Design logo']);
    expect(await find('member=none')).toEqual(['Write copy', 'Fix login']);
    // Done cards are never overdue.
    expect(await find('due=overdue')).toEqual(['Write copy']);
    expect(await find('due=week')).toEqual(['Design logo']);
    expect(await find('due=none')).toEqual([]);
    expect(await find('tag=high&due=overdue&q=copy')).toEqual(['Write copy']);

    expectError(
      await call(t, 'GET', `/api/projects/${w.board._id}/items?due=later`, w.owner.token),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await call(t, 'GET', `/api/projects/${w.board._id}/items`, w.stranger.token),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a stranger', () => {
  it('cannot read or change any of it, and the board is unchanged', async () => {
    const w = await world();
    const before: Board = await readBoard(t, w.owner.token, w.board._id);
    for (const body of [
      { tags: ['high'] },
      { dueAt: null },
      { members: [w.stranger.id] },
      { archived: true },
    ]) {
      expectError(await call(t, 'PUT', w.itemUrl('Write copy'), w.stranger.token, body), 404, 'NOT_FOUND');
    }
    expect(await readBoard(t, w.owner.token, w.board._id)).toEqual(before);
  });
});
