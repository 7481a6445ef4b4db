/** The 429s: login, register and forgot-password per IP; failed logins per account (10 in 15 min). */
import { errorBody } from '@cadence/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, call } from '../../test/factories';
import { createTestApp, newAccount, type TestApp } from '../../test/harness';
import { FAILED_LOGIN_LIMIT } from './service';

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

describe('failed logins per account', () => {
  it(`locks an account for 15 minutes after ${FAILED_LOGIN_LIMIT} failures, even for the right password`, async () => {
    t = await createTestApp();
    const app = t.app;
    const victim = await buildUser(t);
    const bystander = await buildUser(t);
    const login = (email: string, password: string, ip: string) =>
      app.inject({ method: 'POST', url: '/api/jwt/login', payload: { email, password }, remoteAddress: ip });

    // From many addresses, as a distributed guesser would.
    for (let i = 0; i < FAILED_LOGIN_LIMIT; i += 1) {
      const response = await login(victim.email, `guess number ${i}`, `10.1.0.${i}`);
      expect(response.statusCode).toBe(400);
    }
    const locked = await login(victim.email, victim.password, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      message: 'Too many failed logins for this account. Try again in 15 minutes.',
    });
    expect((await login(bystander.email, bystander.password, '10.1.0.1')).statusCode).toBe(200);

    // Fifteen minutes later the failures no longer count.
    await t.database.db
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 15 * 60_000 - 1000).toISOString() })
      .execute();
    expect((await login(victim.email, victim.password, '10.2.0.1')).statusCode).toBe(200);
  });
});
