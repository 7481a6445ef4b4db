/**
 * Groups (D13): a name and a set of the owner's friends. Only the owner sees or changes a group;
 * a name is unique per owner whatever its case.
 */
import { type createGroupInput, type Group, messages, type updateGroupInput } from '@cadence/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../errors';
import { rowId } from '../../lib/row-id';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { authorizeGroup, ownGroups } from './policy';
import { type GroupRow, presentGroup } from './presenter';
import type { ServiceDeps } from '../../deps';
import { transaction } from '../../db/transaction';

type CreateGroup = z.output<typeof createGroupInput>;
type UpdateGroup = z.output<typeof updateGroupInput>;

export type GroupsServiceDeps = Pick<ServiceDeps, 'db' | 'engine'>;

export class GroupsService {
  constructor(private readonly deps: GroupsServiceDeps) {}

  async list(ownerId: number): Promise<Group[]> {
    const rows = await ownGroups(this.deps.db.selectFrom('groups'), ownerId)
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
    return this.present(rows);
  }

  async get(ownerId: number, idText: string): Promise<Group> {
    const [group] = await this.present([await authorizeGroup(this.deps.db, ownerId, Number(idText))]);
    if (!group) throw notFound();
    return group;
  }

  async create(ownerId: number, input: CreateGroup): Promise<Group> {
    const memberIds = await this.friendsAmong(ownerId, input.memberIds);
    await this.ensureNameFree(ownerId, input.name);
    const now = new Date().toISOString();
    try {
      const row = await transaction(this.deps.db, async (trx) => {
        const created = await trx
          .insertInto('groups')
          .values({ owner_id: ownerId, name: input.name, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        if (memberIds.length > 0) {
          await trx
            .insertInto('group_members')
            .values(memberIds.map((userId) => ({ group_id: created.id, user_id: userId })))
            .execute();
        }
        return created;
      });
      return this.get(ownerId, String(row.id));
    } catch (error) {
      if (this.deps.engine.isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  /** Renames the group and/or replaces its members; what is not given stays. */
  async update(ownerId: number, idText: string, input: UpdateGroup): Promise<Group> {
    const group = await authorizeGroup(this.deps.db, ownerId, Number(idText));
    const memberIds = input.memberIds && (await this.friendsAmong(ownerId, input.memberIds));
    if (input.name !== undefined) await this.ensureNameFree(ownerId, input.name, group.id);
    try {
      await transaction(this.deps.db, async (trx) => {
        await trx
          .updateTable('groups')
          .set({ name: input.name ?? group.name, updated_at: new Date().toISOString() })
          .where('id', '=', group.id)
          .execute();
        if (memberIds) {
          await trx.deleteFrom('group_members').where('group_id', '=', group.id).execute();
          if (memberIds.length > 0) {
            await trx
              .insertInto('group_members')
              .values(memberIds.map((userId) => ({ group_id: group.id, user_id: userId })))
              .execute();
          }
        }
      });
    } catch (error) {
      if (this.deps.engine.isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return this.get(ownerId, String(group.id));
  }

  async remove(ownerId: number, idText: string): Promise<void> {
    const group = await authorizeGroup(this.deps.db, ownerId, Number(idText));
    await this.deps.db.deleteFrom('groups').where('id', '=', group.id).execute();
  }

  /** The given ids as numbers, each once, after checking that every one is the owner's friend. */
  private async friendsAmong(ownerId: number, ids: string[]): Promise<number[]> {
    const notFriend = badRequest('NOT_FRIEND', 'groups.notFriend', {
      memberIds: messages['groups.notFriend'],
    });
    const wanted = [...new Set(ids.map(rowId))];
    if (wanted.length === 0) return [];
    const numbers = wanted.filter((id): id is number => id !== undefined);
    if (numbers.length !== wanted.length) throw notFriend;
    const friends = await this.deps.db
      .selectFrom('friendships')
      .select('friend_id')
      .where('user_id', '=', ownerId)
      .where('friend_id', 'in', numbers)
      .execute();
    if (friends.length !== numbers.length) throw notFriend;
    return numbers;
  }

  private async ensureNameFree(ownerId: number, name: string, exceptId?: number): Promise<void> {
    let query = this.deps.db
      .selectFrom('groups')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where(sql`lower(name)`, '=', sql`lower(${name})`);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw nameTaken();
  }

  private async present(rows: GroupRow[]): Promise<Group[]> {
    if (rows.length === 0) return [];
    const members = await this.deps.db
      .selectFrom('group_members')
      .innerJoin('users', 'users.id', 'group_members.user_id')
      .select([...publicUserColumns, 'group_members.group_id'])
      .where(
        'group_members.group_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy(sql`lower(users.full_name)`)
      .orderBy('users.id')
      .execute();
    return rows.map((row) =>
      presentGroup(row, members.filter((member) => member.group_id === row.id).map(presentPublicUser)),
    );
  }
}

function nameTaken() {
  return conflict('GROUP_NAME_TAKEN', 'groups.nameTaken', { name: messages['groups.nameTaken'] });
}
