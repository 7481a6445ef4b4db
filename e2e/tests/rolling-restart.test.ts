/**
 * A rolling restart behind Debian's nginx (two instances upstream, kept-alive connections to them,
 * as the README sets it up), under load: SIGTERM one instance, start it again, then the other.
 * nginx retries a request on the other instance only where it is safe — the connection was refused
 * or closed before the request was sent — so a stopping instance must answer every request that
 * reached it (with `Connection: close`), close only idle connections, and refuse new ones. No
 * request fails, and each to-do acknowledged is there once.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { type Instances, startInstances } from '../support/instances';
import { type OwnNginx, ownNginx } from '../support/nginx';

let instances: Instances | undefined;
let nginx: OwnNginx | undefined;
afterAll(async () => {
  await nginx?.stop();
  await instances?.stop();
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
afterAll(() => agent.destroy());

function request(
  base: string,
  method: string,
  where: string,
  token?: string,
  body?: object,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const text = body ? JSON.stringify(body) : undefined;
    const sent = http.request(
      `${base}/api${where}`,
      {
        method,
        agent,
        headers: {
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: answer }));
        response.on('error', reject);
      },
    );
    sent.once('error', reject);
    sent.end(text);
  });
}

/** nginx's fail_timeout, as the README's configuration leaves it. */
const FAIL_TIMEOUT_MS = 10_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('fails no request while each instance in turn stops and starts again', { timeout: 180_000 }, async () => {
  instances = await startInstances('rolling', 2, { TRUST_PROXY: '1', AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
  nginx = await ownNginx(instances.servers.map((server) => server.url));
  const base = nginx.url;
  const tag = randomBytes(4).toString('hex');
  const account = {
    username: `roll${tag}`,
    email: `roll${tag}@example.com`,
    password: 'a good long password',
  };
  const registered = await request(base, 'POST', '/jwt/register', undefined, account);
  expect(registered.status, registered.text).toBe(201);
  const { accessToken, userData } = JSON.parse(registered.text) as {
    accessToken: string;
    userData: { _id: string };
  };

  const failures: string[] = [];
  const t0 = Date.now();
  const created: string[] = [];
  let reads = 0;
  let running = true;
  let sequence = 0;
  const worker = async () => {
    while (running) {
      sequence += 1;
      const n = sequence;
      try {
        if (n % 2 === 0) {
          const title = `rolling ${tag} ${n}`;
          const answer = await request(base, 'POST', '/todos', accessToken, { title });
          if (answer.status === 201) created.push(title);
          else
            failures.push(
              `${Date.now() - t0} POST ${answer.status} ${answer.text.split('\n')[0]!.slice(0, 100)}`,
            );
        } else {
          const answer = await request(base, 'GET', `/todos?user=${userData._id}`, accessToken);
          if (answer.status === 200) reads += 1;
          else
            failures.push(
              `${Date.now() - t0} GET ${answer.status} ${answer.text.split('\n')[0]!.slice(0, 100)}`,
            );
        }
      } catch (error) {
        failures.push(`${Date.now() - t0} ${n % 2 === 0 ? 'POST' : 'GET'} ${(error as Error).message}`);
      }
    }
  };
  // Sign-ins hash a password (tens of milliseconds): a stopping instance has requests in flight
  // for a while, and meanwhile nginx sends more on the connections it keeps to it.
  let signIns = 0;
  const signer = async () => {
    while (running) {
      try {
        const answer = await request(base, 'POST', '/jwt/login', undefined, {
          email: account.email,
          password: account.password,
        });
        if (answer.status === 200) signIns += 1;
        else failures.push(`${Date.now() - t0} login ${answer.status} ${answer.text.slice(0, 100)}`);
      } catch (error) {
        failures.push(`${Date.now() - t0} login ${(error as Error).message}`);
      }
    }
  };
  const load = Promise.all([...Array.from({ length: 8 }, worker), ...Array.from({ length: 4 }, signer)]);

  const servedBefore: number[] = [];
  for (const index of [0, 1]) {
    await pause(1500);
    servedBefore.push(created.length + reads);
    const code = await instances.servers[index]!.stop();
    expect(code, instances.servers[index]!.output()).toBe(0);
    await pause(500);
    await instances.restart(index);
    // nginx tries a server again FAIL_TIMEOUT after it refused a connection (10 s by default).
    await pause(FAIL_TIMEOUT_MS);
  }
  await pause(1500);
  running = false;
  await load;

  console.log(
    `rolling restart behind nginx: ${created.length} to-dos added, ${reads} lists read, ${signIns} sign-ins; ` +
      `${failures.length} failed`,
  );
  expect(failures, nginx.errors()).toEqual([]);
  // The load ran through both stops.
  expect(servedBefore[1]! - servedBefore[0]!).toBeGreaterThan(50);
  expect(created.length + reads - servedBefore[1]!).toBeGreaterThan(50);
  const client = new pg.Client({ connectionString: instances.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ title: string }>('select title from todos where title like $1', [
      `rolling ${tag} %`,
    ]);
    expect(rows.map((row) => row.title).sort()).toEqual([...created].sort());
  } finally {
    await client.end();
  }
});
