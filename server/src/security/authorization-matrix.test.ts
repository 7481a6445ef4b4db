/**
 * The authorization matrix, generated from /api/openapi.json: every operation is called with no
 * token, malformed tokens, a token signed with another secret, an unsigned (`alg: none`) token, an
 * expired one and a deactivated account's (→ 401), and with another ordinary user's valid token on resources a victim owns
 * (→ 404, or 403 where D7/D17 say) — and no row of any table may change (not only their
 * counts). The `operations` table (api-operations.ts) says how to call each operation on the
 * victim's resources; an operation of the document missing from it fails the test, so no route
 * ships without its access test.
 */
import { type ErrorBody, errorBody } from '@cadence/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/factories';
import { createTestApp, fingerprint, TEST_JWT_SECRET, type TestApp } from '../test/harness';
import {
  buildWorld,
  documentedOperations,
  operations,
  publicOperations,
  securityEnv,
  own,
  SECRET_MARK,
  urlOf,
  type World,
} from './api-operations';

let t: TestApp;
let world: World;
let documented: { key: string; secured: boolean }[];

beforeAll(async () => {
  t = await createTestApp(securityEnv);
  world = await buildWorld(t);
  documented = (await documentedOperations(t)).all;
});
afterAll(async () => {
  await t.close();
});

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens that must never be accepted, each made for the victim. */
async function badTokens(): Promise<[string, string | undefined][]> {
  const claims = { role: 'admin', sid: 'forged-session' };
  const now = Math.floor(Date.now() / 1000);
  const otherSecret = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(world.victim.id)
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
  const expired = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(world.victim.id)
    .setIssuedAt(now - 3600)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(TEST_JWT_SECRET));
  const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, sub: world.victim.id, exp: now + 600 })}.`;
  return [
    ['no token', undefined],
    ['a malformed token', 'abc'],
    ['a malformed JWT', 'a.b.c'],
    ['a token signed with another secret', otherSecret],
    ['an unsigned token (alg none)', unsigned],
    ['an expired token', expired],
    ["a deactivated account's token", world.deactivatedToken],
  ];
}

describe('the matrix', () => {
  it('covers every operation of /api/openapi.json, and nothing else', () => {
    const secured = documented.filter((op) => op.secured).map((op) => op.key);
    const open = documented.filter((op) => !op.secured).map((op) => op.key);
    const missing = secured.filter((key) => !(key in operations));
    expect(missing, `add these operations to the authorization matrix: ${missing.join(', ')}`).toEqual([]);
    expect(Object.keys(operations).filter((key) => !secured.includes(key))).toEqual([]);
    expect(open.sort()).toEqual(Object.keys(publicOperations).sort());
  });
});

describe.each(Object.keys(operations))('%s', (key) => {
  it('answers 401 to every bad token and changes nothing', async () => {
    for (const operation of operations[key]!) {
      const { method, url } = urlOf(world, key, operation);
      const before = await fingerprint(t.database);
      for (const [name, token] of await badTokens()) {
        const response = await call(t, method, url, token, operation.body?.(world));
        expect(response.statusCode, `${name}: ${response.body}`).toBe(401);
        const body = errorBody.parse(response.json<ErrorBody>());
        expect(body.statusCode).toBe(401);
      }
      expect(await fingerprint(t.database)).toEqual(before);
    }
  });

  it("answers another user's token as the table says, without changing or showing the victim's data", async () => {
    for (const operation of operations[key]!) {
      const { method, url } = urlOf(world, key, operation);
      if (operation.stranger === own) {
        // Acts on the stranger's own data: a read must not show the victim's.
        if (method === 'GET' && !operation.stream) {
          const response = await call(t, method, url, world.stranger.token);
          expect(response.statusCode).toBe(200);
          expect(response.body).not.toContain(SECRET_MARK);
        }
        continue;
      }
      const before = await fingerprint(t.database);
      const response = await call(t, method, url, world.stranger.token, operation.body?.(world));
      const expected =
        typeof operation.stranger === 'number' ? operation.stranger : operation.stranger.status;
      expect(response.statusCode, response.body).toBe(expected);
      if (expected >= 400) errorBody.parse(response.json<ErrorBody>());
      expect(response.body).not.toContain(SECRET_MARK);
      expect(await fingerprint(t.database)).toEqual(before);
    }
  });

  const memberCases = operations[key]!.filter((operation) => operation.member);
  if (memberCases.length > 0) {
    it('answers 403 to a member of the board where only the owner may act (D17)', async () => {
      for (const operation of memberCases) {
        const { method, url } = urlOf(world, key, operation);
        const before = await fingerprint(t.database);
        const response = await call(t, method, url, world.member.token, operation.body?.(world));
        expect(response.statusCode, response.body).toBe(operation.member);
        expect(await fingerprint(t.database)).toEqual(before);
      }
    });
  }
});
