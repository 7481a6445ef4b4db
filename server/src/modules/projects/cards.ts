/**
 * What a card carries besides its row: to-dos, tags (D14), members, a comment count; and the
 * history line each change writes. Gathered per board (the board read) or per item (an answer).
 */
import {
  type ActivityKind,
  builtInTagColors,
  type BuiltInTagName,
  type CardTag,
  isBuiltInTagName,
  type ItemActivity,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { prepared } from '../../db/prepared';
import { type TagRef, tagRefs } from '../../lib/tag-refs';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { type CardExtras, presentTodo } from './presenter';

/** Rows of one board, or of the given items. */
export type CardScope = { boardId: number } | { itemIds: number[] };

/** The queries of cardExtras, built here and by the query-plan test. */
export function cardExtrasQueries(db: Db, scope: CardScope) {
  const column = 'boardId' in scope ? ('board_id' as const) : ('item_id' as const);
  const ids = 'boardId' in scope ? [scope.boardId] : scope.itemIds;
  return {
    todos: db.selectFrom('item_todos').selectAll().where(`item_todos.${column}`, 'in', ids).orderBy('id'),
    tags: tagRows(db, column, ids),
    members: db
      .selectFrom('item_members')
      .select(['item_id', 'user_id'])
      .where(`item_members.${column}`, 'in', ids)
      .orderBy('item_id')
      .orderBy('user_id'),
    comments: db
      .selectFrom('item_comments')
      .select((eb) => ['item_id', eb.fn.countAll<number>().as('n')])
      .where(`item_comments.${column}`, 'in', ids)
      .groupBy('item_id'),
  };
}

/** Four indexed queries, in turn on the caller's connection. */
export async function cardExtras(db: Db, scope: CardScope): Promise<CardExtras> {
  const extras: CardExtras = { todos: new Map(), tags: new Map(), members: new Map(), comments: new Map() };
  if ('itemIds' in scope && scope.itemIds.length === 0) return extras;
  const queries = cardExtrasQueries(db, scope);
  for (const todo of await queries.todos.execute()) push(extras.todos, todo.item_id, presentTodo(todo));
  for (const tag of await queries.tags.execute()) push(extras.tags, tag.item_id, presentCardTag(tag));
  for (const member of await queries.members.execute()) {
    push(extras.members, member.item_id, String(member.user_id));
  }
  for (const count of await queries.comments.execute()) extras.comments.set(count.item_id, Number(count.n));
  return extras;
}

function push<T>(map: Map<number, T[]>, key: number, value: T) {
  const bucket = map.get(key);
  if (bucket) bucket.push(value);
  else map.set(key, [value]);
}

/** The tags on a board's cards or on the given cards, each with its tag's name and colour. */
function tagRows(db: Db, column: 'board_id' | 'item_id', ids: number[]) {
  return db
    .selectFrom('item_tags')
    .leftJoin('tags', 'tags.id', 'item_tags.tag_id')
    .select(['item_tags.item_id', 'item_tags.built_in', 'tags.name', 'tags.color'])
    .where(`item_tags.${column}`, 'in', ids)
    .orderBy('item_tags.item_id')
    .orderBy('item_tags.position');
}

/** One card's tags, in order. */
export async function tagsOfCard(db: Db, itemId: number): Promise<CardTag[]> {
  return (await tagRows(db, 'item_id', [itemId]).execute()).map(presentCardTag);
}

/** A card's tag as shown: a built-in's name and colour, or the tag row's. */
export function presentCardTag(row: {
  built_in: string | null;
  name: string | null;
  color: string | null;
}): CardTag {
  if (row.built_in !== null) {
    return { name: row.built_in, color: builtInTagColors[row.built_in as BuiltInTagName] ?? '#7367f0' };
  }
  return { name: row.name ?? '', color: row.color ?? '#7367f0' };
}

/**
 * Tag names for a card on a shared board: a built-in; a tag already on one of the board's cards
 * (whoever's it is, so a member can reuse the owner's "Client X"); or one of the caller's own.
 * Anything else is 400 on `tags`.
 */
export async function resolveCardTags(
  db: Db,
  userId: number,
  boardId: number,
  names: readonly string[],
): Promise<TagRef[]> {
  const custom = names.map((name) => name.toLowerCase()).filter((lower) => !isBuiltInTagName(lower));
  const usable = new Map<string, number>();
  if (custom.length > 0) {
    const onBoard = await db
      .selectFrom('item_tags')
      .innerJoin('tags', 'tags.id', 'item_tags.tag_id')
      .select(['tags.id', 'tags.name'])
      .where('item_tags.board_id', '=', boardId)
      .where(sql<string>`lower(tags.name)`, 'in', custom)
      .execute();
    const own = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('user_id', '=', userId)
      .where(sql<string>`lower(name)`, 'in', custom)
      .execute();
    // The board's own usage first: the card shows what its neighbours show.
    for (const tag of [...own, ...onBoard]) usable.set(tag.name.toLowerCase(), tag.id);
  }
  return tagRefs(names, usable, 'projects.tagUnknown');
}

export interface ActivityLine {
  boardId: number;
  itemId: number;
  actorId: number;
  kind: ActivityKind;
  detail?: ItemActivity['detail'];
}

/** One line, compiled once: a move writes one. */
const insertActivity = prepared<
  never,
  [boardId: number, itemId: number, actorId: number, kind: ActivityKind, detail: string, at: string]
>((db) =>
  db
    .insertInto('item_activity')
    .values({ board_id: 0, item_id: 0, actor_id: 0, kind: 'moved', detail: '', created_at: '' }),
);

export async function recordActivity(db: Db, lines: ActivityLine[], at: string): Promise<void> {
  if (lines.length === 0) return;
  if (lines.length === 1) {
    const [line] = lines as [ActivityLine];
    const detail = JSON.stringify(line.detail ?? {});
    await insertActivity(db, line.boardId, line.itemId, line.actorId, line.kind, detail, at);
    return;
  }
  await db
    .insertInto('item_activity')
    .values(
      lines.map((line) => ({
        board_id: line.boardId,
        item_id: line.itemId,
        actor_id: line.actorId,
        kind: line.kind,
        detail: JSON.stringify(line.detail ?? {}),
        created_at: at,
      })),
    )
    .execute();
}

/** A card's history, newest first, with who did each thing. */
export async function activityOf(db: Db, itemId: number, limit = 200): Promise<ItemActivity[]> {
  const rows = await db
    .selectFrom('item_activity')
    .innerJoin('users', 'users.id', 'item_activity.actor_id')
    .select([
      ...publicUserColumns,
      'item_activity.id as activity_id',
      'item_activity.kind',
      'item_activity.detail',
      'item_activity.created_at as at',
    ])
    .where('item_activity.item_id', '=', itemId)
    .orderBy('item_activity.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    _id: String(row.activity_id),
    actor: presentPublicUser(row),
    kind: row.kind as ActivityKind,
    detail: JSON.parse(row.detail) as ItemActivity['detail'],
    createdAt: row.at,
  }));
}

/**
 * A tag renamed, recoloured or deleted changes the boards whose cards carry it: their version
 * moves on, so no cached copy of them is served again.
 */
export async function touchBoardsTagged(db: Db, tagId: number, boardIds?: number[]): Promise<number[]> {
  const ids =
    boardIds ??
    (
      await db.selectFrom('item_tags').select('board_id').distinct().where('tag_id', '=', tagId).execute()
    ).map((row) => row.board_id);
  if (ids.length > 0) {
    await db
      .updateTable('boards')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', ids)
      .execute();
  }
  return ids;
}
