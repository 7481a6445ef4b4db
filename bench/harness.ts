/**
 * What every benchmark does the same way: the built server (npm run build first) started in a
 * process of its own on a free port with a fresh database — SQLite in a new data directory, or a
 * PostgreSQL database made for the run and dropped after — and stopped; autocannon's runs and their
 * figures (req/s, p50, p99); percentiles; Chromium; and the heading, table, problems and run time
 * printed at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshPostgresDatabase, type RunningServer, startServer } from '@cadence/e2e/server';
import autocannon from 'autocannon';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { type DatabaseHandle, openDatabase } from '../server/src/db';
import type { Session } from './board-fixtures';
import { watchRequests } from './quiet';

/** How long each autocannon row runs (CI: 5). */
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/** The machine's cores, named in every heading: the server and the load share them. */
export const cores = os.cpus().length;

export type Engine = 'SQLite' | 'PostgreSQL';

/** SQLite always, PostgreSQL too when `postgresUrl` names a server. */
export const enginesFor = (postgresUrl: string | undefined): Engine[] =>
  postgresUrl ? ['SQLite', 'PostgreSQL'] : ['SQLite'];

// ---- Servers ------------------------------------------------------------------------------------

export interface BenchServer extends RunningServer {
  dataDir: string;
  /** The server's inspector (started with `--inspect=127.0.0.1:0` in NODE_OPTIONS), from its output. */
  inspector(): string;
  /** Stops the process (SIGTERM; its exit code) and removes its data directory. */
  stop(): Promise<number | null>;
}

/**
 * One built server on a new data directory, with what a benchmark needs of it: its logs at warn,
 * no demo accounts, no rate limit on sign-ins; `env` adds to that or overrides it.
 */
export async function startInstance(env: Record<string, string> = {}, name = 'bench'): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cadence-${name}-`));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: RunningServer;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    });
  } catch (error) {
    remove();
    throw error;
  }
  return {
    ...server,
    dataDir,
    inspector() {
      const url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(server.output())?.[0];
      if (!url) throw new Error(`the server's inspector did not say where it listens:\n${server.output()}`);
      return url;
    },
    async stop() {
      const code = await server.stop();
      remove();
      return code;
    },
  };
}

export interface EngineServer {
  server: BenchServer;
  /** The bench's own connection to the server's database (opened at first use, closed by `stop`). */
  readonly database: DatabaseHandle;
  /** The PostgreSQL database's URL; undefined on SQLite. */
  databaseUrl: string | undefined;
  stop: () => Promise<void>;
}

/**
 * The built server on SQLite or on a fresh PostgreSQL database (named after `prefix`, made on
 * `postgresUrl`'s server), through `startInstance`; `stop` closes, stops and removes them all (also
 * done here when starting fails).
 */
export async function startOnEngine(
  engine: Engine,
  prefix: string,
  postgresUrl?: string,
  env: Record<string, string> = {},
): Promise<EngineServer> {
  const own = engine === 'PostgreSQL' ? await freshPostgresDatabase(prefix, postgresUrl) : undefined;
  let server: BenchServer;
  try {
    server = await startInstance({ ...(own ? { DATABASE_URL: own.url } : {}), ...env });
  } catch (error) {
    await own?.drop();
    throw error;
  }
  let database: DatabaseHandle | undefined;
  return {
    server,
    get database() {
      database ??= openDatabase({ url: own?.url, dataDir: server.dataDir });
      return database;
    },
    databaseUrl: own?.url,
    stop: async () => {
      await database?.close();
      await server.stop();
      await own?.drop();
    },
  };
}

// ---- Load ---------------------------------------------------------------------------------------

export interface Load {
  requests: number;
  /** Autocannon's average of the requests answered each second. */
  reqPerSec: number;
  p50: number;
  p99: number;
  bytesPerRequest: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Non-2xx answers, errors and timeouts. */
  failures: number;
  /** The run's length in seconds, as autocannon measured it. */
  duration: number;
}

/**
 * Autocannon at 50 connections for BENCH_SECONDS (or for `amount` requests) unless `options` says
 * otherwise; its figures.
 */
export async function load(options: autocannon.Options): Promise<Load> {
  const result = await autocannon({
    connections: 50,
    ...(options.amount === undefined ? { duration: seconds } : {}),
    ...options,
  });
  return {
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    failures: result.non2xx + result.errors + result.timeouts,
    duration: result.duration,
  };
}

/** `load`, where any failed request fails the run. */
export async function measure(options: autocannon.Options): Promise<Load> {
  const figures = await load(options);
  if (figures.failures > 0)
    throw new Error(
      `${options.url}: failed requests (${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts)`,
    );
  return figures;
}

/** Half a second at 10 connections, not counted: the JIT and the connections warmed up first. */
export async function warmUp(options: autocannon.Options): Promise<void> {
  await autocannon({ connections: 10, duration: 0.5, ...options });
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

// ---- Figures ------------------------------------------------------------------------------------

/** Nearest rank: with fewer than 100 values, p99 is the largest. NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The middle value (the lower one of an even count); NaN when there is none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;
}

/** To a tenth. */
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** The table under its heading (a blank line before), as every benchmark prints its figures. */
export function printTable(heading: string, rows: readonly object[]): void {
  console.log(`\n${heading}`);
  console.table(rows);
}

/** What is wrong, the first `limit` lines of it; the run then exits 1. Nothing when nothing is. */
export function reportProblems(what: string, problems: readonly string[], limit = 30): void {
  if (problems.length === 0) return;
  console.error(`\n${what} (${problems.length} problems):`);
  for (const problem of problems.slice(0, limit)) console.error(`  ${problem}`);
  if (problems.length > limit) console.error(`  … and ${problems.length - limit} more`);
  process.exitCode = 1;
}

/** The run's length since `started` (performance.now()), in whole seconds. */
export function printWholeRun(started: number): void {
  console.log(`Whole run: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// ---- The browser --------------------------------------------------------------------------------

/** Headless Chromium (CHROMIUM_PATH, by default the system's), as the browser benchmarks run it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * A page in a new browser context: nothing cached but the session in browser storage, as after
 * signing in on a new browser; its requests watched (quiet.ts) and its errors kept.
 */
export async function signedInPage(
  browser: Browser,
  session: Session,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((value: Session) => {
    if (localStorage.getItem('accessToken')) return;
    localStorage.setItem('userData', JSON.stringify(value.userData));
    localStorage.setItem('accessToken', value.accessToken);
    localStorage.setItem('refreshToken', value.refreshToken);
  }, session);
  const page = await context.newPage();
  watchRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}
