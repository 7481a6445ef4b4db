/**
 * App passwords' failures apart from the sign-in page's (decisions §61): a phone polling with a
 * revoked app password must not block its owner's web sign-in from the same address, and one
 * secret sent again and again is one failure, not one a request. Each row is one wrong secret
 * (its hash) for one login (the account's e-mail, or the login as typed) from one address.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function appPasswordFailures(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_password_failures')
        .addColumn('id', 'integer', engine.id)
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('app_password_failures_email_ip_time')
        .on('app_password_failures')
        .columns(['email', 'ip', 'created_at'])
        .execute();
      await db.schema
        .createIndex('app_password_failures_ip_time')
        .on('app_password_failures')
        .columns(['ip', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_password_failures').execute();
    },
  };
}
