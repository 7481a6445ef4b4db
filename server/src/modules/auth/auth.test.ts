/** Registration, sign-in, access and refresh tokens, logout, and deactivated accounts (D5–D9). */
import { type AuthSession, type ErrorBody, messages, type TokenPair } from '@cadence/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { buildUser, call, login, refresh, type TestUser } from '../../test/factories';
import { newAccount, snapshot, TEST_JWT_SECRET, useTestApp } from '../../test/harness';

const t = useTestApp();

function post(url: string, payload: unknown) {
  return call(t, 'POST', url, undefined, payload);
}

function me(accessToken: string) {
  return call(t, 'GET', '/api/jwt/me', accessToken);
}

/** Flips the account's state in the database, leaving its sessions as they are. */
async function setActive(user: TestUser, active: boolean): Promise<void> {
  await t.database.db.updateTable('users').set({ active }).where('id', '=', Number(user.id)).execute();
}

describe('POST /api/jwt/register', () => {
  it('creates an admin account and signs it in (D5, D9)', async () => {
    const account = newAccount({ fullName: 'Grace Hopper' });
    const response = await post('/api/jwt/register', account);
    expect(response.statusCode).toBe(201);
    const body = response.json<AuthSession>();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'userData']);
    expect(body.userData).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      username: account.username,
      fullName: 'Grace Hopper',
      email: account.email,
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
      avatar: null,
      language: 'en',
      timeZone: 'UTC',
    });
    expect((await me(body.accessToken)).statusCode).toBe(200);
    expect((await refresh(t, body.refreshToken)).statusCode).toBe(200);
  });

  it('stores an argon2id hash, never the password', async () => {
    const user = await buildUser(t);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(user.id))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(user.password);
    for (const value of Object.values(row)) expect(value).not.toBe(user.password);
  });

  it('normalises the e-mail and uses the username as the name when none is given', async () => {
    const account = newAccount();
    const response = await post('/api/jwt/register', {
      ...account,
      email: `  ${account.email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<AuthSession>().userData).toMatchObject({
      email: account.email,
      fullName: account.username,
    });
  });

  it.each([
    ['email', { email: undefined }, messages['validation.emailRequired']],
    ['email', { email: '' }, messages['validation.emailRequired']],
    ['email', { email: 'not-an-address' }, messages['validation.emailInvalid']],
    ['username', { username: undefined }, messages['validation.usernameRequired']],
    ['username', { username: '   ' }, messages['validation.usernameRequired']],
    ['username', { username: 'ab' }, messages['validation.usernameLength']],
    ['username', { username: 'x'.repeat(31) }, messages['validation.usernameLength']],
    ['username', { username: 'no spaces' }, messages['validation.usernameChars']],
    ['password', { password: undefined }, messages['validation.passwordRequired']],
    ['password', { password: 'short' }, messages['validation.passwordLength']],
    ['password', { password: 'p'.repeat(129) }, messages['validation.passwordLength']],
    ['fullName', { fullName: 'n'.repeat(101) }, messages['validation.fullNameLength']],
    ['email', { email: 42 }, messages['validation.text']],
  ])('refuses a bad %s: %j → %s', async (field, change, message) => {
    const before = await snapshot(t.database);
    const response = await post('/api/jwt/register', { ...newAccount(), ...change });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
    expect(body.fields?.[field]).toBe(message);
    expect(body.message).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('names every missing field at once', async () => {
    const response = await post('/api/jwt/register', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({
      username: 'Please enter your username.',
      email: 'Please enter your email.',
      password: messages['validation.passwordRequired'],
    });
  });

  it('answers 409 for a taken e-mail, whatever its case', async () => {
    const user = await buildUser(t);
    const before = await snapshot(t.database);
    const response = await post('/api/jwt/register', {
      ...newAccount(),
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'EMAIL_TAKEN',
      message: 'This email is already in use.',
      fields: { email: 'This email is already in use.' },
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 for a taken username, whatever its case', async () => {
    const user = await buildUser(t);
    const response = await post('/api/jwt/register', {
      ...newAccount(),
      username: user.username.toUpperCase(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toMatchObject({
      code: 'USERNAME_TAKEN',
      message: 'This username is already in use.',
      fields: { username: 'This username is already in use.' },
    });
  });

  it('gives one of two simultaneous registrations of one address a 409, never a 500', async () => {
    const account = newAccount();
    const responses = await Promise.all([
      post('/api/jwt/register', account),
      post('/api/jwt/register', { ...account, username: `${account.username}b` }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('POST /api/jwt/login', () => {
  it('signs in with the right password (D9)', async () => {
    const user = await buildUser(t);
    const response = await login(t, user.email.toUpperCase(), user.password);
    expect(response.statusCode).toBe(200);
    const body = response.json<AuthSession>();
    expect(body.userData).toEqual(user.session.userData);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.refreshToken).not.toBe(user.refreshToken);
  });

  it.each([
    ['a wrong password', (email: string) => ({ email, password: 'wrong password' })],
    ['an unknown e-mail', () => ({ email: 'nobody@example.com', password: 'whatever it is' })],
  ])('answers 400 "Email or Password is Invalid" for %s', async (_case, body) => {
    const user = await buildUser(t);
    const response = await post('/api/jwt/login', body(user.email));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_CREDENTIALS',
      message: 'Email or Password is Invalid',
    });
  });

  it('refuses missing fields with their messages', async () => {
    const response = await post('/api/jwt/login', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({
      email: 'Please enter your email.',
      password: messages['validation.passwordRequired'],
    });
  });
});

describe('access tokens', () => {
  it('opens /api/jwt/me with a valid token', async () => {
    const user = await buildUser(t);
    const response = await me(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ userData: unknown }>().userData).toEqual(user.session.userData);
  });

  it.each([
    ['no token', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
  ])('answers 401 to %s', async (_case, authorization) => {
    const response = await call(
      t,
      'GET',
      '/api/jwt/me',
      undefined,
      undefined,
      authorization ? { authorization } : {},
    );
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('answers 401 to an expired access token', async () => {
    const user = await buildUser(t);
    const expired = await new SignJWT({ role: 'admin', sid: 'a-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('answers 401 to a token signed with another secret', async () => {
    const user = await buildUser(t);
    const foreign = await new SignJWT({ role: 'admin', sid: 'a-session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    expect((await me(foreign)).statusCode).toBe(401);
  });
});

describe('POST /api/jwt/refresh-token', () => {
  it('rotates: the new pair works, the old refresh token is refused and its family revoked', async () => {
    const user = await buildUser(t);
    const first = await refresh(t, user.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json<TokenPair>();
    expect(Object.keys(rotated).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    expect((await me(rotated.accessToken)).statusCode).toBe(200);

    // Replaying the rotated token is treated as theft.
    const replay = await refresh(t, user.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ErrorBody>()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_REFRESH_TOKEN',
      message: 'Invalid refresh token',
    });
    // …so the descendant issued by the rotation is dead too.
    expect((await refresh(t, rotated.refreshToken)).statusCode).toBe(401);
  });

  it('leaves the other sessions of the same user alone when one family is revoked', async () => {
    const user = await buildUser(t);
    const other = (await login(t, user.email, user.password)).json<AuthSession>();
    await refresh(t, user.refreshToken);
    await refresh(t, user.refreshToken);
    expect((await refresh(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a token succeed', async () => {
    const user = await buildUser(t);
    const responses = await Promise.all([refresh(t, user.refreshToken), refresh(t, user.refreshToken)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an unknown token', async () => {
    const response = await refresh(t, 'not-a-token-we-issued');
    expect(response.statusCode).toBe(401);
    expect(response.json<ErrorBody>().message).toBe('Invalid refresh token');
  });

  it('refuses an expired token', async () => {
    const user = await buildUser(t);
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', Number(user.id))
      .execute();
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a missing token with a field message', async () => {
    const response = await post('/api/jwt/refresh-token', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().fields).toEqual({ refreshToken: messages['validation.tokenRequired'] });
  });
});

describe('POST /api/jwt/logout', () => {
  it('answers 204 and ends the session', async () => {
    const user = await buildUser(t);
    const response = await post('/api/jwt/logout', { refreshToken: user.refreshToken });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);
  });

  it('ends the tokens rotated from the same login too', async () => {
    const user = await buildUser(t);
    const rotated = (await refresh(t, user.refreshToken)).json<TokenPair>();
    await post('/api/jwt/logout', { refreshToken: rotated.refreshToken });
    expect((await refresh(t, rotated.refreshToken)).statusCode).toBe(401);
  });

  it('answers 204 to an unknown token', async () => {
    expect((await post('/api/jwt/logout', { refreshToken: 'unknown' })).statusCode).toBe(204);
  });
});

describe('deactivated accounts (D7)', () => {
  it('cannot log in, refresh or use an access token', async () => {
    const user = await buildUser(t);
    // The operator's deactivation (PUT /api/users/{id}) arrives with the users module.
    await setActive(user, false);

    const signIn = await login(t, user.email, user.password);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json<ErrorBody>()).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);

    // Its sessions stay dead after a reactivation.
    await setActive(user, true);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);
  });

  it('a wrong password for a deactivated account says only "invalid"', async () => {
    const user = await buildUser(t);
    await setActive(user, false);
    const signIn = await login(t, user.email, 'wrong password');
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json<ErrorBody>().code).toBe('INVALID_CREDENTIALS');
  });
});
