/** /api/account: settings, password change, avatar upload; /api/avatars/{id}. */
import { type Account, type AuthSession, type ErrorBody } from '@cadence/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildUser, call, login, multipartFile, refresh } from '../../test/factories';
import { snapshot, useTestApp } from '../../test/harness';

const t = useTestApp();

function upload(token: string | undefined, filename: string, contentType: string, content: Buffer) {
  const body = multipartFile(filename, contentType, content);
  return call(t, 'POST', '/api/account/avatar', token, body.payload, { 'content-type': body.contentType });
}

const png = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: '#7367f0' } })
    .png()
    .toBuffer();

describe('GET and PUT /api/account', () => {
  it('reads and changes every section, and a reload reads the change', async () => {
    const me = await buildUser(t);
    const initial = (await call(t, 'GET', '/api/account', me.token)).json<Account>();
    expect(initial).toMatchObject({
      general: { username: me.username, email: me.email, company: '' },
      info: { dob: '', gender: '' },
      notifications: { commentOnArticle: false, blogDigest: false },
      timeZone: 'UTC',
      language: 'en',
    });
    const change = {
      general: { fullName: 'Ada Lovelace', company: 'Analytical Engines' },
      info: {
        bio: 'Numbers.',
        dob: '1815-12-10',
        country: 'United Kingdom',
        website: 'https://ada.example.org',
        phone: '+44 20 0000',
        city: 'London',
        address: '12 St James Square',
        gender: 'female' as const,
      },
      social: { github: 'https://github.com/ada' },
      notifications: { followMe: true, productUpdates: true },
      timeZone: 'Europe/London',
      language: 'fr' as const,
    };
    const updated = await call(t, 'PUT', '/api/account', me.token, change);
    expect(updated.statusCode).toBe(200);
    const reread = (await call(t, 'GET', '/api/account', me.token)).json<Account>();
    expect(reread).toMatchObject({
      ...change,
      general: { ...change.general, username: me.username },
    });
    expect(reread.notifications).toMatchObject({ followMe: true, productUpdates: true, blogDigest: false });
    // The directory shows the public part of it.
    const seen = (await call(t, 'GET', `/api/users/${me.id}`, (await buildUser(t)).token)).json<{
      country: string;
      fullName: string;
    }>();
    expect(seen).toMatchObject({ country: 'United Kingdom', fullName: 'Ada Lovelace' });
  });

  it.each([
    [{ info: { dob: '10/12/1815' } }, 'info.dob'],
    [{ info: { dob: '2999-01-01' } }, 'info.dob'],
    [{ info: { gender: 'unknown' } }, 'info.gender'],
    [{ info: { website: 'not a url' } }, 'info.website'],
    [{ social: { myspace: 'https://myspace.com/x' } }, 'social.myspace'],
    [{ general: { email: 'nope' } }, 'general.email'],
    [{ general: { fullName: '' } }, 'general.fullName'],
    [{ notifications: { followMe: 'yes' } }, 'notifications.followMe'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ language: 'es' }, 'language'],
    [{ role: 'admin' }, 'role'],
  ])('refuses %j with a message on %s and changes nothing', async (payload, field) => {
    const me = await buildUser(t);
    const before = await snapshot(t.database);
    const account = (await call(t, 'GET', '/api/account', me.token)).body;
    const response = await call(t, 'PUT', '/api/account', me.token, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<ErrorBody>().fields ?? {})).toContain(field);
    expect(await snapshot(t.database)).toEqual(before);
    expect((await call(t, 'GET', '/api/account', me.token)).body).toBe(account);
  });

  it("answers 409 for another account's e-mail or username", async () => {
    const me = await buildUser(t);
    const other = await buildUser(t);
    const email = await call(t, 'PUT', '/api/account', me.token, {
      general: { email: other.email.toUpperCase() },
    });
    expect(email.statusCode).toBe(409);
    expect(email.json<ErrorBody>().fields).toEqual({ 'general.email': 'This email is already in use.' });
    const name = await call(t, 'PUT', '/api/account', me.token, {
      general: { username: other.username },
    });
    expect(name.statusCode).toBe(409);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/account')).statusCode).toBe(401);
    expect((await call(t, 'PUT', '/api/account', undefined, { timeZone: 'UTC' })).statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('needs the current password, and then ends every other session but this one', async () => {
    const me = await buildUser(t);
    const otherSession = (await login(t, me.email, me.password)).json<AuthSession>();

    const before = await snapshot(t.database);
    const wrong = await call(t, 'POST', '/api/account/password', me.token, {
      currentPassword: 'not it at all',
      newPassword: 'a brand new password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>()).toMatchObject({
      code: 'WRONG_PASSWORD',
      fields: { currentPassword: 'The current password is wrong.' },
    });
    expect(await snapshot(t.database)).toEqual(before);

    const changed = await call(t, 'POST', '/api/account/password', me.token, {
      currentPassword: me.password,
      newPassword: 'a brand new password',
    });
    expect(changed.statusCode).toBe(204);
    expect((await refresh(t, otherSession.refreshToken)).statusCode).toBe(401);
    expect((await refresh(t, me.refreshToken)).statusCode).toBe(200);
    expect((await login(t, me.email, me.password)).statusCode).toBe(400);
    expect((await login(t, me.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('refuses a short new password, the same password, and no token', async () => {
    const me = await buildUser(t);
    const short = await call(t, 'POST', '/api/account/password', me.token, {
      currentPassword: me.password,
      newPassword: 'short',
    });
    expect(short.json<ErrorBody>().fields).toHaveProperty('newPassword');
    const same = await call(t, 'POST', '/api/account/password', me.token, {
      currentPassword: me.password,
      newPassword: me.password,
    });
    expect(same.json<ErrorBody>().code).toBe('SAME_PASSWORD');
    expect(
      (
        await call(t, 'POST', '/api/account/password', undefined, {
          currentPassword: 'x',
          newPassword: 'long enough one',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('avatars', () => {
  it('accepts a PNG whatever its name, stores a square, and serves it', async () => {
    const me = await buildUser(t);
    const response = await upload(me.token, 'holiday.txt', 'text/plain', await png());
    expect(response.statusCode).toBe(200);
    const avatar = response.json<Account>().avatar;
    expect(avatar).toMatch(new RegExp(`^/api/avatars/${me.id}\\?v=\\d+$`));
    const image = await call(t, 'GET', avatar!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    // userData follows.
    const current = await call(t, 'GET', '/api/jwt/me', me.token);
    expect(current.json<{ userData: { avatar: string } }>().userData.avatar).toBe(avatar);
  });

  it('refuses text named .png, and an image over 2 MB, changing nothing', async () => {
    const me = await buildUser(t);
    const before = await snapshot(t.database);
    const text = await upload(
      me.token,
      'photo.png',
      'image/png',
      Buffer.from('just some text, not a picture at all'),
    );
    expect(text.statusCode).toBe(400);
    expect(text.json<ErrorBody>()).toMatchObject({
      code: 'AVATAR_TYPE',
      message: 'The picture must be a PNG, JPEG or WebP image.',
    });
    const big = Buffer.concat([await png(), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const tooLarge = await upload(me.token, 'big.png', 'image/png', big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<ErrorBody>().code).toBe('AVATAR_TOO_LARGE');
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses a request that is not multipart, and one without a token', async () => {
    const me = await buildUser(t);
    const json = await call(t, 'POST', '/api/account/avatar', me.token, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await upload(undefined, 'a.png', 'image/png', await png())).statusCode).toBe(401);
  });

  it('is the only account route that reads a form: a file sent to another answers 415 and changes nothing', async () => {
    const me = await buildUser(t);
    const before = await snapshot(t.database);
    const body = multipartFile('a.png', 'image/png', await png());
    const response = await call(t, 'PUT', '/api/account', me.token, body.payload, {
      'content-type': body.contentType,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json<ErrorBody>()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('removes the picture', async () => {
    const me = await buildUser(t);
    const avatar = (await upload(me.token, 'a.png', 'image/png', await png())).json<Account>().avatar!;
    expect((await call(t, 'DELETE', '/api/account/avatar', me.token)).statusCode).toBe(204);
    expect((await call(t, 'GET', '/api/account', me.token)).json<Account>().avatar).toBeNull();
    expect((await call(t, 'GET', avatar)).statusCode).toBe(404);
    expect((await call(t, 'DELETE', '/api/account/avatar')).statusCode).toBe(401);
  });
});
