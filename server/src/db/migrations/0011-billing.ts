/**
 * Billing (D25, D36): each manual billing request, with its amount fixed when requested (cents),
 * and, once paid, the date the plan is paid until. The trial needs no column: it is the account's
 * first 15 days.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function billing(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('billing_requests')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('users', 'integer', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('paid_until', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('billing_requests_user')
        .on('billing_requests')
        .columns(['user_id', 'id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('billing_requests').execute();
    },
  };
}
