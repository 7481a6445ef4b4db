/**
 * Friends' part of "your data": the user's friends and requests both ways; the
 * account's deletion takes them, on both sides.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { withdrawNotifications } from '../notifications/notify';
import { peopleNamed } from '../users/your-data';

export async function exportFriends(
  db: Db,
  userId: number,
): Promise<Pick<YourDataExport, 'friends' | 'friendRequests'>> {
  const friendships = await db
    .selectFrom('friendships')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .execute();
  const requests = await db
    .selectFrom('friend_requests')
    .selectAll()
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .orderBy('id')
    .execute();
  const person = await peopleNamed(db, [
    ...friendships.flatMap((f) => [f.user_id, f.friend_id]),
    ...requests.flatMap((r) => [r.from_user_id, r.to_user_id]),
  ]);
  return {
    // A friendship is two rows, one each way: one entry per friend.
    friends: friendships
      .filter((f) => f.user_id === userId)
      .map((f) => ({ user: person(f.friend_id), since: f.created_at })),
    friendRequests: {
      sent: requests
        .filter((r) => r.from_user_id === userId)
        .map((r) => ({ _id: String(r.id), to: person(r.to_user_id), createdAt: r.created_at })),
      received: requests
        .filter((r) => r.to_user_id === userId)
        .map((r) => ({ _id: String(r.id), from: person(r.from_user_id), createdAt: r.created_at })),
    },
  };
}

export async function eraseFriends(trx: Db, userId: number): Promise<void> {
  // The requests the user sent leave their receivers' bells with them.
  await withdrawNotifications(
    trx,
    'friend-request',
    trx.selectFrom('friend_requests').select('id').where('from_user_id', '=', userId),
  );
  await trx
    .deleteFrom('friendships')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .execute();
  await trx
    .deleteFrom('friend_requests')
    .where((eb) => eb.or([eb('from_user_id', '=', userId), eb('to_user_id', '=', userId)]))
    .execute();
}
