/**
 * Crash safety: the built server takes a stream of writes from a few clients at once, is killed
 * with SIGKILL in the middle of it, and is started again on the same data. Every write it
 * acknowledged (answered 201) must be there, exactly once — on SQLite and on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, freshPostgresDatabase, startServer } from '../support/server';

const WRITERS = 4;
const WRITES_PER_WRITER = 100;
const KILL_AFTER_ACKNOWLEDGED = 150;

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface Board {
  lists: { _id: string; items: { name: string }[] }[];
}

async function crashAndRecover(env: Record<string, string>) {
  let server = await startServer(env);
  cleanups.push(() => server.kill());
  const tag = randomBytes(4).toString('hex');
  const { accessToken, refreshToken } = await api<{ accessToken: string; refreshToken: string }>(
    server,
    'POST',
    '/jwt/register',
    undefined,
    { username: `crash${tag}`, email: `crash${tag}@example.com`, password: 'survives a crash' },
  );
  const board = await api<{ _id: string }>(server, 'POST', '/projects', accessToken, { name: 'Crash' });
  const list = await api<{ _id: string }>(server, 'POST', `/projects/${board._id}/lists`, accessToken, {
    name: 'Writes',
  });

  const acknowledged: string[] = [];
  let killing: Promise<void> | undefined;
  const writer = async (w: number) => {
    for (let n = 0; n < WRITES_PER_WRITER; n += 1) {
      const name = `w${w}-${n}`;
      try {
        await api(server, 'POST', `/projects/${board._id}/lists/${list._id}/items`, accessToken, { name });
      } catch {
        return; // The server is gone: this write was never acknowledged.
      }
      acknowledged.push(name);
      if (acknowledged.length === KILL_AFTER_ACKNOWLEDGED) killing = server.kill();
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  await killing;
  expect(killing, 'the server was killed in the middle of the writes').toBeDefined();
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
  expect(acknowledged.length).toBeLessThan(WRITERS * WRITES_PER_WRITER);

  server = await startServer(env);
  // The access token may have expired meanwhile on a slow machine; the refresh token survives too.
  const fresh = await api<{ accessToken: string }>(server, 'POST', '/jwt/refresh-token', undefined, {
    refreshToken,
  });
  const { data } = await api<{ data: Board }>(server, 'GET', `/projects?id=${board._id}`, fresh.accessToken);
  const stored = data.lists.flatMap((l) => l.items.map((item) => item.name));
  const missing = acknowledged.filter((name) => !stored.includes(name));
  expect(missing, 'acknowledged writes lost in the crash').toEqual([]);
  expect(new Set(stored).size, 'no write is stored twice').toBe(stored.length);
  await server.stop();
}

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-crash-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('after kill -9 in the middle of writes, every acknowledged write is there', () => {
  it('on SQLite', async () => {
    await crashAndRecover({ DATA_DIR: freshDataDir(), SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  });

  it('on PostgreSQL', async () => {
    const database = await freshPostgresDatabase('cadence_crash');
    cleanups.push(database.drop);
    await crashAndRecover({
      DATA_DIR: freshDataDir(),
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
  });
});
