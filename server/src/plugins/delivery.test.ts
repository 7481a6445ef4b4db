/**
 * Compressed delivery: precompressed web assets, JSON over 1 KB compressed when accepted, and the
 * board read's bytes compressed once per version with an ETag that answers 304.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Board } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoard, buildUser, call, expectError, ok, type Reply } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let webDir: string;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-web-'));
  const index = `<!doctype html><html><head><title>Cadence</title></head><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`;
  fs.mkdirSync(path.join(webDir, 'assets'));
  for (const [file, content] of [
    ['index.html', index],
    ['assets/app-abc123.js', script],
  ] as const) {
    fs.writeFileSync(path.join(webDir, file), content);
    fs.writeFileSync(path.join(webDir, `${file}.br`), brotliCompressSync(content));
    fs.writeFileSync(path.join(webDir, `${file}.gz`), gzipSync(content));
  }
  // What web/route-preloads.ts writes beside index.html: the board's chunks, by language.
  fs.writeFileSync(
    path.join(webDir, 'route-preloads.json'),
    JSON.stringify({
      routes: [
        {
          path: '/apps/project/:id',
          scripts: ['/assets/board-1.js'],
          styles: ['/assets/board-1.css'],
          strings: { en: ['/assets/strings-en-projects-1.js'], fr: ['/assets/strings-fr-projects-1.js'] },
        },
      ],
    }),
  );
  t = await createTestApp({}, { webDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

function decoded(response: Reply): string {
  const raw = response.rawPayload;
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString();
    case 'gzip':
      return gunzipSync(raw).toString();
    default:
      return raw.toString();
  }
}

describe('web assets', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br;q=0', 'gzip'],
  ])('sends the prebuilt twin for Accept-Encoding %s', async (accept, encoding) => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(decoded(response)).toBe(script);
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const response = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it('sends index.html compressed at a deep link, still not cached', async () => {
    const response = await t.app.inject({ url: '/apps/projects', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response)).toContain('<div id="root"></div>');
  });

  it('names the chunks of the address’s page in the index.html it sends there', async () => {
    const response = await t.app.inject({
      url: '/apps/project/12?tab=1',
      headers: { 'accept-encoding': 'gzip', 'accept-language': 'fr-CA,fr;q=0.8' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers.vary).toMatch(/accept-language/i);
    const html = decoded(response);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/board-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/strings-fr-projects-1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/board-1.css">');
    expect(html).not.toContain('strings-en-');
    // The documents' security headers, as index.html's.
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");

    const head = await t.app.inject({
      method: 'HEAD',
      url: '/apps/project/12',
      headers: { 'accept-language': 'fr' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(html)));
  });

  it('sends index.html as it is at an address no route has chunks for', async () => {
    const response = await t.app.inject({ url: '/some/deep/link', headers: { 'accept-language': 'fr' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('modulepreload');
  });
});

describe('JSON answers', () => {
  it('compresses an answer over 1 KB when the client accepts it, and only then', async () => {
    const owner = await buildUser(t);
    for (let n = 0; n < 12; n += 1) {
      await ok(
        t,
        'POST',
        '/api/projects',
        owner.token,
        { name: `Board number ${n}`, description: 'x'.repeat(80) },
        201,
      );
    }
    const url = `/api/projects?user=${owner.id}`;
    const plain = await call(t, 'GET', url, owner.token);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await call(t, 'GET', url, owner.token, undefined, { 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decoded(compressed))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const user = await buildUser(t);
    const response = await call(t, 'GET', '/api/tags', user.token, undefined, { 'accept-encoding': 'br' });
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the board read', () => {
  async function bigBoard() {
    const owner = await buildUser(t);
    const layout = Object.fromEntries(
      Array.from({ length: 4 }, (_, l) => [
        `List ${l}`,
        Array.from({ length: 8 }, (_, i) => `Card ${l}.${i}`),
      ]),
    );
    const { board } = await buildBoard(t, owner, { layout });
    return { owner, boardId: board._id, url: `/api/projects?id=${board._id}` };
  }

  it('sends the same JSON in every encoding, with the same weak ETag', async () => {
    const { owner, url } = await bigBoard();
    const answers = await Promise.all(
      ['identity', 'gzip', 'br'].map((accept) =>
        call(t, 'GET', url, owner.token, undefined, { 'accept-encoding': accept }),
      ),
    );
    const [identity, gzip, br] = answers as [Reply, Reply, Reply];
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    const board = identity.json<{ data: Board }>();
    expect(board.data.lists).toHaveLength(4);
    for (const answer of answers) {
      expect(JSON.parse(decoded(answer))).toEqual(board);
      expect(answer.headers.etag).toMatch(/^W\/"board-\d+-v\d+"$/);
      expect(answer.headers.etag).toBe(identity.headers.etag);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    }
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 5);
  });

  it('answers 304 to the current ETag, and the new board after a change', async () => {
    const { owner, boardId, url } = await bigBoard();
    const first = await call(t, 'GET', url, owner.token);
    const etag = String(first.headers.etag);
    const again = await call(t, 'GET', url, owner.token, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const listed = await call(t, 'GET', url, owner.token, undefined, { 'if-none-match': `"other", ${etag}` });
    expect(listed.statusCode).toBe(304);

    await ok(t, 'PUT', `/api/projects/${boardId}`, owner.token, { name: 'Renamed' });
    const changed = await call(t, 'GET', url, owner.token, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<{ data: Board }>().data.name).toBe('Renamed');
  });

  it('answers 404, never 304, to a stranger holding the ETag', async () => {
    const { owner, url } = await bigBoard();
    const stranger = await buildUser(t);
    const etag = String((await call(t, 'GET', url, owner.token)).headers.etag);
    expectError(
      await call(t, 'GET', url, stranger.token, undefined, { 'if-none-match': etag }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(t, 'GET', url, undefined, undefined, { 'if-none-match': etag }),
      401,
      'UNAUTHORIZED',
    );
  });
});
