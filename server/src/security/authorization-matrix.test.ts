/**
 * The authorization matrix, generated from /api/openapi.json: every operation is called with no
 * token, malformed tokens, a token signed with another secret, an unsigned (`alg: none`) token and
 * an expired one (→ 401), and with another ordinary user's valid token on resources a victim owns
 * (→ 404, or 403 where D7/D17 say) — and no row of any table may change (not only their counts). The `operations` table
 * says how to call each operation on the victim's resources; an operation of the document that is
 * missing from it fails the test, so no route ships without its access test.
 */
import { type ErrorBody, errorBody } from '@cadence/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  befriend,
  buildBoard,
  buildGroup,
  buildUser,
  call,
  type Method,
  ok,
  sendFriendRequest,
  type TestUser,
} from '../test/factories';
import { createTestApp, fingerprint, TEST_JWT_SECRET, type TestApp } from '../test/harness';

/** Marks the victim's resources, so a leak of any of them into a stranger's answer is seen. */
const SECRET_MARK = 'victim-secret-7f3a';

interface World {
  victim: TestUser;
  /** The victim's friend, a member of the victim's board and group. */
  member: TestUser;
  /** An ordinary user with no relation to the victim. */
  stranger: TestUser;
  groupId: string;
  tagId: string;
  boardId: string;
  listId: string;
  otherListId: string;
  itemId: string;
  todoId: string;
  /** A request from the victim to someone who has not answered. */
  requestId: string;
}

interface Call {
  /** Path parameters by name. */
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  body?: (w: World) => unknown;
  /**
   * What the stranger's valid token gets on the victim's resource. `own`: the operation acts only
   * on the caller's own data (a stranger's call is a call on their own things), so there is no
   * victim resource to protect; the answer must still not show the victim's data.
   */
  stranger: 404 | 403 | 'own' | { status: 200; reason: string };
  /** What a member of the victim's board gets, where D17 makes them differ from the owner. */
  member?: 403;
}

const own = 'own' as const;

/** Every signed-in operation of the API: how to aim it at the victim's resources. */
const operations: Record<string, Call[]> = {
  'GET /api/jwt/me': [{ stranger: own }],
  'GET /api/account': [{ stranger: own }],
  'PUT /api/account': [{ body: () => ({ general: { company: 'Acme' } }), stranger: own }],
  'POST /api/account/password': [
    {
      body: () => ({ currentPassword: 'correct horse battery', newPassword: 'another long password' }),
      stranger: own,
    },
  ],
  'POST /api/account/avatar': [{ stranger: own }],
  'DELETE /api/account/avatar': [{ stranger: own }],
  'GET /api/users': [{ query: () => ({ q: 'user' }), stranger: own }],
  'GET /api/users/{id}': [
    {
      params: (w) => ({ id: w.victim.id }),
      stranger: { status: 200, reason: 'public profile fields by design (D11)' },
    },
  ],
  'PUT /api/users/{id}': [
    { params: (w) => ({ id: w.victim.id }), body: () => ({ fullName: 'Taken Over' }), stranger: 403 },
  ],
  'GET /api/friends': [{ stranger: own }],
  'DELETE /api/friends/{userId}': [{ params: (w) => ({ userId: w.victim.id }), stranger: 404 }],
  'GET /api/friends/requests': [{ stranger: own }],
  'POST /api/friends/requests': [{ body: (w) => ({ userId: w.victim.id }), stranger: own }],
  'POST /api/friends/requests/{id}/accept': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'POST /api/friends/requests/{id}/decline': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'DELETE /api/friends/requests/{id}': [{ params: (w) => ({ id: w.requestId }), stranger: 404 }],
  'GET /api/groups': [{ stranger: own }],
  'POST /api/groups': [{ body: () => ({ name: 'My own group' }), stranger: own }],
  'GET /api/groups/{id}': [{ params: (w) => ({ id: w.groupId }), stranger: 404 }],
  'PUT /api/groups/{id}': [
    { params: (w) => ({ id: w.groupId }), body: () => ({ name: 'Renamed' }), stranger: 404 },
  ],
  'DELETE /api/groups/{id}': [{ params: (w) => ({ id: w.groupId }), stranger: 404 }],
  'GET /api/tags': [{ stranger: own }],
  'POST /api/tags': [{ body: () => ({ name: 'mine', color: '#123456' }), stranger: own }],
  'PUT /api/tags/{id}': [
    { params: (w) => ({ id: w.tagId }), body: () => ({ name: 'renamed' }), stranger: 404 },
  ],
  'DELETE /api/tags/{id}': [{ params: (w) => ({ id: w.tagId }), stranger: 404 }],
  'GET /api/projects': [
    { query: (w) => ({ id: w.boardId }), stranger: 404 },
    { query: (w) => ({ user: w.victim.id }), stranger: 403 },
  ],
  'POST /api/projects': [{ body: () => ({ name: 'My own board' }), stranger: own }],
  'PUT /api/projects/{boardId}': [
    {
      params: (w) => ({ boardId: w.boardId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
      member: 403,
    },
  ],
  'DELETE /api/projects/{boardId}': [{ params: (w) => ({ boardId: w.boardId }), stranger: 404, member: 403 }],
  'POST /api/projects/{boardId}/lists': [
    { params: (w) => ({ boardId: w.boardId }), body: () => ({ name: 'Injected' }), stranger: 404 },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/items/{itemId}': [
    {
      params: (w) => ({ boardId: w.boardId, itemId: w.itemId }),
      body: (w) => ({ fromList: w.listId, toList: w.otherListId, fromIndex: 0, toIndex: 0 }),
      stranger: 404,
    },
  ],
  'POST /api/projects/{boardId}/lists/{listId}/items': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId }),
      body: () => ({ name: 'Injected' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}/items/{itemId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }),
      body: () => ({ name: 'Renamed' }),
      stranger: 404,
    },
  ],
  'DELETE /api/projects/{boardId}/lists/{listId}/items/{itemId}': [
    { params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }), stranger: 404 },
  ],
  'POST /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId }),
      body: () => ({ text: 'Injected' }),
      stranger: 404,
    },
  ],
  'PUT /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo/{todoId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId, todoId: w.todoId }),
      body: () => ({ done: true }),
      stranger: 404,
    },
  ],
  'DELETE /api/projects/{boardId}/lists/{listId}/items/{itemId}/todo/{todoId}': [
    {
      params: (w) => ({ boardId: w.boardId, listId: w.listId, itemId: w.itemId, todoId: w.todoId }),
      stranger: 404,
    },
  ],
};

/** Operations anyone may call, each with the reason. */
const publicOperations: Record<string, string> = {
  'GET /api/health': 'liveness for load balancers; says nothing about data',
  'POST /api/jwt/login': 'signs in',
  'POST /api/jwt/register': 'creates an account',
  'POST /api/jwt/refresh-token': 'authenticated by the refresh token in the body',
  'POST /api/jwt/logout': 'authenticated by the refresh token in the body (decisions.md §9)',
  'POST /api/jwt/forgot-password': 'the user has lost their password',
  'POST /api/jwt/reset-password': 'authenticated by the token from the e-mail',
  'GET /api/avatars/{id}': '<img> cannot send a token; versioned addresses (decisions.md §20)',
};

let t: TestApp;
let world: World;
let documented: { key: string; secured: boolean }[];

beforeAll(async () => {
  t = await createTestApp();
  // The first account operates the instance (D7); it takes no part, so nobody below is operator.
  await buildUser(t);
  const victim = await buildUser(t);
  const member = await buildUser(t);
  const stranger = await buildUser(t);
  const bystander = await buildUser(t);
  await befriend(t, victim, member);
  const group = await buildGroup(t, victim, { name: `Group ${SECRET_MARK}`, members: [member] });
  const tag = await ok<{ _id: string }>(
    t,
    'POST',
    '/api/tags',
    victim.token,
    { name: SECRET_MARK, color: '#abcdef' },
    201,
  );
  const { board, lists, items } = await buildBoard(t, victim, {
    name: `Board ${SECRET_MARK}`,
    members: [member],
    layout: { [`Doing ${SECRET_MARK}`]: [`Card ${SECRET_MARK}`], Done: [] },
  });
  const list = Object.values(lists)[0]!;
  const item = Object.values(items)[0]!;
  const todo = await ok<{ _id: string }>(
    t,
    'POST',
    `/api/projects/${board._id}/lists/${list._id}/items/${item._id}/todo`,
    victim.token,
    { text: `Todo ${SECRET_MARK}` },
    201,
  );
  const request = await sendFriendRequest(t, victim, bystander);
  world = {
    victim,
    member,
    stranger,
    groupId: group._id,
    tagId: tag._id,
    boardId: board._id,
    listId: list._id,
    otherListId: Object.values(lists)[1]!._id,
    itemId: item._id,
    todoId: todo._id,
    requestId: request._id,
  };
  const doc = (await t.app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  }>();
  documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      secured: (operation.security ?? []).length > 0,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

function urlOf(key: string, operation: Call): { method: Method; url: string } {
  const [method, template] = key.split(' ') as [Method, string];
  const params = operation.params?.(world) ?? {};
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${key}: the matrix gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(operation.query?.(world) ?? {}).toString();
  return { method, url: query ? `${path}?${query}` : path };
}

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
      const { method, url } = urlOf(key, operation);
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
      const { method, url } = urlOf(key, operation);
      if (operation.stranger === own) {
        // Acts on the stranger's own data: a read must not show the victim's.
        if (method === 'GET') {
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
        const { method, url } = urlOf(key, operation);
        const before = await fingerprint(t.database);
        const response = await call(t, method, url, world.member.token, operation.body?.(world));
        expect(response.statusCode, response.body).toBe(operation.member);
        expect(await fingerprint(t.database)).toEqual(before);
      }
    });
  }
});
