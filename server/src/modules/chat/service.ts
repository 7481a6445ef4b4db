/**
 * Chat (D37). A direct chat is between two users who were friends when it was opened; once they
 * are not, it stays readable and takes no new message. A group's chat belongs to the group's owner
 * and its members as they are now: whoever leaves the group leaves its chat, and the chat goes with
 * the group. Everyone else gets a 404. Each new message is published live (D38) to the
 * participants after it is stored; presence comes from the live streams.
 */
import {
  CHAT_PAGE_SIZE,
  type ChatContact,
  type ChatList,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSummary,
  messages,
  type OpenChatInput,
  type PublicUser,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ChatMessagesTable } from '../../db/schema';
import type { ServiceDeps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { rowId } from '../../lib/row-id';
import {
  areFriends,
  authorizeChat,
  type ChatAction,
  chatGroupsOf,
  chatPeople,
  type ChatRow,
  visibleChats,
} from './policy';
import { presentPublicUser, publicUserColumns, type PublicUserRow } from '../users/public-presenter';
import { afterCommit, transaction } from '../../db/transaction';

export type ChatServiceDeps = Pick<ServiceDeps, 'db' | 'live'>;

type MessageRow = Selectable<ChatMessagesTable>;
type PersonRow = PublicUserRow & { last_seen_at: string | null };

const presentMessage = (row: MessageRow): ChatMessage => ({
  _id: String(row.id),
  chatId: String(row.chat_id),
  senderId: String(row.sender_id),
  message: row.body,
  createdAt: row.created_at,
});

const byName = (a: PublicUser, b: PublicUser) =>
  a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }) || Number(a._id) - Number(b._id);

export class ChatService {
  constructor(private readonly deps: ChatServiceDeps) {
    deps.live.onPresence((userId, online) => void this.presenceChanged(userId, online));
  }

  /** The user's chats, newest activity first, and the friends and groups without one yet. */
  async list(userId: number): Promise<ChatList> {
    const { db } = this.deps;
    const groups = await chatGroupsOf(db, userId);
    const chatRows = await visibleChats(db, userId, groups).execute();
    const friends = await this.friendsOf(userId);
    const chats = await this.summaries(userId, chatRows, friends);
    chats.sort(
      (a, b) =>
        (b.lastMessage?.createdAt ?? '').localeCompare(a.lastMessage?.createdAt ?? '') ||
        Number(b._id) - Number(a._id),
    );
    const withChat = new Set(chats.flatMap((chat) => (chat.friend ? [chat.friend._id] : [])));
    const presence = await this.presenceOf(friends);
    const contacts: ChatContact[] = friends
      .filter((friend) => !withChat.has(String(friend.id)))
      .map((friend) => ({ ...presentPublicUser(friend), presence: presence(friend) }))
      .sort(byName);
    const groupsWithChat = new Set(chatRows.map((row) => row.group_id));
    return {
      chats,
      contacts,
      groups: groups
        .filter((group) => !groupsWithChat.has(group.id))
        .map((group) => ({ _id: String(group.id), name: group.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })),
      unseen: chats.reduce((sum, chat) => sum + chat.unseen, 0),
    };
  }

  /** Opens the direct chat with a friend, or a group's chat; returns the one that exists if any. */
  async open(userId: number, input: OpenChatInput): Promise<{ chat: ChatSummary; created: boolean }> {
    const { db } = this.deps;
    let row: ChatRow | undefined;
    let values: { group_id: number } | { user_a: number; user_b: number };
    if ('friend' in input) {
      const friendId = rowId(input.friend);
      const refusal = () =>
        badRequest('CHAT_NOT_FRIEND', 'chat.notFriend', { friend: messages['chat.notFriend'] });
      if (friendId === undefined || friendId === userId) throw refusal();
      const [userA, userB] = friendId < userId ? [friendId, userId] : [userId, friendId];
      row = await db
        .selectFrom('chats')
        .selectAll()
        .where('user_a', '=', userA)
        .where('user_b', '=', userB)
        .executeTakeFirst();
      // A chat with a former friend stays readable; a new one needs a friend.
      if (!row && !(await areFriends(db, userId, friendId))) throw refusal();
      values = { user_a: userA, user_b: userB };
    } else {
      const groupId = rowId(input.group);
      const group = (await chatGroupsOf(db, userId)).find((candidate) => candidate.id === groupId);
      if (!group) throw notFound();
      row = await db.selectFrom('chats').selectAll().where('group_id', '=', group.id).executeTakeFirst();
      values = { group_id: group.id };
    }
    let created = false;
    if (!row) {
      // Two people may open the same chat at once: the unique indexes keep one, both get it.
      const inserted = await db
        .insertInto('chats')
        .values({ ...values, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      created = inserted !== undefined;
      row =
        inserted ??
        (await db
          .selectFrom('chats')
          .selectAll()
          .$if('group_id' in values, (q) =>
            q.where('group_id', '=', (values as { group_id: number }).group_id),
          )
          .$if('user_a' in values, (q) =>
            q
              .where('user_a', '=', (values as { user_a: number }).user_a)
              .where('user_b', '=', (values as { user_b: number }).user_b),
          )
          .executeTakeFirstOrThrow());
    }
    return { chat: await this.summary(userId, row), created };
  }

  /**
   * 50 messages, oldest first: the latest, or those before `before`. Reading the latest marks the
   * chat read (its unseen count becomes 0), and the user's other tabs hear it.
   */
  async messages(userId: number, chatIdText: string, beforeText?: string): Promise<ChatMessagePage> {
    const { chat, participants } = await this.access(userId, chatIdText, 'read');
    let query = this.deps.db
      .selectFrom('chat_messages')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .orderBy('id', 'desc')
      .limit(CHAT_PAGE_SIZE + 1);
    if (beforeText !== undefined) {
      const before = rowId(beforeText);
      if (before === undefined) {
        throw badRequest('VALIDATION_ERROR', 'chat.before', { before: messages['chat.before'] });
      }
      query = query.where('id', '<', before);
    }
    const rows = await query.execute();
    const hasMore = rows.length > CHAT_PAGE_SIZE;
    const page = rows.slice(0, CHAT_PAGE_SIZE).reverse();
    if (beforeText === undefined && page.length > 0) {
      const changed = await this.markRead(this.deps.db, chat.id, userId, page[page.length - 1]!.id);
      if (changed)
        afterCommit(this.deps.db, () =>
          this.deps.live.publish([userId], { type: 'chat', data: { chatId: String(chat.id), read: true } }),
        );
    }
    return {
      data: page.map(presentMessage),
      hasMore,
      chat: await this.summary(userId, chat, participants),
    };
  }

  /** Stores a message and tells every participant; a direct chat with a former friend is closed. */
  async send(userId: number, chatIdText: string, body: string): Promise<ChatMessage> {
    const { chat, participants } = await this.access(userId, chatIdText, 'send');
    const now = new Date().toISOString();
    const row = await transaction(this.deps.db, async (trx) => {
      const message = await trx
        .insertInto('chat_messages')
        .values({ chat_id: chat.id, sender_id: userId, body, created_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.updateTable('chats').set({ last_message_at: now }).where('id', '=', chat.id).execute();
      await this.markRead(trx, chat.id, userId, message.id);
      afterCommit(trx, () =>
        this.deps.live.publish(
          participants.map((person) => person.id),
          { type: 'chat', data: { chatId: String(chat.id), messageId: String(message.id) } },
        ),
      );
      return message;
    });
    return presentMessage(row);
  }

  /** The chat and its participants, if the action is the user's (policy.ts). */
  private async access(
    userId: number,
    chatIdText: string,
    action: ChatAction,
  ): Promise<{ chat: ChatRow; participants: PersonRow[] }> {
    const { chat, people } = await authorizeChat(this.deps.db, userId, Number(chatIdText), action);
    const participants = (await this.peopleRows(new Map([[chat.id, people]]))).get(chat.id) ?? [];
    return { chat, participants };
  }

  /** Each chat's participants, in three queries whatever the number of chats. */
  private async participantsOfAll(chats: ChatRow[]): Promise<Map<number, PersonRow[]>> {
    return this.peopleRows(await chatPeople(this.deps.db, chats));
  }

  /** The people of each chat (by id, as policy.ts says who), as rows sorted by id: one query. */
  private async peopleRows(idsByChat: Map<number, number[]>): Promise<Map<number, PersonRow[]>> {
    const userIds = [...new Set([...idsByChat.values()].flat())];
    const rows =
      userIds.length === 0
        ? []
        : await this.deps.db
            .selectFrom('users')
            .select([...publicUserColumns, 'users.last_seen_at'])
            .where('users.id', 'in', userIds)
            .execute();
    const people = new Map(rows.map((row) => [row.id, row]));
    return new Map(
      [...idsByChat].map(([chatId, ids]) => [
        chatId,
        [...new Set(ids)].sort((a, b) => a - b).flatMap((id) => people.get(id) ?? []),
      ]),
    );
  }

  /** Moves the user's read mark forward to `messageId` (never back); true if it moved. */
  private async markRead(db: Db, chatId: number, userId: number, messageId: number): Promise<boolean> {
    const result = await db
      .insertInto('chat_reads')
      .values({ chat_id: chatId, user_id: userId, last_read_id: messageId })
      .onConflict((oc) =>
        oc
          .columns(['chat_id', 'user_id'])
          .doUpdateSet({ last_read_id: messageId })
          .where('chat_reads.last_read_id', '<', messageId),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  private async summary(userId: number, chat: ChatRow, participants?: PersonRow[]): Promise<ChatSummary> {
    const friends = await this.friendsOf(userId);
    const [summary] = await this.summaries(
      userId,
      [chat],
      friends,
      participants && new Map([[chat.id, participants]]),
    );
    return summary!;
  }

  private async summaries(
    userId: number,
    chats: ChatRow[],
    friends: PersonRow[],
    known?: Map<number, PersonRow[]>,
  ): Promise<ChatSummary[]> {
    if (chats.length === 0) return [];
    const { db } = this.deps;
    const ids = chats.map((chat) => chat.id);
    const [lastRows, unseenRows, groupRows] = await Promise.all([
      db
        .selectFrom('chat_messages')
        .selectAll()
        .where(
          'id',
          'in',
          db
            .selectFrom('chat_messages')
            .select((eb) => eb.fn.max('id').as('id'))
            .where('chat_id', 'in', ids)
            .groupBy('chat_id'),
        )
        .execute(),
      db
        .selectFrom('chat_messages')
        .leftJoin('chat_reads', (join) =>
          join
            .onRef('chat_reads.chat_id', '=', 'chat_messages.chat_id')
            .on('chat_reads.user_id', '=', userId),
        )
        .select(['chat_messages.chat_id', (eb) => eb.fn.countAll<number>().as('unseen')])
        .where('chat_messages.chat_id', 'in', ids)
        .where('chat_messages.sender_id', '<>', userId)
        .where((eb) => eb('chat_messages.id', '>', eb.fn.coalesce('chat_reads.last_read_id', eb.lit(0))))
        .groupBy('chat_messages.chat_id')
        .execute(),
      db
        .selectFrom('groups')
        .select(['id', 'name'])
        .where(
          'id',
          'in',
          chats.map((chat) => chat.group_id ?? 0),
        )
        .execute(),
    ]);
    const last = new Map(lastRows.map((row) => [row.chat_id, presentMessage(row)]));
    const unseen = new Map(unseenRows.map((row) => [row.chat_id, Number(row.unseen)]));
    const groupNames = new Map(groupRows.map((row) => [row.id, row.name]));
    const friendIds = new Set(friends.map((friend) => friend.id));
    const people = known ?? (await this.participantsOfAll(chats));
    const others = [...people.values()].flat().filter((person) => person.id !== userId);
    const presence = await this.presenceOf(others);
    return chats.map((chat) => {
      const participants = people.get(chat.id) ?? [];
      const other =
        chat.group_id === null
          ? (participants.find((person) => person.id !== userId) ?? participants[0])
          : undefined;
      return {
        _id: String(chat.id),
        kind: chat.group_id === null ? 'direct' : 'group',
        name: other ? other.full_name : (groupNames.get(chat.group_id!) ?? ''),
        friend: other ? { ...presentPublicUser(other), presence: presence(other) } : null,
        group:
          chat.group_id === null
            ? null
            : { _id: String(chat.group_id), name: groupNames.get(chat.group_id) ?? '' },
        participants: participants.map(presentPublicUser),
        lastMessage: last.get(chat.id) ?? null,
        unseen: unseen.get(chat.id) ?? 0,
        closed: other !== undefined && !friendIds.has(other.id),
      };
    });
  }

  /** A function giving each person's presence, from one look at the live streams. */
  private async presenceOf(people: PersonRow[]) {
    const online = await this.deps.live.online([...new Set(people.map((person) => person.id))]);
    return (person: PersonRow) => ({ online: online.has(person.id), lastSeenAt: person.last_seen_at });
  }

  private friendsOf(userId: number): Promise<PersonRow[]> {
    return this.deps.db
      .selectFrom('friendships')
      .innerJoin('users', 'users.id', 'friendships.friend_id')
      .select([...publicUserColumns, 'users.last_seen_at'])
      .where('friendships.user_id', '=', userId)
      .execute();
  }

  /**
   * A user's first stream opened or last one closed on some instance: record when they were last
   * seen, and tell their friends whether they are online now anywhere.
   */
  private async presenceChanged(userId: number, connected: boolean): Promise<void> {
    try {
      const { db, live } = this.deps;
      let lastSeenAt: string | null = null;
      if (!connected) {
        lastSeenAt = new Date().toISOString();
        await db.updateTable('users').set({ last_seen_at: lastSeenAt }).where('id', '=', userId).execute();
      }
      const online = (await live.online([userId])).has(userId);
      if (online && lastSeenAt === null) {
        const row = await db
          .selectFrom('users')
          .select('last_seen_at')
          .where('id', '=', userId)
          .executeTakeFirst();
        lastSeenAt = row?.last_seen_at ?? null;
      }
      const friends = await db
        .selectFrom('friendships')
        .select('friend_id')
        .where('user_id', '=', userId)
        .execute();
      live.publish(
        friends.map((row) => row.friend_id),
        { type: 'presence', data: { userId: String(userId), online, lastSeenAt } },
      );
    } catch {
      // The database is closing with the app: presence is best effort.
    }
  }
}
