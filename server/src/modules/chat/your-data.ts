/**
 * Chat's part of "your data": the chats the user takes part in, and any other they
 * read or wrote in (a group left), with their messages; the account's deletion takes their direct
 * chats and their groups' chats whole, and their messages out of the others.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { peopleNamed } from '../users/your-data';

export async function exportChats(
  db: Db,
  userId: number,
): Promise<Pick<YourDataExport, 'chats' | 'messages'>> {
  const participantChats = await db
    .selectFrom('chats')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('user_a', '=', userId),
        eb('user_b', '=', userId),
        eb('group_id', 'in', eb.selectFrom('groups').select('id').where('owner_id', '=', userId)),
        eb('group_id', 'in', eb.selectFrom('group_members').select('group_id').where('user_id', '=', userId)),
      ]),
    )
    .execute();
  const participating = new Set(participantChats.map((c) => c.id));
  const reads = await db.selectFrom('chat_reads').selectAll().where('user_id', '=', userId).execute();
  const messages = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('sender_id', '=', userId),
        ...(participating.size > 0 ? [eb('chat_id', 'in', [...participating])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const otherChatIds = [
    ...new Set([...reads.map((r) => r.chat_id), ...messages.map((m) => m.chat_id)]),
  ].filter((id) => !participating.has(id));
  const chats = [
    ...participantChats,
    ...(otherChatIds.length > 0
      ? await db.selectFrom('chats').selectAll().where('id', 'in', otherChatIds).execute()
      : []),
  ].sort((a, b) => a.id - b.id);
  const groupIds = chats.flatMap((c) => (c.group_id === null ? [] : [c.group_id]));
  const groups = new Map(
    (groupIds.length > 0
      ? await db.selectFrom('groups').select(['id', 'name']).where('id', 'in', groupIds).execute()
      : []
    ).map((group) => [group.id, group]),
  );
  const lastRead = new Map(reads.map((r) => [r.chat_id, r.last_read_id]));
  const person = await peopleNamed(db, [
    ...chats.flatMap((c) => [c.user_a ?? userId, c.user_b ?? userId]),
    ...messages.map((m) => m.sender_id),
  ]);
  return {
    chats: chats.map((c) => {
      const group = c.group_id === null ? undefined : groups.get(c.group_id);
      const read = lastRead.get(c.id);
      return {
        _id: String(c.id),
        kind: c.group_id === null ? ('direct' as const) : ('group' as const),
        with: c.group_id === null ? person(c.user_a === userId ? c.user_b! : c.user_a!) : null,
        group: group ? { _id: String(group.id), name: group.name } : null,
        participant: participating.has(c.id),
        lastReadId: read === undefined ? null : String(read),
        createdAt: c.created_at,
      };
    }),
    messages: messages.map((m) => ({
      _id: String(m.id),
      chatId: String(m.chat_id),
      sender: person(m.sender_id),
      message: m.body,
      createdAt: m.created_at,
    })),
  };
}

/** Their direct chats and their groups' chats go whole; their messages leave the others' chats. */
export async function eraseChats(trx: Db, userId: number): Promise<void> {
  const gone = trx
    .selectFrom('chats')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('user_a', '=', userId),
        eb('user_b', '=', userId),
        eb('group_id', 'in', trx.selectFrom('groups').select('id').where('owner_id', '=', userId)),
      ]),
    );
  await trx.deleteFrom('chat_reads').where('chat_id', 'in', gone).execute();
  await trx.deleteFrom('chat_reads').where('user_id', '=', userId).execute();
  await trx.deleteFrom('chat_messages').where('chat_id', 'in', gone).execute();
  await trx.deleteFrom('chat_messages').where('sender_id', '=', userId).execute();
  await trx.deleteFrom('chats').where('id', 'in', gone).execute();
}
