import {
  type AuthSession,
  type ErrorBody,
  type FriendRequest,
  type FriendRequests,
  type Group,
  messages,
  type PublicUser,
} from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newAccount, snapshot, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Response = Awaited<ReturnType<typeof call>>;

function call(method: Method, url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

interface Person {
  id: string;
  token: string;
  email: string;
  username: string;
  fullName: string;
}

/** Every e-mail handed out, so that any answer can be checked for them. */
const emails: string[] = [];

async function signUp(fullName?: string): Promise<Person> {
  const account = newAccount(fullName ? { fullName } : {});
  const response = await call('POST', '/api/jwt/register', undefined, account);
  expect(response.statusCode).toBe(201);
  const session = response.json<AuthSession>();
  emails.push(account.email);
  return {
    id: session.userData._id,
    token: session.accessToken,
    email: account.email,
    username: account.username,
    fullName: session.userData.fullName,
  };
}

/** The public view of a person, as every answer shows them. */
function publicOf(person: Person): PublicUser {
  return { _id: person.id, username: person.username, fullName: person.fullName, avatar: null, country: '' };
}

function expectNoEmail(response: Response) {
  for (const email of emails) expect(response.body).not.toContain(email);
}

function expectError(response: Response, status: number, code: string): ErrorBody {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  expect(body).toMatchObject({ statusCode: status, code });
  return body;
}

async function sendRequest(from: Person, to: Person): Promise<FriendRequest> {
  const response = await call('POST', '/api/friends/requests', from.token, { userId: to.id });
  expect(response.statusCode).toBe(201);
  expectNoEmail(response);
  return response.json<FriendRequest>();
}

async function befriend(a: Person, b: Person): Promise<void> {
  const request = await sendRequest(a, b);
  const response = await call('POST', `/api/friends/requests/${request._id}/accept`, b.token);
  expect(response.statusCode).toBe(204);
}

async function friendsOf(person: Person): Promise<PublicUser[]> {
  const response = await call('GET', '/api/friends', person.token);
  expect(response.statusCode).toBe(200);
  expectNoEmail(response);
  const body = response.json<{ data: PublicUser[]; count: number }>();
  expect(body.count).toBe(body.data.length);
  return body.data;
}

async function requestsOf(person: Person): Promise<FriendRequests> {
  const response = await call('GET', '/api/friends/requests', person.token);
  expect(response.statusCode).toBe(200);
  expectNoEmail(response);
  return response.json<FriendRequests>();
}

async function groupsOf(person: Person): Promise<Group[]> {
  const response = await call('GET', '/api/groups', person.token);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: Group[] }>().data;
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/friends', undefined],
    ['DELETE', '/api/friends/1', undefined],
    ['GET', '/api/friends/requests', undefined],
    ['POST', '/api/friends/requests', { userId: '1' }],
    // Authentication comes before validation: a stranger learns nothing about the body rules.
    ['POST', '/api/friends/requests', { bogus: true }],
    ['POST', '/api/friends/requests/1/accept', undefined],
    ['POST', '/api/friends/requests/1/decline', undefined],
    ['DELETE', '/api/friends/requests/1', undefined],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    const before = await snapshot(t.database);
    const body = expectError(await call(method, url, undefined, payload), 401, 'UNAUTHORIZED');
    expect(body.message).toBe(messages['auth.required']);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 401 to a forged token', async () => {
    expectError(await call('GET', '/api/friends', 'not-a-token'), 401, 'INVALID_TOKEN');
  });
});

describe('POST /api/friends/requests', () => {
  it('sends a pending request that both sides see (D12)', async () => {
    const ann = await signUp('Ann Asker');
    const bob = await signUp('Bob Bidden');
    const request = await sendRequest(ann, bob);
    expect(request).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      from: publicOf(ann),
      to: publicOf(bob),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await requestsOf(ann)).toEqual({ incoming: [], outgoing: [request] });
    expect(await requestsOf(bob)).toEqual({ incoming: [request], outgoing: [] });
    // Pending is not friends yet.
    expect(await friendsOf(ann)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
  });

  it('refuses a request to oneself with 400', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(
      await call('POST', '/api/friends/requests', ann.token, { userId: ann.id }),
      400,
      'FRIEND_REQUEST_TO_SELF',
    );
    expect(body).toMatchObject({
      message: messages['friends.self'],
      fields: { userId: messages['friends.self'] },
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it.each([
    ['a missing userId', {}, 'userId', messages['friends.userRequired']],
    ['a number', { userId: 5 }, 'userId', messages['friends.userRequired']],
    ['a non-numeric id', { userId: 'abc' }, 'userId', messages['friends.userRequired']],
    ['an unknown field', { userId: '1', note: 'hi' }, 'note', messages['validation.unknownField']],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field, message) => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(
      await call('POST', '/api/friends/requests', ann.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    expectError(
      await call('POST', '/api/friends/requests', ann.token, { userId: '999999' }),
      404,
      'NOT_FOUND',
    );
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 400 for an id no user can have (past 32 bits)', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const response = await call('POST', '/api/friends/requests', ann.token, {
      userId: '99999999999999999999',
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').fields).toHaveProperty('userId');
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 when a request is already pending, either way', async () => {
    const ann = await signUp();
    const bob = await signUp();
    await sendRequest(ann, bob);
    const before = await snapshot(t.database);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const body = expectError(
        await call('POST', '/api/friends/requests', from.token, { userId: to.id }),
        409,
        'FRIEND_REQUEST_EXISTS',
      );
      expect(body).toMatchObject({
        message: messages['friends.requestExists'],
        fields: { userId: messages['friends.requestExists'] },
      });
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 to friends', async () => {
    const ann = await signUp();
    const bob = await signUp();
    await befriend(ann, bob);
    const before = await snapshot(t.database);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const body = expectError(
        await call('POST', '/api/friends/requests', from.token, { userId: to.id }),
        409,
        'ALREADY_FRIENDS',
      );
      expect(body.message).toBe(messages['friends.alreadyFriends']);
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('keeps one request of two sent at once, each way, and answers the other 409', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const responses = await Promise.all([
      call('POST', '/api/friends/requests', ann.token, { userId: bob.id }),
      call('POST', '/api/friends/requests', bob.token, { userId: ann.id }),
      call('POST', '/api/friends/requests', ann.token, { userId: bob.id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const pending = await requestsOf(ann);
    expect(pending.incoming.length + pending.outgoing.length).toBe(1);
  });
});

describe('POST /api/friends/requests/{id}/accept', () => {
  it('makes both friends and ends the request', async () => {
    const ann = await signUp('Ann Accepted');
    const bob = await signUp('Bob Accepting');
    const request = await sendRequest(ann, bob);
    const response = await call('POST', `/api/friends/requests/${request._id}/accept`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await friendsOf(ann)).toEqual([publicOf(bob)]);
    expect(await friendsOf(bob)).toEqual([publicOf(ann)]);
    expect(await requestsOf(ann)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(bob)).toEqual({ incoming: [], outgoing: [] });
    // Once accepted, the request cannot be accepted again.
    expectError(
      await call('POST', `/api/friends/requests/${request._id}/accept`, bob.token),
      404,
      'NOT_FOUND',
    );
  });

  it('accepts an empty JSON object as the body', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const request = await sendRequest(ann, bob);
    const response = await call('POST', `/api/friends/requests/${request._id}/accept`, bob.token, {});
    expect(response.statusCode).toBe(204);
    expect(await friendsOf(bob)).toEqual([publicOf(ann)]);
  });

  it('answers 404 to the sender and to anyone else, and changes nothing', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const eve = await signUp();
    const request = await sendRequest(ann, bob);
    const before = await snapshot(t.database);
    for (const person of [ann, eve]) {
      expectError(
        await call('POST', `/api/friends/requests/${request._id}/accept`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 for a missing request, and 400 for an id no row can have', async () => {
    const ann = await signUp();
    expectError(await call('POST', '/api/friends/requests/999999/accept', ann.token), 404, 'NOT_FOUND');
    // Ids are 32-bit integers (the contract's entity id).
    expectError(
      await call('POST', '/api/friends/requests/99999999999/accept', ann.token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses a malformed id or a body with 400 and changes nothing', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const request = await sendRequest(ann, bob);
    const before = await snapshot(t.database);
    const badId = expectError(
      await call('POST', '/api/friends/requests/abc/accept', bob.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(badId.fields ?? {})).toEqual(['id']);
    const badBody = expectError(
      await call('POST', `/api/friends/requests/${request._id}/accept`, bob.token, { really: true }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badBody.fields).toEqual({ really: messages['validation.unknownField'] });
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('POST /api/friends/requests/{id}/decline', () => {
  it('ends the request without a friendship', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const request = await sendRequest(ann, bob);
    const response = await call('POST', `/api/friends/requests/${request._id}/decline`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(await requestsOf(ann)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(bob)).toEqual({ incoming: [], outgoing: [] });
    expect(await friendsOf(ann)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
    // Declined is not final: Ann may ask again.
    await sendRequest(ann, bob);
  });

  it('answers 404 to the sender and to anyone else, and changes nothing', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const eve = await signUp();
    const request = await sendRequest(ann, bob);
    const before = await snapshot(t.database);
    for (const person of [ann, eve]) {
      expectError(
        await call('POST', `/api/friends/requests/${request._id}/decline`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(
      await call('POST', '/api/friends/requests/0/decline', ann.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('DELETE /api/friends/requests/{id}', () => {
  it('withdraws a sent request', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const request = await sendRequest(ann, bob);
    const response = await call('DELETE', `/api/friends/requests/${request._id}`, ann.token);
    expect(response.statusCode).toBe(204);
    expect(await requestsOf(ann)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(bob)).toEqual({ incoming: [], outgoing: [] });
    expectError(await call('DELETE', `/api/friends/requests/${request._id}`, ann.token), 404, 'NOT_FOUND');
  });

  it('answers 404 to the receiver and to anyone else, and changes nothing', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const eve = await signUp();
    const request = await sendRequest(ann, bob);
    const before = await snapshot(t.database);
    for (const person of [bob, eve]) {
      expectError(
        await call('DELETE', `/api/friends/requests/${request._id}`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(
      await call('DELETE', '/api/friends/requests/1.5', ann.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('GET /api/friends', () => {
  it('lists my friends by name, public fields only', async () => {
    const me = await signUp('Mia Middle');
    const zed = await signUp('Zed Last');
    const abe = await signUp('abe first');
    const stranger = await signUp('Sam Stranger');
    await befriend(zed, me);
    await befriend(me, abe);
    await sendRequest(stranger, me);
    const response = await call('GET', '/api/friends', me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [publicOf(abe), publicOf(zed)], count: 2 });
    expectNoEmail(response);
    expect(response.body).not.toMatch(/password|hash|email|role/i);
  });

  it('gives a new user an empty list', async () => {
    const me = await signUp();
    expect(await friendsOf(me)).toEqual([]);
  });
});

describe('GET /api/friends/requests', () => {
  it('lists incoming and outgoing requests, newest first, without e-mails', async () => {
    const me = await signUp();
    const [a, b, c] = [await signUp(), await signUp(), await signUp()];
    const fromA = await sendRequest(a, me);
    const fromB = await sendRequest(b, me);
    const toC = await sendRequest(me, c);
    const requests = await requestsOf(me);
    expect(requests.incoming.map((r) => r._id)).toEqual([fromB._id, fromA._id]);
    expect(requests.outgoing).toEqual([toC]);
    expect(requests.incoming[0]?.to).toEqual(publicOf(me));
  });
});

describe('DELETE /api/friends/{userId}', () => {
  it('ends the friendship both ways, and each leaves the other’s groups', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const cid = await signUp();
    await befriend(ann, bob);
    await befriend(ann, cid);
    await befriend(bob, cid);
    const annGroup = await call('POST', '/api/groups', ann.token, {
      name: 'Team',
      memberIds: [bob.id, cid.id],
    });
    const bobGroup = await call('POST', '/api/groups', bob.token, {
      name: 'Club',
      memberIds: [ann.id, cid.id],
    });
    expect([annGroup.statusCode, bobGroup.statusCode]).toEqual([201, 201]);

    const response = await call('DELETE', `/api/friends/${ann.id}`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(await friendsOf(ann)).toEqual([publicOf(cid)]);
    expect((await friendsOf(bob)).map((f) => f._id)).toEqual([cid.id]);
    expect((await groupsOf(ann))[0]?.members).toEqual([publicOf(cid)]);
    expect((await groupsOf(bob))[0]?.members).toEqual([publicOf(cid)]);
    // They may become friends again.
    await befriend(bob, ann);
    expect((await friendsOf(ann)).map((f) => f._id).sort()).toEqual([bob.id, cid.id].sort());
  });

  it('answers 404 for someone who is not a friend, and changes nothing', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const eve = await signUp();
    await befriend(ann, bob);
    const pending = await signUp();
    await sendRequest(ann, pending);
    const before = await snapshot(t.database);
    for (const [person, other] of [
      [eve, ann],
      [ann, eve],
      [ann, ann],
      [ann, pending],
    ] as const) {
      expectError(await call('DELETE', `/api/friends/${other.id}`, person.token), 404, 'NOT_FOUND');
    }
    expectError(await call('DELETE', '/api/friends/99999999999', ann.token), 400, 'VALIDATION_ERROR');
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(await call('DELETE', '/api/friends/-1', ann.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('userId');
    expect(await snapshot(t.database)).toEqual(before);
  });
});
