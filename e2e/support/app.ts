/** Steps a person takes in the app, shared by the browser tests. */
import { randomBytes } from 'node:crypto';
import { demoAccounts } from '@cadence/contract';
import type { Page } from 'playwright-core';

export const [demoAdmin, demoClient] = demoAccounts;

export function newPerson() {
  const tag = randomBytes(4).toString('hex');
  return {
    username: `person${tag}`,
    fullName: `Pat ${tag}`,
    email: `person${tag}@example.com`,
    password: 'a good long password',
  };
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function register(page: Page, person: ReturnType<typeof newPerson>): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Full name (optional)').fill(person.fullName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
}

/**
 * Forgets the session and the settings kept in the browser, as a new visitor's browser holds
 * none. Done from a page of the site where the app does not run (a static file): cleared under the
 * running app, a read it still had to make went out without its token, a 401 in the console.
 */
export async function forgetBrowserStorage(page: Page): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.clear());
}

/**
 * Waits until a toast with this text shows. Playwright watches the page for it (every animation
 * frame) for up to 15 s: on a loaded machine the request before it and the toasts' container (a
 * chunk of its own, loaded with the first toast) can take seconds, and a toast closes 3 s after
 * it shows, so a poll over the default 5 s could miss it.
 */
export async function toastShown(page: Page, text: string, exact = true): Promise<void> {
  await page.getByText(text, { exact }).waitFor({ state: 'visible', timeout: 15_000 });
}
