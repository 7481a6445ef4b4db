/**
 * The live stream's life in the browser (D38): it is read with fetch, its token in the
 * Authorization header and never in the address; when the access token expires the server ends
 * it, and the page refreshes its token and reconnects; when the server goes away the page retries
 * with a growing delay, and once the server is back, events arrive again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeBrowser } from '../support/browser';
import { arrive, callAs, sessionOf } from '../support/people';
import { freePort, type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let env: Record<string, string>;
let dataDir = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-'));
  // Short-lived access tokens, so that the stream outlives several of them in a test.
  env = { DATA_DIR: dataDir, PORT: String(await freePort()), ACCESS_TOKEN_TTL: '4s' };
  server = await startServer(env);
});
afterAll(async () => {
  await closeBrowser();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the live stream in the browser', () => {
  it('renews its token, reconnects after the server comes back, and keeps delivering', async () => {
    const asker = await arrive(server.url, 'reconnect-asker');
    const b = await arrive(server.url, 'reconnect-b');
    const streams: Request[] = [];
    b.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/live') streams.push(request);
    });
    const refreshes: string[] = [];
    b.page.on('request', (request) => {
      if (request.url().endsWith('/api/jwt/refresh-token')) refreshes.push(request.url());
    });
    await b.page.reload();
    // Under load the reloaded page may take seconds to open its stream (expect.poll's default is 1 s).
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const first = streams[0]!;
    expect(first.url()).toBe(`${server.url}/api/live`);
    expect(await first.headerValue('authorization')).toMatch(/^Bearer \S+$/);

    // The token expires after 4 s: the server ends the stream, the page refreshes and reconnects.
    await expect.poll(() => streams.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    const renewed = streams[streams.length - 1]!;
    expect(await renewed.headerValue('authorization')).not.toBe(await first.headerValue('authorization'));
    const receiver = await sessionOf(b.page);
    const request = (await callAs(asker.page, 'post', '/api/friends/requests', { userId: receiver.id })) as {
      _id: string;
    };
    await expect.poll(() => b.page.getByTestId('requests-badge').textContent(), { timeout: 5000 }).toBe('1');

    // The server goes away: the page keeps trying, more and more slowly.
    b.allowConsole(/ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch/);
    asker.allowConsole(/ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch/);
    await server.kill();
    const before = streams.length;
    await b.page.waitForTimeout(4000);
    const attempts = streams.slice(before);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    // Backoff: fewer attempts than one a second.
    expect(attempts.length).toBeLessThanOrEqual(4);

    // Back on the same address and data: the page reconnects by itself, then hears the withdrawal.
    server = await startServer(env);
    const reconnected = await b.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
      { timeout: 20_000 },
    );
    expect(reconnected.ok()).toBe(true);
    await b.page.waitForTimeout(500);
    await expect.poll(() => b.page.getByTestId('requests-badge').textContent()).toBe('1');
    // The asker's page has been idle longer than a token lives: sign in afresh for the call.
    const signIn = await asker.page.request.post('/api/jwt/login', {
      data: { email: asker.person.email, password: asker.person.password },
    });
    const token = ((await signIn.json()) as { accessToken: string }).accessToken;
    const withdrawn = await asker.page.request.delete(`/api/friends/requests/${request._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withdrawn.status()).toBe(204);
    await expect.poll(() => b.page.getByTestId('requests-badge').count(), { timeout: 5000 }).toBe(0);
  });
});
