/**
 * App passwords (D43) through HTTP: made with a name, the secret shown once and stored as a hash,
 * listed with their last use, revoked; bad names and a 21st refused in the D10 shape with nothing
 * written; another user's → 404; gone with the account.
 */
import { APP_PASSWORDS_MAX, type AppPassword, type AppPasswordCreated, messages } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens';
import { buildUser, call, expectError, expectSignInRequired, ok } from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();
const davAs = (login: string, secret: string) =>
  t.app.inject({
    method: 'PROPFIND' as 'GET',
    url: '/dav/',
    headers: { authorization: `Basic ${Buffer.from(`${login}:${secret}`).toString('base64')}`, depth: '0' },
  });

describe('without a token', () => {
  it('answers 401 and changes nothing', async () => {
    await expectSignInRequired(t, 'GET', '/api/account/app-passwords');
    await expectSignInRequired(t, 'POST', '/api/account/app-passwords', { name: 'Phone' });
    await expectSignInRequired(t, 'DELETE', '/api/account/app-passwords/1');
  });
});

describe('/api/account/app-passwords', () => {
  it('shows the secret once, keeps only its hash, and lists the last use', async () => {
    const me = await buildUser(t);
    const made = await ok<AppPasswordCreated>(
      t,
      'POST',
      '/api/account/app-passwords',
      me.token,
      { name: '  iPhone ' },
      201,
    );
    expect(made).toMatchObject({ name: 'iPhone', lastUsedAt: null, username: me.username });
    expect(made.password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
    expect(made.server).toMatch(/\/dav\/$/);
    const row = await t.database.db
      .selectFrom('app_passwords')
      .selectAll()
      .where('id', '=', Number(made._id))
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashToken(made.password.replaceAll('-', '')));
    expect(JSON.stringify(row)).not.toContain(made.password);

    let listed = await ok<AppPassword[]>(t, 'GET', '/api/account/app-passwords', me.token);
    expect(listed).toEqual([{ _id: made._id, name: 'iPhone', createdAt: made.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(made.password);

    expect((await davAs(me.username, made.password)).statusCode).toBe(207);
    listed = await ok<AppPassword[]>(t, 'GET', '/api/account/app-passwords', me.token);
    expect(Date.parse(listed[0]!.lastUsedAt!)).toBeGreaterThanOrEqual(Date.parse(made.createdAt));
  });

  it('refuses a bad name and a 21st in the D10 shape, writing nothing', async () => {
    const me = await buildUser(t);
    for (const body of [
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(61) },
      {},
      { name: 'Phone', extra: 1 },
    ]) {
      const before = await snapshot(t.database);
      const error = expectError(
        await call(t, 'POST', '/api/account/app-passwords', me.token, body),
        400,
        'VALIDATION_ERROR',
      );
      if ('name' in body && !('extra' in body))
        expect(error.fields?.name).toBe(messages['appPasswords.nameLength']);
      expect(await snapshot(t.database)).toEqual(before);
    }
    for (let n = 0; n < APP_PASSWORDS_MAX; n += 1) {
      await ok(t, 'POST', '/api/account/app-passwords', me.token, { name: `Device ${n}` }, 201);
    }
    const before = await snapshot(t.database);
    const error = expectError(
      await call(t, 'POST', '/api/account/app-passwords', me.token, { name: 'One too many' }),
      400,
      'LIMIT_REACHED',
    );
    expect(error.message).toBe(messages['appPasswords.limit']);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('revokes one of mine; another user’s or a gone one answers 404', async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const mine = await ok<AppPasswordCreated>(
      t,
      'POST',
      '/api/account/app-passwords',
      me.token,
      { name: 'Laptop' },
      201,
    );
    const theirs = await ok<AppPasswordCreated>(
      t,
      'POST',
      '/api/account/app-passwords',
      other.token,
      { name: 'Tablet' },
      201,
    );
    expectError(
      await call(t, 'DELETE', `/api/account/app-passwords/${theirs._id}`, me.token),
      404,
      'NOT_FOUND',
    );
    expect((await davAs(other.username, theirs.password)).statusCode).toBe(207);
    await ok(t, 'DELETE', `/api/account/app-passwords/${mine._id}`, me.token, undefined, 204);
    expectError(
      await call(t, 'DELETE', `/api/account/app-passwords/${mine._id}`, me.token),
      404,
      'NOT_FOUND',
    );
    expect(await ok<AppPassword[]>(t, 'GET', '/api/account/app-passwords', me.token)).toEqual([]);
    expect((await davAs(me.username, mine.password)).statusCode).toBe(401);
  });

  it('goes with the account', async () => {
    const me = await buildUser(t);
    const made = await ok<AppPasswordCreated>(
      t,
      'POST',
      '/api/account/app-passwords',
      me.token,
      { name: 'Phone' },
      201,
    );
    await ok(t, 'DELETE', '/api/account', me.token, { password: me.password }, 204);
    const left = await t.database.db
      .selectFrom('app_passwords')
      .select('id')
      .where('id', '=', Number(made._id))
      .execute();
    expect(left).toEqual([]);
    expect((await davAs(me.username, made.password)).statusCode).toBe(401);
  });
});
