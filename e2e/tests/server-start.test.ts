/**
 * The quick start, as a person runs it: the built server on a fresh data directory serves the API
 * and the web app, keeps its data across a restart, does the same on PostgreSQL, and refuses to
 * start on a bad setting.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type RunningServer, runToExit, startServer } from '../support/server';

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function post(server: RunningServer, url: string, body: object) {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function expectServesTheApp(server: RunningServer, database: string) {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok', database });
  for (const url of ['/', '/some/deep/link']) {
    const page = await fetch(`${server.url}${url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root"></div>');
  }
}

async function expectKeepsDataAcrossRestart(env: Record<string, string>, database: string) {
  let server = await startServer(env);
  await expectServesTheApp(server, database);
  // The demo operator was seeded on first start.
  expect(
    (await post(server, '/api/jwt/login', { email: 'admin@demo.cadence.app', password: 'admin-demo-2026' }))
      .status,
  ).toBe(200);
  const tag = randomBytes(4).toString('hex');
  const account = {
    username: `keeper${tag}`,
    email: `keeper${tag}@example.com`,
    password: 'kept across restarts',
  };
  const registered = await post(server, '/api/jwt/register', account);
  expect(registered.status).toBe(201);
  const { refreshToken } = (await registered.json()) as { refreshToken: string };
  expect(await server.stop()).toBe(0);

  server = await startServer(env);
  cleanups.push(() => server.stop().then(() => undefined));
  await expectServesTheApp(server, database);
  const login = await post(server, '/api/jwt/login', { email: account.email, password: account.password });
  expect(login.status).toBe(200);
  // Tokens survive the restart too: the JWT secret is kept.
  expect((await post(server, '/api/jwt/refresh-token', { refreshToken })).status).toBe(200);
  expect(server.output()).toContain('"msg":"request completed"');
  // One line per request: its fields and the answer's together.
  expect(server.output()).not.toContain('"msg":"incoming request"');
  await server.stop();
}

describe('the built server', () => {
  it('runs on SQLite in DATA_DIR and keeps its data across a restart', async () => {
    const dataDir = freshDataDir();
    await expectKeepsDataAcrossRestart({ DATA_DIR: dataDir }, 'sqlite');
    expect(fs.existsSync(path.join(dataDir, 'cadence.sqlite'))).toBe(true);
    expect(fs.statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('runs on PostgreSQL when DATABASE_URL is set', async () => {
    const database = await freshPostgresDatabase('cadence_e2e');
    cleanups.push(database.drop);
    await expectKeepsDataAcrossRestart({ DATA_DIR: freshDataDir(), DATABASE_URL: database.url }, 'postgres');
  });

  it.each([
    ['PORT', 'not-a-port'],
    ['ACCESS_TOKEN_TTL', 'forever'],
    ['DATABASE_URL', 'mysql://nope'],
  ])('refuses to start when %s is %j, naming it', async (name, value) => {
    const { code, output } = await runToExit({ DATA_DIR: freshDataDir(), [name]: value });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain(`${name}: `);
  });
});
