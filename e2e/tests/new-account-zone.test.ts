/**
 * A new account's time zone and language (D46), in Chromium with its time zone and locale set: a
 * person registering in Tokyo with the interface in French gets an account in Asia/Tokyo and in
 * French; a browser in another zone than the account's is offered its zone once, and switching or
 * keeping is not asked again for that zone.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { logIn, newPerson, register } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage, type PageOptions } from '../support/browser';
import { callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

/** A person registered from a browser in `timeZone` (so their account is in it), signed in there. */
async function registeredIn(name: string, timeZone: string) {
  const opened = await openPage(server.url, name, { timezoneId: timeZone });
  const person = newPerson();
  await register(opened.page, person);
  await opened.page.waitForURL('**/dashboard/analytics');
  return { ...opened, person };
}

/**
 * A signed-in page, drawn: the banner reads the stored user record, so if it is due it is on screen
 * with the layout.
 */
async function openSignedIn(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByTestId('content').waitFor();
  // React draws what the answer changes within a frame or two.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
  );
}

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Your device is in' });

it('registers from a browser in Tokyo, in French: the account is Asia/Tokyo and French', async () => {
  const { page } = await openPage(server.url, 'zone-register-tokyo', {
    timezoneId: 'Asia/Tokyo',
    locale: 'fr-FR',
  });
  const person = newPerson();
  await page.goto('/register');
  // Nothing chosen on this browser yet: the interface speaks the browser's language.
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
  await page.getByLabel('Nom d’utilisateur').fill(person.username);
  await page.getByLabel('Nom complet (facultatif)').fill(person.fullName);
  await page.getByLabel('Adresse e-mail').fill(person.email);
  await page.getByLabel(/^Mot de passe/).fill(person.password);
  await page.getByRole('button', { name: 'S’inscrire' }).click();
  await page.waitForURL('**/dashboard/analytics');

  expect(await callAs(page, 'get', '/api/account')).toMatchObject({ timeZone: 'Asia/Tokyo', language: 'fr' });
  await openSignedIn(page, '/pages/account-setting');
  const form = page.locator('form');
  await expect
    .poll(() => form.getByLabel('Fuseau horaire', { exact: true }).inputValue())
    .toBe('(UTC+09:00) heure normale du Japon – Tokyo');
  expect(await form.getByLabel('Langue', { exact: true }).inputValue()).toBe('Français');
  // The device and the account agree: nothing to offer.
  expect(await page.getByTestId('time-zone-banner').count()).toBe(0);
});

it('offers the device’s zone to an account in another; switching moves the account and the banner goes for good', async () => {
  const home = await registeredIn('zone-switch-home', 'America/Sao_Paulo');
  expect(await callAs(home.page, 'get', '/api/account')).toMatchObject({ timeZone: 'America/Sao_Paulo' });
  expect(await home.page.getByTestId('time-zone-banner').count()).toBe(0);

  const { page } = await openPage(server.url, 'zone-switch-travel', { timezoneId: 'Asia/Tokyo' });
  await logIn(page, home.person.email, home.person.password);
  await page.waitForURL('**/dashboard/analytics');
  const offer = banner(page);
  await expect
    .poll(() => offer.textContent())
    .toContain('Your device is in Asia/Tokyo; your account uses America/Sao_Paulo.');
  expect(await seriousViolations(page)).toEqual([]);

  // What the server counts in the account's zone is read again: the dashboard's weeks and "today".
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${new URL(request.url()).pathname}`));
  await offer.getByRole('button', { name: 'Use Asia/Tokyo' }).click();
  const readAfterSave = () => {
    const save = requests.indexOf('PUT /api/account');
    return save >= 0 && requests.slice(save + 1).includes('GET /api/dashboard');
  };
  await expect.poll(readAfterSave).toBe(true);
  await expect.poll(() => page.getByTestId('time-zone-banner').count()).toBe(0);
  await page.getByText('Your account now uses Asia/Tokyo.').waitFor();
  expect(await callAs(page, 'get', '/api/account')).toMatchObject({ timeZone: 'Asia/Tokyo' });

  await openSignedIn(page, '/apps/todo');
  expect(await page.getByTestId('time-zone-banner').count()).toBe(0);
  // The home browser, still in São Paulo, is now the one elsewhere.
  await openSignedIn(home.page, '/dashboard/analytics');
  await expect
    .poll(() => banner(home.page).textContent())
    .toContain('Your device is in America/Sao_Paulo; your account uses Asia/Tokyo.');
});

it('keeps the account’s zone when told to, for that device zone only', async () => {
  const home = await registeredIn('zone-keep-home', 'Europe/Paris');
  const { page, context } = await openPage(server.url, 'zone-keep-tokyo', { timezoneId: 'Asia/Tokyo' });
  await logIn(page, home.person.email, home.person.password);
  await page.waitForURL('**/dashboard/analytics');
  // In the dark skin too, the banner reads well (light: the test above).
  await page.evaluate(() => localStorage.setItem('layoutSettings', JSON.stringify({ skin: 'dark' })));
  await openSignedIn(page, '/dashboard/analytics');
  await banner(page).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await banner(page).getByRole('button', { name: 'Keep Europe/Paris' }).click();
  await expect.poll(() => page.getByTestId('time-zone-banner').count()).toBe(0);

  await openSignedIn(page, '/dashboard/analytics');
  expect(await page.getByTestId('time-zone-banner').count()).toBe(0);
  expect(await callAs(page, 'get', '/api/account')).toMatchObject({ timeZone: 'Europe/Paris' });

  // The same browser storage, the device now in New York: asked again, once; closing keeps too.
  const moved: PageOptions = { timezoneId: 'America/New_York', storageState: await context.storageState() };
  const elsewhere = await openPage(server.url, 'zone-keep-new-york', moved);
  await openSignedIn(elsewhere.page, '/dashboard/analytics');
  const offer = banner(elsewhere.page);
  await expect.poll(() => offer.textContent()).toContain('Your device is in America/New_York');
  await offer.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => elsewhere.page.getByTestId('time-zone-banner').count()).toBe(0);
  await openSignedIn(elsewhere.page, '/dashboard/analytics');
  expect(await elsewhere.page.getByTestId('time-zone-banner').count()).toBe(0);
  expect(await callAs(elsewhere.page, 'get', '/api/account')).toMatchObject({ timeZone: 'Europe/Paris' });
});
