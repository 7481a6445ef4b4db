/** What any signed-in user may see of another (D11): never e-mail, hash, tokens or settings. */
import type { PublicUser } from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';

/** The columns a public user is made of; select exactly these. */
export const publicUserColumns = [
  'users.id',
  'users.username',
  'users.full_name',
  'users.avatar',
  'users.country',
] as const;

export type PublicUserRow = Pick<
  Selectable<UsersTable>,
  'id' | 'username' | 'full_name' | 'avatar' | 'country'
>;

export function presentPublicUser(row: PublicUserRow): PublicUser {
  return {
    _id: String(row.id),
    username: row.username,
    fullName: row.full_name,
    avatar: row.avatar,
    country: row.country,
  };
}
