/** People as the browser tests need them: registered in a browser of their own, and made friends. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPerson, register } from './app';
import { openPage } from './browser';

/** A new person, registered and on the dashboard, in a browser context of their own. */
export async function arrive(baseURL: string, name: string) {
  const opened = await openPage(baseURL, name);
  const person = newPerson();
  // The live stream opens after the first page has drawn (its code loads lazily): what happens to
  // the person before it is open reaches their screen at the next read, not live. True once the
  // server has answered the stream (it is subscribed by then); false if the page closed first.
  const liveOpen = opened.page
    .waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
    )
    .then(
      () => true,
      () => false,
    );
  await register(opened.page, person);
  await opened.page.waitForURL('**/dashboard/analytics');
  return { ...opened, person, liveOpen };
}

export type Arrived = Awaited<ReturnType<typeof arrive>>;

/** The signed-in user's id and access token, as the app keeps them in browser storage. */
export async function sessionOf(page: Page): Promise<{ id: string; token: string }> {
  return page.evaluate(() => ({
    id: (JSON.parse(localStorage.getItem('userData') ?? '{}') as { _id: string })._id,
    token: localStorage.getItem('accessToken') ?? '',
  }));
}

/** A asks B to be friends and B accepts, through the API with their own tokens. */
export async function makeFriends(a: Arrived, b: Arrived): Promise<void> {
  const [asker, receiver] = [await sessionOf(a.page), await sessionOf(b.page)];
  const sent = await a.page.request.post('/api/friends/requests', {
    headers: { authorization: `Bearer ${asker.token}` },
    data: { userId: receiver.id },
  });
  expect(sent.status()).toBe(201);
  const request = (await sent.json()) as { _id: string };
  const accepted = await b.page.request.post(`/api/friends/requests/${request._id}/accept`, {
    headers: { authorization: `Bearer ${receiver.token}` },
  });
  expect(accepted.ok()).toBe(true);
}

/** The API with the page's session: the answer's JSON, after checking it succeeded. */
export async function callAs(page: Page, method: 'get' | 'put' | 'post', url: string, data?: unknown) {
  const { token } = await sessionOf(page);
  const response = await page.request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method} ${url}: ${response.status()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}
