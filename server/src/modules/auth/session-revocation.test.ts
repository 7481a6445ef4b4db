/**
 * Revocation at the next request (D8, decisions §61): after a logout, a password change, a reset
 * or a replayed refresh token, the session's access tokens answer 401 at their next call — on
 * the instance that revoked it and on another one sharing the database — while the user's other
 * sessions go on. The per-request read that checks it is served by indexes.
 */
import type { TokenPair } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { buildUser, call, expectError, refresh, signInAgain } from '../../test/factories';
import { anotherInstance, useTestApp } from '../../test/harness';
import { asRaw, expectIndexed } from '../../test/query-plans';

const t = useTestApp();
let second: FastifyInstance;

beforeAll(async () => {
  second = await anotherInstance(t);
});
afterAll(async () => {
  await second?.close();
});

/** `GET /api/jwt/me` on this instance and on the other: the statuses. */
async function meEverywhere(token: string): Promise<number[]> {
  const headers = { authorization: `Bearer ${token}` };
  const here = await t.app.inject({ method: 'GET', url: '/api/jwt/me', headers });
  const there = await second.inject({ method: 'GET', url: '/api/jwt/me', headers });
  return [here.statusCode, there.statusCode];
}

async function expectEnded(token: string): Promise<void> {
  expect(await meEverywhere(token)).toEqual([401, 401]);
  const body = expectError(await call(t, 'GET', '/api/jwt/me', token), 401, 'SESSION_ENDED');
  expect(body.error).toBe('Unauthorized');
  // Every signed-in route, not only /me: the check is in authenticate.
  expect((await call(t, 'GET', '/api/account', token)).statusCode).toBe(401);
}

/** A second session of the same user (another device). */
describe('a revoked session’s access token', () => {
  it('answers 401 at its next call after a logout, on both instances; other sessions go on', async () => {
    const user = await buildUser(t);
    const laptop = await signInAgain(t, user);
    expect(await meEverywhere(user.token)).toEqual([200, 200]);
    const out = await second.inject({
      method: 'POST',
      url: '/api/jwt/logout',
      payload: { refreshToken: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    await expectEnded(user.token);
    expect(await meEverywhere(laptop.accessToken)).toEqual([200, 200]);
  });

  it('answers 401 after a logout with the session’s rotated refresh token, old and new access tokens alike', async () => {
    const user = await buildUser(t);
    const rotated = (await refresh(t, user.refreshToken)).json<TokenPair>();
    expect(await meEverywhere(rotated.accessToken)).toEqual([200, 200]);
    expect(
      (await call(t, 'POST', '/api/jwt/logout', undefined, { refreshToken: rotated.refreshToken }))
        .statusCode,
    ).toBe(204);
    await expectEnded(user.token);
    await expectEnded(rotated.accessToken);
  });

  it('answers 401 after a password change, for every session but the one that made it', async () => {
    const user = await buildUser(t);
    const phone = await signInAgain(t, user);
    const tablet = await signInAgain(t, user);
    const changed = await call(t, 'POST', '/api/account/password', user.token, {
      currentPassword: user.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    await expectEnded(phone.accessToken);
    await expectEnded(tablet.accessToken);
    expect(await meEverywhere(user.token)).toEqual([200, 200]);
    expect((await refresh(t, phone.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(200);
  });

  it('answers 401 after a password reset, for every session', async () => {
    const user = await buildUser(t);
    const phone = await signInAgain(t, user);
    const token = `reset-${user.id}-${Date.now()}`;
    const now = Date.now();
    await t.database.db
      .insertInto('password_resets')
      .values({
        user_id: Number(user.id),
        token_hash: hashToken(token),
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 60_000).toISOString(),
      })
      .execute();
    const reset = await second.inject({
      method: 'POST',
      url: '/api/jwt/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    await expectEnded(user.token);
    await expectEnded(phone.accessToken);
  });

  it('answers 401 once a replayed refresh token revokes its family: the stolen and the rotated tokens alike', async () => {
    const user = await buildUser(t);
    const laptop = await signInAgain(t, user);
    const rotated = (await refresh(t, user.refreshToken)).json<TokenPair>();
    expect(await meEverywhere(rotated.accessToken)).toEqual([200, 200]);
    // The old refresh token again: a thief's replay, detected on the other instance.
    const replay = await second.inject({
      method: 'POST',
      url: '/api/jwt/refresh-token',
      payload: { refreshToken: user.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    await expectEnded(user.token);
    await expectEnded(rotated.accessToken);
    expect(await meEverywhere(laptop.accessToken)).toEqual([200, 200]);
  });

  it('stays valid through refreshes of its own session', async () => {
    const user = await buildUser(t);
    let pair: TokenPair = { accessToken: user.token, refreshToken: user.refreshToken };
    for (let i = 0; i < 3; i += 1) {
      pair = (await refresh(t, pair.refreshToken)).json<TokenPair>();
      // The access tokens of the family's earlier rotations stay good until they expire.
      expect(await meEverywhere(user.token)).toEqual([200, 200]);
      expect(await meEverywhere(pair.accessToken)).toEqual([200, 200]);
    }
  });
});

describe('the per-request read', () => {
  it('finds the user and the session’s live token through indexes, in one statement', async () => {
    const { db } = t.database;
    const query = db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('refresh_tokens')
              .select('refresh_tokens.id')
              .where('refresh_tokens.family_id', '=', 'a-session')
              .where('refresh_tokens.revoked_at', 'is', null)
              .whereRef('refresh_tokens.user_id', '=', 'users.id'),
          )
          .as('session_alive'),
      )
      .where('users.id', '=', 1);
    const plan = await expectIndexed(t, asRaw(query), /users|refresh_tokens/);
    expect(plan).toMatch(/refresh_tokens_live_family/);
  });
});
