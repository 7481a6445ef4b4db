/**
 * Demo data for a first start (D6): the operator `admin` and a `client`, whose credentials the
 * README and the login page show. Runs only on an empty database.
 */
import { demoAccounts } from '@cadence/contract';
import type { Db } from './db';
import { hashPassword } from './lib/passwords';

/** Seeds when no user exists yet; answers whether it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const hashes = await Promise.all(demoAccounts.map((account) => hashPassword(account.password)));
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const now = new Date().toISOString();
    // One by one, so that ids follow the list and the admin is the first account (the operator).
    for (const [index, account] of demoAccounts.entries()) {
      await trx
        .insertInto('users')
        .values({
          username: account.username,
          email: account.email,
          full_name: account.fullName,
          password_hash: hashes[index] ?? '',
          role: account.role,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    return true;
  });
}
