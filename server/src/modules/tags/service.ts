/**
 * Tags (D14): the five built-ins, which every user has and nobody changes, and each user's own,
 * whose names are unique per user without regard to case and never repeat a built-in name.
 */
import {
  builtInTagNames,
  type CreateTagInput,
  isBuiltInTagName,
  messages,
  type Tag,
  type TagList,
  type UpdateTagInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { conflict, notFound } from '../../errors';
import { authorizeTag, ownTags } from './policy';
import { presentBuiltInTag, presentTag, type TagRow } from './presenter';
import type { ServiceDeps } from '../../deps';
import { transaction } from '../../db/transaction';

const nameTaken = () => conflict('TAG_NAME_TAKEN', 'tags.nameTaken', { name: messages['tags.nameTaken'] });

/**
 * What a tag's change asks of the boards (projects/cards.ts' touchBoardsTagged, wired in
 * services.ts): that the boards whose cards carry it move their version on, so no cached copy of
 * them is served again. A port, as boards import tags.
 */
export interface TaggedBoards {
  /** The boards named, or else those whose cards carry the tag now */
  touchTagged(db: Db, tagId: number, boardIds?: number[]): Promise<unknown>;
}

export type TagsServiceDeps = Pick<ServiceDeps, 'db' | 'engine'> & { boards: TaggedBoards };

export class TagsService {
  constructor(private readonly deps: TagsServiceDeps) {}

  async list(userId: number): Promise<TagList> {
    const rows = await ownTags(this.deps.db.selectFrom('tags'), userId).selectAll().execute();
    // Sorted here rather than in SQL so the order is the same on both engines, whatever collation.
    rows.sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
    const data = [...builtInTagNames.map(presentBuiltInTag), ...rows.map(presentTag)];
    return { data, count: data.length };
  }

  async create(userId: number, input: CreateTagInput): Promise<Tag> {
    await this.assertNameFree(userId, input.name);
    const now = new Date().toISOString();
    const row = await this.mapRace(() =>
      this.deps.db
        .insertInto('tags')
        .values({ user_id: userId, name: input.name, color: input.color, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return presentTag(row);
  }

  async update(userId: number, id: string, input: UpdateTagInput): Promise<Tag> {
    const { id: tagId } = await authorizeTag(this.deps.db, userId, id);
    if (input.name !== undefined) await this.assertNameFree(userId, input.name, tagId);
    const row = await this.mapRace(() =>
      this.deps.db
        .updateTable('tags')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.color !== undefined ? { color: input.color } : {}),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', tagId)
        .returningAll()
        .executeTakeFirst(),
    );
    // Deleted between the read and the update.
    if (!row) throw notFound();
    await this.deps.boards.touchTagged(this.deps.db, tagId);
    return presentTag(row);
  }

  async remove(userId: number, id: string): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const { id: tagId } = await authorizeTag(trx, userId, id);
      const boards = await trx
        .selectFrom('item_tags')
        .select('board_id')
        .distinct()
        .where('tag_id', '=', tagId)
        .execute();
      const result = await trx.deleteFrom('tags').where('id', '=', tagId).executeTakeFirst();
      // Deleted meanwhile by another request of the owner's.
      if (Number(result.numDeletedRows) !== 1) throw notFound();
      await this.deps.boards.touchTagged(
        trx,
        tagId,
        boards.map((row) => row.board_id),
      );
    });
  }

  /** `lower()` on both sides, as in the unique index, so the check and the index agree. */
  private async assertNameFree(userId: number, name: string, exceptId?: number): Promise<void> {
    if (isBuiltInTagName(name)) throw nameTaken();
    let query = this.deps.db
      .selectFrom('tags')
      .select('id')
      .where('user_id', '=', userId)
      .where(sql<string>`lower(name)`, '=', sql<string>`lower(${name})`);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw nameTaken();
  }

  /** Another request took the name between the check and the write: 409, not 500. */
  private async mapRace<T extends TagRow | undefined>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (this.deps.engine.isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }
}

function compareNames(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
