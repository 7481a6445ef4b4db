// A card's comments: read, add (its members hear of it), edit and delete one's own; and every
// comment of a board for its export.
import type { CommentInput, ItemComment } from '@cadence/contract';
import type { Db } from '../../db';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { itemOf } from './board-rows';
import { type BoardPartDeps, type BoardWrites, now } from './board-writes';
import { tellCardMembers } from './notices';
import { authorizeComment } from './policy';

export class CommentsService {
  private readonly writes: BoardWrites;

  constructor(private readonly deps: BoardPartDeps) {
    this.writes = deps.writes;
  }

  private async commentRows(db: Db, itemId: number, commentId?: number) {
    let query = db
      .selectFrom('item_comments')
      .innerJoin('users', 'users.id', 'item_comments.author_id')
      .select([
        ...publicUserColumns,
        'item_comments.id as comment_id',
        'item_comments.author_id',
        'item_comments.body',
        'item_comments.created_at',
        'item_comments.updated_at',
      ])
      .where('item_comments.item_id', '=', itemId);
    if (commentId !== undefined) query = query.where('item_comments.id', '=', commentId);
    return query.orderBy('item_comments.id', 'desc').limit(500).execute();
  }

  private presentComment(row: Awaited<ReturnType<CommentsService['commentRows']>>[number]): ItemComment {
    return {
      _id: String(row.comment_id),
      author: presentPublicUser(row),
      text: row.body,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      edited: row.updated_at !== row.created_at,
    };
  }

  /** A card's comments, newest first (the latest 500). */
  async comments(userId: number, boardId: number, itemId: number): Promise<ItemComment[]> {
    await this.writes.access(userId, boardId);
    await itemOf(boardId, itemId, this.deps.db);
    return (await this.commentRows(this.deps.db, itemId)).map((row) => this.presentComment(row));
  }

  async addComment(
    userId: number,
    boardId: number,
    itemId: number,
    input: CommentInput,
  ): Promise<ItemComment> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      await itemOf(boardId, itemId, trx);
      const at = now();
      const { id } = await trx
        .insertInto('item_comments')
        .values({
          board_id: boardId,
          item_id: itemId,
          author_id: userId,
          body: input.text,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = await itemOf(boardId, itemId, trx);
      await tellCardMembers(this.deps, trx, userId, boardId, itemId, 'card-comment', {
        title: item.name,
        at,
      });
      return this.presentComment((await this.commentRows(trx, itemId, id))[0]!);
    });
  }

  /** The comment on this card, and only its author may change it (policy.ts). */
  private async ownComment(trx: Db, userId: number, boardId: number, itemId: number, commentId: number) {
    await itemOf(boardId, itemId, trx);
    await authorizeComment(trx, userId, itemId, commentId);
  }

  async editComment(
    userId: number,
    boardId: number,
    itemId: number,
    commentId: number,
    input: CommentInput,
  ): Promise<ItemComment> {
    await this.writes.access(userId, boardId);
    return this.writes.mutate(boardId, async (trx) => {
      await this.ownComment(trx, userId, boardId, itemId, commentId);
      await trx
        .updateTable('item_comments')
        .set({ body: input.text, updated_at: now() })
        .where('id', '=', commentId)
        .execute();
      return this.presentComment((await this.commentRows(trx, itemId, commentId))[0]!);
    });
  }

  async deleteComment(userId: number, boardId: number, itemId: number, commentId: number): Promise<void> {
    await this.writes.access(userId, boardId);
    await this.writes.mutate(boardId, async (trx) => {
      await this.ownComment(trx, userId, boardId, itemId, commentId);
      await trx.deleteFrom('item_comments').where('id', '=', commentId).execute();
    });
  }

  /** Every comment of a board by card, oldest first, with its author's name (the board export). */
  async boardComments(
    boardId: number,
  ): Promise<Map<number, { author: string; text: string; createdAt: string }[]>> {
    const rows = await this.deps.db
      .selectFrom('item_comments')
      .innerJoin('users', 'users.id', 'item_comments.author_id')
      .select([
        'item_comments.item_id',
        'users.full_name',
        'users.username',
        'item_comments.body',
        'item_comments.created_at',
      ])
      .where('item_comments.board_id', '=', boardId)
      .orderBy('item_comments.id')
      .execute();
    const byItem = new Map<number, { author: string; text: string; createdAt: string }[]>();
    for (const row of rows) {
      const comment = { author: row.full_name || row.username, text: row.body, createdAt: row.created_at };
      byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), comment]);
    }
    return byItem;
  }
}
