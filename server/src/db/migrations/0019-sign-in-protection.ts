/**
 * Sign-in protection and revocation at the next request (decisions §61): failed logins
 * are counted per (account, address) and per address, so `login_failures` is indexed by address
 * too; `account_unlocks` holds the one-time unlock links mailed to an account under attack (hashed,
 * like `password_resets`); and the live refresh tokens of a family are indexed apart, so the
 * per-request read of the user can tell whether the token's session is alive from the index alone.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function signInProtection(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('login_failures_email_ip_time')
        .on('login_failures')
        .columns(['email', 'ip', 'created_at'])
        .execute();
      await db.schema
        .createIndex('login_failures_ip_time')
        .on('login_failures')
        .columns(['ip', 'created_at'])
        .execute();

      await db.schema
        .createTable('account_unlocks')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .execute();
      await db.schema
        .createIndex('account_unlocks_user_time')
        .on('account_unlocks')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createIndex('refresh_tokens_live_family')
        .on('refresh_tokens')
        .column('family_id')
        .where(sql.ref('revoked_at'), 'is', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('refresh_tokens_live_family').execute();
      await db.schema.dropTable('account_unlocks').execute();
      await db.schema.dropIndex('login_failures_ip_time').execute();
      await db.schema.dropIndex('login_failures_email_ip_time').execute();
    },
  };
}
