/** Maps a group row and its members to the contract's `group`. */
import type { Group, PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { GroupsTable } from '../../db/schema';

export type GroupRow = Selectable<GroupsTable>;

export function presentGroup(row: GroupRow, members: PublicUser[]): Group {
  return { _id: String(row.id), name: row.name, members, createdAt: row.created_at };
}
