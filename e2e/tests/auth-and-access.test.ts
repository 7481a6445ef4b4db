/** Registering, logging in and out, roles and the routes they open, unknown paths. */
import { describe, expect, it } from 'vitest';
import { demoClient, forgetBrowserStorage, logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

describe('a new user', () => {
  it('registers, lands on the analytics dashboard, and logs out', async () => {
    const { page, errors } = await openPage(server.url, 'register-and-logout');
    const person = newPerson();
    await register(page, person);
    await page.waitForURL('**/dashboard/analytics');
    await expect
      .poll(() => page.getByTestId('greeting').textContent())
      .toBe(`Welcome back, ${person.fullName}!`);

    await page.getByRole('button', { name: 'Your account' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    // The old session is over: the dashboard sends the visitor to the login page.
    await page.goto('/dashboard/analytics');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
  });

  it('sees the registration messages of the server', async () => {
    const { page, allowConsole } = await openPage(server.url, 'register-taken');
    allowConsole(/status of 409/);
    const person = newPerson();
    await register(page, person);
    await page.waitForURL('**/dashboard/analytics');
    await forgetBrowserStorage(page);
    await register(page, { ...newPerson(), email: person.email });
    await expect.poll(() => page.getByText('This email is already in use.').isVisible()).toBe(true);
  });

  it('is told "Email or Password is Invalid" for a wrong password', async () => {
    const { page, allowConsole } = await openPage(server.url, 'bad-password');
    allowConsole(/status of 400/);
    await logIn(page, demoClient.email, 'not the password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Email or Password is Invalid');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

describe('the demo client', () => {
  it('lands on /access-control and is not authorized on the dashboard', async () => {
    const { page } = await openPage(server.url, 'demo-client');
    await logIn(page, demoClient.email, demoClient.password);
    await page.waitForURL('**/access-control');
    await expect.poll(() => page.getByText('Your role: Client').isVisible()).toBe(true);
    // Its rules read as words, not as the ability's subjects.
    expect(await page.getByRole('cell', { name: 'Access control page' }).isVisible()).toBe(true);
    // Nothing it is offered leads to "Not authorized": its account menu holds only "Log out", and
    // no trial badge leads to pricing.
    await page.getByRole('button', { name: 'Your account' }).click();
    await expect.poll(() => page.getByRole('menuitem').allTextContents()).toEqual(['Log out']);
    expect(await page.getByTestId('trial-badge').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/analytics');
    await page.waitForURL('**/pages/miscellaneous/not-authorized');
    await expect
      .poll(() => page.getByRole('heading', { name: 'You are not authorized' }).isVisible())
      .toBe(true);
    // A signed-in client who opens the login page is sent back to its home.
    await page.goto('/login');
    await page.waitForURL('**/access-control');
  });
});

describe('routes', () => {
  it.each(['/apps/todo/bogus', '/nowhere'])('%s shows the 404 page', async (url) => {
    const { page } = await openPage(server.url, `404-${url}`);
    await page.goto(url);
    await page.waitForURL('**/error-404');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
  });

  it('sends an unauthenticated visit to /dashboard/analytics to /login', async () => {
    const { page } = await openPage(server.url, 'unauthenticated');
    await page.goto('/dashboard/analytics');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome to Cadence' }).isVisible()).toBe(true);
  });

  it('redirects the root to the dashboard', async () => {
    const { page } = await openPage(server.url, 'root');
    const person = newPerson();
    await register(page, person);
    await page.waitForURL('**/dashboard/analytics');
    await page.goto('/');
    await page.waitForURL('**/dashboard/analytics');
  });
});
