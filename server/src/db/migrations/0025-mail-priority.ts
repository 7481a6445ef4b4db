/**
 * Mail by priority: a password reset, an unlock link or a reminder leaves before a queue of
 * notices. 0 is urgent, 1 normal, 2 bulk; the instances claim due rows in that order.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function mailPriority(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('mail_outbox')
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex('mail_outbox_queue')
        .on('mail_outbox')
        .columns(['state', 'priority', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('mail_outbox_queue').execute();
      await db.schema.alterTable('mail_outbox').dropColumn('priority').execute();
    },
  };
}
