/**
 * Behind a real proxy (Debian's nginx, as the README sets it up, two instances upstream on one
 * PostgreSQL database and a Redis of the test's own, TRUST_PROXY=1): the address the sign-in
 * protection and the rate limits count is the one nginx saw, whatever a client writes in
 * X-Forwarded-For. The victim and the attacker are two loopback addresses (127.0.0.2, 127.0.0.3),
 * so nginx sees them apart as it would two people.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { startInstances } from '../support/instances';
import { ownNginx } from '../support/nginx';

const AUTH_LIMIT = 20;
const VICTIM = '127.0.0.2';
const ATTACKER = '127.0.0.3';

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A JSON POST from a given local address, as a person at that address would send it. */
function post(
  base: string,
  where: string,
  body: object,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const request = http.request(
      `${base}${where}`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (response) => {
        let answer = '';
        response.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: answer }));
      },
    );
    request.once('error', reject);
    request.end(text);
  });
}

const someAddress = () => `203.0.113.${randomBytes(1)[0]}`;

it('counts the address nginx saw: a spoofed first hop neither locks the victim out nor escapes the limits', async () => {
  const instances = await startInstances('behind-proxy', 2, {
    TRUST_PROXY: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
  });
  cleanups.push(() => instances.stop());
  const nginx = await ownNginx(instances.servers.map((server) => server.url));
  cleanups.push(() => nginx.stop());

  const tag = randomBytes(4).toString('hex');
  const victim = {
    username: `victim${tag}`,
    email: `victim${tag}@example.com`,
    password: 'a good long password',
  };
  expect((await post(nginx.url, '/api/jwt/register', victim, VICTIM)).status).toBe(201);

  // The attacker names the victim's address as the first hop of every wrong password.
  const spoofed: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    const answer = await post(
      nginx.url,
      '/api/jwt/login',
      { email: victim.email, password: `wrong guess ${i}` },
      ATTACKER,
      { 'x-forwarded-for': VICTIM },
    );
    spoofed.push(answer.status);
  }
  // Counted against the attacker's own address: five failures, then it is refused for her account.
  expect(spoofed).toEqual([400, 400, 400, 400, 400, 429]);
  const own = await post(
    nginx.url,
    '/api/jwt/login',
    { email: victim.email, password: victim.password },
    VICTIM,
  );
  expect(own.status, own.body).toBe(200);

  // A new first hop on each request does not make a new client: the per-minute limit holds.
  const rotating: number[] = [];
  for (let i = 0; i < AUTH_LIMIT + 10; i += 1) {
    const answer = await post(
      nginx.url,
      '/api/jwt/forgot-password',
      { email: `nobody${i}@example.com` },
      ATTACKER,
      {
        'x-forwarded-for': someAddress(),
      },
    );
    rotating.push(answer.status);
  }
  expect(rotating.slice(0, AUTH_LIMIT).every((status) => status < 300)).toBe(true);
  expect(rotating.slice(AUTH_LIMIT)).toEqual(Array.from({ length: 10 }, () => 429));
  // The victim, at her own address, is not limited by the attacker's requests.
  const hers = await post(nginx.url, '/api/jwt/forgot-password', { email: victim.email }, VICTIM, {
    'x-forwarded-for': ATTACKER,
  });
  expect(hers.status, hers.body).toBeLessThan(300);
});
