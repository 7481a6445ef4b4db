/**
 * One language setting, in Chromium with a real SMTP server: switching the interface to German in
 * the navbar changes the account's language (account settings and GET /api/account agree), a reset
 * link asked for afterwards arrives in German, and signing in on a new browser takes the account's
 * language.
 */
import { afterAll, expect, it } from 'vitest';
import { forgetBrowserStorage, logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { startInbox } from '../../server/src/test/smtp';
import { useAppServer } from '../support/server';

const smtp = await startInbox();
afterAll(() => smtp.close());

const server = useAppServer({ SMTP_URL: smtp.url });

it('saves the navbar language to the account, mails in it, and brings it to a new browser', async () => {
  const { page } = await openPage(server.url, 'language-setting');
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');

  await page.getByTestId('language-menu').selectOption('de');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const api = (window as unknown as { cadence: { api: { get<T>(url: string): Promise<T> } } }).cadence
          .api;
        return (await api.get<{ language: string }>('/account')).language;
      }),
    )
    .toBe('de');

  await page.goto('/pages/account-setting');
  await expect
    .poll(() => page.locator('form').getByLabel('Sprache', { exact: true }).inputValue())
    .toBe('Deutsch');

  // Signed out, asking for a reset link: the e-mail speaks the account's language.
  await forgetBrowserStorage(page);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect
    .poll(() => smtp.allTo(person.email)[0]?.subject)
    .toBe('Setzen Sie Ihr Cadence-Passwort zurück');
  expect(smtp.allTo(person.email)[0]?.text).toContain('Hallo');

  // A new browser, in English by default, takes the account's language at sign-in.
  const fresh = await openPage(server.url, 'language-setting-new-browser');
  await logIn(fresh.page, person.email, person.password);
  await fresh.page.waitForURL('**/dashboard/analytics');
  await expect.poll(() => fresh.page.locator('html').getAttribute('lang')).toBe('de');
  expect(await fresh.page.getByTestId('language-menu').inputValue()).toBe('de');
});
