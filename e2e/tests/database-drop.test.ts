/**
 * A PostgreSQL server that drops the connections (a restart, a fail-over, idle_session_timeout, a
 * proxy): the built server, on PostgreSQL, has every connection of its database terminated by
 * pg_terminate_backend, once while idle and once in the middle of a stream of writes. It must stay
 * up, say so in its log, and answer the next requests on new connections; every write it
 * acknowledged must be stored, and no read fails (a read is run again on a new connection).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { api, freshPostgresDatabase, type RunningServer, startServer } from '../support/server';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Terminates every other connection to the database; answers how many there were. */
async function dropConnections(url: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.filter((row) => row.terminated).length;
  } finally {
    await admin.end();
  }
}

async function healthy(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/api/health`);
  return response.status;
}

it('stays up when PostgreSQL drops its connections, idle or busy, and loses no acknowledged write', async () => {
  const database = await freshPostgresDatabase('cadence_drop');
  cleanups.push(database.drop);
  const server = await startServer({ DATABASE_URL: database.url });
  cleanups.push(() => server.stop());
  const tag = randomBytes(4).toString('hex');
  const { accessToken } = await api<{ accessToken: string }>(server, 'POST', '/jwt/register', undefined, {
    username: `drop${tag}`,
    email: `drop${tag}@example.com`,
    password: 'keeps going',
  });
  const board = await api<{ _id: string }>(server, 'POST', '/projects', accessToken, { name: 'Drops' });
  const list = await api<{ _id: string }>(server, 'POST', `/projects/${board._id}/lists`, accessToken, {
    name: 'Writes',
  });

  // Idle: the pool holds open connections that nobody is using.
  expect(await dropConnections(database.url)).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await healthy(server)).toBe(200);
  await api(server, 'POST', `/projects/${board._id}/lists/${list._id}/items`, accessToken, { name: 'after' });

  // Busy: connections dropped while four writers are at work. A write that was cut may fail, with
  // 503 and Retry-After (nothing was committed); every write that was answered 201 must be there.
  const acknowledged = ['after'];
  const failures: string[] = [];
  const writer = async (w: number) => {
    for (let n = 0; n < 40; n += 1) {
      const response = await fetch(`${server.url}/api/projects/${board._id}/lists/${list._id}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ name: `w${w}-${n}` }),
      });
      if (response.status === 201) acknowledged.push(`w${w}-${n}`);
      else failures.push(`${response.status} retry-after ${response.headers.get('retry-after')}`);
    }
  };
  // Reads meanwhile: a read whose connection dies under it runs again on a new one (it changes
  // nothing), so none fails.
  const readFailures: number[] = [];
  let reads = 0;
  const reader = async () => {
    for (let n = 0; n < 40; n += 1) {
      const response = await fetch(`${server.url}/api/projects?id=${board._id}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      reads += 1;
      if (response.status !== 200) readFailures.push(response.status);
    }
  };
  const writing = Promise.all([...[0, 1, 2, 3].map(writer), reader(), reader()]);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const dropped = await dropConnections(database.url);
  await writing;
  expect(dropped).toBeGreaterThan(0);
  expect(failures.length, 'at most the writes in flight fail').toBeLessThanOrEqual(10);
  expect(readFailures, `${reads} reads`).toEqual([]);
  for (const failure of failures) expect(failure).toBe('503 retry-after 1');

  expect(await healthy(server)).toBe(200);
  const { data } = await api<{ data: { lists: { items: { name: string }[] }[] } }>(
    server,
    'GET',
    `/projects?id=${board._id}`,
    accessToken,
  );
  const stored = new Set(data.lists.flatMap((l) => l.items.map((item) => item.name)));
  expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  expect(server.output()).toContain('a database connection was dropped');
  console.log(
    `dropped connections: idle and busy (${dropped}); writes answered ${acknowledged.length}, failed ${failures.length}; reads ${reads}, failed ${readFailures.length}`,
  );
});
