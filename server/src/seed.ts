/**
 * Demo data for a first start (D6): the operator `admin` and a `client`, whose credentials the
 * README and the login page show, and two more people so that friends, a pending request and a
 * group can be seen at once. Runs only on an empty database.
 */
import { demoAccounts } from '@cadence/contract';
import type { Db } from './db';
import { hashPassword } from './lib/passwords';
import { randomToken } from './lib/tokens';

/** People who only exist to be befriended; nobody knows their passwords. */
const demoPeople = [
  {
    username: 'maria',
    email: 'maria@demo.cadence.app',
    fullName: 'Maria Silva',
    country: 'Portugal',
    city: 'Lisbon',
  },
  { username: 'sam', email: 'sam@demo.cadence.app', fullName: 'Sam Lee', country: 'Canada', city: 'Toronto' },
] as const;

/** Seeds when no user exists yet; answers whether it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const hashes = await Promise.all([
    ...demoAccounts.map((account) => hashPassword(account.password)),
    ...demoPeople.map(() => hashPassword(randomToken())),
  ]);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const now = new Date().toISOString();
    const people = [
      ...demoAccounts.map((a) => ({
        ...a,
        country: a.role === 'admin' ? 'United Kingdom' : 'France',
        city: '',
      })),
      ...demoPeople.map((p) => ({ ...p, role: 'admin' })),
    ];
    // One by one, so that ids follow the list and the admin is the first account (the operator).
    const ids: number[] = [];
    for (const [index, person] of people.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          username: person.username,
          email: person.email,
          full_name: person.fullName,
          password_hash: hashes[index] ?? '',
          role: person.role,
          country: person.country,
          city: person.city,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const [admin, client, maria, sam] = ids as [number, number, number, number];
    const friends: Array<[number, number]> = [
      [admin, client],
      [admin, maria],
    ];
    for (const [a, b] of friends) {
      await trx
        .insertInto('friendships')
        .values([
          { user_id: a, friend_id: b, created_at: now },
          { user_id: b, friend_id: a, created_at: now },
        ])
        .execute();
    }
    await trx
      .insertInto('friend_requests')
      .values({ from_user_id: sam, to_user_id: admin, created_at: now })
      .execute();
    const group = await trx
      .insertInto('groups')
      .values({ owner_id: admin, name: 'Core team', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('group_members')
      .values([
        { group_id: group.id, user_id: client },
        { group_id: group.id, user_id: maria },
      ])
      .execute();
    return true;
  });
}
