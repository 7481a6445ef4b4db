/**
 * Starts the built server (server/dist/main.js, as `npm start` runs it) as a child process on a
 * free port, and stops it. Run `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { closeBrowser } from './browser';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
const entry = path.join(repoRoot, 'server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** The server's process, for what the benchmarks read of it in /proc. */
  pid: number;
  output(): string;
  stop(): Promise<number | null>;
  /** `kill -9`: no shutdown, no flush, as in a crash. Resolves when the process is gone. */
  kill(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env, PORT: port, HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, child, () => output);
  const kill = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  return { url, pid: child.pid!, output: () => output, stop: () => stop(child), kill };
}

async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${output()}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  // Already gone: exited (a code) or killed (a signal, and no code) — its 'exit' will not come again.
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** Runs the server expecting it to refuse to start; answers its exit code and output. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A built server on a fresh data directory for the test file: started before its tests, stopped
 * (with the browser) after them.
 */
export function useAppServer(env: Record<string, string> = {}): { readonly url: string; output(): string } {
  let server: RunningServer | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-e2e-'));
    server = await startServer({ DATA_DIR: dataDir, ...env });
  });
  afterAll(async () => {
    await closeBrowser();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      if (!server) throw new Error('the server is not started yet');
      return server.url;
    },
    output: () => server?.output() ?? '',
  };
}

/** A JSON call to a running server's API, with a token when given; a non-2xx answer throws. */
export async function api<T>(
  server: RunningServer,
  method: string,
  url: string,
  token?: string,
  body?: object,
) {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A new, empty PostgreSQL database on `server` (by default DATABASE_URL's) for one test or
 * benchmark (its name starts with `prefix`): its URL, and
 * `drop` to remove it, whoever is still connected.
 */
export async function freshPostgresDatabase(
  prefix: string,
  server = postgresUrl,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
