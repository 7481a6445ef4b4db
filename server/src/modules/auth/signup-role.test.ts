/**
 * SIGNUP_ROLE: the role a self-registered account gets (D5). An instance run for a team sets it to
 * `user`: a new account opens the everyday screens but neither Access control nor the users
 * directory, and cannot administer anyone; the operator (D7) still registers as an admin.
 */
import { type AuthSession, type CurrentUser, type ErrorBody, type UserDetail } from '@cadence/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, ok, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const OWNER = 'owner@signup-role.example.com';
const t = useTestApp({ SIGNUP_ROLE: 'user', OWNER_EMAIL: OWNER });

describe('SIGNUP_ROLE=user', () => {
  // The operator (OWNER_EMAIL) is one per instance: registered once for the file.
  let owner: TestUser;
  beforeAll(async () => {
    owner = await buildUser(t, { email: OWNER });
  });

  it('makes a self-registered account a plain user, who administers no one', async () => {
    const member = await buildUser(t);
    const plain = {
      role: 'user',
      ability: [
        { action: 'manage', subject: 'App' },
        { action: 'read', subject: 'Auth' },
      ],
    };
    expect(member.session.userData).toEqual(expect.objectContaining(plain));
    // Signing in again and the user record say the same.
    expect((await ok<CurrentUser>(t, 'GET', '/api/jwt/me', member.token)).userData).toMatchObject(plain);
    const signIn = await ok<AuthSession>(t, 'POST', '/api/jwt/login', '', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.userData).toMatchObject(plain);

    // Administering accounts is the operator's: another's role or state, or one's own role → 403.
    for (const [id, body] of [
      [owner.id, { role: 'user' }],
      [owner.id, { active: false }],
      [member.id, { role: 'admin' }],
    ] as const) {
      const refused = await call(t, 'PUT', `/api/users/${id}`, member.token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(refused.json<ErrorBody>().code).toBe('OPERATOR_ONLY');
    }
    // An account's role and state are the operator's to read; an unknown account is 404.
    expect(await ok<UserDetail>(t, 'GET', `/api/users/${owner.id}`, member.token)).not.toHaveProperty('role');
    expect((await call(t, 'PUT', '/api/users/999999', member.token, { role: 'admin' })).statusCode).toBe(404);
  });

  it('still makes the operator an admin, who may promote a plain user', async () => {
    expect(owner.session.userData).toMatchObject({
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
    });
    const member = await buildUser(t);
    const promoted = await ok<UserDetail>(t, 'PUT', `/api/users/${member.id}`, owner.token, {
      role: 'admin',
    });
    expect(promoted).toMatchObject({ role: 'admin' });
    expect((await ok<CurrentUser>(t, 'GET', '/api/jwt/me', member.token)).userData.role).toBe('admin');
  });
});
