/**
 * SIGTERM: the built server stops accepting, answers the requests it was already
 * working on, ends the live streams with a `retry` hint (so that clients come back, elsewhere,
 * after about that long), and exits 0. The handlers of requests whose clients hung up finish
 * before the database closes.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db';
import { api, startServer } from '../support/server';

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The raw body of a live stream, until the server ends it. */
function rawStream(url: string, token: string): { opened: Promise<void>; body: Promise<string> } {
  let opened!: () => void;
  const openedPromise = new Promise<void>((resolve) => (opened = resolve));
  const body = new Promise<string>((resolve, reject) => {
    const request = http.get(`${url}/api/live`, {
      headers: { authorization: `Bearer ${token}` },
      agent: false,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: ready')) opened();
      });
      response.once('end', () => resolve(text));
      response.once('error', reject);
    });
  });
  return { opened: openedPromise, body };
}

/** The built server on a data directory of its own (logs at info, in JSON), with one user signed up. */
async function serverWithUser(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-shutdown-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServer({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
  });
  cleanups.push(() => server.kill());
  const tag = randomBytes(4).toString('hex');
  const credentials = { email: `${name}${tag}@example.com`, password: 'a good long password' };
  const { accessToken } = await api<{ accessToken: string }>(server, 'POST', '/jwt/register', undefined, {
    username: `${name}${tag}`,
    ...credentials,
  });
  return { dataDir, server, credentials, accessToken };
}

it('answers the requests in flight, ends the live streams with a retry hint, and exits 0', async () => {
  const { server, credentials, accessToken } = await serverWithUser('stop');
  const stream = rawStream(server.url, accessToken);
  await stream.opened;

  // Sign-ins (a password hash each, so they take a while), sent on connections already open.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  cleanups.push(() => agent.destroy());
  const post = (body: string) =>
    new Promise<{ status: number; at: number }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/jwt/login`, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      request.once('error', reject);
      request.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }));
      });
      request.end(body);
    });
  const body = JSON.stringify(credentials);
  expect((await Promise.all(Array.from({ length: 8 }, () => post(body)))).map((r) => r.status)).toEqual(
    Array.from({ length: 8 }, () => 200),
  );
  const inFlight = Array.from({ length: 8 }, () => post(body));
  await new Promise((resolve) => setTimeout(resolve, 30));
  const signalledAt = Date.now();
  const exit = server.stop();
  const answers = await Promise.all(inFlight);
  const code = await exit;
  const stoppedIn = Date.now() - signalledAt;
  const streamBody = await stream.body;
  const answeredAfter = answers.filter((answer) => answer.status === 200 && answer.at > signalledAt).length;
  console.log(
    `SIGTERM: ${answers.length} sign-ins in flight → ${answers.map((a) => a.status).join(' ')} ` +
      `(${answeredAfter} answered 200 after the signal); exit ${code} after ${stoppedIn} ms; ` +
      `the stream ended with ${JSON.stringify(streamBody.slice(streamBody.lastIndexOf('\n\n', streamBody.length - 3) + 2))}`,
  );

  expect(code).toBe(0);
  // Kept-alive connections are closed with their last answer: nothing waits for the 8 s cut.
  expect(stoppedIn).toBeLessThan(5000);
  // Every request sent before the signal was served (none refused with 503).
  expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
  expect(answeredAfter, 'requests in flight at the signal were finished').toBeGreaterThan(0);
  expect(streamBody).toMatch(/event: ready\n[^]*\n\nretry: \d+\n\n$/);
  const hint = Number(/retry: (\d+)\n\n$/.exec(streamBody)![1]);
  expect(hint).toBeGreaterThanOrEqual(1000);
  expect(hint).toBeLessThanOrEqual(1500);
  expect(server.output()).toContain('shutting down');
  expect(server.output()).toContain('stopped');
});

it('lets the handlers of requests whose clients hung up finish before it closes the database', async () => {
  const { dataDir, server, credentials } = await serverWithUser('gone');
  // Sixteen sign-ins (an argon2 hash each: the thread pool's four threads take a while), each on a
  // connection of its own that the client drops once the request is sent; then SIGTERM at once.
  const body = JSON.stringify(credentials);
  const SIGN_INS = 16;
  await Promise.all(
    Array.from(
      { length: SIGN_INS },
      () =>
        new Promise<void>((resolve) => {
          const request = http.request(`${server.url}/api/jwt/login`, {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          });
          request.once('error', () => undefined);
          request.end(body, () => {
            setTimeout(() => {
              request.destroy();
              resolve();
            }, 30);
          });
        }),
    ),
  );
  const code = await server.stop();
  const problems = server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line) || line.includes('destroyed'));
  expect(problems, 'nothing failed for want of the database').toEqual([]);
  expect(code).toBe(0);
  // The sign-ins the server had begun were finished: their sessions are written.
  const database = openDatabase({ dataDir });
  try {
    const sessions = await database.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .where('users.email', '=', credentials.email)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    console.log(
      `SIGTERM after ${SIGN_INS} sign-ins whose clients hung up: ${Number(sessions.count) - 1} sessions written`,
    );
    expect(Number(sessions.count)).toBeGreaterThan(1);
  } finally {
    await database.close();
  }
});
