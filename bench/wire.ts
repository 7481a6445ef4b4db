/**
 * What the list benchmarks share (goals-list, todos-list, calendar-range): the bare ceiling
 * (bare-server.mjs sending given bytes from memory, one process) and the app measured against it
 * row by row, answers read as they cross the wire, the app's plain and brotli bytes fetched and
 * checked, and the plans of a service's own queries explained.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { freePort } from '@cadence/e2e/server';
import type { CompiledQuery } from 'kysely';
import type { DatabaseHandle } from '../server/src/db';
import { type Engine, type Load, measure, warmUp } from './harness';

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

/** An answer as it crossed the wire: its status, headers and bytes (still encoded). */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer's bytes as they crossed the wire (undici would decode them; node:http does not). */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return rawRequest(url, { headers });
}

/**
 * One request by node:http, the answer's bytes as they crossed the wire. The least a client can
 * do: where a benchmark times requests itself on the machine's cores shared with the server,
 * undici's fetch cost more CPU a request than the server's answer (1.2 ms against 0.5 ms here
 * for a meetings search answered from its kept answer), time that was counted in the answer's.
 * `agent`: a keep-alive agent, as a browser keeps its connections.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string; agent?: http.Agent },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        headers:
          options.body === undefined
            ? options.headers
            : { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
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

// ---- The app against the bare ceiling -----------------------------------------------------------

/** One read of a list, as a prepared server answers it. */
export interface ListRead {
  engine: Engine;
  auth: Record<string, string>;
  /** The app's URL of query `index`. */
  url(index: number): string;
  /** The app's plain and brotli bytes of each query, fetched and checked (`fetchBodies`). */
  bodies: ReadonlyArray<{ plain: { body: Buffer }; br: { body: Buffer } }>;
}

export type Row = Record<string, string | number>;

/** Two bodies of the same query and encoding are the same load for the bare route. */
const sameLoad = (a: number, b: number) => Math.abs(a - b) <= Math.max(1024, a / 20);

/**
 * Every query, plain and br, on every prepared server, a row at a time: the app on the first
 * engine, the bare route, the app on the next, so that the ceiling is measured between them and
 * once. It sends the first engine's bytes; another engine's differ only in ids and times (the same
 * size within 5 % or 1 KB — else its own ceiling is measured too), and measuring it once keeps the
 * run within CI's budget. Each is warmed up first (JIT, connections) for half a second. A row:
 * engine, the query's name (in the column `column`, when there are several), encoding, KB sent, the app's and the bare route's
 * req/s, p50 and p99, their ratio, and the columns `goals` adds; grouped by engine.
 */
export async function compareWithBare(
  servers: readonly ListRead[],
  queries: ReadonlyArray<{ name: string; route: string }>,
  column: string | undefined,
  goals: (app: Load, ratio: number, engine: Engine) => Row,
): Promise<Row[]> {
  const bares = await Promise.all(
    servers.map(({ bodies }) =>
      startBare(
        queries.map((query, index) => ({
          route: query.route,
          json: bodies[index]!.plain.body,
          br: bodies[index]!.br.body,
        })),
      ),
    ),
  );
  const rows: Row[] = [];
  try {
    for (const [queryIndex, query] of queries.entries()) {
      for (const [encoding, headers] of [
        ['identity', {}],
        ['br', { 'accept-encoding': 'br' }],
      ] as const) {
        const bytes = servers.map((s) => {
          const read = s.bodies[queryIndex]!;
          return (encoding === 'br' ? read.br.body : read.plain.body).length;
        });
        const ceilings: Array<Load | undefined> = [];
        const measureBare = async (index: number) => {
          const url = `${bares[index]!.url}${query.route}`;
          await warmUp({ url, headers });
          ceilings[index] = await measure({ url, headers });
        };
        const apps: Load[] = [];
        for (const [index, server] of servers.entries()) {
          const url = server.url(queryIndex);
          const appHeaders = { ...server.auth, ...headers };
          // Half a second, not a number of requests: some lists are megabytes.
          await warmUp({ url, headers: appHeaders });
          apps.push(await measure({ url, headers: appHeaders }));
          if (index === 0) await measureBare(0);
        }
        for (const index of servers.keys()) {
          if (!ceilings[index] && !sameLoad(bytes[0]!, bytes[index]!)) await measureBare(index);
          const app = apps[index]!;
          const baseline = ceilings[index] ?? ceilings[0]!;
          const engine = servers[index]!.engine;
          const ratio = Number((app.reqPerSec / baseline.reqPerSec).toFixed(2));
          rows.push({
            engine,
            ...(column ? { [column]: query.name } : {}),
            encoding,
            'KB sent': Number((bytes[index]! / 1024).toFixed(1)),
            'app req/s': app.reqPerSec,
            'app p50 ms': app.p50,
            'app p99 ms': app.p99,
            'bare req/s': baseline.reqPerSec,
            'bare p50 ms': baseline.p50,
            'bare p99 ms': baseline.p99,
            ratio,
            ...goals(app, ratio, engine),
          });
        }
      }
    }
  } finally {
    for (const bare of bares) bare.stop();
  }
  return byEngine(servers, rows);
}

/**
 * A server prepared on each engine, one after the other (seeding is bound by the servers' CPU: at
 * once is no faster), all kept running; then `measure` over them all and `after` on each (the
 * reads once the load is over); all stopped whatever happens.
 */
export async function onEachEngine<P extends { stop: () => Promise<void> }, M, A>(
  engines: readonly Engine[],
  prepare: (engine: Engine) => Promise<P>,
  measureAll: (servers: P[]) => Promise<M>,
  after: (server: P) => Promise<A>,
): Promise<{ servers: P[]; measured: M; afterwards: A[] }> {
  const servers: P[] = [];
  try {
    for (const engine of engines) servers.push(await prepare(engine));
    const measured = await measureAll(servers);
    const afterwards: A[] = [];
    for (const server of servers) afterwards.push(await after(server));
    return { servers, measured, afterwards };
  } finally {
    for (const server of servers) await server.stop();
  }
}

/**
 * A read with the version's ETag (`headers` beside it): it must answer 304 with no body, else a
 * problem about `what`. Answers its line for the report: `label` with the status and the bytes.
 */
export async function notModified(
  url: string,
  headers: Record<string, string>,
  etag: string,
  label: string,
  what: string,
  problems: string[],
): Promise<string> {
  const answer = await rawGet(url, { ...headers, 'if-none-match': etag });
  if (answer.status !== 304 || answer.body.length > 0)
    problems.push(
      `${what} with If-None-Match ${etag}: ${answer.status} with ${answer.body.length} bytes; 304 with no body expected`,
    );
  return `${label} ${answer.status} (${answer.body.length} B)`;
}

/** The rows grouped by engine, in the servers' order. */
export const byEngine = (servers: ReadonlyArray<{ engine: Engine }>, rows: readonly Row[]): Row[] =>
  servers.flatMap((s) => rows.filter((row) => row.engine === s.engine));

/** 'met' or 'missed'. */
export const metOrMissed = (met: boolean) => (met ? 'met' : 'missed');

// ---- Plans --------------------------------------------------------------------------------------

/**
 * A compiled statement's plan on the bench's own connection: SQLite's EXPLAIN QUERY PLAN as an
 * indented tree, PostgreSQL's EXPLAIN as it prints it.
 */
export async function explainStatement(
  handle: DatabaseHandle,
  engine: Engine,
  statement: CompiledQuery,
): Promise<string[]> {
  if (engine === 'SQLite') {
    const rows = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>({
      ...statement,
      sql: `explain query plan ${statement.sql}`,
    });
    const depth = new Map<number, number>([[0, -1]]);
    return rows.rows.map((row) => {
      depth.set(row.id, (depth.get(row.parent) ?? -1) + 1);
      return `${'  '.repeat(depth.get(row.id)!)}${row.detail}`;
    });
  }
  const rows = await handle.db.executeQuery<{ 'QUERY PLAN': string }>({
    ...statement,
    sql: `explain ${statement.sql}`,
  });
  return rows.rows.map((row) => row['QUERY PLAN']);
}

/** The indexes a plan names, its full scans and its sorts, in a line. */
export function planSummary(engine: Engine, plan: string[]): string {
  const indexes = new Set<string>();
  const scans = new Set<string>();
  let sorts = 0;
  for (const raw of plan) {
    const line = raw.trim();
    if (engine === 'SQLite') {
      const index = /USING (?:COVERING )?INDEX (\w+)/.exec(line);
      if (index) indexes.add(index[1]!);
      const rowid = /^(?:SEARCH|SCAN) (\w+)(?: AS (\w+))? USING INTEGER PRIMARY KEY/.exec(line);
      if (rowid) indexes.add(`${rowid[1]} primary key`);
      const scan = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?$/.exec(line);
      if (scan && scan[1] !== 'CONSTANT') scans.add(scan[2] ? `${scan[1]} (all of ${scan[2]})` : scan[1]!);
      if (/USE TEMP B-TREE/.test(line)) sorts += 1;
    } else {
      const index =
        /(?:Index Scan|Index Only Scan)(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/.exec(line);
      if (index) indexes.add((index[1] ?? index[2])!);
      const scan = /Seq Scan on (\w+)/.exec(line);
      if (scan) scans.add(scan[1]!);
      if (/(?:^|-> {2})(?:Incremental )?Sort {2}/.test(line)) sorts += 1;
    }
  }
  return `indexes ${[...indexes].join(', ') || 'none'}; full scans ${[...scans].join(', ') || 'none'}${sorts ? `; ${sorts} sort${sorts > 1 ? 's' : ''}` : ''}`;
}
