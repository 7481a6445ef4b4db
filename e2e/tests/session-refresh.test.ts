/**
 * With a 2-second access token, three parallel requests with an expired token share one refresh.
 * The live stream renews the token itself when the server says it expired (D38), so the test
 * first waits for that, then puts the expired token back: the three calls meet it together.
 */
import { expect, it } from 'vitest';
import { logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer({ ACCESS_TOKEN_TTL: '2s' });

it('refreshes once for three requests that fail together, and replays all three', async () => {
  const { page, allowConsole } = await openPage(server.url, 'single-refresh');
  // The expired token is what the test is about.
  allowConsole(/status of 401/);
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  const tokenBefore = await page.evaluate(() => localStorage.getItem('accessToken'));
  // The live stream ends with `expired` when the token does, and renews it at once.
  await page.waitForFunction((before) => localStorage.getItem('accessToken') !== before, tokenBefore, {
    timeout: 10_000,
  });

  const refreshCalls: string[] = [];
  const unauthorized: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/jwt/refresh-token')) refreshCalls.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() === 401) unauthorized.push(response.url());
  });

  const results = await page.evaluate(async (expired) => {
    // The first token, expired a while ago, as if the tab had slept through its renewal.
    localStorage.setItem('accessToken', expired!);
    const { api } = (window as unknown as { cadence: { api: { get: <T>(path: string) => Promise<T> } } })
      .cadence;
    const answers = await Promise.all(
      [1, 2, 3].map(() => api.get<{ userData: { username: string } }>('/jwt/me')),
    );
    return answers.map((answer) => answer.userData.username);
  }, tokenBefore);

  expect(results).toEqual([person.username, person.username, person.username]);
  expect(unauthorized.filter((url) => url.endsWith('/api/jwt/me'))).toHaveLength(3);
  expect(refreshCalls).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(tokenBefore);
});

it('sends the user to /login when the refresh fails', async () => {
  const { page, allowConsole } = await openPage(server.url, 'failed-refresh');
  allowConsole(/status of 401/);
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  await page.evaluate(() => localStorage.setItem('refreshToken', 'revoked-or-stolen'));
  await page.waitForTimeout(2_500);
  await page.evaluate(async () => {
    const { api } = (window as unknown as { cadence: { api: { get: (path: string) => Promise<unknown> } } })
      .cadence;
    await api.get('/jwt/me').catch(() => undefined);
  });
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
  // Logging in again works.
  await logIn(page, person.email, person.password);
  await page.waitForURL('**/dashboard/analytics');
});
