/**
 * Friends (D12) and groups (D13). `friend_requests` holds pending requests only: accepting turns a
 * request into a friendship, declining or withdrawing deletes it. A friendship is two rows, one
 * each way, so "my friends" is one indexed read.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function friendsGroups(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('friend_requests')
        .addColumn('id', 'integer', engine.id)
        .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('to_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addUniqueConstraint('friend_requests_from_to', ['from_user_id', 'to_user_id'])
        .execute();
      await db.schema.createIndex('friend_requests_to').on('friend_requests').column('to_user_id').execute();
      // One pending request per pair whichever way it goes, even when both ask at the same moment.
      await db.schema
        .createIndex('friend_requests_pair')
        .on('friend_requests')
        .unique()
        .expression(
          sql`(case when from_user_id < to_user_id then from_user_id else to_user_id end), (case when from_user_id < to_user_id then to_user_id else from_user_id end)`,
        )
        .execute();

      await db.schema
        .createTable('friendships')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('friend_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('friendships_pk', ['user_id', 'friend_id'])
        .execute();
      await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();

      await db.schema
        .createTable('groups')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('groups_owner_name_unique')
        .on('groups')
        .unique()
        .expression(sql`owner_id, lower(name)`)
        .execute();

      await db.schema
        .createTable('group_members')
        .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['group_members', 'groups', 'friendships', 'friend_requests']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
