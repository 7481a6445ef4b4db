/**
 * Boards' part of "your data": the boards the user owns, whole, those they are a
 * member of, and what they left on others' cards. The account's deletion locks their boards first,
 * takes those they own (their members are told in the bell, by the board's name) and their
 * comments, card memberships and history lines on the others.
 */
import type { ItemActivity, YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { bool, type Engine } from '../../db/dialect';
import { exportedTagRef } from '../../lib/tag-refs';
import { notify, withdrawNotifications } from '../notifications/notify';
import { peopleNamed } from '../users/your-data';
import { presentCardTag } from './cards';

const activityDetail = (text: string) => JSON.parse(text) as ItemActivity['detail'];

export async function exportBoards(db: Db, userId: number): Promise<YourDataExport['boards']> {
  const boards = await db
    .selectFrom('boards')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const boardIds = boards.map((b) => b.id);
  const [lists, items, checklist, cardTags, cardMembers, cardComments, cardActivity] =
    boardIds.length === 0
      ? [[], [], [], [], [], [], []]
      : await Promise.all([
          db
            .selectFrom('board_lists')
            .selectAll()
            .where('board_id', 'in', boardIds)
            .orderBy('position')
            .execute(),
          db
            .selectFrom('board_items')
            .selectAll()
            .where('board_id', 'in', boardIds)
            .orderBy('position')
            .execute(),
          db.selectFrom('item_todos').selectAll().where('board_id', 'in', boardIds).orderBy('id').execute(),
          // A card's tag may be a member's own: its name and colour come with it.
          db
            .selectFrom('item_tags')
            .leftJoin('tags', 'tags.id', 'item_tags.tag_id')
            .select([
              'item_tags.item_id',
              'item_tags.position',
              'item_tags.built_in',
              'item_tags.tag_id',
              'tags.name',
              'tags.color',
            ])
            .where('item_tags.board_id', 'in', boardIds)
            .orderBy('item_tags.item_id')
            .orderBy('item_tags.position')
            .execute(),
          db
            .selectFrom('item_members')
            .select(['item_id', 'user_id'])
            .where('board_id', 'in', boardIds)
            .orderBy('item_id')
            .orderBy('user_id')
            .execute(),
          db
            .selectFrom('item_comments')
            .selectAll()
            .where('board_id', 'in', boardIds)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('item_activity')
            .selectAll()
            .where('board_id', 'in', boardIds)
            .orderBy('id')
            .execute(),
        ]);
  const boardMembers = await db
    .selectFrom('board_members')
    .innerJoin('boards', 'boards.id', 'board_members.board_id')
    .select(['board_members.board_id', 'board_members.user_id', 'boards.owner_id', 'boards.name'])
    .where((eb) => eb.or([eb('boards.owner_id', '=', userId), eb('board_members.user_id', '=', userId)]))
    .execute();
  // What the user left on other people's boards: card memberships, comments, history lines.
  const placeColumns = [
    'boards.name as board_name',
    'boards.id as board_id',
    'board_items.id as item_id',
    'board_items.name as item_name',
  ] as const;
  const elsewhere = {
    memberships: await db
      .selectFrom('item_members')
      .innerJoin('board_items', 'board_items.id', 'item_members.item_id')
      .innerJoin('boards', 'boards.id', 'board_items.board_id')
      .select(placeColumns)
      .where('item_members.user_id', '=', userId)
      .where('boards.owner_id', '!=', userId)
      .orderBy('board_items.id')
      .execute(),
    comments: await db
      .selectFrom('item_comments')
      .innerJoin('board_items', 'board_items.id', 'item_comments.item_id')
      .innerJoin('boards', 'boards.id', 'board_items.board_id')
      .select([
        ...placeColumns,
        'item_comments.id',
        'item_comments.body',
        'item_comments.created_at',
        'item_comments.updated_at',
      ])
      .where('item_comments.author_id', '=', userId)
      .where('boards.owner_id', '!=', userId)
      .orderBy('item_comments.id')
      .execute(),
    activity: await db
      .selectFrom('item_activity')
      .innerJoin('board_items', 'board_items.id', 'item_activity.item_id')
      .innerJoin('boards', 'boards.id', 'board_items.board_id')
      .select([
        ...placeColumns,
        'item_activity.id',
        'item_activity.kind',
        'item_activity.detail',
        'item_activity.created_at',
      ])
      .where('item_activity.actor_id', '=', userId)
      .where('boards.owner_id', '!=', userId)
      .orderBy('item_activity.id')
      .execute(),
  };
  // A board the user has left keeps their comments and history, but its names are no longer theirs to see.
  const onBoard = new Set(boardMembers.filter((m) => m.user_id === userId).map((m) => m.board_id));
  const place = (row: { board_id: number; board_name: string; item_id: number; item_name: string }) => {
    const on = onBoard.has(row.board_id);
    return {
      boardId: String(row.board_id),
      boardName: on ? row.board_name : null,
      itemId: String(row.item_id),
      itemName: on ? row.item_name : null,
    };
  };
  const person = await peopleNamed(db, [
    ...boardMembers.flatMap((m) => [m.user_id, m.owner_id]),
    ...cardMembers.map((m) => m.user_id),
    ...cardComments.map((c) => c.author_id),
    ...cardActivity.map((a) => a.actor_id),
  ]);

  return {
    owned: boards.map((b) => ({
      _id: String(b.id),
      name: b.name,
      description: b.description,
      status: b.status,
      createdAt: b.created_at,
      updatedAt: b.updated_at,
      members: boardMembers.filter((m) => m.board_id === b.id).map((m) => person(m.user_id)),
      lists: lists
        .filter((l) => l.board_id === b.id)
        .map((l) => ({
          _id: String(l.id),
          name: l.name,
          status: l.status,
          headerColor: l.header_color,
          position: l.position,
          createdAt: l.created_at,
          updatedAt: l.updated_at,
          items: items
            .filter((i) => i.list_id === l.id)
            .map((i) => ({
              _id: String(i.id),
              name: i.name,
              description: i.description,
              position: i.position,
              createdAt: i.created_at,
              updatedAt: i.updated_at,
              checklist: checklist
                .filter((c) => c.item_id === i.id)
                .map((c) => ({
                  _id: String(c.id),
                  text: c.text,
                  done: bool(c.done),
                  createdAt: c.created_at,
                })),
              tags: cardTags
                .filter((tag) => tag.item_id === i.id)
                .map((tag) => ({ ...exportedTagRef(tag), ...presentCardTag(tag) })),
              dueAt: i.due_at,
              dueComplete: bool(i.due_complete),
              archived: bool(i.archived),
              members: cardMembers.filter((m) => m.item_id === i.id).map((m) => person(m.user_id)),
              comments: cardComments
                .filter((c) => c.item_id === i.id)
                .map((c) => ({
                  _id: String(c.id),
                  author: person(c.author_id),
                  text: c.body,
                  createdAt: c.created_at,
                  updatedAt: c.updated_at,
                })),
              activity: cardActivity
                .filter((a) => a.item_id === i.id)
                .map((a) => ({
                  _id: String(a.id),
                  actor: person(a.actor_id),
                  kind: a.kind,
                  detail: activityDetail(a.detail),
                  createdAt: a.created_at,
                })),
            })),
        })),
    })),
    memberOf: boardMembers
      .filter((m) => m.user_id === userId && m.owner_id !== userId)
      .map((m) => ({ _id: String(m.board_id), name: m.name, owner: person(m.owner_id) })),
    cardMemberships: elsewhere.memberships.map(place),
    comments: elsewhere.comments.map((c) => ({
      _id: String(c.id),
      ...place(c),
      text: c.body,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
    })),
    activity: elsewhere.activity.map((a) => ({
      _id: String(a.id),
      ...place(a),
      kind: a.kind,
      detail: activityDetail(a.detail),
      createdAt: a.created_at,
    })),
  };
}

/**
 * The boards the user owns or is a member of, locked in id order, as a board write locks its board
 * before anything else: a write in flight finishes first, a later one waits and finds the board
 * gone, and no write holds a board while waiting for a row of the deletion's. First of all.
 */
export async function lockBoards(trx: Db, engine: Engine, userId: number): Promise<void> {
  await engine
    .forUpdate(
      trx
        .selectFrom('boards')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('owner_id', '=', userId),
            eb('id', 'in', eb.selectFrom('board_members').select('board_id').where('user_id', '=', userId)),
          ]),
        )
        .orderBy('id'),
    )
    .execute();
}

/**
 * Takes the boards the user owns — their members are told, by the board's name, since the board
 * itself is gone — and their place on others': membership, comments, card memberships, history
 * lines (their tags' places on cards go with their tags). Before their tags go.
 */
export async function eraseBoards(trx: Db, userId: number, at: string): Promise<void> {
  const shared = await trx
    .selectFrom('boards')
    .innerJoin('board_members', 'board_members.board_id', 'boards.id')
    .select(['boards.id', 'boards.name', 'board_members.user_id'])
    .where('boards.owner_id', '=', userId)
    .where('board_members.user_id', '!=', userId)
    .orderBy('boards.id')
    .execute();
  const joined = await trx
    .selectFrom('board_members')
    .innerJoin('boards', 'boards.id', 'board_members.board_id')
    .select('boards.id')
    .where('board_members.user_id', '=', userId)
    .where('boards.owner_id', '!=', userId)
    .execute();
  // Others' boards whose cards show the user: their comments, their card memberships, their own
  // tags put on a card (on a board they may since have left).
  const touched = await trx
    .selectFrom('item_comments')
    .select('board_id')
    .where('author_id', '=', userId)
    .union(trx.selectFrom('item_members').select('board_id').where('user_id', '=', userId))
    .union(
      trx
        .selectFrom('item_tags')
        .select('board_id')
        .where('tag_id', 'in', trx.selectFrom('tags').select('id').where('user_id', '=', userId)),
    )
    .execute();

  // The board's sharing told of nothing left to open (D45): the deletion says it instead.
  await withdrawNotifications(trx, 'board-shared', [...new Set(shared.map((board) => board.id))]);
  await notify(
    trx,
    shared.map((board) => ({
      userId: board.user_id,
      kind: 'board-deleted',
      sourceId: board.id,
      title: board.name,
      at,
    })),
    at,
  );
  // Children first where no cascade would follow (every foreign key of these tables cascades, but
  // the order keeps it correct without relying on that).
  await trx.deleteFrom('boards').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('board_members').where('user_id', '=', userId).execute();
  await trx.deleteFrom('item_comments').where('author_id', '=', userId).execute();
  await trx.deleteFrom('item_members').where('user_id', '=', userId).execute();
  await trx.deleteFrom('item_activity').where('actor_id', '=', userId).execute();
  const changed = [...new Set([...joined.map((board) => board.id), ...touched.map((row) => row.board_id)])];
  if (changed.length > 0) {
    // Their member lists or cards changed: readers' cached copies (keyed on the version) must go.
    await trx
      .updateTable('boards')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: at }))
      .where('id', 'in', changed)
      .execute();
  }
}
