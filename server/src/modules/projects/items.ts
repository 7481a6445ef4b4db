// Cards (`board_items`, "items" in the API): add, change (text, place in its list, tags, due
// date, members, archived), delete, move within or across lists; and a card's history.
import {
  type CreateItemInput,
  DEFAULT_ITEM_DESCRIPTION,
  type ItemActivity,
  type ListItem,
  messages,
  type MoveItemInput,
  type MoveItemResult,
  type UpdateItemInput,
} from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { prepared, preparedRows } from '../../db/prepared';
import { badRequest, notFound } from '../../errors';
import { itemOf, listOf, usersById } from './board-rows';
import { type BoardPartDeps, type BoardWrites, now } from './board-writes';
import {
  type ActivityLine,
  activityOf,
  cardExtras,
  recordActivity,
  resolveCardTags,
  tagsOfCard,
} from './cards';
import { tellAddedToCard, tellCardMembers } from './notices';
import { authorizeBoard, boardPeople } from './policy';
import { endPosition, positionAt } from './positions';
import { presentItem } from './presenter';

// A move's queries, compiled once (db/prepared.ts): moves are the board's hottest write.
/**
 * A move's one read under the lock: the target list and the item's list, both of the board (the
 * item's list as `item_list`), each row with the target list's neighbours of the place (the item
 * left out): the positions at `index - 1` and `index`, and the last one.
 */
const moveLists = preparedRows<
  {
    id: number;
    name: string;
    item_list: number | null;
    before_pos: number | null;
    after_pos: number | null;
    last_pos: number | null;
  },
  [
    ...before: [toList: number, itemId: number, one: number, offset: number],
    ...after: [toList: number, itemId: number, one: number, offset: number],
    ...last: [toList: number, itemId: number],
    ...lists: [itemId: number, boardId: number, boardId: number, toList: number],
  ]
>((db) => {
  const neighbour = () =>
    db
      .selectFrom('board_items as n')
      .select('n.position')
      .where('n.list_id', '=', 0)
      .where('n.id', '<>', 0)
      .orderBy('n.position')
      .orderBy('n.id')
      .limit(1)
      .offset(0);
  return db
    .selectFrom('board_lists')
    .leftJoin('board_items', (join) => join.on('board_items.id', '=', 0).on('board_items.board_id', '=', 0))
    .select(['board_lists.id', 'board_lists.name', 'board_items.list_id as item_list'])
    .select((eb) => [
      neighbour().as('before_pos'),
      neighbour().as('after_pos'),
      eb
        .selectFrom('board_items as n')
        .select((n) => n.fn.max<number>('n.position').as('p'))
        .where('n.list_id', '=', 0)
        .where('n.id', '<>', 0)
        .as('last_pos'),
    ])
    .where('board_lists.board_id', '=', 0)
    .where((eb) =>
      eb.or([eb('board_lists.id', '=', 0), eb('board_lists.id', '=', eb.ref('board_items.list_id'))]),
    );
});
const placeItem = prepared<never, [listId: number, position: number, at: string, itemId: number]>((db) =>
  db.updateTable('board_items').set({ list_id: 0, position: 0, updated_at: '' }).where('id', '=', 0),
);
/** Two lists' (or one list's, given twice) item ids in order. */
const listOrders = preparedRows<{ id: number; list_id: number }, [listId: number, listId: number]>((db) =>
  db
    .selectFrom('board_items')
    .select(['id', 'list_id'])
    .where('list_id', 'in', [0, 0])
    .orderBy('list_id')
    .orderBy('position')
    .orderBy('id'),
);

export class ItemsService {
  private readonly writes: BoardWrites;

  constructor(private readonly deps: BoardPartDeps) {
    this.writes = deps.writes;
  }

  private async presentOne(db: Db, itemId: number, boardId: number): Promise<ListItem> {
    const row = await itemOf(boardId, itemId, db);
    return presentItem(row, await cardExtras(db, { itemIds: [itemId] }));
  }

  async createItem(
    userId: number,
    boardId: number,
    listId: number,
    input: CreateItemInput,
  ): Promise<ListItem> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      const list = await listOf(boardId, listId, trx);
      const at = now();
      const row = await trx
        .insertInto('board_items')
        .values({
          board_id: boardId,
          list_id: listId,
          name: input.name,
          description: input.description || DEFAULT_ITEM_DESCRIPTION,
          position: await endPosition(trx, 'board_items', listId),
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(
        trx,
        [{ boardId, itemId: row.id, actorId: userId, kind: 'created', detail: { to: list.name } }],
        at,
      );
      return presentItem(row);
    });
  }

  /**
   * Changes a card: its text, place in its list ({index}, D16), tags, due date, members and
   * archived state; each change that Trello would log writes a history line.
   */
  async updateItem(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    input: UpdateItemInput,
  ): Promise<ListItem> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      const item = await itemOf(boardId, itemId, trx, listId);
      const at = now();
      const lines: ActivityLine[] = [];
      const line = (kind: ActivityLine['kind'], detail?: ActivityLine['detail']) =>
        lines.push({ boardId, itemId, actorId: userId, kind, detail });

      let position: number | undefined;
      if (input.index !== undefined) {
        position = (await positionAt(trx, 'board_items', listId, itemId, input.index)).position;
      }
      if (input.name !== undefined && input.name !== item.name)
        line('renamed', { from: item.name, to: input.name });
      if (input.dueAt !== undefined && input.dueAt !== item.due_at) {
        if (input.dueAt === null) line('due-removed');
        else line('due-set', { at: input.dueAt });
      }
      if (input.archived !== undefined && input.archived !== bool(item.archived)) {
        line(input.archived ? 'archived' : 'restored');
      }
      await trx
        .updateTable('board_items')
        .set({
          name: input.name,
          description: input.description,
          position,
          due_at: input.dueAt,
          due_complete: input.dueComplete,
          archived: input.archived,
          updated_at: at,
        })
        .where('id', '=', itemId)
        .execute();
      if (input.tags !== undefined) await this.setTags(trx, userId, boardId, itemId, input.tags, line);
      const addedMembers =
        input.members === undefined ? [] : await this.setMembers(trx, boardId, itemId, input.members, line);
      await recordActivity(trx, lines, at);
      await tellAddedToCard(this.deps, trx, userId, boardId, itemId, input.name ?? item.name, addedMembers);
      if (input.dueAt != null && input.dueAt !== item.due_at) {
        await tellCardMembers(this.deps, trx, userId, boardId, itemId, 'card-due', {
          title: input.name ?? item.name,
          at: input.dueAt,
          when: input.dueAt,
        });
      }
      return this.presentOne(trx, itemId, boardId);
    });
  }

  /** Replaces a card's tags, in the order given; logs the ones added and taken off. */
  private async setTags(
    trx: Db,
    userId: number,
    boardId: number,
    itemId: number,
    names: string[],
    line: (kind: 'tag-added' | 'tag-removed', detail: { name: string }) => void,
  ) {
    const refs = await resolveCardTags(trx, userId, boardId, names);
    const before = await tagsOfCard(trx, itemId);
    await trx.deleteFrom('item_tags').where('item_id', '=', itemId).execute();
    if (refs.length > 0) {
      await trx
        .insertInto('item_tags')
        .values(refs.map((ref, position) => ({ item_id: itemId, board_id: boardId, position, ...ref })))
        .execute();
    }
    const after = await tagsOfCard(trx, itemId);
    const had = new Set(before.map((tag) => tag.name.toLowerCase()));
    const has = new Set(after.map((tag) => tag.name.toLowerCase()));
    for (const tag of after) if (!had.has(tag.name.toLowerCase())) line('tag-added', { name: tag.name });
    for (const tag of before) if (!has.has(tag.name.toLowerCase())) line('tag-removed', { name: tag.name });
  }

  /**
   * Replaces a card's members: the board's owner or members only (400 otherwise). Answers those
   * added.
   */
  private async setMembers(
    trx: Db,
    boardId: number,
    itemId: number,
    ids: string[],
    line: (kind: 'member-added' | 'member-removed', detail: { name: string }) => void,
  ): Promise<number[]> {
    const wanted = [...new Set(ids.map(Number))];
    const people = await boardPeople(trx, boardId);
    if (wanted.some((id) => !people.has(id))) {
      throw badRequest('VALIDATION_ERROR', 'projects.cardMemberNotOnBoard', {
        members: messages['projects.cardMemberNotOnBoard'],
      });
    }
    const before = (
      await trx.selectFrom('item_members').select('user_id').where('item_id', '=', itemId).execute()
    ).map((row) => row.user_id);
    const added = wanted.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !wanted.includes(id));
    if (removed.length > 0) {
      await trx
        .deleteFrom('item_members')
        .where('item_id', '=', itemId)
        .where('user_id', 'in', removed)
        .execute();
    }
    if (added.length > 0) {
      await trx
        .insertInto('item_members')
        .values(added.map((user_id) => ({ item_id: itemId, board_id: boardId, user_id })))
        .execute();
    }
    const names = await usersById([...added, ...removed], trx);
    for (const id of added) line('member-added', { name: names.get(id)?.fullName ?? '' });
    for (const id of removed) line('member-removed', { name: names.get(id)?.fullName ?? '' });
    return added;
  }

  async deleteItem(userId: number, boardId: number, listId: number, itemId: number): Promise<void> {
    await this.writes.access(userId, boardId);
    await this.writes.mutate(boardId, async (trx) => {
      await itemOf(boardId, itemId, trx, listId);
      // Gapped positions: the others keep theirs.
      await trx.deleteFrom('board_items').where('id', '=', itemId).execute();
    });
  }

  /**
   * Moves an item within or across lists (D16) by writing its own row only (positions.ts). The
   * item's current list is read under the board's lock; fromList/fromIndex from the client are
   * only what it saw. Answers the new version and the order of the lists involved.
   */
  async moveItem(
    userId: number,
    boardId: number,
    itemId: number,
    input: MoveItemInput,
  ): Promise<MoveItemResult> {
    // Access and audience in one read: the board's people, of whom the mover must be one.
    const { people } = await authorizeBoard(this.deps.db, userId, boardId, 'content', { people: true });
    const toList = Number(input.toList);
    let fromList = toList;
    const { version } = await this.writes.mutateVersioned(
      boardId,
      async (trx) => {
        // The item's list and the target list in one read; both must be this board's.
        const index = input.toIndex;
        const lists = await moveLists(
          trx,
          ...[toList, itemId, 1, Math.max(0, index - 1)],
          ...[toList, itemId, 1, index],
          ...[toList, itemId],
          ...[itemId, boardId, boardId, toList],
        );
        const target = lists.find((list) => list.id === toList);
        const item = lists.find((list) => list.item_list !== null);
        if (!target || !item?.item_list) throw notFound();
        fromList = item.item_list;
        const before = index === 0 ? null : target.before_pos;
        const after = target.after_pos;
        const known = { before, after, last: before === null && after === null ? target.last_pos : null };
        const { position } = await positionAt(trx, 'board_items', toList, itemId, index, known);
        const at = now();
        await placeItem(trx, toList, position, at, itemId);
        if (fromList !== toList) {
          const source = lists.find((list) => list.id === fromList)?.name ?? '';
          await recordActivity(
            trx,
            [{ boardId, itemId, actorId: userId, kind: 'moved', detail: { from: source, to: target.name } }],
            at,
          );
        }
      },
      [],
      [...people],
    );
    // After the commit, on the pool: the order as anyone reading now would see it.
    const rows = await listOrders(this.deps.db, fromList, toList);
    const touched = fromList === toList ? [toList] : [fromList, toList];
    return {
      _id: String(boardId),
      version,
      lists: touched.map((listId) => ({
        _id: String(listId),
        items: rows.filter((row) => row.list_id === listId).map((row) => String(row.id)),
      })),
    };
  }

  /** A card's history, newest first. */
  async activity(userId: number, boardId: number, itemId: number): Promise<ItemActivity[]> {
    await this.writes.access(userId, boardId);
    await itemOf(boardId, itemId, this.deps.db);
    return activityOf(this.deps.db, itemId);
  }
}
