/**
 * E-mails speak the account's language: chosen at registration from the interface, or changed in
 * the account settings (the navbar's choice saves there too). Delivered to a real SMTP server.
 */
import type { AuthSession } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ok } from '../../test/factories';
import { createTestApp, newAccount, type TestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';

let t: TestApp;
let inbox: TestInbox;
beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ SMTP_URL: inbox.url, PUBLIC_URL: 'https://cadence.test' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

describe("the account's language", () => {
  it('is the interface language given at registration, and is part of userData', async () => {
    const account = newAccount();
    const session = await ok<AuthSession>(
      t,
      'POST',
      '/api/jwt/register',
      '',
      { ...account, language: 'fr' },
      201,
    );
    expect(session.userData.language).toBe('fr');
    const login = await ok<AuthSession>(t, 'POST', '/api/jwt/login', '', {
      email: account.email,
      password: account.password,
    });
    expect(login.userData.language).toBe('fr');
    await ok(t, 'POST', '/api/jwt/forgot-password', '', { email: account.email }, 204);
    const mail = await inbox.mailTo(account.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Cadence');
    expect(mail.text).toContain('https://cadence.test/reset-password?token=');
  });

  it('changes with the account settings, and the next e-mail follows', async () => {
    const account = newAccount();
    const session = await ok<AuthSession>(t, 'POST', '/api/jwt/register', '', account, 201);
    expect(session.userData.language).toBe('en');
    await ok(t, 'PUT', '/api/account', session.accessToken, { language: 'de' });
    const me = await ok<{ userData: { language: string } }>(t, 'GET', '/api/jwt/me', session.accessToken);
    expect(me.userData.language).toBe('de');
    await ok(t, 'POST', '/api/jwt/forgot-password', '', { email: account.email }, 204);
    const mail = await inbox.mailTo(account.email);
    expect(mail.subject).toBe('Setzen Sie Ihr Cadence-Passwort zurück');
    expect(mail.text).toMatch(/^Hallo /);
  });

  it('refuses a language the app does not speak', async () => {
    const response = await call(t, 'POST', '/api/jwt/register', undefined, {
      ...newAccount(),
      language: 'xx',
    });
    expect(response.statusCode).toBe(400);
  });
});
