/**
 * CalDAV sync (D43). `app_passwords`: the secrets a phone or a desktop client signs in
 * with over HTTP Basic (random, shown once, stored as SHA-256 like the feed's). `dav_name`: the
 * resource name a client chose when it made an event or a to-do (else ours: `<id>.ics`). `uid` on
 * to-dos: a VTODO's UID as its client wrote it. `dav_changes`: for each user, list and resource,
 * the list version at its last change (a deletion included), so a sync-collection REPORT answers
 * what changed since a token with one indexed read; `source_id` 0 marks a change of unknown
 * resources, which makes older tokens invalid (the client then syncs in full).
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function caldav(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_passwords')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('last_used_at', types.timestamp)
        .execute();
      await db.schema
        .createIndex('app_passwords_user')
        .on('app_passwords')
        .columns(['user_id', 'id'])
        .execute();

      await db.schema.alterTable('events').addColumn('dav_name', 'text').execute();
      await db.schema
        .createIndex('events_owner_dav_name')
        .on('events')
        .columns(['owner_id', 'dav_name'])
        .execute();
      await db.schema.alterTable('todos').addColumn('uid', 'text').execute();
      await db.schema.alterTable('todos').addColumn('dav_name', 'text').execute();
      await db.schema
        .createIndex('todos_owner_dav_name')
        .on('todos')
        .columns(['owner_id', 'dav_name'])
        .execute();

      await db.schema
        .createTable('dav_changes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('dav_changes_pk', ['user_id', 'list', 'source_id'])
        .execute();
      await db.schema
        .createIndex('dav_changes_since')
        .on('dav_changes')
        .columns(['user_id', 'list', 'version'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dav_changes').execute();
      await db.schema.dropIndex('todos_owner_dav_name').execute();
      await db.schema.alterTable('todos').dropColumn('dav_name').execute();
      await db.schema.alterTable('todos').dropColumn('uid').execute();
      await db.schema.dropIndex('events_owner_dav_name').execute();
      await db.schema.alterTable('events').dropColumn('dav_name').execute();
      await db.schema.dropTable('app_passwords').execute();
    },
  };
}
