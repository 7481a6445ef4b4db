/** Tags (D14) through HTTP: five built-ins for everyone, and each user's own, private ones. */
import { type ErrorBody, messages, type Tag, type TagList } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, call, expectError, expectSignInRequired, ok } from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

function addTag(token: string, name: string, color = '#112233'): Promise<Tag> {
  return ok<Tag>(t, 'POST', '/api/tags', token, { name, color }, 201);
}

function listTags(token: string): Promise<TagList> {
  return ok<TagList>(t, 'GET', '/api/tags', token);
}

const builtIns: Tag[] = [
  { _id: 'team', name: 'team', color: '#7367f0', builtIn: true },
  { _id: 'low', name: 'low', color: '#28c76f', builtIn: true },
  { _id: 'medium', name: 'medium', color: '#ff9f43', builtIn: true },
  { _id: 'high', name: 'high', color: '#ea5455', builtIn: true },
  { _id: 'update', name: 'update', color: '#00cfe8', builtIn: true },
];

describe('without a token', () => {
  it.each([
    ['GET', '/api/tags', undefined],
    ['POST', '/api/tags', { name: 'work', color: '#123456' }],
    ['PUT', '/api/tags/1', { name: 'work' }],
    ['DELETE', '/api/tags/1', undefined],
    ['PUT', '/api/tags/team', { name: 'work' }],
    // Authentication comes before validation: a stranger learns nothing about the body rules.
    ['POST', '/api/tags', { name: '' }],
  ] as const)('%s %s answers 401 and changes nothing', async (method, url, payload) => {
    await expectSignInRequired(t, method, url, payload);
  });

  it('answers 401 to a forged token', async () => {
    expectError(await call(t, 'GET', '/api/tags', 'not-a-token'), 401, 'INVALID_TOKEN');
  });
});

describe('GET /api/tags', () => {
  it('gives a new user the five built-in tags in order', async () => {
    const { token } = await buildUser(t);
    expect(await listTags(token)).toEqual({ data: builtIns, count: 5 });
  });

  it("lists the built-ins first, then the user's own sorted by name without regard to case", async () => {
    const { token } = await buildUser(t);
    const zeta = await addTag(token, 'zeta');
    const alpha = await addTag(token, 'Alpha');
    const beta = await addTag(token, 'beta');
    const list = await listTags(token);
    expect(list.count).toBe(8);
    expect(list.data).toEqual([...builtIns, alpha, beta, zeta]);
  });

  it("never shows another user's tags", async () => {
    const mine = await buildUser(t);
    const theirs = await buildUser(t);
    await addTag(theirs.token, 'secret');
    expect(await listTags(mine.token)).toEqual({ data: builtIns, count: 5 });
  });
});

describe('POST /api/tags', () => {
  it('adds a tag, trimming the name and lower-casing the colour', async () => {
    const { token } = await buildUser(t);
    const response = await call(t, 'POST', '/api/tags', token, { name: '  Deep work ', color: '#AABBCC' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Tag>();
    expect(created).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      name: 'Deep work',
      color: '#aabbcc',
      builtIn: false,
    });
    expect((await listTags(token)).data.at(-1)).toEqual(created);
  });

  it('accepts a name of 30 characters', async () => {
    const { token } = await buildUser(t);
    expect((await addTag(token, 'n'.repeat(30))).name).toBe('n'.repeat(30));
  });

  it.each([
    ['name', { name: undefined }, messages['tags.nameRequired']],
    ['name', { name: '' }, messages['tags.nameRequired']],
    ['name', { name: '    ' }, messages['tags.nameRequired']],
    ['name', { name: 'n'.repeat(31) }, messages['tags.nameLength']],
    ['name', { name: 42 }, messages['validation.text']],
    ['color', { color: undefined }, messages['tags.colorRequired']],
    ['color', { color: '' }, messages['tags.colorRequired']],
    ['color', { color: 'red' }, messages['tags.colorInvalid']],
    ['color', { color: '#abc' }, messages['tags.colorInvalid']],
    ['color', { color: '#1234567' }, messages['tags.colorInvalid']],
    ['color', { color: '#gggggg' }, messages['tags.colorInvalid']],
    ['color', { color: 7 }, messages['validation.text']],
    ['owner', { owner: '1' }, messages['validation.unknownField']],
  ])('refuses a bad %s: %j → %s', async (field, change, message) => {
    const { token } = await buildUser(t);
    const before = await snapshot(t.database);
    const response = await call(t, 'POST', '/api/tags', token, { name: 'work', color: '#123456', ...change });
    const body = expectError(response, 400, 'VALIDATION_ERROR');
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('names every missing field at once', async () => {
    const { token } = await buildUser(t);
    const body = expectError(await call(t, 'POST', '/api/tags', token, {}), 400, 'VALIDATION_ERROR');
    expect(body.fields).toEqual({
      name: messages['tags.nameRequired'],
      color: messages['tags.colorRequired'],
    });
  });

  it.each(['work', 'WORK', ' Work '])('answers 409 for a name the user already has: %j', async (name) => {
    const { token } = await buildUser(t);
    await addTag(token, 'Work');
    const before = await snapshot(t.database);
    const response = await call(t, 'POST', '/api/tags', token, { name, color: '#123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'TAG_NAME_TAKEN',
      message: messages['tags.nameTaken'],
      fields: { name: messages['tags.nameTaken'] },
    });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it.each(['team', 'Low', 'MEDIUM', 'high', 'Update'])(
    'answers 409 for the built-in name %j',
    async (name) => {
      const { token } = await buildUser(t);
      const before = await snapshot(t.database);
      const body = expectError(
        await call(t, 'POST', '/api/tags', token, { name, color: '#123456' }),
        409,
        'TAG_NAME_TAKEN',
      );
      expect(body.fields).toEqual({ name: messages['tags.nameTaken'] });
      expect(await snapshot(t.database)).toEqual(before);
    },
  );

  it('lets two users have a tag of the same name', async () => {
    const first = await buildUser(t);
    const second = await buildUser(t);
    await addTag(first.token, 'Errands');
    expect((await addTag(second.token, 'errands')).name).toBe('errands');
  });

  it('gives one of two simultaneous adds of one name a 409, never a 500', async () => {
    const { token } = await buildUser(t);
    const responses = await Promise.all([
      call(t, 'POST', '/api/tags', token, { name: 'Race', color: '#123456' }),
      call(t, 'POST', '/api/tags', token, { name: 'race', color: '#654321' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await listTags(token)).count).toBe(6);
  });
});

describe('PUT /api/tags/{id}', () => {
  it('renames and recolours a tag', async () => {
    const { token } = await buildUser(t);
    const created = await addTag(token, 'Reading', '#111111');
    const renamed = await call(t, 'PUT', `/api/tags/${created._id}`, token, { name: ' Books ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Tag>()).toEqual({ ...created, name: 'Books' });
    const recoloured = await call(t, 'PUT', `/api/tags/${created._id}`, token, { color: '#ABCDEF' });
    expect(recoloured.json<Tag>()).toEqual({ ...created, name: 'Books', color: '#abcdef' });
    expect((await listTags(token)).data.at(-1)).toEqual({ ...created, name: 'Books', color: '#abcdef' });
  });

  it('lets a tag keep its own name in another case', async () => {
    const { token } = await buildUser(t);
    const created = await addTag(token, 'garden');
    const response = await call(t, 'PUT', `/api/tags/${created._id}`, token, {
      name: 'Garden',
      color: '#00ff00',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Tag>()).toMatchObject({ name: 'Garden', color: '#00ff00' });
  });

  it("answers 404 for another user's tag, and changes nothing", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const created = await addTag(owner.token, 'Private');
    const response = await call(t, 'PUT', `/api/tags/${created._id}`, other.token, { name: 'Mine now' });
    expect(response.json<ErrorBody>()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: messages['request.notFound'],
    });
    expect((await listTags(owner.token)).data.at(-1)).toEqual(created);
  });

  it.each(['999999', '2147483648', '99999999999999999999', 'nope', '0', 'Team'])(
    'answers 404 for a missing tag: %s',
    async (id) => {
      const { token } = await buildUser(t);
      expectError(await call(t, 'PUT', `/api/tags/${id}`, token, { name: 'x' }), 404, 'NOT_FOUND');
    },
  );

  it.each(['team', 'low', 'medium', 'high', 'update'])('answers 403 for the built-in tag %s', async (id) => {
    const { token } = await buildUser(t);
    const body = expectError(
      await call(t, 'PUT', `/api/tags/${id}`, token, { color: '#000000' }),
      403,
      'BUILT_IN_TAG',
    );
    expect(body.message).toBe(messages['tags.builtIn']);
    expect((await listTags(token)).data).toEqual(builtIns);
  });

  it.each([
    ['name', { name: '' }, messages['tags.nameRequired']],
    ['name', { name: 'n'.repeat(31) }, messages['tags.nameLength']],
    ['color', { color: 'blue' }, messages['tags.colorInvalid']],
    ['_', {}, messages['tags.changeRequired']],
    ['builtIn', { name: 'x', builtIn: true }, messages['validation.unknownField']],
  ])('refuses a bad %s: %j → %s', async (field, payload, message) => {
    const { token } = await buildUser(t);
    const created = await addTag(token, 'Steady');
    const before = await snapshot(t.database);
    const body = expectError(
      await call(t, 'PUT', `/api/tags/${created._id}`, token, payload),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.fields?.[field]).toBe(message);
    expect(await snapshot(t.database)).toEqual(before);
    expect((await listTags(token)).data.at(-1)).toEqual(created);
  });

  it.each(['Other', 'OTHER', 'team', 'High'])(
    'answers 409 when renaming to a taken name: %s',
    async (name) => {
      const { token } = await buildUser(t);
      await addTag(token, 'Other');
      const created = await addTag(token, 'Mine');
      const body = expectError(
        await call(t, 'PUT', `/api/tags/${created._id}`, token, { name }),
        409,
        'TAG_NAME_TAKEN',
      );
      expect(body.fields).toEqual({ name: messages['tags.nameTaken'] });
      expect((await listTags(token)).data.map((tag) => tag.name)).toContain('Mine');
    },
  );
});

describe('DELETE /api/tags/{id}', () => {
  it('deletes a tag', async () => {
    const { token } = await buildUser(t);
    const kept = await addTag(token, 'Kept');
    const gone = await addTag(token, 'Gone');
    const response = await call(t, 'DELETE', `/api/tags/${gone._id}`, token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await listTags(token)).data).toEqual([...builtIns, kept]);
    // A second delete finds nothing.
    expectError(await call(t, 'DELETE', `/api/tags/${gone._id}`, token), 404, 'NOT_FOUND');
  });

  it("answers 404 for another user's tag, and changes nothing", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const created = await addTag(owner.token, 'Keep out');
    const before = await snapshot(t.database);
    expectError(await call(t, 'DELETE', `/api/tags/${created._id}`, other.token), 404, 'NOT_FOUND');
    expect(await snapshot(t.database)).toEqual(before);
    expect((await listTags(owner.token)).data.at(-1)).toEqual(created);
  });

  it.each(['123456789', 'abc', '-1'])('answers 404 for a missing tag: %s', async (id) => {
    const { token } = await buildUser(t);
    expectError(await call(t, 'DELETE', `/api/tags/${id}`, token), 404, 'NOT_FOUND');
  });

  it.each(['team', 'update'])('answers 403 for the built-in tag %s', async (id) => {
    const { token } = await buildUser(t);
    const before = await snapshot(t.database);
    expectError(await call(t, 'DELETE', `/api/tags/${id}`, token), 403, 'BUILT_IN_TAG');
    expect(await snapshot(t.database)).toEqual(before);
    expect((await listTags(token)).data).toEqual(builtIns);
  });

  it("goes with its owner's account", async () => {
    const { token } = await buildUser(t);
    const created = await addTag(token, 'Ephemeral');
    const row = await t.database.db
      .selectFrom('tags')
      .select('user_id')
      .where('id', '=', Number(created._id))
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('users').where('id', '=', row.user_id).execute();
    const left = await t.database.db
      .selectFrom('tags')
      .select('id')
      .where('user_id', '=', row.user_id)
      .execute();
    expect(left).toEqual([]);
  });
});
