/**
 * Friend requests and friendships (D12). A request is pending until the receiver accepts it (it
 * becomes a friendship: two rows, one each way) or declines it, or the sender withdraws it; then
 * the request row is gone. Ending a friendship also takes each former friend out of the other's
 * groups (D13). The bell tells the receiver of a pending request (until it is answered or
 * withdrawn) and the sender of its acceptance, never of a refusal; neither is mailed, since anyone
 * may ask anyone.
 */
import {
  type FriendRequest,
  type FriendRequests,
  messages,
  type PublicUser,
  type SendFriendRequestInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../errors';
import type { UserRow } from '../auth/user-data';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { rowId } from '../../lib/row-id';
import { leaveEachOthersGroups } from '../groups/membership';
import { presentFriendRequest } from './presenter';
import type { ServiceDeps } from '../../deps';
import { afterCommit, transaction } from '../../db/transaction';
import { notify, withdrawNotifications } from '../notifications/notify';

export type FriendsServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live'>;

const byName = sql`lower(users.full_name)`;

export class FriendsService {
  constructor(private readonly deps: FriendsServiceDeps) {}

  /**
   * Tells both sides live (D38) that a request arrived or was answered, or a friendship ended, once
   * `db`'s change is committed (at once for a single statement outside a transaction).
   */
  private announce(db: Db, ...userIds: number[]): void {
    afterCommit(db, () => this.deps.live.publish(userIds, { type: 'request', data: { kind: 'friend' } }));
  }

  /** Tells `userId`'s bell, once `db`'s change is committed, to read itself again. */
  private ring(db: Db, userId: number): void {
    afterCommit(db, () => this.deps.live.publish([userId], { type: 'notification', data: {} }));
  }

  /** The request is answered or withdrawn: it leaves the receiver's bell. */
  private async settle(trx: Db, requestId: number, receiverId: number): Promise<void> {
    await withdrawNotifications(trx, 'friend-request', [requestId]);
    this.ring(trx, receiverId);
  }

  /** The user's friends, by name. */
  async list(userId: number): Promise<PublicUser[]> {
    const rows = await this.deps.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select(publicUserColumns)
      .where('friendships.user_id', '=', userId)
      .orderBy(byName)
      .orderBy('users.id')
      .execute();
    return rows.map(presentPublicUser);
  }

  /** Ends a friendship both ways and takes each out of the other's groups. */
  async remove(userId: number, friendIdText: string): Promise<void> {
    const friendId = rowId(friendIdText);
    if (friendId === undefined) throw notFound();
    await transaction(this.deps.db, async (trx) => {
      const deleted = await trx
        .deleteFrom('friendships')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', '=', userId), eb('friend_id', '=', friendId)]),
            eb.and([eb('user_id', '=', friendId), eb('friend_id', '=', userId)]),
          ]),
        )
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound();
      await leaveEachOthersGroups(trx, userId, friendId);
      this.announce(trx, userId, friendId);
    });
  }

  /** How many pending requests the user received. */
  async incomingCount(userId: number): Promise<number> {
    const row = await this.deps.db
      .selectFrom('friend_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('to_user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The pending requests the user received and sent, newest first. */
  async requests(user: UserRow): Promise<FriendRequests> {
    const me = presentPublicUser(user);
    const pending = (direction: 'incoming' | 'outgoing') => {
      const [mine, theirs] =
        direction === 'incoming'
          ? (['friend_requests.to_user_id', 'friend_requests.from_user_id'] as const)
          : (['friend_requests.from_user_id', 'friend_requests.to_user_id'] as const);
      return this.deps.db
        .selectFrom('friend_requests')
        .innerJoin('users', 'users.id', theirs)
        .select([...publicUserColumns, 'friend_requests.id as request_id', 'friend_requests.created_at'])
        .where(mine, '=', user.id)
        .orderBy('friend_requests.created_at', 'desc')
        .orderBy('friend_requests.id', 'desc')
        .execute();
    };
    const [incoming, outgoing] = await Promise.all([pending('incoming'), pending('outgoing')]);
    return {
      incoming: incoming.map((row) =>
        presentFriendRequest({ id: row.request_id, created_at: row.created_at }, presentPublicUser(row), me),
      ),
      outgoing: outgoing.map((row) =>
        presentFriendRequest({ id: row.request_id, created_at: row.created_at }, me, presentPublicUser(row)),
      ),
    };
  }

  async send(user: UserRow, input: SendFriendRequestInput): Promise<FriendRequest> {
    const targetId = rowId(input.userId);
    if (targetId === user.id) {
      throw badRequest('FRIEND_REQUEST_TO_SELF', 'friends.self', { userId: messages['friends.self'] });
    }
    const target =
      targetId === undefined
        ? undefined
        : await this.deps.db
            .selectFrom('users')
            .select(publicUserColumns)
            .where('id', '=', targetId)
            .executeTakeFirst();
    if (!target) throw notFound();
    const refusal = await this.refusalFor(user.id, target.id);
    if (refusal) throw refusal;
    try {
      const row = await transaction(this.deps.db, async (trx) => {
        const at = new Date().toISOString();
        const request = await trx
          .insertInto('friend_requests')
          .values({ from_user_id: user.id, to_user_id: target.id, created_at: at })
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await notify(trx, [
          {
            userId: target.id,
            kind: 'friend-request',
            sourceId: request.id,
            title: user.full_name || user.username,
            at,
            actorId: user.id,
          },
        ]);
        this.announce(trx, user.id, target.id);
        this.ring(trx, target.id);
        return request;
      });
      return presentFriendRequest(row, presentPublicUser(user), presentPublicUser(target));
    } catch (error) {
      // The other side asked at the same moment, or this request was sent twice at once.
      if (this.deps.engine.isUniqueViolation(error)) {
        throw (await this.refusalFor(user.id, target.id)) ?? error;
      }
      throw error;
    }
  }

  /** Why a request between the two cannot be sent: they are friends, or one is already pending. */
  private async refusalFor(userId: number, otherId: number) {
    const friendship = await this.deps.db
      .selectFrom('friendships')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('friend_id', '=', otherId)
      .executeTakeFirst();
    if (friendship) {
      return conflict('ALREADY_FRIENDS', 'friends.alreadyFriends', {
        userId: messages['friends.alreadyFriends'],
      });
    }
    const pending = await this.deps.db
      .selectFrom('friend_requests')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('from_user_id', '=', userId), eb('to_user_id', '=', otherId)]),
          eb.and([eb('from_user_id', '=', otherId), eb('to_user_id', '=', userId)]),
        ]),
      )
      .executeTakeFirst();
    if (pending) {
      return conflict('FRIEND_REQUEST_EXISTS', 'friends.requestExists', {
        userId: messages['friends.requestExists'],
      });
    }
    return undefined;
  }

  /** The receiver accepts: the request becomes a friendship. Anyone else gets a 404. */
  async accept(userId: number, requestIdText: string): Promise<void> {
    const requestId = rowId(requestIdText);
    if (requestId === undefined) throw notFound();
    await transaction(this.deps.db, async (trx) => {
      // Deleting first claims the request: of two simultaneous accepts, one finds nothing.
      const request = await trx
        .deleteFrom('friend_requests')
        .where('id', '=', requestId)
        .where('to_user_id', '=', userId)
        .returning(['from_user_id'])
        .executeTakeFirst();
      if (!request) throw notFound();
      const now = new Date().toISOString();
      await trx
        .insertInto('friendships')
        .values([
          { user_id: userId, friend_id: request.from_user_id, created_at: now },
          { user_id: request.from_user_id, friend_id: userId, created_at: now },
        ])
        .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
        .execute();
      const accepter = await trx
        .selectFrom('users')
        .select(['full_name', 'username'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await this.settle(trx, requestId, userId);
      await notify(trx, [
        {
          userId: request.from_user_id,
          kind: 'friend-accepted',
          sourceId: userId,
          title: accepter.full_name || accepter.username,
          at: now,
          actorId: userId,
        },
      ]);
      this.ring(trx, request.from_user_id);
      this.announce(trx, userId, request.from_user_id);
    });
  }

  /** The receiver declines: the request is gone. */
  async decline(userId: number, requestIdText: string): Promise<void> {
    await this.deleteRequest(requestIdText, 'to_user_id', userId);
  }

  /** The sender withdraws: the request is gone. */
  async withdraw(userId: number, requestIdText: string): Promise<void> {
    await this.deleteRequest(requestIdText, 'from_user_id', userId);
  }

  private async deleteRequest(
    requestIdText: string,
    side: 'from_user_id' | 'to_user_id',
    userId: number,
  ): Promise<void> {
    const requestId = rowId(requestIdText);
    if (requestId === undefined) throw notFound();
    await transaction(this.deps.db, async (trx) => {
      const deleted = await trx
        .deleteFrom('friend_requests')
        .where('id', '=', requestId)
        .where(side, '=', userId)
        .returning(['from_user_id', 'to_user_id'])
        .executeTakeFirst();
      if (!deleted) throw notFound();
      await this.settle(trx, requestId, deleted.to_user_id);
      this.announce(trx, deleted.from_user_id, deleted.to_user_id);
    });
  }
}
