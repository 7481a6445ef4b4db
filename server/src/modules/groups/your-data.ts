/**
 * Groups' part of "your data": the groups the user owns with their members, and
 * those they belong to; the account's deletion takes the first and their place in the others.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { peopleNamed } from '../users/your-data';

export async function exportGroups(db: Db, userId: number): Promise<YourDataExport['groups']> {
  const owned = await db
    .selectFrom('groups')
    .selectAll()
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
  const members = await db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .select(['group_members.group_id', 'group_members.user_id', 'groups.owner_id', 'groups.name'])
    .where((eb) => eb.or([eb('groups.owner_id', '=', userId), eb('group_members.user_id', '=', userId)]))
    .execute();
  const person = await peopleNamed(
    db,
    members.flatMap((m) => [m.user_id, m.owner_id]),
  );
  return {
    owned: owned.map((g) => ({
      _id: String(g.id),
      name: g.name,
      createdAt: g.created_at,
      updatedAt: g.updated_at,
      members: members.filter((m) => m.group_id === g.id).map((m) => person(m.user_id)),
    })),
    memberOf: members
      .filter((m) => m.user_id === userId && m.owner_id !== userId)
      .map((m) => ({ _id: String(m.group_id), name: m.name, owner: person(m.owner_id) })),
  };
}

export async function eraseGroups(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('group_members').where('user_id', '=', userId).execute();
  await trx.deleteFrom('groups').where('owner_id', '=', userId).execute();
}
