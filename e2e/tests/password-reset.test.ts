/**
 * Forgot and reset password in the browser. Without SMTP_URL the server writes the e-mail to its
 * log, which is where this test, like an operator, finds the link.
 */
import { expect, it } from 'vitest';
import { forgetBrowserStorage, logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

it('asks for a link, sets a new password with it, and signs in with the new password', async () => {
  const { page, allowConsole } = await openPage(server.url, 'password-reset');
  // The wrong password and the spent link are refused on purpose; clearing storage under a
  // signed-in page makes its next read answer 401.
  allowConsole(/status of 400/, /status of 401/);
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  await forgetBrowserStorage(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect.poll(() => page.getByRole('status').textContent()).toContain('reset link is on its way');

  let token = '';
  await expect
    .poll(() => {
      token = /reset-password\?token=([\w-]+)/.exec(server.output())?.[1] ?? '';
      return token;
    })
    .not.toBe('');

  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel(/^New password/).fill('my new long password');
  await page.getByLabel(/^Confirm the password/).fill('not the same password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect.poll(() => page.getByText('The two passwords differ.').isVisible()).toBe(true);

  await page.getByLabel(/^Confirm the password/).fill('my new long password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await page.waitForURL('**/login');
  await expect
    .poll(() => page.getByText('Your password has been changed. Please sign in.').isVisible())
    .toBe(true);

  await logIn(page, person.email, person.password);
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or Password is Invalid');
  await logIn(page, person.email, 'my new long password');
  await page.waitForURL('**/dashboard/analytics');

  // The link worked once.
  await forgetBrowserStorage(page);
  await page.goto(`/reset-password?token=${token}`);
  await page.getByLabel(/^New password/).fill('a third long password');
  await page.getByLabel(/^Confirm the password/).fill('a third long password');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe('This reset link is invalid or has expired.');
});
