/**
 * Card payment (D25, D36): the provider's Checkout Session a billing request is paid through, so
 * the provider's "paid" event finds its request. Null for manual requests. Unique: one session
 * pays one request.
 */
import type { Kysely, Migration } from 'kysely';

export function billingCheckout(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('billing_requests').addColumn('checkout_session_id', 'text').execute();
      await db.schema
        .createIndex('billing_requests_checkout_session')
        .on('billing_requests')
        .column('checkout_session_id')
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('billing_requests_checkout_session').execute();
      await db.schema.alterTable('billing_requests').dropColumn('checkout_session_id').execute();
    },
  };
}
