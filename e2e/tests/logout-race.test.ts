/**
 * Two instances on PostgreSQL and Redis, each keeping the signed-in users of the tokens it has seen:
 * a logout answered by one instance has been applied by the other, so the old access token, sent
 * to the other instance right after the answer, is refused there — never answered with data.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { type Instances, startInstances } from '../support/instances';

const TRIES = 1000;
const WORKERS = 8;

let instances: Instances | undefined;
afterAll(() => instances?.stop());

async function call(base: string, method: string, where: string, token?: string, body?: object) {
  const response = await fetch(`${base}/api${where}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

it(
  `refuses the old token on the other instance in each of ${TRIES} logouts`,
  { timeout: 240_000 },
  async () => {
    instances = await startInstances('logout-race', 2, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    const [a, b] = instances.servers.map((server) => server.url) as [string, string];
    const tag = randomBytes(4).toString('hex');
    const account = {
      username: `race${tag}`,
      email: `race${tag}@example.com`,
      password: 'a good long password',
    };
    expect((await call(a, 'POST', '/jwt/register', undefined, account)).status).toBe(201);

    const answeredWithData: string[] = [];
    const refused: number[] = [];
    let tries = 0;
    const worker = async () => {
      while (tries < TRIES) {
        tries += 1;
        const login = await call(a, 'POST', '/jwt/login', undefined, {
          email: account.email,
          password: account.password,
        });
        expect(login.status, login.text).toBe(200);
        const { accessToken, refreshToken } = JSON.parse(login.text) as {
          accessToken: string;
          refreshToken: string;
        };
        // The other instance knows the token (and keeps its user) before the logout.
        const before = await call(b, 'GET', '/jwt/me', accessToken);
        expect(before.status, before.text).toBe(200);
        const logout = await call(a, 'POST', '/jwt/logout', undefined, { refreshToken });
        expect(logout.status, logout.text).toBe(204);
        const after = await call(b, 'GET', '/jwt/me', accessToken);
        if (after.status === 200) answeredWithData.push(after.text);
        else refused.push(after.status);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    expect(answeredWithData).toEqual([]);
    expect(refused.length).toBeGreaterThanOrEqual(TRIES);
    expect(new Set(refused)).toEqual(new Set([401]));
  },
);
