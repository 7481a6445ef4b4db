/** The demo accounts (D6) and the operator (D7). */
import { type AuthSession, demoAccounts } from '@cadence/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, newAccount, type TestApp } from './test/harness';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function login(app: TestApp['app'], email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/jwt/login', payload: { email, password } });
}

async function operatorFlag(app: TestApp['app'], accessToken: string): Promise<boolean> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/jwt/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ operator: boolean }>().operator;
}

describe('demo data', () => {
  it('creates an admin operator and a client on an empty database', async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminLogin = await login(t.app, admin.email, admin.password);
    expect(adminLogin.statusCode).toBe(200);
    const adminSession = adminLogin.json<AuthSession>();
    expect(adminSession.userData).toMatchObject({
      username: 'admin',
      role: 'admin',
      ability: [{ action: 'manage', subject: 'all' }],
    });
    expect(await operatorFlag(t.app, adminSession.accessToken)).toBe(true);

    const clientLogin = await login(t.app, client.email, client.password);
    expect(clientLogin.statusCode).toBe(200);
    const clientSession = clientLogin.json<AuthSession>();
    expect(clientSession.userData).toMatchObject({
      username: 'client',
      role: 'client',
      ability: [
        { action: 'read', subject: 'ACL' },
        { action: 'read', subject: 'Auth' },
      ],
    });
    expect(await operatorFlag(t.app, clientSession.accessToken)).toBe(false);
  });

  it('gives the admin friends, a pending request and a group', async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    const [admin] = demoAccounts;
    const { accessToken } = (await login(t.app, admin.email, admin.password)).json<AuthSession>();
    const get = async <T>(url: string) =>
      (
        await t!.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${accessToken}` } })
      ).json<T>();
    const friends = await get<{ data: Array<{ username: string }> }>('/api/friends');
    expect(friends.data.map((f) => f.username).sort()).toEqual(['client', 'maria']);
    const requests = await get<{ incoming: Array<{ from: { username: string } }> }>('/api/friends/requests');
    expect(requests.incoming.map((r) => r.from.username)).toEqual(['sam']);
    const groups = await get<{ data: Array<{ name: string; members: Array<{ username: string }> }> }>(
      '/api/groups',
    );
    expect(groups.data).toHaveLength(1);
    expect(groups.data[0]?.name).toBe('Core team');
    expect(groups.data[0]?.members.map((m) => m.username).sort()).toEqual(['client', 'maria']);
  });

  it('gives the admin two boards, one shared with the client', async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
    const [admin, client] = demoAccounts;
    const adminSession = (await login(t.app, admin.email, admin.password)).json<AuthSession>();
    const clientSession = (await login(t.app, client.email, client.password)).json<AuthSession>();
    const boardsOf = async (session: AuthSession) =>
      (
        await t!.app.inject({
          method: 'GET',
          url: `/api/projects?user=${session.userData._id}`,
          headers: { authorization: `Bearer ${session.accessToken}` },
        })
      ).json<{ data: Array<{ name: string; listCount: number; itemCount: number }>; count: number }>();
    const mine = await boardsOf(adminSession);
    expect(mine.data.map((b) => b.name).sort()).toEqual(['Home', 'Product launch']);
    expect(mine.data.find((b) => b.name === 'Product launch')).toMatchObject({ listCount: 3, itemCount: 4 });
    const theirs = await boardsOf(clientSession);
    expect(theirs.data.map((b) => b.name)).toEqual(['Product launch']);
  });

  it('is not created when SEED_DEMO=false', async () => {
    t = await createTestApp({ SEED_DEMO: 'false' });
    const [admin] = demoAccounts;
    expect((await login(t.app, admin.email, admin.password)).statusCode).toBe(400);
  });
});

describe('the operator (D7)', () => {
  it('is the first account of the instance', async () => {
    t = await createTestApp();
    const app = t.app;
    const [first, second] = await Promise.all(
      [newAccount(), newAccount()].map(async (account) => {
        return (
          await app.inject({ method: 'POST', url: '/api/jwt/register', payload: account })
        ).json<AuthSession>();
      }),
    );
    const flags = [await operatorFlag(app, first!.accessToken), await operatorFlag(app, second!.accessToken)];
    expect(flags.sort()).toEqual([false, true]);
  });

  it('is the account OWNER_EMAIL names, when set', async () => {
    const owner = newAccount();
    t = await createTestApp({ OWNER_EMAIL: owner.email });
    const app = t.app;
    const early = (
      await app.inject({ method: 'POST', url: '/api/jwt/register', payload: newAccount() })
    ).json<AuthSession>();
    const named = (
      await app.inject({ method: 'POST', url: '/api/jwt/register', payload: owner })
    ).json<AuthSession>();
    expect(await operatorFlag(app, early.accessToken)).toBe(false);
    expect(await operatorFlag(app, named.accessToken)).toBe(true);
  });
});
