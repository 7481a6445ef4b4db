/**
 * The signed-in user as sign-in knows them: the row authenticate() reads on every request, its
 * role, and the `userData` the client keeps (D9) — never the hash, never a token.
 */
import {
  abilitiesByRole,
  type Language,
  languagesList,
  type Role,
  roles,
  type UserData,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export function roleOf(value: string): Role {
  return (roles as readonly string[]).includes(value) ? (value as Role) : 'client';
}

export function presentUserData(row: UserRow): UserData {
  const role = roleOf(row.role);
  return {
    _id: String(row.id),
    username: row.username,
    fullName: row.full_name,
    email: row.email,
    role,
    ability: abilitiesByRole[role],
    avatar: row.avatar,
    language: (languagesList as readonly string[]).includes(row.language) ? (row.language as Language) : 'en',
    timeZone: row.time_zone,
  };
}
