/**
 * The per-IP 429s of login, register, forgot-password and unlock (AUTH_RATE_LIMIT_PER_MINUTE). The
 * failed-login counts per (account, address) and per address: sign-in-protection.test.ts.
 */
import { errorBody } from '@cadence/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/factories';
import { createTestApp, newAccount, type TestApp } from '../../test/harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('per IP (AUTH_RATE_LIMIT_PER_MINUTE)', () => {
  it.each([
    ['/api/jwt/login', () => ({ email: 'someone@example.com', password: 'a password' })],
    ['/api/jwt/register', () => newAccount()],
    ['/api/jwt/forgot-password', () => ({ email: 'someone@example.com' })],
    ['/api/jwt/unlock', () => ({ token: 'a-token' })],
  ])('%s answers 429 past the limit, in the D10 shape', async (url, body) => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const app = t.app;
    const send = (ip: string) => app.inject({ method: 'POST', url, payload: body(), remoteAddress: ip });
    for (let i = 0; i < 3; i += 1) expect((await send('10.0.0.1')).statusCode).not.toBe(429);
    const limited = await send('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(errorBody.parse(limited.json())).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await send('10.0.0.2')).statusCode).not.toBe(429);
  });

  it('does not limit the other calls', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1' });
    for (let i = 0; i < 5; i += 1) {
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
      const logout = await call(t, 'POST', '/api/jwt/logout', undefined, { refreshToken: 'x' });
      expect(logout.statusCode).toBe(204);
    }
  });
});
