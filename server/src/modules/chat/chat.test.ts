/**
 * Chat through HTTP (D37): only participants see a chat (404 to anyone else, nothing changes),
 * unseen counts rise with others' messages and fall to 0 on reading the latest page (paging back
 * does not), 120 messages page back 50 at a time, a former friend's chat is readable and closed,
 * leaving a group leaves its chat, and bad input is a 400 in the D10 shape that changes nothing.
 */
import {
  CHAT_MESSAGE_MAX,
  type ChatList,
  type ChatMessage,
  type ChatMessagePage,
  messages,
} from '@cadence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  buildChat,
  buildGroup,
  buildUser,
  call,
  expectError,
  ok,
  sendMessage,
  type TestUser,
} from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();
let ann: TestUser;
let bob: TestUser;
let cid: TestUser;
let stranger: TestUser;

const list = (user: TestUser) => ok<ChatList>(t, 'GET', '/api/chats', user.token);
const read = (user: TestUser, chatId: string, before?: string) =>
  ok<ChatMessagePage>(
    t,
    'GET',
    `/api/chats/${chatId}/messages${before ? `?before=${before}` : ''}`,
    user.token,
  );
const unseenOf = async (user: TestUser, chatId: string) =>
  (await list(user)).chats.find((chat) => chat._id === chatId)?.unseen;

beforeAll(async () => {
  ann = await buildUser(t, { fullName: 'Ann Archer' });
  bob = await buildUser(t, { fullName: 'Bob Baker' });
  cid = await buildUser(t, { fullName: 'Cid Carter' });
  stranger = await buildUser(t);
  await befriend(t, ann, bob);
  await befriend(t, ann, cid);
});

describe('opening a chat', () => {
  it('opens a direct chat with a friend once (201, then 200 for either side) and lists it', async () => {
    const before = await list(ann);
    expect(before.chats).toEqual([]);
    expect(before.contacts.map((c) => c._id)).toEqual([bob.id, cid.id]);
    expect(before.contacts[0]!.presence).toEqual({ online: false, lastSeenAt: null });

    const chat = await buildChat(t, ann, { friend: bob.id });
    expect(chat).toMatchObject({ kind: 'direct', name: 'Bob Baker', unseen: 0, closed: false });
    expect(chat.friend?._id).toBe(bob.id);
    expect(chat.participants.map((p) => p._id).sort()).toEqual([ann.id, bob.id].sort());
    expect((await buildChat(t, bob, { friend: ann.id }, 200))._id).toBe(chat._id);
    expect((await buildChat(t, ann, { friend: bob.id }, 200))._id).toBe(chat._id);

    const after = await list(ann);
    expect(after.chats.map((c) => c._id)).toEqual([chat._id]);
    expect(after.contacts.map((c) => c._id)).toEqual([cid.id]);
    // No e-mail address in any answer (D12).
    expect(JSON.stringify(after)).not.toContain(bob.email);
  });

  it('refuses a chat with someone who is not a friend, or with oneself, and changes nothing', async () => {
    const before = await fingerprint(t.database);
    for (const friend of [stranger.id, ann.id, '999999']) {
      const body = expectError(
        await call(t, 'POST', '/api/chats', ann.token, { friend }),
        400,
        'CHAT_NOT_FRIEND',
      );
      expect(body.fields).toEqual({ friend: messages['chat.notFriend'] });
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('opens a group’s chat for its owner and members, and answers 404 to anyone else', async () => {
    const group = await buildGroup(t, ann, { name: 'Crew', members: [bob] });
    expect((await list(bob)).groups.map((g) => g.name)).toContain('Crew');
    const before = await fingerprint(t.database);
    expectError(await call(t, 'POST', '/api/chats', cid.token, { group: group._id }), 404, 'NOT_FOUND');
    expectError(await call(t, 'POST', '/api/chats', stranger.token, { group: group._id }), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);
    const chat = await buildChat(t, bob, { group: group._id });
    expect(chat).toMatchObject({ kind: 'group', name: 'Crew', friend: null, group: { _id: group._id } });
    expect(chat.participants.map((p) => p._id).sort()).toEqual([ann.id, bob.id].sort());
    expect((await buildChat(t, ann, { group: group._id }, 200))._id).toBe(chat._id);
  });
});

describe('messages', () => {
  it('shows a chat to its participants only: 404 to others, who change nothing', async () => {
    const chat = await buildChat(t, ann, { friend: cid.id });
    await sendMessage(t, ann, chat._id, 'Only for Cid');
    const before = await fingerprint(t.database);
    for (const outsider of [bob, stranger]) {
      expectError(await call(t, 'GET', `/api/chats/${chat._id}/messages`, outsider.token), 404, 'NOT_FOUND');
      const sent = await call(t, 'POST', `/api/chats/${chat._id}/messages`, outsider.token, {
        message: 'Let me in',
      });
      expectError(sent, 404, 'NOT_FOUND');
      expect(JSON.stringify(await list(outsider))).not.toContain('Only for Cid');
    }
    expectError(await call(t, 'GET', '/api/chats/999999/messages', ann.token), 404, 'NOT_FOUND');
    expect(await fingerprint(t.database)).toEqual(before);
  });

  it('counts the others’ messages as unseen until the latest page is read', async () => {
    const chat = await buildChat(t, bob, { friend: ann.id }, 200);
    const baseline = (await list(ann)).unseen;
    await sendMessage(t, bob, chat._id, 'One');
    await sendMessage(t, bob, chat._id, 'Two');
    expect(await unseenOf(ann, chat._id)).toBe(2);
    expect(await unseenOf(bob, chat._id)).toBe(0);
    expect((await list(ann)).unseen).toBe(baseline + 2);
    const summary = (await list(ann)).chats.find((c) => c._id === chat._id)!;
    expect(summary.lastMessage).toMatchObject({ message: 'Two', senderId: bob.id });

    const page = await read(ann, chat._id);
    expect(page.data.slice(-2).map((m) => m.message)).toEqual(['One', 'Two']);
    expect(page.chat.unseen).toBe(0);
    expect(await unseenOf(ann, chat._id)).toBe(0);
    expect((await list(ann)).unseen).toBe(baseline);

    // Answering reads what came before: Bob's count rises, Ann's stays at 0.
    await sendMessage(t, bob, chat._id, 'Three');
    await sendMessage(t, ann, chat._id, 'Mine does not count for me');
    expect(await unseenOf(ann, chat._id)).toBe(0);
    expect(await unseenOf(bob, chat._id)).toBe(1);
  });

  it('pages 120 messages back 50 at a time, oldest first; paging back does not mark read', async () => {
    const group = await buildGroup(t, cid, { name: 'Long talk', members: [ann] });
    const chat = await buildChat(t, cid, { group: group._id });
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 120; i++) sent.push(await sendMessage(t, cid, chat._id, `Message ${i}`));
    expect(await unseenOf(ann, chat._id)).toBe(120);

    // Ann reads an older page first (as after a reload deep in the history): still unseen.
    const older = await read(ann, chat._id, sent[100]!._id);
    expect(older.data.map((m) => m.message)).toEqual(sent.slice(50, 100).map((m) => m.message));
    expect(older.hasMore).toBe(true);
    expect(await unseenOf(ann, chat._id)).toBe(120);

    const latest = await read(ann, chat._id);
    expect(latest.data.map((m) => m._id)).toEqual(sent.slice(70).map((m) => m._id));
    expect(latest.hasMore).toBe(true);
    expect(latest.chat.unseen).toBe(0);
    const second = await read(ann, chat._id, latest.data[0]!._id);
    expect(second.data.map((m) => m._id)).toEqual(sent.slice(20, 70).map((m) => m._id));
    expect(second.hasMore).toBe(true);
    const last = await read(ann, chat._id, second.data[0]!._id);
    expect(last.data.map((m) => m.message)).toEqual(sent.slice(0, 20).map((m) => m.message));
    expect(last.hasMore).toBe(false);
    expect(last.data[0]).toMatchObject({ senderId: cid.id, chatId: chat._id, message: 'Message 1' });
  });

  it('keeps a former friend’s chat readable and closed to new messages (409)', async () => {
    const dan = await buildUser(t);
    await befriend(t, ann, dan);
    const chat = await buildChat(t, dan, { friend: ann.id });
    await sendMessage(t, dan, chat._id, 'Before the falling out');
    expect((await call(t, 'DELETE', `/api/friends/${dan.id}`, ann.token)).statusCode).toBeLessThan(300);

    const before = await fingerprint(t.database);
    for (const user of [ann, dan]) {
      const body = expectError(
        await call(t, 'POST', `/api/chats/${chat._id}/messages`, user.token, { message: 'Hello?' }),
        409,
        'CHAT_CLOSED',
      );
      expect(body.message).toBe(messages['chat.closed']);
      const page = await read(user, chat._id);
      expect(page.chat.closed).toBe(true);
      expect(page.data.map((m) => m.message)).toEqual(['Before the falling out']);
    }
    // The chat is still there, and reopening it returns it; no new chat can be made.
    expect((await buildChat(t, ann, { friend: dan.id }, 200))._id).toBe(chat._id);
    expect(await fingerprint(t.database)).not.toEqual(before); // ann's read mark moved
    const again = await fingerprint(t.database);
    expectError(
      await call(t, 'POST', `/api/chats/${chat._id}/messages`, ann.token, { message: 'x' }),
      409,
      'CHAT_CLOSED',
    );
    expect(await fingerprint(t.database)).toEqual(again);
  });

  it('takes a member out of a group’s chat when they leave the group', async () => {
    const group = await buildGroup(t, ann, { name: 'Temporary', members: [bob, cid] });
    const chat = await buildChat(t, ann, { group: group._id });
    await sendMessage(t, bob, chat._id, 'Hi all');
    expect((await read(cid, chat._id)).data).toHaveLength(1);
    await ok(t, 'PUT', `/api/groups/${group._id}`, ann.token, { memberIds: [bob.id] });
    expectError(await call(t, 'GET', `/api/chats/${chat._id}/messages`, cid.token), 404, 'NOT_FOUND');
    expect((await list(cid)).chats.map((c) => c._id)).not.toContain(chat._id);
    expect((await read(bob, chat._id)).chat.participants.map((p) => p._id).sort()).toEqual(
      [ann.id, bob.id].sort(),
    );
    // The group goes, and its chat with it.
    expect((await call(t, 'DELETE', `/api/groups/${group._id}`, ann.token)).statusCode).toBeLessThan(300);
    expectError(await call(t, 'GET', `/api/chats/${chat._id}/messages`, bob.token), 404, 'NOT_FOUND');
  });
});

describe('bad input', () => {
  it('answers 400 in the D10 shape, never a 500, and changes nothing', async () => {
    const chat = await buildChat(t, ann, { friend: bob.id }, 200);
    const before = await fingerprint(t.database);
    const cases: [string, string, unknown, string][] = [
      ['POST', `/api/chats/${chat._id}/messages`, {}, 'VALIDATION_ERROR'],
      ['POST', `/api/chats/${chat._id}/messages`, { message: '' }, 'VALIDATION_ERROR'],
      ['POST', `/api/chats/${chat._id}/messages`, { message: '   \n ' }, 'VALIDATION_ERROR'],
      ['POST', `/api/chats/${chat._id}/messages`, { message: 42 }, 'VALIDATION_ERROR'],
      [
        'POST',
        `/api/chats/${chat._id}/messages`,
        { message: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
        'VALIDATION_ERROR',
      ],
      ['POST', `/api/chats/${chat._id}/messages`, { message: 'a', senderId: bob.id }, 'VALIDATION_ERROR'],
      ['POST', '/api/chats', {}, 'VALIDATION_ERROR'],
      ['POST', '/api/chats', { friend: bob.id, group: '1' }, 'VALIDATION_ERROR'],
      ['POST', '/api/chats', { friend: 'abc' }, 'VALIDATION_ERROR'],
      ['GET', `/api/chats/${chat._id}/messages?before=abc`, undefined, 'VALIDATION_ERROR'],
      ['GET', `/api/chats/${chat._id}/messages?before=-1`, undefined, 'VALIDATION_ERROR'],
      ['GET', '/api/chats/abc/messages', undefined, 'VALIDATION_ERROR'],
    ];
    for (const [method, url, body, code] of cases) {
      const response = await call(t, method as 'GET' | 'POST', url, ann.token, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code });
    }
    const empty = expectError(
      await call(t, 'POST', `/api/chats/${chat._id}/messages`, ann.token, { message: '' }),
      400,
      'VALIDATION_ERROR',
    );
    expect(empty.fields?.message).toBe(messages['chat.messageRequired']);
    const long = expectError(
      await call(t, 'POST', `/api/chats/${chat._id}/messages`, ann.token, {
        message: 'x'.repeat(CHAT_MESSAGE_MAX + 1),
      }),
      400,
      'VALIDATION_ERROR',
    );
    expect(long.fields?.message).toBe(messages['chat.messageLength']);
    expect(await fingerprint(t.database)).toEqual(before);

    // 4,000 characters exactly is a message, kept as written.
    const longest = await sendMessage(t, ann, chat._id, `${'é'.repeat(CHAT_MESSAGE_MAX - 4)} <b>`);
    expect(longest.message).toHaveLength(CHAT_MESSAGE_MAX);
    const page = await read(bob, chat._id);
    expect(page.data.at(-1)?.message).toBe(longest.message);
  });
});
