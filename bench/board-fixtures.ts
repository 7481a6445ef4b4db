/** Builds boards through the real API for the board benchmarks. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export interface Client {
  url: string;
  token: string;
  userId: string;
}

/**
 * Keep-alive connections, one per concurrent caller, through node:http: fetch costs several times
 * the CPU per request, and the load generator shares the machine's two cores with the server.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function call<T>(client: Client, method: string, path: string, body?: unknown): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      `${client.url}/api${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${client.token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) reject(new Error(`${method} ${path}: ${status} ${text}`));
          else resolve((text ? JSON.parse(text) : undefined) as T);
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** What a sign-up answers, as the web app keeps it in browser storage. */
export interface Session {
  userData: { _id: string; fullName: string };
  accessToken: string;
  refreshToken: string;
}

/** A client that signed up, with its session. */
export type SignedUp = Client & { session: Session };

/** A new account through the API (with `fullName` when given), signed in: a client and its session. */
export async function signUp(url: string, fullName?: string): Promise<SignedUp> {
  const tag = randomBytes(4).toString('hex');
  const response = await fetch(`${url}/api/jwt/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${tag}`,
      email: `bench${tag}@example.com`,
      password: 'benchmark password',
      ...(fullName ? { fullName } : {}),
    }),
  });
  if (!response.ok) throw new Error(`register: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as Session;
  return { url, token: session.accessToken, userId: session.userData._id, session };
}

/** A board of `lists` × `itemsPerList` items, each with `todosPerItem` to-dos. */
export async function buildBoard(client: Client, lists: number, itemsPerList: number, todosPerItem: number) {
  const board = await call<{ _id: string }>(client, 'POST', '/projects', { name: 'Benchmark board' });
  const layout: Array<{ listId: string; itemIds: string[] }> = [];
  for (let l = 0; l < lists; l += 1) {
    const list = await call<{ _id: string }>(client, 'POST', `/projects/${board._id}/lists`, {
      name: `List ${l + 1}`,
    });
    const itemIds: string[] = [];
    for (let i = 0; i < itemsPerList; i += 1) {
      const item = await call<{ _id: string }>(
        client,
        'POST',
        `/projects/${board._id}/lists/${list._id}/items`,
        {
          name: `Card ${l + 1}.${i + 1}`,
          description: 'A card with a short description, as most cards have.',
        },
      );
      itemIds.push(item._id);
      for (let d = 0; d < todosPerItem; d += 1) {
        await call(client, 'POST', `/projects/${board._id}/lists/${list._id}/items/${item._id}/todo`, {
          text: `Step ${d + 1}`,
          done: d === 0,
        });
      }
    }
    layout.push({ listId: list._id, itemIds });
  }
  return { boardId: board._id, layout };
}
