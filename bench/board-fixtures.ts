/** Builds boards through the real API for the board benchmarks. */
import { randomBytes } from 'node:crypto';

export interface Client {
  url: string;
  token: string;
  userId: string;
}

export async function call<T>(client: Client, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${client.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function signUp(url: string): Promise<Client> {
  const tag = randomBytes(4).toString('hex');
  const response = await fetch(`${url}/api/jwt/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench${tag}`,
      email: `bench${tag}@example.com`,
      password: 'benchmark password',
    }),
  });
  const session = (await response.json()) as { accessToken: string; userData: { _id: string } };
  return { url, token: session.accessToken, userId: session.userData._id };
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
