/**
 * `GET /api/live` in one process (D38): the stream needs a token, carries board changes, friend
 * requests, meeting invitations, notifications and chat messages to those who may see them and
 * to no one else (expiry: live-expiry.test.ts). The same through Redis
 * across two instances is e2e/tests/live-instances.test.ts.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { type BoardList, liveStreamEvent } from '@cadence/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerInvitation,
  befriend,
  buildBoard,
  buildChat,
  buildMeeting,
  buildUser,
  ok,
  readBoard,
  sendMessage,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { LiveHub } from '../../lib/live';
import { type LiveStream, openLive } from '../../test/live-client';

const t = useTestApp();
let base = '';
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
const streams: LiveStream[] = [];

const open = async (user: TestUser) => {
  const stream = await openLive(base, user.token);
  streams.push(stream);
  await stream.next('ready');
  return stream;
};

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await buildUser(t);
  member = await buildUser(t);
  stranger = await buildUser(t);
  await befriend(t, owner, member);
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

describe('GET /api/live', () => {
  it('answers 401 without a valid token, and an event stream with one', async () => {
    const anonymous = await openLive(base, '');
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(await anonymous.errorBody())).toMatchObject({ code: 'UNAUTHORIZED' });
    const forged = await openLive(base, 'nope');
    expect(forged.status).toBe(401);
    expect(JSON.parse(await forged.errorBody())).toMatchObject({ code: 'INVALID_TOKEN' });

    const stream = await open(owner);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toContain('no-cache');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.messages[0]).toMatchObject({ event: 'ready', data: { userId: owner.id } });
  });

  it('tells the board’s owner and members of each change, with its version, and no one else', async () => {
    const [mine, theirs, outsider] = await Promise.all([open(owner), open(member), open(stranger)]);
    const { board } = await buildBoard(t, owner, { name: 'Live', members: [member] });
    const list = await ok<BoardList>(
      t,
      'POST',
      `/api/projects/${board._id}/lists`,
      owner.token,
      { name: 'Doing' },
      201,
    );
    expect(list.name).toBe('Doing');
    const current = await readBoard(t, owner.token, board._id);
    const seen = await theirs.next(
      'board',
      (data: { boardId: string; version: number }) =>
        data.boardId === board._id && data.version === current.version,
    );
    expect(seen.data).toEqual({ boardId: board._id, version: current.version });
    await mine.next('board', (data: { version: number }) => data.version === current.version);

    // Taken off the board: told once more (their copy is stale), then nothing.
    await ok(t, 'PUT', `/api/projects/${board._id}`, owner.token, { memberIds: [] });
    const removed = await readBoard(t, owner.token, board._id);
    await theirs.next('board', (data: { version: number }) => data.version === removed.version);
    await ok(t, 'PUT', `/api/projects/${board._id}`, owner.token, { name: 'Live, renamed' });
    const renamed = await readBoard(t, owner.token, board._id);
    await mine.next('board', (data: { version: number }) => data.version === renamed.version);
    expect(
      theirs.messages.some(
        (m) => m.event === 'board' && (m.data as { version: number }).version === renamed.version,
      ),
    ).toBe(false);
    expect(outsider.messages.map((m) => m.event)).toEqual(['ready']);
  });

  it('tells both sides of a friend request when it is sent and answered', async () => {
    const asker = await buildUser(t);
    const [askerStream, memberStream, outsider] = await Promise.all([
      open(asker),
      open(member),
      open(stranger),
    ]);
    const request = await ok<{ _id: string }>(
      t,
      'POST',
      '/api/friends/requests',
      asker.token,
      { userId: member.id },
      201,
    );
    await memberStream.next('request', (data: { kind: string }) => data.kind === 'friend');
    const before = askerStream.messages.length;
    await ok(t, 'POST', `/api/friends/requests/${request._id}/accept`, member.token, undefined, 204);
    await askerStream.next('request', () => askerStream.messages.length > before + 0);
    expect(outsider.messages.map((m) => m.event)).toEqual(['ready']);
  });

  it('tells invitees of a meeting invitation and its notification, and the organiser of the answer', async () => {
    const [ownerStream, memberStream, outsider] = await Promise.all([
      open(owner),
      open(member),
      open(stranger),
    ]);
    const meeting = await buildMeeting(t, owner, {
      name: 'Sync',
      duration: 30,
      startDate: '2030-01-07',
      endDate: '2030-01-11',
      time: null,
      invitees: [member.id],
    });
    await memberStream.next('request', (data: { kind: string }) => data.kind === 'meeting');
    await memberStream.next('notification');
    await answerInvitation(t, member, meeting._id, 'accepted');
    await ownerStream.next('request', (data: { kind: string }) => data.kind === 'meeting');
    expect(outsider.messages.map((m) => m.event)).toEqual(['ready']);
  });

  it('carries a chat message to its participants only, and a read to the reader’s other tabs', async () => {
    const [memberStream, memberOtherTab, outsider] = await Promise.all([
      open(member),
      open(member),
      open(stranger),
    ]);
    const chat = await buildChat(t, owner, { friend: member.id });
    const sent = await sendMessage(t, owner, chat._id, 'Hello there');
    const heard = await memberStream.next(
      'chat',
      (data: { messageId?: string }) => data.messageId === sent._id,
    );
    expect(heard.data).toEqual({ chatId: chat._id, messageId: sent._id });
    await ok(t, 'GET', `/api/chats/${chat._id}/messages`, member.token);
    await memberOtherTab.next('chat', (data: { read?: boolean }) => data.read === true);
    expect(outsider.messages.map((m) => m.event)).toEqual(['ready']);
  });

  it('shows a friend online while their stream is open, and when they were last seen after', async () => {
    const watcher = await buildUser(t);
    const friend = await buildUser(t);
    await befriend(t, watcher, friend);
    const watching = await open(watcher);
    const presence = async () => {
      const list = await ok<{
        contacts: { _id: string; presence: { online: boolean; lastSeenAt: string | null } }[];
      }>(t, 'GET', '/api/chats', watcher.token);
      return list.contacts.find((contact) => contact._id === friend.id)!.presence;
    };
    expect(await presence()).toEqual({ online: false, lastSeenAt: null });
    const stream = await openLive(base, friend.token);
    await stream.next('ready');
    await watching.next(
      'presence',
      (data: { userId: string; online: boolean }) => data.userId === friend.id && data.online,
    );
    expect((await presence()).online).toBe(true);
    stream.close();
    const gone = await watching.next(
      'presence',
      (data: { userId: string; online: boolean; lastSeenAt: string }) =>
        data.userId === friend.id && !data.online,
    );
    const after = await presence();
    expect(after.online).toBe(false);
    expect(after.lastSeenAt).toBe(gone.data.lastSeenAt);
  });

  // Runs last: it reads what every stream of the tests above heard.
  it('sends only events of the contract’s union, each exactly as the union describes it', () => {
    const heard = streams.flatMap((stream) => stream.messages);
    for (const { event, data } of heard) {
      const parsed = liveStreamEvent.safeParse({ type: event, data });
      expect(parsed.error, `${event} ${JSON.stringify(data)}`).toBeUndefined();
      // Nothing stripped: the union names every field the server sends.
      expect(parsed.data).toEqual({ type: event, data });
    }
    expect(new Set(heard.map((message) => message.event))).toEqual(
      // `calendar`: the meeting answered above changed its organiser's calendar (D45).
      new Set(['ready', 'board', 'request', 'notification', 'chat', 'presence', 'calendar']),
    );
  });
});

describe('LiveHub through Redis', () => {
  const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const prefix = `cadence-test-${randomUUID()}:`;

  it('delivers what one instance publishes to the streams another holds, and shares presence', async () => {
    const [a, b] = [1, 2].map(
      () => new LiveHub({ redisUrl: 'redis://127.0.0.1:6379', prefix, heartbeatMs: 60_000, log }),
    ) as [LiveHub, LiveHub];
    await Promise.all([a.ready(), b.ready()]);
    try {
      const frames: string[] = [];
      const detach = b.attach(7, { write: (frame) => frames.push(frame), end: () => undefined });
      const other: string[] = [];
      b.attach(8, { write: (frame) => other.push(frame), end: () => undefined });
      a.publish([7], { type: 'request', data: { kind: 'friend' } });
      await expect.poll(() => frames).toEqual(['event: request\ndata: {"kind":"friend"}\n\n']);
      expect(other).toEqual([]);
      await expect.poll(async () => [...(await a.online([7, 9]))]).toEqual([7]);
      detach();
      await expect.poll(async () => (await a.online([7])).size).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('stops the start when Redis cannot be reached, naming the address without its password', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const hub = new LiveHub({
      redisUrl: `redis://:secret@127.0.0.1:${port}`,
      prefix,
      heartbeatMs: 60_000,
      log,
    });
    const failure = await hub.ready(500).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(
      new RegExp(`^REDIS_URL: no answer from redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port}`),
    );
    expect(failure).not.toContain('secret');
  });
});
