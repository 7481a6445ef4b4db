/**
 * The unlock link in the browser (decisions §61): after five wrong passwords from this browser's
 * address the account refuses even the right one there, the owner is mailed an unlock link (the
 * server writes it to its log without SMTP_URL, where this test finds it), the /unlock page lifts
 * the block with a click, and the link works once.
 */
import { expect, it } from 'vitest';
import { forgetBrowserStorage, logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

it('lifts the block of an account with the mailed link, once', async () => {
  const { page, allowConsole } = await openPage(server.url, 'account-unlock');
  // The wrong passwords, the refusals and the spent link answer 400 and 429 on purpose.
  allowConsole(/status of 400/, /status of 401/, /status of 429/);
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  await forgetBrowserStorage(page);

  for (let i = 0; i < 5; i += 1) {
    await logIn(page, person.email, `wrong password ${i}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or Password is Invalid');
  }
  await logIn(page, person.email, person.password);
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe('Too many failed logins for this account. Try again in 15 minutes.');

  let token = '';
  await expect
    .poll(() => {
      token = /\/unlock\?token=([\w%-]+)/.exec(server.output())?.[1] ?? '';
      return token;
    })
    .not.toBe('');

  await page.goto(`/unlock?token=${token}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Unlock your account' }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect
    .poll(() => page.getByRole('status').textContent())
    .toBe('Your account is unlocked. You can sign in now.');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login');
  await logIn(page, person.email, person.password);
  await page.waitForURL('**/dashboard/analytics');

  // The link worked once.
  await forgetBrowserStorage(page);
  await page.goto(`/unlock?token=${token}`);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect
    .poll(() => page.getByRole('alert').textContent())
    .toBe('This unlock link is invalid or has expired.');
});
