/**
 * Live updates across instances (D38): two built servers on one PostgreSQL database and one
 * Redis. A user whose stream is open on instance B hears, within a second, a board change, a
 * friend request and a chat message made through instance A; a user without access hears none of
 * them; a user that B keeps between calls is forgotten there once A renames or signs them out;
 * and the per-IP sign-in limit counts the requests of both instances together. (The same
 * in one process, and LiveHub on its own through Redis: server/src/modules/live/live.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Board, BoardList, ChatSummary, ListItem, MoveItemResult } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveStream, openLive } from '../../server/src/test/live-client';
import { api, freshPostgresDatabase, type RunningServer, startServer } from '../support/server';

/** Sign-ins (and registrations, each route counted apart) allowed per IP and minute. */
const AUTH_LIMIT = 8;
/** How late an event may arrive, from just before the call that causes it is sent. */
const WITHIN_MS = 1000;

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  const database = await freshPostgresDatabase('cadence_live_instances');
  cleanups.push(database.drop);
  // Its own channel and keys: parallel runs on the same Redis do not hear each other. Presence
  // and rate-limit keys expire on their own (three heartbeats, one minute).
  const prefix = `cadence-e2e-${randomBytes(6).toString('hex')}:`;
  const env = (name: string) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cadence-live-${name}-`));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'live-instances-test-secret-long-enough-for-hs256',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      SEED_DEMO: 'false',
      REMINDERS: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      LOG_LEVEL: 'warn',
    };
  };
  // One first, so that the two do not race to migrate the new database.
  a = await startServer(env('a'));
  cleanups.push(() => a.stop());
  b = await startServer(env('b'));
  cleanups.push(() => b.stop());
}, 90_000);

interface Person {
  id: string;
  token: string;
}

async function register(server: RunningServer, name: string): Promise<Person> {
  const tag = randomBytes(4).toString('hex');
  const session = await api<{ userData: { _id: string }; accessToken: string }>(
    server,
    'POST',
    '/jwt/register',
    undefined,
    { username: `${name}${tag}`, email: `${name}${tag}@example.com`, password: 'a good long password' },
  );
  return { id: session.userData._id, token: session.accessToken };
}

async function listen(server: RunningServer, person: Person): Promise<LiveStream> {
  const stream = await openLive(server.url, person.token);
  cleanups.push(() => stream.close());
  expect(stream.status).toBe(200);
  await stream.next('ready', undefined, 5000);
  return stream;
}

/** Runs `call` and waits for the event it causes: how long from just before the call to its arrival. */
async function timed<T, R>(
  label: string,
  call: () => Promise<R>,
  heard: (result: R) => Promise<{ at: number; data: T }>,
): Promise<{ result: R; data: T; ms: number }> {
  const start = Date.now();
  const result = await call();
  const answered = Date.now() - start;
  const event = await heard(result);
  const ms = event.at - start;
  console.log(`${label}: made through A, heard on B after ${ms} ms (A answered after ${answered} ms)`);
  expect(ms).toBeGreaterThanOrEqual(0);
  expect(ms, `${label} within ${WITHIN_MS} ms`).toBeLessThan(WITHIN_MS);
  return { result, data: event.data, ms };
}

describe('live updates across two instances', () => {
  it('carries a board change, a friend request and a chat message from A to B, and to no one else', async () => {
    // Registered and acquainted through both instances: one database.
    const [owner, requester] = [await register(a, 'owner'), await register(a, 'requester')];
    const [member, stranger] = [await register(b, 'member'), await register(b, 'stranger')];
    const request = await api<{ _id: string }>(a, 'POST', '/friends/requests', owner.token, {
      userId: member.id,
    });
    const accepted = await fetch(`${b.url}/api/friends/requests/${request._id}/accept`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(accepted.status).toBe(204);
    const board = await api<Board>(a, 'POST', '/projects', owner.token, {
      name: 'Across instances',
      assignees: [member.id],
    });
    expect(board.members.map((m) => m._id)).toEqual([member.id]);
    const list = (name: string) =>
      api<BoardList>(a, 'POST', `/projects/${board._id}/lists`, owner.token, { name });
    const [todo, done] = [await list('To do'), await list('Done')];
    const item = await api<ListItem>(
      a,
      'POST',
      `/projects/${board._id}/lists/${todo._id}/items`,
      owner.token,
      { name: 'Write' },
    );
    const chat = await api<ChatSummary>(a, 'POST', '/chats', owner.token, { friend: member.id });

    // Both listen on B, after the setting up, so that every event they read is one of the three.
    const [memberStream, strangerStream] = await Promise.all([listen(b, member), listen(b, stranger)]);

    const moved = await timed(
      'board change',
      () =>
        api<MoveItemResult>(a, 'PUT', `/projects/${board._id}/lists/items/${item._id}`, owner.token, {
          fromList: todo._id,
          toList: done._id,
          fromIndex: 0,
          toIndex: 0,
        }),
      (after) =>
        memberStream.next<{ boardId: string; version: number }>(
          'board',
          (data) => data.boardId === board._id && data.version === after.version,
        ),
    );
    expect(moved.result.lists.find((l) => l._id === done._id)?.items).toEqual([item._id]);
    expect(moved.data).toEqual({ boardId: board._id, version: moved.result.version });

    const asked = await timed(
      'friend request',
      () => api<{ _id: string }>(a, 'POST', '/friends/requests', requester.token, { userId: member.id }),
      () => memberStream.next<{ kind: string }>('request'),
    );
    expect(asked.data).toEqual({ kind: 'friend' });

    const said = await timed(
      'chat message',
      () =>
        api<{ _id: string }>(a, 'POST', `/chats/${chat._id}/messages`, owner.token, {
          message: 'Hello from instance A',
        }),
      () =>
        memberStream.next<{ chatId: string; messageId?: string }>('chat', (data) => data.chatId === chat._id),
    );
    expect(said.data).toEqual({ chatId: chat._id, messageId: said.result._id });

    // Anything for the stranger would have come with the member's copy: give it time all the same.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(strangerStream.messages.map((m) => m.event)).toEqual(['ready']);
    // Each once: not from the channel and again from the process that made it. The request also
    // rings the member's bell (`notification`, published after `request` by the same commit).
    expect(memberStream.messages.map((m) => m.event)).toEqual([
      'ready',
      'board',
      'request',
      'notification',
      'chat',
    ]);
  });

  it('has B forget the signed-in user it keeps as soon as A renames them or signs them out', async () => {
    // B keeps the user of a token between its calls (session-cache.ts): a change made
    // through A reaches it through Redis before the next call.
    const tag = randomBytes(4).toString('hex');
    const session = await api<{ accessToken: string; refreshToken: string }>(
      a,
      'POST',
      '/jwt/register',
      undefined,
      {
        username: `kept${tag}`,
        email: `kept${tag}@example.com`,
        password: 'a good long password',
      },
    );
    const me = (server: RunningServer) =>
      fetch(`${server.url}/api/jwt/me`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    for (const server of [b, b, a, b]) expect((await me(server)).status).toBe(200);
    await api(a, 'PUT', '/account', session.accessToken, { general: { fullName: 'Renamed Through A' } });
    const renamed = (await (await me(b)).json()) as { userData: { fullName: string } };
    expect(renamed.userData.fullName).toBe('Renamed Through A');
    await api(a, 'POST', '/jwt/logout', undefined, { refreshToken: session.refreshToken });
    expect((await me(b)).status).toBe(401);
  });

  it('counts sign-in attempts per IP across both instances', async () => {
    const tag = randomBytes(4).toString('hex');
    // A new address each time, so that the per-account limit on failed sign-ins plays no part.
    const attempt = async (index: number) => {
      const server = index % 2 === 0 ? a : b;
      const response = await fetch(`${server.url}/api/jwt/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody${index}-${tag}@example.com`, password: 'not the password' }),
      });
      const body = (await response.json()) as { code?: string };
      return `${server === a ? 'A' : 'B'} ${response.status} ${body.code}`;
    };
    const answers: string[] = [];
    for (let index = 0; index < AUTH_LIMIT + 2; index++) answers.push(await attempt(index));
    // Each instance saw AUTH_LIMIT / 2 + 1: alone, either would have let them all through.
    expect(answers).toEqual([
      ...Array.from(
        { length: AUTH_LIMIT },
        (_, index) => `${index % 2 === 0 ? 'A' : 'B'} 400 INVALID_CREDENTIALS`,
      ),
      `${AUTH_LIMIT % 2 === 0 ? 'A' : 'B'} 429 RATE_LIMITED`,
      `${AUTH_LIMIT % 2 === 0 ? 'B' : 'A'} 429 RATE_LIMITED`,
    ]);
  });
});
