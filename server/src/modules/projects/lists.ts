// Lists on a board: create, rename, recolour, archive or restore, and move among the board's lists.
import {
  type BoardList,
  type CreateListInput,
  DEFAULT_HEADER_COLOR,
  type UpdateListInput,
} from '@cadence/contract';
import { listOf } from './board-rows';
import { type BoardPartDeps, type BoardWrites, now } from './board-writes';
import { cardExtras } from './cards';
import { endPosition, positionAt } from './positions';
import { presentItem, presentList } from './presenter';

export class ListsService {
  private readonly writes: BoardWrites;

  constructor(deps: BoardPartDeps) {
    this.writes = deps.writes;
  }

  async createList(userId: number, boardId: number, input: CreateListInput): Promise<BoardList> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      const position = await endPosition(trx, 'board_lists', boardId);
      const at = now();
      const row = await trx
        .insertInto('board_lists')
        .values({
          board_id: boardId,
          name: input.name,
          status: 'active',
          header_color: DEFAULT_HEADER_COLOR,
          position,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentList(row);
    });
  }

  async updateList(
    userId: number,
    boardId: number,
    listId: number,
    input: UpdateListInput,
  ): Promise<BoardList> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      await listOf(boardId, listId, trx);
      if (input.index !== undefined) {
        const { position } = await positionAt(trx, 'board_lists', boardId, listId, input.index);
        await trx.updateTable('board_lists').set({ position }).where('id', '=', listId).execute();
      }
      await trx
        .updateTable('board_lists')
        .set({ name: input.name, status: input.status, header_color: input.headerColor, updated_at: now() })
        .where('id', '=', listId)
        .execute();
      const row = await listOf(boardId, listId, trx);
      const items = await trx
        .selectFrom('board_items')
        .selectAll()
        .where('list_id', '=', listId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const extras = await cardExtras(trx, { itemIds: items.map((item) => item.id) });
      return presentList(
        row,
        items.map((item) => presentItem(item, extras)),
      );
    });
  }
}
