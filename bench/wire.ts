/**
 * What the list benchmarks share: autocannon at 50 connections, the bare ceiling (bare-server.mjs
 * sending given bytes from memory, one process), answers read as they cross the wire, and the
 * app's plain and brotli bytes fetched and checked.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { freePort, freshPostgresDatabase, startServer } from '@cadence/e2e/server';
import autocannon from 'autocannon';
import { type DatabaseHandle, openDatabase } from '../server/src/db';

export const seconds = Number(process.env.BENCH_SECONDS ?? 10);

export type Engine = 'SQLite' | 'PostgreSQL';

/**
 * The built server in a process of its own, on SQLite or on a fresh PostgreSQL database (named
 * after `prefix`, made here from `postgresUrl`), with the bench's own connection to that database;
 * `stop` closes, stops and removes them all (also done here when starting fails). `env` adds to
 * (or overrides) the server's environment.
 */
export async function startOnEngine(
  engine: Engine,
  prefix: string,
  postgresUrl?: string,
  env: Record<string, string> = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
  const own = engine === 'PostgreSQL' ? await freshPostgresDatabase(prefix, postgresUrl) : undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let database: DatabaseHandle | undefined;
  const stop = async () => {
    await database?.close();
    await server?.stop();
    await own?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...(own ? { DATABASE_URL: own.url } : {}),
      ...env,
    });
    database = openDatabase({ url: own?.url, dataDir });
    return { server, database, databaseUrl: own?.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `work` over `items`, at most `limit` at a time. */
export async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** 50 connections for BENCH_SECONDS; any failed request fails the run. */
export async function measure(options: autocannon.Options) {
  const result = await autocannon({ connections: 50, duration: seconds, ...options });
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(
      `${options.url}: failed requests (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)`,
    );
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
  };
}

export interface Body {
  route: string;
  json: Buffer;
  br: Buffer;
}

/** One bare process serving each body at its route. */
export async function startBare(bodies: Body[]): Promise<{ url: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bare-'));
  const args: string[] = [];
  bodies.forEach((body, i) => {
    const jsonFile = path.join(dir, `${i}.json`);
    fs.writeFileSync(jsonFile, body.json);
    fs.writeFileSync(`${jsonFile}.br`, body.br);
    args.push(body.route, jsonFile, `${jsonFile}.br`);
  });
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'bare-server.mjs'), String(port), ...args],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare-server.mjs exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The answer's bytes as they crossed the wire (undici would decode them; node:http does not). */
export function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * The app's plain and brotli bytes for one read, fetched (the plain one first, so `firstMs` is
 * the first read's time) and checked: plain is plain, brotli decodes to the same bytes, and
 * `check` finds nothing wrong in them.
 */
export async function fetchBodies(
  url: string,
  auth: Record<string, string>,
  label: string,
  check: (json: Buffer) => string[],
  problems: string[],
) {
  const start = performance.now();
  const plain = await rawGet(url, auth);
  const firstMs = performance.now() - start;
  const br = await rawGet(url, { ...auth, 'accept-encoding': 'br' });
  if (plain.status !== 200 || br.status !== 200)
    throw new Error(
      `${label}: answered ${plain.status} plain and ${br.status} with br: ${plain.body.toString().slice(0, 300)}`,
    );
  if (plain.headers['content-encoding'])
    problems.push(`${label}: a plain request was answered ${plain.headers['content-encoding']}`);
  if (br.headers['content-encoding'] !== 'br')
    problems.push(`${label}: Accept-Encoding br was not answered brotli`);
  else if (!brotliDecompressSync(br.body).equals(plain.body))
    problems.push(`${label}: the brotli bytes do not decode to the plain bytes`);
  problems.push(...check(plain.body));
  return { plain, br, firstMs, etag: String(plain.headers.etag ?? '') };
}
