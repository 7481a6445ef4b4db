/**
 * Waits until a page has had no request in flight for a while, leaving out the live stream
 * (`GET /api/live`, D38): it stays open as long as a signed-in page does, so Playwright's
 * `networkidle` never comes on those pages. `watchRequests` counts from the page's start;
 * call it as soon as the page is made.
 */
import type { Page, Request } from 'playwright-core';

const inFlightOf = new WeakMap<Page, Set<Request>>();

export function watchRequests(page: Page): Set<Request> {
  const known = inFlightOf.get(page);
  if (known) return known;
  const requests = new Set<Request>();
  inFlightOf.set(page, requests);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/live') requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
  return requests;
}

export async function untilQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const inFlight = watchRequests(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    await page.waitForTimeout(50);
    if (inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms`);
  }
}
