/**
 * The cache of signed-in users (session-cache.ts): bounded, never past its token, forgetting by
 * session, by user or all, and never storing a read that an invalidation overtook. Through HTTP:
 * a cached token still ends at its next call after a logout, a deactivation or an account change,
 * on this instance and on another one sharing the database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, expectError, signInAgain, type TestUser } from '../test/factories';
import { anotherInstance, useTestApp } from '../test/harness';
import { SessionCache } from './session-cache';

const row = (id: number) => ({ id, full_name: `User ${id}` });

describe('SessionCache', () => {
  let clock = 1_000_000;
  const now = () => clock;
  const session = (id: number, sessionId = `s${id}`, tokenExpiresAt = clock + 600_000) => ({
    user: row(id),
    sessionId,
    tokenExpiresAt,
  });

  it('keeps at most its capacity, forgetting the least recently used', () => {
    const cache = new SessionCache(2, 60_000, now);
    cache.set('a', session(1), cache.stamp);
    cache.set('b', session(2), cache.stamp);
    expect(cache.get('a')?.user.id).toBe(1);
    cache.set('c', session(3), cache.stamp);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.user.id).toBe(1);
    expect(cache.get('c')?.user.id).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('never keeps an entry past its token, nor past its maximum age', () => {
    const cache = new SessionCache(10, 60_000, now);
    cache.set('short', session(1, 's1', clock + 5_000), cache.stamp);
    cache.set('long', session(2), cache.stamp);
    cache.set('spent', session(3, 's3', clock), cache.stamp);
    expect(cache.get('spent')).toBeUndefined();
    clock += 5_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')?.user.id).toBe(2);
    clock += 55_000;
    expect(cache.get('long')).toBeUndefined();
  });

  it('forgets by session, by user and all; a read overtaken by an invalidation stores nothing', () => {
    const cache = new SessionCache(10, 60_000, now);
    cache.set('a1', session(1, 'family-a'), cache.stamp);
    cache.set('a2', session(1, 'family-b'), cache.stamp);
    cache.set('b', session(2, 'family-c'), cache.stamp);
    cache.invalidate({ sessions: ['family-a'] });
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')?.sessionId).toBe('family-b');
    cache.invalidate({ users: [1] });
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(2);
    const stamp = cache.stamp;
    cache.invalidate({ everything: true });
    expect(cache.get('b')).toBeUndefined();
    cache.set('late', session(3), stamp);
    expect(cache.get('late')).toBeUndefined();
  });

  it('hands out a frozen user, so that no request changes what the next one reads', () => {
    const cache = new SessionCache(10, 60_000, now);
    cache.set('a', session(1), cache.stamp);
    expect(Object.isFrozen(cache.get('a')?.user)).toBe(true);
  });
});

describe('a cached token through HTTP', () => {
  const t = useTestApp();
  let second: FastifyInstance;
  let operator: TestUser;
  beforeAll(async () => {
    // The first account operates the instance (D7).
    operator = await buildUser(t);
    second = await anotherInstance(t);
  });
  afterAll(async () => {
    await second?.close();
  });

  const me = async (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/jwt/me', headers: { authorization: `Bearer ${token}` } });

  it('sees an account change at the next call, on both instances', async () => {
    const user = await buildUser(t);
    // Read twice on each: the second answer comes from the cache.
    for (const app of [t.app, second, t.app, second])
      expect((await me(app, user.token)).statusCode).toBe(200);
    const changed = await second.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { general: { fullName: 'Renamed Person' }, language: 'fr' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const app of [t.app, second]) {
      const body = (await me(app, user.token)).json<{ userData: { fullName: string; language: string } }>();
      expect(body.userData).toMatchObject({ fullName: 'Renamed Person', language: 'fr' });
    }
  });

  it('ends a cached session at its next call after a logout on the other instance', async () => {
    const user = await buildUser(t);
    const laptop = await signInAgain(t, user);
    for (const app of [t.app, t.app, second, second])
      expect((await me(app, user.token)).statusCode).toBe(200);
    const out = await second.inject({
      method: 'POST',
      url: '/api/jwt/logout',
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expectError(await call(t, 'GET', '/api/jwt/me', user.token), 401, 'SESSION_ENDED');
    expect((await me(second, user.token)).statusCode).toBe(401);
    expect((await me(t.app, laptop.accessToken)).statusCode).toBe(200);
  });

  it('ends a cached session at its next call after the operator deactivates the account', async () => {
    const user = await buildUser(t);
    for (const app of [t.app, t.app, second]) expect((await me(app, user.token)).statusCode).toBe(200);
    const off = await call(t, 'PUT', `/api/users/${user.id}`, operator.token, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await me(t.app, user.token)).statusCode).toBe(401);
    expect((await me(second, user.token)).statusCode).toBe(401);
  });
});
