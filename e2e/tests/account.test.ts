/** Account settings, the password change, the picture, and the users directory, as a person uses them. */
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { forgetBrowserStorage, logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

it('keeps an account-settings change across a reload', async () => {
  const { page } = await openPage(server.url, 'account-settings');
  await register(page, newPerson());
  await page.waitForURL('**/dashboard/analytics');
  await page.getByRole('link', { name: 'Account settings' }).click();
  await page.waitForURL('**/pages/account-setting');

  await page.getByLabel('Company').fill('Analytical Engines Ltd');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => page.getByText('Settings saved').isVisible()).toBe(true);

  await page.getByRole('tab', { name: 'Information' }).click();
  await page.getByLabel('Country').fill('Portugal');
  await page.getByLabel('Birth date').fill('1990-04-12');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: 'Product updates' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);

  await page.reload();
  // The open tab is part of the address, so the reload shows Notifications again.
  expect(await page.getByRole('switch', { name: 'Product updates' }).isChecked()).toBe(true);
  await page.getByRole('tab', { name: 'General' }).click();
  await expect.poll(() => page.getByLabel('Company').inputValue()).toBe('Analytical Engines Ltd');
  await page.getByRole('tab', { name: 'Information' }).click();
  expect(await page.getByLabel('Country').inputValue()).toBe('Portugal');
  expect(await page.getByLabel('Birth date').inputValue()).toBe('1990-04-12');

  // The profile shows it.
  await page.goto('/profile');
  await expect.poll(() => page.getByText('Portugal').isVisible()).toBe(true);
});

it('shows an error for a wrong current password and keeps the old password', async () => {
  const { page, allowConsole } = await openPage(server.url, 'password-change');
  allowConsole(/status of 400/);
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  await page.goto('/pages/account-setting?tab=password');
  await page.getByLabel(/^Current password/).fill('this is not my password');
  await page.getByLabel(/^New password/).fill('another long password');
  await page.getByLabel(/^Confirm the new password/).fill('another long password');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect.poll(() => page.getByText('The current password is wrong.').isVisible()).toBe(true);

  await forgetBrowserStorage(page);
  await logIn(page, person.email, 'another long password');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or Password is Invalid');
  await logIn(page, person.email, person.password);
  await page.waitForURL('**/dashboard/analytics');
});

it('uploads a picture and finds oneself in the users directory', async () => {
  const { page } = await openPage(server.url, 'picture-and-directory');
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  await page.goto('/pages/account-setting');
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#28c76f' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload a picture' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect
    .poll(() => page.getByRole('img', { name: 'Your picture' }).getAttribute('src'))
    .toMatch(/^\/api\/avatars\/\d+\?v=\d+$/);

  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search').fill(person.username);
  const row = page.getByRole('row').filter({ hasText: `@${person.username}` });
  await expect.poll(() => row.count()).toBe(1);
  await row.getByRole('link', { name: person.fullName }).click();
  await page.waitForURL('**/apps/users/view/*');
  await expect.poll(() => page.getByRole('heading', { name: person.fullName }).isVisible()).toBe(true);
  expect(await page.getByText(person.email).count()).toBe(0);
});

it('picks the time zone by typing a city, labelled as calendars label zones, and keeps its IANA id', async () => {
  const { page } = await openPage(server.url, 'time-zone-by-city', { timezoneId: 'America/New_York' });
  await register(page, newPerson());
  await page.waitForURL('**/dashboard/analytics');
  await page.getByRole('link', { name: 'Account settings' }).click();
  await page.waitForURL('**/pages/account-setting');

  // The account took the browser's zone, shown by its offset, name and city.
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect.poll(() => zone.inputValue()).toMatch(/^\(GMT−0[45]:00\) Eastern Time – New York$/);
  await zone.click();
  await zone.fill('tokyo');
  // The zone's own list (the language's is in the page too).
  const options = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option');
  await expect.poll(() => options.allTextContents()).toEqual(['(GMT+09:00) Japan Standard Time – Tokyo']);
  await options.first().click();
  await expect.poll(() => zone.inputValue()).toBe('(GMT+09:00) Japan Standard Time – Tokyo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => page.getByText('Settings saved').isVisible()).toBe(true);
  expect(await callAs(page, 'get', '/api/account')).toMatchObject({ timeZone: 'Asia/Tokyo' });

  // The zone's long name finds it too.
  await zone.click();
  await zone.fill('eastern time');
  const found = async () =>
    (await options.allTextContents()).filter((text) => text.endsWith(' Eastern Time – New York'));
  await expect.poll(found).toHaveLength(1);
});
