/** Groups of friends (D13) through HTTP: only the owner sees or changes a group, and only friends join. */
import { type Group, messages } from '@cadence/contract';
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
  publicOf,
  sendFriendRequest,
} from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

/** An owner with two friends, Abe and Zoe, and a stranger who is no one's friend. */
async function circle() {
  const owner = await buildUser(t, { fullName: 'Olga Owner' });
  const abe = await buildUser(t, { fullName: 'Abe Friend' });
  const zoe = await buildUser(t, { fullName: 'Zoe Friend' });
  const stranger = await buildUser(t, { fullName: 'Sid Stranger' });
  await befriend(t, owner, abe);
  await befriend(t, zoe, owner);
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
    await expectSignInRequired(t, method, url, payload);
  });
});

describe('POST /api/groups', () => {
  it('creates a group of my friends, members by name, without e-mails (D13)', async () => {
    const { owner, abe, zoe } = await circle();
    const group = await buildGroup(t, owner, { name: '  Book club ', members: [zoe, abe, zoe] });
    expect(group).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      name: 'Book club',
      members: [publicOf(abe), publicOf(zoe)],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const read = await call(t, 'GET', `/api/groups/${group._id}`, owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(group);
    expectNoEmail(read);
  });

  it('creates an empty group when no members are given', async () => {
    const owner = await buildUser(t);
    expect((await buildGroup(t, owner, { name: 'Later' })).members).toEqual([]);
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
    const owner = await buildUser(t);
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'POST', '/api/groups', owner.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a member who is not my friend with 400 on memberIds', async () => {
    const { owner, abe, stranger } = await circle();
    const pending = await buildUser(t);
    await sendFriendRequest(t, owner, pending);
    const before = await snapshot(t.database);
    for (const memberIds of [[abe.id, stranger.id], [pending.id], [owner.id], ['99999999999']]) {
      const body = expectError(
        await call(t, 'POST', '/api/groups', owner.token, { name: 'Team', memberIds }),
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
    const owner = await buildUser(t);
    const other = await buildUser(t);
    await buildGroup(t, owner, { name: 'Family' });
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'POST', '/api/groups', owner.token, { name: ' FAMILY ' }),
      409,
      'GROUP_NAME_TAKEN',
    );
    expect(body).toMatchObject({
      message: messages['groups.nameTaken'],
      fields: { name: messages['groups.nameTaken'] },
    });
    expect(await snapshot(t.database)).toEqual(before);
    await buildGroup(t, other, { name: 'Family' });
  });

  it('gives one of two simultaneous creations of one name a 409, never a 500', async () => {
    const owner = await buildUser(t);
    const responses = await Promise.all([
      call(t, 'POST', '/api/groups', owner.token, { name: 'Twins' }),
      call(t, 'POST', '/api/groups', owner.token, { name: 'twins' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('GET /api/groups', () => {
  it('lists only my own groups, by name', async () => {
    const { owner, abe, zoe } = await circle();
    const work = await buildGroup(t, owner, { name: 'work', members: [abe] });
    const art = await buildGroup(t, owner, { name: 'Art', members: [zoe, abe] });
    await buildGroup(t, abe, { name: 'Abe’s own', members: [owner] });
    const response = await call(t, 'GET', '/api/groups', owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [art, work], count: 2 });
    expectNoEmail(response);
  });

  it('gives a new user an empty list', async () => {
    const owner = await buildUser(t);
    const response = await call(t, 'GET', '/api/groups', owner.token);
    expect(response.json()).toEqual({ data: [], count: 0 });
  });
});

describe('GET /api/groups/{id}', () => {
  it('answers 404 for another user’s group, a missing one, and 400 for a malformed id', async () => {
    const { owner, abe } = await circle();
    const group = await buildGroup(t, owner, { name: 'Mine', members: [abe] });
    // Even a member does not see the owner's group.
    expectError(await call(t, 'GET', `/api/groups/${group._id}`, abe.token), 404, 'NOT_FOUND');
    expectError(await call(t, 'GET', '/api/groups/999999', owner.token), 404, 'NOT_FOUND');
    expectError(await call(t, 'GET', '/api/groups/99999999999', owner.token), 400, 'VALIDATION_ERROR');
    const body = expectError(await call(t, 'GET', '/api/groups/abc', owner.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('id');
  });
});

describe('PUT /api/groups/{id}', () => {
  it('renames a group and replaces its members', async () => {
    const { owner, abe, zoe } = await circle();
    const group = await buildGroup(t, owner, { name: 'Old', members: [abe] });
    const renamed = await call(t, 'PUT', `/api/groups/${group._id}`, owner.token, { name: 'New' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...group, name: 'New' });
    const regrouped = await call(t, 'PUT', `/api/groups/${group._id}`, owner.token, { memberIds: [zoe.id] });
    expect(regrouped.statusCode).toBe(200);
    expect(regrouped.json()).toEqual({ ...group, name: 'New', members: [publicOf(zoe)] });
    expectNoEmail(regrouped);
    const emptied = await call(t, 'PUT', `/api/groups/${group._id}`, owner.token, {
      name: 'new',
      memberIds: [],
    });
    expect(emptied.json()).toEqual({ ...group, name: 'new', members: [] });
  });

  it('answers 404 for another user’s group and changes nothing', async () => {
    const { owner, abe } = await circle();
    const group = await buildGroup(t, owner, { name: 'Mine', members: [abe] });
    const before = await snapshot(t.database);
    expectError(
      await call(t, 'PUT', `/api/groups/${group._id}`, abe.token, { name: 'Stolen' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t, 'PUT', '/api/groups/999999', owner.token, { name: 'Nothing' }),
      404,
      'NOT_FOUND',
    );
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call(t, 'GET', `/api/groups/${group._id}`, owner.token)).json()).toEqual(group);
  });

  it.each([
    ['a blank name', { name: '' }, 'name', messages['groups.nameRequired']],
    ['a long name', { name: 'x'.repeat(51) }, 'name', messages['groups.nameLength']],
    ['members that are not a list', { memberIds: 3 }, 'memberIds', messages['groups.membersInvalid']],
    ['an unknown field', { owner: '1' }, 'owner', messages['validation.unknownField']],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field, message) => {
    const owner = await buildUser(t);
    const group = await buildGroup(t, owner, { name: 'Stable' });
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'PUT', `/api/groups/${group._id}`, owner.token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a member who is not my friend, and keeps the group as it was', async () => {
    const { owner, abe, stranger } = await circle();
    const group = await buildGroup(t, owner, { name: 'Kept', members: [abe] });
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'PUT', `/api/groups/${group._id}`, owner.token, {
        name: 'Changed',
        memberIds: [stranger.id],
      }),
      400,
      'NOT_FRIEND',
    );
    expect(body.fields).toEqual({ memberIds: messages['groups.notFriend'] });
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call(t, 'GET', `/api/groups/${group._id}`, owner.token)).json()).toEqual(group);
  });

  it('answers 409 for the name of another of my groups, and accepts its own name in another case', async () => {
    const owner = await buildUser(t);
    await buildGroup(t, owner, { name: 'First' });
    const second = await buildGroup(t, owner, { name: 'Second' });
    const body = expectError(
      await call(t, 'PUT', `/api/groups/${second._id}`, owner.token, { name: 'first' }),
      409,
      'GROUP_NAME_TAKEN',
    );
    expect(body.fields).toEqual({ name: messages['groups.nameTaken'] });
    const recased = await call(t, 'PUT', `/api/groups/${second._id}`, owner.token, { name: 'SECOND' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<Group>().name).toBe('SECOND');
  });
});

describe('DELETE /api/groups/{id}', () => {
  it('deletes my group; its members stay my friends', async () => {
    const { owner, abe } = await circle();
    const group = await buildGroup(t, owner, { name: 'Gone', members: [abe] });
    const response = await call(t, 'DELETE', `/api/groups/${group._id}`, owner.token);
    expect(response.statusCode).toBe(204);
    expectError(await call(t, 'GET', `/api/groups/${group._id}`, owner.token), 404, 'NOT_FOUND');
    expect((await friendsOf(t, owner.token)).map((f) => f._id)).toContain(abe.id);
  });

  it('answers 404 for another user’s group and changes nothing; 400 for a malformed id', async () => {
    const { owner, abe } = await circle();
    const group = await buildGroup(t, owner, { name: 'Safe', members: [abe] });
    const before = await snapshot(t.database);
    expectError(await call(t, 'DELETE', `/api/groups/${group._id}`, abe.token), 404, 'NOT_FOUND');
    const body = expectError(await call(t, 'DELETE', '/api/groups/x1', owner.token), 400, 'VALIDATION_ERROR');
    expect(body.fields).toHaveProperty('id');
    expect(await snapshot(t.database)).toEqual(before);
  });
});
