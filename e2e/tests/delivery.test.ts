/**
 * Compressed delivery as Chromium meets it: scripts and the board's JSON arrive brotli- or
 * gzip-encoded, and a reload of the board revalidates its read with the ETag (304, no body).
 */
import { expect, it } from 'vitest';
import { logIn, newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

it('sends scripts and the board compressed, and revalidates the board on reload', async () => {
  const { page } = await openPage(server.url, 'delivery');
  const person = newPerson();
  await register(page, person);
  await page.waitForURL('**/dashboard/analytics');
  const boardId = await page.evaluate(async () => {
    const api = (
      window as unknown as { cadence: { api: { post<T>(url: string, body: unknown): Promise<T> } } }
    ).cadence.api;
    const board = await api.post<{ _id: string }>('/projects', { name: 'Delivered' });
    for (let n = 0; n < 3; n += 1) {
      const list = await api.post<{ _id: string }>(`/projects/${board._id}/lists`, { name: `List ${n}` });
      for (let i = 0; i < 10; i += 1) {
        await api.post(`/projects/${board._id}/lists/${list._id}/items`, { name: `Card ${n}.${i}` });
      }
    }
    return board._id;
  });

  // A new browser: nothing cached.
  const fresh = await openPage(server.url, 'delivery-fresh');
  const scripts: (string | null)[] = [];
  fresh.page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.headers()['content-encoding'] ?? null);
  });
  await logIn(fresh.page, person.email, person.password);
  await fresh.page.waitForURL('**/dashboard/analytics');
  const boardRead = fresh.page.waitForResponse((response) =>
    response.url().includes(`/api/projects?id=${boardId}`),
  );
  await fresh.page.goto(`/apps/project/${boardId}`);
  const first = await boardRead;
  expect(first.status()).toBe(200);
  expect(['br', 'gzip']).toContain(first.headers()['content-encoding']);
  expect(first.headers().etag).toMatch(/^W\/"board-/);
  await fresh.page.getByText('Card 2.9').waitFor();
  expect(scripts.length).toBeGreaterThan(5);
  expect(scripts.every((encoding) => encoding === 'br' || encoding === 'gzip')).toBe(true);

  // A reload asks again with the ETag and gets 304: the browser keeps its copy.
  const revalidated = fresh.page.waitForResponse((response) =>
    response.url().includes(`/api/projects?id=${boardId}`),
  );
  await fresh.page.reload();
  const second = await revalidated;
  expect(
    second.request().headers()['if-none-match'] ?? (await second.request().allHeaders())['if-none-match'],
  ).toBe(first.headers().etag);
  // Chromium answers the page from its cache after the server's 304: no body crossed the wire.
  expect((await second.request().sizes()).responseBodySize).toBe(0);
  expect((await first.request().sizes()).responseBodySize).toBeGreaterThan(0);
  await fresh.page.getByText('Card 2.9').waitFor();
});
