/** Users and everything sign-in needs: refresh-token families, reset tokens, failed logins. */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function initial(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', engine.id)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text')
        .addColumn('active', types.boolean, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('users_username_unique')
        .on('users')
        .unique()
        .expression(sql`lower(username)`)
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .addColumn('revoked_at', types.timestamp)
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
      await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('expires_at', types.timestamp, (c) => c.notNull())
        .addColumn('used_at', types.timestamp)
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'integer', engine.id)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email_time')
        .on('login_failures')
        .columns(['email', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['login_failures', 'password_resets', 'refresh_tokens', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
