/** Billing's part of "your data": the user's plan requests; the deletion takes them. */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';

export async function exportBilling(db: Db, userId: number): Promise<YourDataExport['billingRequests']> {
  const requests = await db
    .selectFrom('billing_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return requests.map((b) => ({
    _id: String(b.id),
    plan: b.plan,
    currency: b.currency,
    users: b.users,
    amountCents: b.amount_cents,
    status: b.status,
    paidUntil: b.paid_until,
    createdAt: b.created_at,
  }));
}

export async function eraseBilling(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('billing_requests').where('user_id', '=', userId).execute();
}
