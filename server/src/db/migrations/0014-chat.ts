/**
 * Chat (D37) and presence. A chat is direct (two users, `user_a` < `user_b`, one chat per
 * pair) or a group's (one per group, whose participants are the group's owner and members at the
 * time of reading). `chat_reads` keeps, per chat and user, the last message they have read: the
 * unseen count is the others' messages after it. `users.last_seen_at` is when a user's last live
 * stream closed.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function chat(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chats')
        .addColumn('id', 'integer', engine.id)
        .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('cascade'))
        .addColumn('user_a', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('user_b', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('last_message_at', types.timestamp)
        .addCheckConstraint(
          'chats_kind',
          sql`(group_id is not null and user_a is null and user_b is null) or (group_id is null and user_a is not null and user_b is not null and user_a < user_b)`,
        )
        .execute();
      await db.schema.createIndex('chats_group').on('chats').unique().column('group_id').execute();
      await db.schema.createIndex('chats_pair').on('chats').unique().columns(['user_a', 'user_b']).execute();
      await db.schema.createIndex('chats_user_b').on('chats').column('user_b').execute();

      await db.schema
        .createTable('chat_messages')
        .addColumn('id', 'integer', engine.id)
        .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      // Paging back and the unseen count are ranges of one chat's ids.
      await db.schema
        .createIndex('chat_messages_chat')
        .on('chat_messages')
        .columns(['chat_id', 'id'])
        .execute();
      await db.schema.createIndex('chat_messages_sender').on('chat_messages').column('sender_id').execute();

      await db.schema
        .createTable('chat_reads')
        .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('chat_reads_pk', ['chat_id', 'user_id'])
        .execute();
      await db.schema.createIndex('chat_reads_user').on('chat_reads').column('user_id').execute();

      await db.schema.alterTable('users').addColumn('last_seen_at', types.timestamp).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
      await db.schema.dropTable('chat_reads').execute();
      await db.schema.dropTable('chat_messages').execute();
      await db.schema.dropTable('chats').execute();
    },
  };
}
