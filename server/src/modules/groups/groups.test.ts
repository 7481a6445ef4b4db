import {
  type AuthSession,
  type ErrorBody,
  type FriendRequest,
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

async function befriend(a: Person, b: Person): Promise<void> {
  const sent = await call('POST', '/api/friends/requests', a.token, { userId: b.id });
  expect(sent.statusCode).toBe(201);
  const accepted = await call(
    'POST',
    `/api/friends/requests/${sent.json<FriendRequest>()._id}/accept`,
    b.token,
  );
  expect(accepted.statusCode).toBe(204);
}

async function createGroup(owner: Person, payload: { name: string; memberIds?: string[] }): Promise<Group> {
  const response = await call('POST', '/api/groups', owner.token, payload);
  expect(response.statusCode).toBe(201);
  expectNoEmail(response);
  return response.json<Group>();
}

/** An owner with two friends, Abe and Zoe, and a stranger who is no one's friend. */
async function circle() {
  const owner = await signUp('Olga Owner');
  const abe = await signUp('Abe Friend');
  const zoe = await signUp('Zoe Friend');
  const stranger = await signUp('Sid Stranger');
  await befriend(owner, abe);
  await befriend(zoe, owner);
  return { owner, abe, zoe, stranger };
}

describe('without a token', () => {
  it.each([
    ['GET', '/api/groups', undefined],
    ['GET', '/api/groups/1', undefined],
    ['POST', '/api/groups', { name: 'Team' }],
    ['POST', '/api/groups', { name: '' }],
    ['PUT', '/api/groups/1', { name: 'Team' }],
    ['DELETE', '/api/groups/1', undefined],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    const before = await snapshot(t.database);
    const body = expectError(await call(method, url, undefined, payload), 401, 'UNAUTHORIZED');
    expect(body.message).toBe(messages['auth.required']);
    expect(await snapshot(t.database)).toEqual(before);
  });
});

describe('POST /api/groups', () => {
  it('creates a group of my friends, members by name, without e-mails (D13)', async () => {
    const { owner, abe, zoe } = await circle();
    const group = await createGroup(owner, { name: '  Book club ', memberIds: [zoe.id, abe.id, zoe.id] });
    expect(group).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      name: 'Book club',
      members: [publicOf(abe), publicOf(zoe)],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const read = await call('GET', `/api/groups/${group._id}`, owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(group);
    expectNoEmail(read);
  });

  it('creates an empty group when no members are given', async () => {
    const owner = await signUp();
    expect((await createGroup(owner, { name: 'Later' })).members).toEqual([]);
  });

  it.each([
    ['a missing name', { memberIds: [] }, 'name', messages['groups.nameRequired']],
    ['a blank name', { name: '   ' }, 'name', messages['groups.nameRequired']],
    ['a long name', { name: 'n'.repeat(51) }, 'name', messages['groups.nameLength']],
    ['a name that is not text', { name: 7 }, 'name', messages['validation.text']],
    [
      'members that are not a list',
      { name: 'Team', memberIds: 'all' },
      'memberIds',
      messages['groups.membersInvalid'],
    ],
    [
      'a malformed member id',
      { name: 'Team', memberIds: ['x'] },
      'memberIds.0',
      messages['groups.membersInvalid'],
    ],
    ['an unknown field', { name: 'Team', color: 'red' }, 'color', messages['validation.unknownField']],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field, message) => {
    const owner = await signUp();
    const before = await snapshot(t.database);
    const body = expectError(
      await call('POST', '/api/groups', owner.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a member who is not my friend with 400 on memberIds', async () => {
    const { owner, abe, stranger } = await circle();
    const pending = await signUp();
    const sent = await call('POST', '/api/friends/requests', owner.token, { userId: pending.id });
    expect(sent.statusCode).toBe(201);
    const before = await snapshot(t.database);
    for (const memberIds of [[abe.id, stranger.id], [pending.id], [owner.id], ['99999999999']]) {
      const body = expectError(
        await call('POST', '/api/groups', owner.token, { name: 'Team', memberIds }),
        400,
        'NOT_FRIEND',
      );
      expect(body).toMatchObject({
        message: messages['groups.notFriend'],
        fields: { memberIds: messages['groups.notFriend'] },
      });
    }
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('answers 409 for a name I already use, whatever its case; others may use it', async () => {
    const owner = await signUp();
    const other = await signUp();
    await createGroup(owner, { name: 'Family' });
    const before = await snapshot(t.database);
    const body = expectError(
      await call('POST', '/api/groups', owner.token, { name: ' FAMILY ' }),
      409,
      'GROUP_NAME_TAKEN',
    );
    expect(body).toMatchObject({
      message: messages['groups.nameTaken'],
      fields: { name: messages['groups.nameTaken'] },
    });
    expect(await snapshot(t.database)).toEqual(before);
    await createGroup(other, { name: 'Family' });
  });

  it('gives one of two simultaneous creations of one name a 409, never a 500', async () => {
    const owner = await signUp();
    const responses = await Promise.all([
      call('POST', '/api/groups', owner.token, { name: 'Twins' }),
      call('POST', '/api/groups', owner.token, { name: 'twins' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/groups', () => {
  it('lists only my own groups, by name', async () => {
    const { owner, abe, zoe } = await circle();
    const work = await createGroup(owner, { name: 'work', memberIds: [abe.id] });
    const art = await createGroup(owner, { name: 'Art', memberIds: [zoe.id, abe.id] });
    await createGroup(abe, { name: 'Abe’s own', memberIds: [owner.id] });
    const response = await call('GET', '/api/groups', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [art, work], count: 2 });
    expectNoEmail(response);
  });

  it('gives a new user an empty list', async () => {
    const owner = await signUp();
    const response = await call('GET', '/api/groups', owner.token);
    expect(response.json()).toEqual({ data: [], count: 0 });
  });
});

describe('GET /api/groups/{id}', () => {
  it('answers 404 for another user’s group, a missing one, and 400 for a malformed id', async () => {
    const { owner, abe } = await circle();
    const group = await createGroup(owner, { name: 'Mine', memberIds: [abe.id] });
    // Even a member does not see the owner's group.
    expectError(await call('GET', `/api/groups/${group._id}`, abe.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/groups/999999', owner.token), 404, 'NOT_FOUND');
    expectError(await call('GET', '/api/groups/99999999999', owner.token), 400, 'VALIDATION_ERROR');
    const body = expectError(await call('GET', '/api/groups/abc', owner.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('id');
  });
});

describe('PUT /api/groups/{id}', () => {
  it('renames a group and replaces its members', async () => {
    const { owner, abe, zoe } = await circle();
    const group = await createGroup(owner, { name: 'Old', memberIds: [abe.id] });
    const renamed = await call('PUT', `/api/groups/${group._id}`, owner.token, { name: 'New' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...group, name: 'New' });
    const regrouped = await call('PUT', `/api/groups/${group._id}`, owner.token, { memberIds: [zoe.id] });
    expect(regrouped.statusCode).toBe(200);
    expect(regrouped.json()).toEqual({ ...group, name: 'New', members: [publicOf(zoe)] });
    expectNoEmail(regrouped);
    const emptied = await call('PUT', `/api/groups/${group._id}`, owner.token, {
      name: 'new',
      memberIds: [],
    });
    expect(emptied.json()).toEqual({ ...group, name: 'new', members: [] });
  });

  it('answers 404 for another user’s group and changes nothing', async () => {
    const { owner, abe } = await circle();
    const group = await createGroup(owner, { name: 'Mine', memberIds: [abe.id] });
    const before = await snapshot(t.database);
    expectError(
      await call('PUT', `/api/groups/${group._id}`, abe.token, { name: 'Stolen' }),
      404,
      'NOT_FOUND',
    );
    expectError(await call('PUT', '/api/groups/999999', owner.token, { name: 'Nothing' }), 404, 'NOT_FOUND');
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call('GET', `/api/groups/${group._id}`, owner.token)).json()).toEqual(group);
  });

  it.each([
    ['a blank name', { name: '' }, 'name', messages['groups.nameRequired']],
    ['a long name', { name: 'x'.repeat(51) }, 'name', messages['groups.nameLength']],
    ['members that are not a list', { memberIds: 3 }, 'memberIds', messages['groups.membersInvalid']],
    ['an unknown field', { owner: '1' }, 'owner', messages['validation.unknownField']],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field, message) => {
    const owner = await signUp();
    const group = await createGroup(owner, { name: 'Stable' });
    const before = await snapshot(t.database);
    const body = expectError(
      await call('PUT', `/api/groups/${group._id}`, owner.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a member who is not my friend, and keeps the group as it was', async () => {
    const { owner, abe, stranger } = await circle();
    const group = await createGroup(owner, { name: 'Kept', memberIds: [abe.id] });
    const before = await snapshot(t.database);
    const body = expectError(
      await call('PUT', `/api/groups/${group._id}`, owner.token, {
        name: 'Changed',
        memberIds: [stranger.id],
      }),
      400,
      'NOT_FRIEND',
    );
    expect(body.fields).toEqual({ memberIds: messages['groups.notFriend'] });
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call('GET', `/api/groups/${group._id}`, owner.token)).json()).toEqual(group);
  });

  it('answers 409 for the name of another of my groups, and accepts its own name in another case', async () => {
    const owner = await signUp();
    await createGroup(owner, { name: 'First' });
    const second = await createGroup(owner, { name: 'Second' });
    const body = expectError(
      await call('PUT', `/api/groups/${second._id}`, owner.token, { name: 'first' }),
      409,
      'GROUP_NAME_TAKEN',
    );
    expect(body.fields).toEqual({ name: messages['groups.nameTaken'] });
    const recased = await call('PUT', `/api/groups/${second._id}`, owner.token, { name: 'SECOND' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<Group>().name).toBe('SECOND');
  });
});

describe('DELETE /api/groups/{id}', () => {
  it('deletes my group; its members stay my friends', async () => {
    const { owner, abe } = await circle();
    const group = await createGroup(owner, { name: 'Gone', memberIds: [abe.id] });
    const response = await call('DELETE', `/api/groups/${group._id}`, owner.token);
    expect(response.statusCode).toBe(204);
    expectError(await call('GET', `/api/groups/${group._id}`, owner.token), 404, 'NOT_FOUND');
    const friends = await call('GET', '/api/friends', owner.token);
    expect(friends.json<{ data: PublicUser[] }>().data.map((f) => f._id)).toContain(abe.id);
  });

  it('answers 404 for another user’s group and changes nothing; 400 for a malformed id', async () => {
    const { owner, abe } = await circle();
    const group = await createGroup(owner, { name: 'Safe', memberIds: [abe.id] });
    const before = await snapshot(t.database);
    expectError(await call('DELETE', `/api/groups/${group._id}`, abe.token), 404, 'NOT_FOUND');
    const body = expectError(await call('DELETE', '/api/groups/x1', owner.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});
