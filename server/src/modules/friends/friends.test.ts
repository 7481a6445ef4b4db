/** Friend requests and friendships (D12) through HTTP: who sees what, and what each refusal says. */
import { messages } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import {
  befriend,
  buildGroup,
  buildUser,
  call,
  expectError,
  expectNoEmail,
  expectSignInRequired,
  friendsOf,
  groupsOf,
  publicOf,
  requestsOf,
  sendFriendRequest,
} from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

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
    await expectSignInRequired(t, method, url, payload);
  });

  it('answers 401 to a forged token', async () => {
    expectError(await call(t, 'GET', '/api/friends', 'not-a-token'), 401, 'INVALID_TOKEN');
  });
});

describe('POST /api/friends/requests', () => {
  it('sends a pending request that both sides see (D12)', async () => {
    const ann = await buildUser(t, { fullName: 'Ann Asker' });
    const bob = await buildUser(t, { fullName: 'Bob Bidden' });
    const request = await sendFriendRequest(t, ann, bob);
    expect(request).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      from: publicOf(ann),
      to: publicOf(bob),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await requestsOf(t, ann.token)).toEqual({ incoming: [], outgoing: [request] });
    expect(await requestsOf(t, bob.token)).toEqual({ incoming: [request], outgoing: [] });
    // Pending is not friends yet.
    expect(await friendsOf(t, ann.token)).toEqual([]);
    expect(await friendsOf(t, bob.token)).toEqual([]);
  });

  it('refuses a request to oneself with 400', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'POST', '/api/friends/requests', ann.token, { userId: ann.id }),
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
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'POST', '/api/friends/requests', ann.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 for an unknown user', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    expectError(
      await call(t, 'POST', '/api/friends/requests', ann.token, { userId: '999999' }),
      404,
      'NOT_FOUND',
    );
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 400 for an id no user can have (past 32 bits)', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const response = await call(t, 'POST', '/api/friends/requests', ann.token, {
      userId: '99999999999999999999',
    });
    expect(expectError(response, 400, 'VALIDATION_ERROR').fields).toHaveProperty('userId');
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 when a request is already pending, either way', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    await sendFriendRequest(t, ann, bob);
    const before = await snapshot(t.database);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const body = expectError(
        await call(t, 'POST', '/api/friends/requests', from.token, { userId: to.id }),
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
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    await befriend(t, ann, bob);
    const before = await snapshot(t.database);
    for (const [from, to] of [
      [ann, bob],
      [bob, ann],
    ] as const) {
      const body = expectError(
        await call(t, 'POST', '/api/friends/requests', from.token, { userId: to.id }),
        409,
        'ALREADY_FRIENDS',
      );
      expect(body.message).toBe(messages['friends.alreadyFriends']);
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('keeps one request of two sent at once, each way, and answers the other 409', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const responses = await Promise.all([
      call(t, 'POST', '/api/friends/requests', ann.token, { userId: bob.id }),
      call(t, 'POST', '/api/friends/requests', bob.token, { userId: ann.id }),
      call(t, 'POST', '/api/friends/requests', ann.token, { userId: bob.id }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const pending = await requestsOf(t, ann.token);
    expect(pending.incoming.length + pending.outgoing.length).toBe(1);
  });
});

describe('POST /api/friends/requests/{id}/accept', () => {
  it('makes both friends and ends the request', async () => {
    const ann = await buildUser(t, { fullName: 'Ann Accepted' });
    const bob = await buildUser(t, { fullName: 'Bob Accepting' });
    const request = await sendFriendRequest(t, ann, bob);
    const response = await call(t, 'POST', `/api/friends/requests/${request._id}/accept`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await friendsOf(t, ann.token)).toEqual([publicOf(bob)]);
    expect(await friendsOf(t, bob.token)).toEqual([publicOf(ann)]);
    expect(await requestsOf(t, ann.token)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(t, bob.token)).toEqual({ incoming: [], outgoing: [] });
    // Once accepted, the request cannot be accepted again.
    expectError(
      await call(t, 'POST', `/api/friends/requests/${request._id}/accept`, bob.token),
      404,
      'NOT_FOUND',
    );
  });

  it('accepts an empty JSON object as the body', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const response = await call(t, 'POST', `/api/friends/requests/${request._id}/accept`, bob.token, {});
    expect(response.statusCode).toBe(204);
    expect(await friendsOf(t, bob.token)).toEqual([publicOf(ann)]);
  });

  it('answers 404 to the sender and to anyone else, and changes nothing', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const eve = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const before = await snapshot(t.database);
    for (const person of [ann, eve]) {
      expectError(
        await call(t, 'POST', `/api/friends/requests/${request._id}/accept`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 404 for a missing request, and 400 for an id no row can have', async () => {
    const ann = await buildUser(t);
    expectError(await call(t, 'POST', '/api/friends/requests/999999/accept', ann.token), 404, 'NOT_FOUND');
    // Ids are 32-bit integers (the contract's entity id).
    expectError(
      await call(t, 'POST', '/api/friends/requests/99999999999/accept', ann.token),
      400,
      'VALIDATION_ERROR',
    );
  });

  it('refuses a malformed id or a body with 400 and changes nothing', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const before = await snapshot(t.database);
    const badId = expectError(
      await call(t, 'POST', '/api/friends/requests/abc/accept', bob.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(Object.keys(badId.fields ?? {})).toEqual(['id']);
    const badBody = expectError(
      await call(t, 'POST', `/api/friends/requests/${request._id}/accept`, bob.token, { really: true }),
      400,
      'VALIDATION_ERROR',
    );
    expect(badBody.fields).toEqual({ really: messages['validation.unknownField'] });
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('POST /api/friends/requests/{id}/decline', () => {
  it('ends the request without a friendship', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const response = await call(t, 'POST', `/api/friends/requests/${request._id}/decline`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(await requestsOf(t, ann.token)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(t, bob.token)).toEqual({ incoming: [], outgoing: [] });
    expect(await friendsOf(t, ann.token)).toEqual([]);
    expect(await friendsOf(t, bob.token)).toEqual([]);
    // Declined is not final: Ann may ask again.
    await sendFriendRequest(t, ann, bob);
  });

  it('answers 404 to the sender and to anyone else, and changes nothing', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const eve = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const before = await snapshot(t.database);
    for (const person of [ann, eve]) {
      expectError(
        await call(t, 'POST', `/api/friends/requests/${request._id}/decline`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'POST', '/api/friends/requests/0/decline', ann.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('DELETE /api/friends/requests/{id}', () => {
  it('withdraws a sent request', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const response = await call(t, 'DELETE', `/api/friends/requests/${request._id}`, ann.token);
    expect(response.statusCode).toBe(204);
    expect(await requestsOf(t, ann.token)).toEqual({ incoming: [], outgoing: [] });
    expect(await requestsOf(t, bob.token)).toEqual({ incoming: [], outgoing: [] });
    expectError(await call(t, 'DELETE', `/api/friends/requests/${request._id}`, ann.token), 404, 'NOT_FOUND');
  });

  it('answers 404 to the receiver and to anyone else, and changes nothing', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const eve = await buildUser(t);
    const request = await sendFriendRequest(t, ann, bob);
    const before = await snapshot(t.database);
    for (const person of [bob, eve]) {
      expectError(
        await call(t, 'DELETE', `/api/friends/requests/${request._id}`, person.token),
        404,
        'NOT_FOUND',
      );
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'DELETE', '/api/friends/requests/1.5', ann.token),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('GET /api/friends', () => {
  it('lists my friends by name, public fields only', async () => {
    const me = await buildUser(t, { fullName: 'Mia Middle' });
    const zed = await buildUser(t, { fullName: 'Zed Last' });
    const abe = await buildUser(t, { fullName: 'abe first' });
    const stranger = await buildUser(t, { fullName: 'Sam Stranger' });
    await befriend(t, zed, me);
    await befriend(t, me, abe);
    await sendFriendRequest(t, stranger, me);
    const response = await call(t, 'GET', '/api/friends', me.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [publicOf(abe), publicOf(zed)], count: 2 });
    expectNoEmail(response);
    expect(response.body).not.toMatch(/password|hash|email|role/i);
  });

  it('gives a new user an empty list', async () => {
    const me = await buildUser(t);
    expect(await friendsOf(t, me.token)).toEqual([]);
  });
});

describe('GET /api/friends/requests', () => {
  it('lists incoming and outgoing requests, newest first, without e-mails', async () => {
    const me = await buildUser(t);
    const [a, b, c] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const fromA = await sendFriendRequest(t, a, me);
    const fromB = await sendFriendRequest(t, b, me);
    const toC = await sendFriendRequest(t, me, c);
    const requests = await requestsOf(t, me.token);
    expect(requests.incoming.map((r) => r._id)).toEqual([fromB._id, fromA._id]);
    expect(requests.outgoing).toEqual([toC]);
    expect(requests.incoming[0]?.to).toEqual(publicOf(me));
  });
});

describe('DELETE /api/friends/{userId}', () => {
  it('ends the friendship both ways, and each leaves the other’s groups', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const cid = await buildUser(t);
    await befriend(t, ann, bob);
    await befriend(t, ann, cid);
    await befriend(t, bob, cid);
    await buildGroup(t, ann, { name: 'Team', members: [bob, cid] });
    await buildGroup(t, bob, { name: 'Club', members: [ann, cid] });

    const response = await call(t, 'DELETE', `/api/friends/${ann.id}`, bob.token);
    expect(response.statusCode).toBe(204);
    expect(await friendsOf(t, ann.token)).toEqual([publicOf(cid)]);
    expect((await friendsOf(t, bob.token)).map((f) => f._id)).toEqual([cid.id]);
    expect((await groupsOf(t, ann.token))[0]?.members).toEqual([publicOf(cid)]);
    expect((await groupsOf(t, bob.token))[0]?.members).toEqual([publicOf(cid)]);
    // They may become friends again.
    await befriend(t, bob, ann);
    expect((await friendsOf(t, ann.token)).map((f) => f._id).sort()).toEqual([bob.id, cid.id].sort());
  });

  it('answers 404 for someone who is not a friend, and changes nothing', async () => {
    const ann = await buildUser(t);
    const bob = await buildUser(t);
    const eve = await buildUser(t);
    await befriend(t, ann, bob);
    const pending = await buildUser(t);
    await sendFriendRequest(t, ann, pending);
    const before = await snapshot(t.database);
    for (const [person, other] of [
      [eve, ann],
      [ann, eve],
      [ann, ann],
      [ann, pending],
    ] as const) {
      expectError(await call(t, 'DELETE', `/api/friends/${other.id}`, person.token), 404, 'NOT_FOUND');
    }
    expectError(await call(t, 'DELETE', '/api/friends/99999999999', ann.token), 400, 'VALIDATION_ERROR');
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a malformed id with 400 and changes nothing', async () => {
    const ann = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(await call(t, 'DELETE', '/api/friends/-1', ann.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('userId');
    expect(await snapshot(t.database)).toEqual(before);
  });
});
