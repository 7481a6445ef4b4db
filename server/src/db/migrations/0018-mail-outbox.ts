/**
 * The mail outbox: every e-mail is written here in the transaction that causes it, rendered (its
 * subject, text and iCalendar part), and sent after the commit by whichever instance claims it;
 * a failed send is retried with backoff and given up visibly (`failed`, with its last error).
 * Notifications name who did what they tell (`actor_id`: the invitee who answered a meeting).
 */
import { type Kysely, type Migration } from 'kysely';
import type { Engine } from '../dialect';

export function mailOutbox(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'integer', engine.id)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('calendar_method', 'text')
        .addColumn('calendar_content', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', types.timestamp, (c) => c.notNull())
        .addColumn('claimed_at', types.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('sent_at', types.timestamp)
        .execute();
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['state', 'next_attempt_at'])
        .execute();
      await db.schema
        .alterTable('notifications')
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').dropColumn('actor_id').execute();
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
