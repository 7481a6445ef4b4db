// A card's checklist (`item_todos`, "todo" in the API's addresses): add, tick, rename, delete.
import type { CreateTodoInput, ItemTodo, UpdateTodoInput } from '@cadence/contract';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { itemOf } from './board-rows';
import { type BoardPartDeps, type BoardWrites, now } from './board-writes';
import { presentTodo } from './presenter';

export class ChecklistsService {
  private readonly writes: BoardWrites;

  constructor(deps: BoardPartDeps) {
    this.writes = deps.writes;
  }

  async createTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    input: CreateTodoInput,
  ): Promise<ItemTodo> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      await itemOf(boardId, itemId, trx, listId);
      const row = await trx
        .insertInto('item_todos')
        .values({ board_id: boardId, item_id: itemId, text: input.text, done: input.done, created_at: now() })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentTodo(row);
    });
  }

  private async todoOf(boardId: number, listId: number, itemId: number, todoId: number, db: Db) {
    await itemOf(boardId, itemId, db, listId);
    const todo = await db
      .selectFrom('item_todos')
      .selectAll()
      .where('id', '=', todoId)
      .where('item_id', '=', itemId)
      .executeTakeFirst();
    if (!todo) throw notFound();
    return todo;
  }

  async updateTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    todoId: number,
    input: UpdateTodoInput,
  ): Promise<ItemTodo> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      await this.todoOf(boardId, listId, itemId, todoId, trx);
      if (input.text !== undefined || input.done !== undefined) {
        await trx
          .updateTable('item_todos')
          .set({ text: input.text, done: input.done })
          .where('id', '=', todoId)
          .execute();
      }
      return presentTodo(await this.todoOf(boardId, listId, itemId, todoId, trx));
    });
  }

  async deleteTodo(
    userId: number,
    boardId: number,
    listId: number,
    itemId: number,
    todoId: number,
  ): Promise<void> {
    await this.writes.access(userId, boardId);
    await this.writes.mutate(boardId, async (trx) => {
      await this.todoOf(boardId, listId, itemId, todoId, trx);
      await trx.deleteFrom('item_todos').where('id', '=', todoId).execute();
    });
  }
}
