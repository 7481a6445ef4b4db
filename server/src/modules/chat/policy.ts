/**
 * Who may do what in a chat (D5, D12, D13, D37, §55). Who is in a chat is computed when it is
 * read, never copied: a direct chat's two users; a group's chat's owner and current members, so
 * whoever leaves the group leaves its chat. Only they read it and send to it; to anyone else it
 * does not exist (404, D10). A direct chat whose two users are no longer friends stays readable
 * and takes no new message (409 `CHAT_CLOSED`). A group's chat is opened by its owner or a member
 * (404 otherwise); a new direct chat with a friend only (the service's 400).
 */
import { messages } from '@cadence/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ChatsTable } from '../../db/schema';
import { conflict, notFound } from '../../errors';

export type ChatRow = Selectable<ChatsTable>;

/** `read`: its messages and summary. `send`: a new message. */
export type ChatAction = 'read' | 'send';

/** The groups whose chats the user is in: those they own or belong to. */
export function chatGroupsOf(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('groups')
    .select(['id', 'name'])
    .where('owner_id', '=', userId)
    .unionAll(
      db
        .selectFrom('groups')
        .innerJoin('group_members', 'group_members.group_id', 'groups.id')
        .select(['groups.id', 'groups.name'])
        .where('group_members.user_id', '=', userId),
    )
    .execute();
}

/** The chats the user is in: direct ones on either side, and those of `groups` (chatGroupsOf). */
export function visibleChats(db: Db, userId: number, groups: { id: number }[]) {
  return db
    .selectFrom('chats')
    .selectAll()
    .where('user_a', '=', userId)
    .unionAll(db.selectFrom('chats').selectAll().where('user_b', '=', userId))
    .unionAll(
      db
        .selectFrom('chats')
        .selectAll()
        .where('group_id', 'in', groups.length > 0 ? groups.map((group) => group.id) : [0]),
    );
}

/** Who is in each chat, by chat id: two queries whatever the number of chats (none for direct ones). */
export async function chatPeople(db: Db, chats: ChatRow[]): Promise<Map<number, number[]>> {
  const groupIds = chats.flatMap((chat) => (chat.group_id === null ? [] : [chat.group_id]));
  const [owners, members] =
    groupIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('groups')
            .select(['id as group_id', 'owner_id as user_id'])
            .where('id', 'in', groupIds)
            .execute(),
          db
            .selectFrom('group_members')
            .select(['group_id', 'user_id'])
            .where('group_id', 'in', groupIds)
            .execute(),
        ]);
  const byGroup = new Map<number, number[]>();
  for (const row of [...owners, ...members]) {
    const bucket = byGroup.get(row.group_id) ?? [];
    bucket.push(row.user_id);
    byGroup.set(row.group_id, bucket);
  }
  return new Map(
    chats.map((chat) => [
      chat.id,
      chat.group_id === null ? [chat.user_a!, chat.user_b!] : (byGroup.get(chat.group_id) ?? []),
    ]),
  );
}

/** Whether `otherId` is the user's friend now. */
export async function areFriends(db: Db, userId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectFrom('friendships')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('friend_id', '=', otherId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The chat and who is in it, if the action is the user's; throws as above. */
export async function authorizeChat(
  db: Db,
  userId: number,
  chatId: number,
  action: ChatAction,
): Promise<{ chat: ChatRow; people: number[] }> {
  const chat = await db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
  if (!chat) throw notFound();
  const people = (await chatPeople(db, [chat])).get(chat.id) ?? [];
  if (!people.includes(userId)) throw notFound();
  if (action === 'send' && chat.user_a !== null && chat.user_b !== null) {
    const other = chat.user_a === userId ? chat.user_b : chat.user_a;
    if (!(await areFriends(db, userId, other))) {
      throw conflict('CHAT_CLOSED', 'chat.closed', { message: messages['chat.closed'] });
    }
  }
  return { chat, people };
}
