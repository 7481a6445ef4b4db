/**
 * The live streams of a revoked session end at once (D38, decisions §61): after a logout, a
 * password change or a replayed refresh token, each stream opened with that session's access
 * token gets `expired` and ends — on the instance that revoked it and, through Redis, on another —
 * while the user's other sessions keep theirs; the old token opens no new stream.
 */
import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, refresh, signInAgain } from '../../test/factories';
import { anotherInstance, createTestApp, type TestApp } from '../../test/harness';
import { type LiveStream, openLive } from '../../test/live-client';

const redis = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `cadence-test-${randomUUID()}:` };
let t: TestApp;
let second: FastifyInstance;
const bases: string[] = [];
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp(redis);
  second = await anotherInstance(t, { env: redis });
  bases.push(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  bases.push(await second.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await second?.close();
  await t?.close();
});

/** A stream of `token` on instance 0 (the one the tests write through) or 1. */
async function open(token: string, instance: 0 | 1 = 0): Promise<LiveStream> {
  const stream = await openLive(bases[instance]!, token);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next('ready');
  return stream;
}

/** The stream says `expired` and ends within `ms` (well before the token would expire). */
async function expectEndsWithin(stream: LiveStream, ms = 1500): Promise<void> {
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
  expect(ended, 'the stream of the revoked session is still open').toBe(true);
  expect(stream.messages.at(-1)?.event).toBe('expired');
}

/** The stream is still open after a while, and still hears what is published to its user. */
async function expectOpen(stream: LiveStream): Promise<void> {
  const ended = await Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)),
  ]);
  expect(ended, 'a stream of another session ended').toBe(false);
}

describe('the live streams of a revoked session', () => {
  it('end at once after a logout, on this instance and on another; the other sessions’ go on', async () => {
    const user = await buildUser(t);
    const laptop = await signInAgain(t, user);
    const [here, there, kept] = await Promise.all([
      open(user.token, 0),
      open(user.token, 1),
      open(laptop.accessToken, 1),
    ]);
    const out = await call(t, 'POST', '/api/jwt/logout', undefined, { refreshToken: user.refreshToken });
    expect(out.statusCode).toBe(204);
    await Promise.all([expectEndsWithin(here), expectEndsWithin(there)]);
    await expectOpen(kept);
    for (const base of bases) expect((await openLive(base, user.token)).status).toBe(401);
  });

  it('end at once after a password change, for every session but the one that made it', async () => {
    const user = await buildUser(t);
    const phone = await signInAgain(t, user);
    const [mine, phoneHere, phoneThere] = await Promise.all([
      open(user.token, 1),
      open(phone.accessToken, 0),
      open(phone.accessToken, 1),
    ]);
    const changed = await call(t, 'POST', '/api/account/password', user.token, {
      currentPassword: user.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await Promise.all([expectEndsWithin(phoneHere), expectEndsWithin(phoneThere)]);
    await expectOpen(mine);
  });

  it('end at once when a replayed refresh token revokes their family', async () => {
    const user = await buildUser(t);
    const rotated = (await refresh(t, user.refreshToken)).json<TokenPair>();
    const [first, later] = await Promise.all([open(user.token, 1), open(rotated.accessToken, 0)]);
    // The thief replays the rotated-away token on the other instance.
    const replay = await second.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: user.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    await Promise.all([expectEndsWithin(first), expectEndsWithin(later)]);
  });
});
