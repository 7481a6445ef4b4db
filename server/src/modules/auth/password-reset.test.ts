/** Forgot and reset password, with the e-mail delivered to a real local SMTP server. */
import { type ErrorBody, messages } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, login, refresh } from '../../test/factories';
import { createTestApp, snapshot, type TestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';

let inbox: TestInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    PUBLIC_URL: 'https://cadence.test',
  });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

function forgotPassword(email: string) {
  return call(t, 'POST', '/api/jwt/forgot-password', undefined, { email });
}

function resetPassword(token: string, password: string) {
  return call(t, 'POST', '/api/jwt/reset-password', undefined, { token, password });
}

async function requestReset(email: string): Promise<string> {
  const response = await forgotPassword(email);
  expect(response.statusCode).toBe(204);
  const mail = await inbox.take(email);
  const link = /https:\/\/cadence\.test\/reset-password\?token=([\w%-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

describe('forgot and reset password', () => {
  it('mails a link whose token sets a new password, once', async () => {
    const user = await buildUser(t);
    const response = await forgotPassword(user.email.toUpperCase());
    expect(response.statusCode).toBe(204);
    const mail = await inbox.mailTo(user.email);
    expect(mail.subject).toBe('Reset your Cadence password');
    const token = decodeURIComponent(/reset-password\?token=([\w%-]+)/.exec(mail.text)![1]!);

    const reset = await resetPassword(token, 'a brand new secret');
    expect(reset.statusCode).toBe(204);

    const oldLogin = await login(t, user.email, user.password);
    expect(oldLogin.statusCode).toBe(400);
    const newLogin = await login(t, user.email, 'a brand new secret');
    expect(newLogin.statusCode).toBe(200);
    // Sessions from before the reset are over.
    expect((await refresh(t, user.refreshToken)).statusCode).toBe(401);

    const again = await resetPassword(token, 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_RESET_TOKEN',
      message: messages['auth.invalidResetToken'],
    });
  });

  it('refuses a token older than one hour', async () => {
    const user = await buildUser(t);
    const token = await requestReset(user.email);
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const before = await snapshot(t.database);
    const response = await resetPassword(token, 'a brand new secret');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('INVALID_RESET_TOKEN');
    expect(await snapshot(t.database)).toEqual(before);
    expect((await login(t, user.email, user.password)).statusCode).toBe(200);
  });

  it('retires the older links of the account once one is used', async () => {
    const user = await buildUser(t);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await resetPassword(second, 'second new secret')).statusCode).toBe(204);
    expect((await resetPassword(first, 'first new secret')).statusCode).toBe(400);
  });

  it('answers 204 for an unknown address and sends nothing', async () => {
    const before = await snapshot(t.database);
    const response = await forgotPassword('nobody-here@example.com');
    expect(response.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.allTo('nobody-here@example.com')).toEqual([]);
    expect(await snapshot(t.database)).toEqual(before);
  });

  it('refuses an unknown token and a short new password', async () => {
    const unknown = await resetPassword('made-up', 'long enough password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().code).toBe('INVALID_RESET_TOKEN');
    const short = await resetPassword('made-up', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>().fields).toEqual({ password: messages['validation.passwordLength'] });
  });
});
