/** Table types for Kysely. Timestamps travel as ISO 8601 UTC strings on both engines. */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = string;
/** SQLite hands booleans back as 0/1: read them through `bool()` from ./dialect. */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  full_name: string;
  password_hash: string;
  role: string;
  avatar: string | null;
  active: ColumnType<boolean | number, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  login_failures: LoginFailuresTable;
}
