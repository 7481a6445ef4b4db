/**
 * GET/PUT /api/users: the directory never shows private fields; only the operator manages others.
 * Without the demo (SEED_DEMO=false, as here) the directory is `known`: a user lists the people
 * they know and finds anyone else only by exact user name or e-mail; with DIRECTORY=open (the
 * demo's default) everyone lists everyone.
 */
import { type ErrorBody, publicUser, type UserDetail } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, buildUser, call, refresh, sendFriendRequest, type TestUser } from '../../test/factories';
import { anotherInstance, snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();
let operator: TestUser;
let open: FastifyInstance;
beforeAll(async () => {
  operator = await buildUser(t);
  open = await anotherInstance(t, { env: { DIRECTORY: 'open' } });
});
afterAll(() => open?.close());

/** The user names `token`'s owner lists for `q` (all of them when none), on `app`. */
async function directory(token: string, q?: string, app: FastifyInstance = t.app): Promise<string[]> {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/users?perPage=100${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Array<{ username: string }> }>().data.map((user) => user.username);
}

describe('GET /api/users', () => {
  it('lists public fields only, 10 per page, by id', async () => {
    for (let i = 0; i < 12; i += 1) await buildUser(t);
    // The operator lists everyone, in either kind of directory.
    const first = await call(t, 'GET', '/api/users', operator.token);
    expect(first.statusCode).toBe(200);
    const page = first.json<{ data: Array<Record<string, unknown>>; count: number }>();
    expect(page.data).toHaveLength(10);
    expect(page.count).toBeGreaterThanOrEqual(13);
    const ids = page.data.map((u) => Number(u._id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const user of page.data) {
      expect(Object.keys(user).sort()).toEqual(['_id', 'avatar', 'country', 'fullName', 'username']);
      expect(publicUser.strict().safeParse(user).success).toBe(true);
    }
    const body = first.body;
    expect(body).not.toMatch(/@example\.com|argon2|password|token|notify|time_zone|timeZone/i);

    const second = await call(t, 'GET', '/api/users?page=2&perPage=10', operator.token);
    const secondIds = second.json<{ data: Array<{ _id: string }> }>().data.map((u) => Number(u._id));
    expect(Math.min(...secondIds)).toBeGreaterThan(Math.max(...ids));
  });

  it('finds by username, full name or an exact e-mail, but not by part of an e-mail (open)', async () => {
    const me = await buildUser(t);
    const account = await buildUser(t, { fullName: 'Zelda Quartermaine' });
    const search = (q: string) => directory(me.token, q, open);
    expect(await search('quarterMAINE')).toEqual([account.username]);
    expect(await search(account.username.slice(-7).toUpperCase())).toEqual([account.username]);
    expect(await search(account.email)).toEqual([account.username]);
    expect(await search(account.email.slice(0, -4))).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('lets a user list only the people they know, and find a stranger by exact name or e-mail', async () => {
    const me = await buildUser(t, { fullName: 'Known Directory' });
    const friend = await buildUser(t, { fullName: 'Fran Friendly' });
    const asked = await buildUser(t, { fullName: 'Asked Person' });
    const asking = await buildUser(t, { fullName: 'Asking Person' });
    const owner = await buildUser(t, { fullName: 'Group Owner' });
    const member = await buildUser(t, { fullName: 'Group Member' });
    const stranger = await buildUser(t, { fullName: 'Sam Stranger' });
    await befriend(t, me, friend);
    await sendFriendRequest(t, me, asked);
    await sendFriendRequest(t, asking, me);
    // A group of the owner's friends, me among them: its owner and members are people I know.
    await befriend(t, owner, me);
    await befriend(t, owner, member);
    const group = await call(t, 'POST', '/api/groups', owner.token, {
      name: 'Known people',
      memberIds: [me.id, member.id],
    });
    expect(group.statusCode, group.body).toBe(201);

    const listed = await directory(me.token);
    expect(listed.sort()).toEqual(
      [me, friend, asked, asking, owner, member].map((person) => person.username).sort(),
    );
    // Part of a name finds only among them; a stranger only by the whole user name or e-mail.
    expect(await directory(me.token, 'friendly')).toEqual([friend.username]);
    expect(await directory(me.token, 'stranger')).toEqual([]);
    expect(await directory(me.token, stranger.username.slice(0, -2))).toEqual([]);
    expect(await directory(me.token, stranger.username.toUpperCase())).toEqual([stranger.username]);
    expect(await directory(me.token, stranger.email)).toEqual([stranger.username]);
    // The stranger knows no one yet: only themselves.
    expect(await directory(stranger.token)).toEqual([stranger.username]);
    // The operator and an open directory list everyone.
    expect(await directory(operator.token, 'stranger')).toEqual([stranger.username]);
    expect(await directory(me.token, 'stranger', open)).toEqual([stranger.username]);
  });

  it('answers 401 without a token and 400 for a bad page', async () => {
    expect((await call(t, 'GET', '/api/users')).statusCode).toBe(401);
    const bad = await call(t, 'GET', '/api/users?page=0&perPage=1000', operator.token);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorBody>().fields ?? {}).sort()).toEqual(['page', 'perPage']);
  });
});

describe('GET /api/users/{id}', () => {
  it('shows public fields to anyone signed in, and role and state to the operator', async () => {
    const someone = await buildUser(t);
    const other = await buildUser(t);
    const seen = await call(t, 'GET', `/api/users/${someone.id}`, other.token);
    expect(seen.statusCode).toBe(200);
    const detail = seen.json<UserDetail>();
    expect(Object.keys(detail).sort()).toEqual([
      '_id',
      'avatar',
      'bio',
      'city',
      'company',
      'country',
      'createdAt',
      'fullName',
      'username',
    ]);
    const byOperator = await call(t, 'GET', `/api/users/${someone.id}`, operator.token);
    expect(byOperator.json<UserDetail>()).toMatchObject({ role: 'admin', active: true });
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/users/999999', operator.token)).statusCode).toBe(404);
    expect((await call(t, 'GET', '/api/users/abc', operator.token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/users/99999999999', operator.token)).statusCode).toBe(400);
    expect((await t.app.inject('/api/avatars/3000000000')).statusCode).toBe(400);
    expect((await call(t, 'GET', `/api/users/${operator.id}`)).statusCode).toBe(401);
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets a user rename themself', async () => {
    const me = await buildUser(t);
    const response = await call(t, 'PUT', `/api/users/${me.id}`, me.token, {
      fullName: 'New Name',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<UserDetail>().fullName).toBe('New Name');
  });

  it("refuses another user's account (403) and one's own role or state (403), changing nothing", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const before = await snapshot(t.database);
    const foreign = await call(t, 'PUT', `/api/users/${other.id}`, me.token, {
      fullName: 'Hacked',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<ErrorBody>().code).toBe('OPERATOR_ONLY');
    const promote = await call(t, 'PUT', `/api/users/${me.id}`, me.token, { role: 'client' });
    expect(promote.statusCode).toBe(403);
    expect(await snapshot(t.database)).toEqual(before);
    const still = await call(t, 'GET', `/api/users/${other.id}`, operator.token);
    expect(still.json<UserDetail>().fullName).not.toBe('Hacked');
  });

  it('lets the operator change role and deactivate, which ends the sessions at once', async () => {
    const user = await buildUser(t);
    const demoted = await call(t, 'PUT', `/api/users/${user.id}`, operator.token, {
      role: 'client',
    });
    expect(demoted.json<UserDetail>()).toMatchObject({ role: 'client', active: true });
    const off = await call(t, 'PUT', `/api/users/${user.id}`, operator.token, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<UserDetail>().active).toBe(false);
    expect((await call(t, 'GET', '/api/jwt/me', user.token)).statusCode).toBe(401);
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);
    // Others no longer see a deactivated account.
    const someone = await buildUser(t);
    expect((await call(t, 'GET', `/api/users/${user.id}`, someone.token)).statusCode).toBe(404);
  });

  it('does not let the operator deactivate themself', async () => {
    const response = await call(t, 'PUT', `/api/users/${operator.id}`, operator.token, {
      active: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('CANNOT_DEACTIVATE_SELF');
  });

  it.each([
    [{}, '_'],
    [{ fullName: '' }, 'fullName'],
    [{ username: 'a b' }, 'username'],
    [{ role: 'superuser' }, 'role'],
    [{ active: 'yes' }, 'active'],
    [{ email: 'x@example.com' }, 'email'],
  ])('refuses %j with a field message and changes nothing', async (payload, field) => {
    const me = await buildUser(t);
    const before = await snapshot(t.database);
    const response = await call(t, 'PUT', `/api/users/${me.id}`, me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {})).toContain(field);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 for a taken username, 401 without a token, 404 for an unknown id', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const taken = await call(t, 'PUT', `/api/users/${me.id}`, me.token, {
      username: other.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect((await call(t, 'PUT', `/api/users/${me.id}`, undefined, { fullName: 'X' })).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/api/users/999999', operator.token, { fullName: 'X' })).statusCode).toBe(
      404,
    );
  });
});
