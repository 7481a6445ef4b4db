/**
 * A new account's time zone and language (D46): the web app sends the browser's zone and the
 * interface's language at registration, so calendar, meetings and due dates are right from the
 * first minute. Both are optional: a client that sends neither gets today's UTC and English. The
 * user record (userData) carries the zone, so the signed-in layout can compare it with the device's.
 */
import {
  type Account,
  type AuthSession,
  type CurrentUser,
  type ErrorBody,
  messages,
} from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, call, ok } from '../../test/factories';
import { newAccount, snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

function register(payload: unknown) {
  return call(t, 'POST', '/api/jwt/register', undefined, payload);
}

describe('POST /api/jwt/register with a time zone and a language (D46)', () => {
  it('stores both on the new account, which its settings and the user record answer', async () => {
    const user = await buildUser(t, { timeZone: 'Asia/Tokyo', language: 'fr' });
    expect(user.session.userData).toMatchObject({ timeZone: 'Asia/Tokyo', language: 'fr' });
    const account = await ok<Account>(t, 'GET', '/api/account', user.token);
    expect(account).toMatchObject({ timeZone: 'Asia/Tokyo', language: 'fr' });
    const me = await ok<CurrentUser>(t, 'GET', '/api/jwt/me', user.token);
    expect(me.userData).toMatchObject({ timeZone: 'Asia/Tokyo', language: 'fr' });
    const signIn = await ok<AuthSession>(t, 'POST', '/api/jwt/login', '', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.userData).toMatchObject({ timeZone: 'Asia/Tokyo', language: 'fr' });
    // The zone is the one the server counts in: "today" for the to-dos is Tokyo's.
    const hours = await ok<{ timeZone: string }>(t, 'GET', '/api/working-hours', user.token);
    expect(hours.timeZone).toBe('Asia/Tokyo');
  });

  it('takes a zone alone, and a language alone', async () => {
    const zoned = await buildUser(t, { timeZone: 'America/Sao_Paulo' });
    expect(await ok<Account>(t, 'GET', '/api/account', zoned.token)).toMatchObject({
      timeZone: 'America/Sao_Paulo',
      language: 'en',
    });
    const spoken = await buildUser(t, { language: 'de' });
    expect(await ok<Account>(t, 'GET', '/api/account', spoken.token)).toMatchObject({
      timeZone: 'UTC',
      language: 'de',
    });
  });

  it('keeps the defaults of before (UTC, English) when neither is sent', async () => {
    const user = await buildUser(t);
    expect(user.session.userData).toMatchObject({ timeZone: 'UTC', language: 'en' });
    expect(await ok<Account>(t, 'GET', '/api/account', user.token)).toMatchObject({
      timeZone: 'UTC',
      language: 'en',
    });
  });

  it("follows a change of the account's zone, as the web app's banner reads it", async () => {
    const user = await buildUser(t, { timeZone: 'America/Sao_Paulo' });
    await ok(t, 'PUT', '/api/account', user.token, { timeZone: 'Asia/Tokyo' });
    const me = await ok<CurrentUser>(t, 'GET', '/api/jwt/me', user.token);
    expect(me.userData.timeZone).toBe('Asia/Tokyo');
  });

  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['timeZone', { timeZone: '' }],
    ['timeZone', { timeZone: 9 }],
    ['language', { language: 'es' }],
    ['language', { language: 'FR' }],
  ])('refuses a bad %s (%j) with 400 naming it, and makes no account', async (field, change) => {
    const before = await snapshot(t.database);
    const account = newAccount();
    const response = await register({ ...account, timeZone: 'Europe/Paris', language: 'pt', ...change });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
    expect(body.fields?.[field]).toEqual(expect.any(String));
    if ('timeZone' in change && typeof change.timeZone === 'string') {
      expect(body.fields?.timeZone).toBe(messages['account.timeZoneInvalid']);
    }
    expect(await snapshot(t.database)).toEqual(before);
    const made = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirst();
    expect(made).toBeUndefined();
  });
});
