/**
 * Builds the real app for a test file, on a fresh database: SQLite in memory by default, or a
 * schema of its own in PostgreSQL when TEST_ENGINE=postgres (npm run test:pg). Errors logged by the
 * app fail the test unless it expects them.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export const usePostgres = process.env.TEST_ENGINE === 'postgres';
const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function openTestDatabase(dataDir: string): Promise<DatabaseHandle> {
  return scratchDatabase(usePostgres ? 'postgres' : 'sqlite', dataDir, { migrated: true });
}

const urlOf = (database: string) => {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** Held while a template is made, so that two test files (two processes) make it once. */
const TEMPLATE_LOCK = 31_402_026;
const TEMPLATE_PREFIX = 't_template_';
let template: Promise<string> | undefined;

/**
 * A PostgreSQL database with every migration applied, to copy (CREATE DATABASE … TEMPLATE): made
 * once per set of migrations (its name holds a digest of their files) and kept between runs, so
 * that a test app's database costs a copy, not the migrations (300–450 ms each on this machine).
 * Templates of other migrations are dropped when a new one is made.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const digest = createHash('sha256');
    const folder = path.join(import.meta.dirname, '../db/migrations');
    for (const file of fs.readdirSync(folder).sort()) {
      digest.update(file).update(fs.readFileSync(path.join(folder, file)));
    }
    const name = `${TEMPLATE_PREFIX}${digest.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `${name}_new`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const handle = openDatabase({ url: urlOf(building), dataDir: os.tmpdir() });
        try {
          await migrateToLatest(handle);
        } finally {
          await handle.close();
        }
        // A copy is refused while anyone is connected to its template: no session is left on it.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [building],
        );
        await admin.query(`alter database ${building} rename to ${name}`);
        const older = await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, $1) and datname <> $2`,
          [TEMPLATE_PREFIX, name],
        );
        for (const row of older.rows)
          await admin.query(`drop database if exists ${row.datname} with (force)`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
    return name;
  })();
  return template;
}

/**
 * An empty database of either engine (`migrated`: on PostgreSQL a copy of the migrated template;
 * the app migrates SQLite's in memory), dropped when closed: on PostgreSQL a database of its own
 * (not a schema: test files run two at a time, and a look at the catalog — Kysely's introspection,
 * which reads every schema — fails when another file's schema is dropped meanwhile).
 */
export async function scratchDatabase(
  engine: 'sqlite' | 'postgres',
  dataDir: string,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<DatabaseHandle> {
  if (engine === 'sqlite') return openDatabase({ sqliteFile: ':memory:', dataDir });
  const name = `t_${randomBytes(6).toString('hex')}`;
  const copied = migrated ? ` template ${await migratedTemplate()}` : '';
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}${copied}`);
  await admin.end();
  const handle = openDatabase({ url: urlOf(name), dataDir });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  logs: LogLine[];
  /** Error-level lines logged so far (pino level ≥ 50). */
  errors(): LogLine[];
  close(options?: { allowErrors?: boolean }): Promise<void>;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database' | 'logger'> {
  /** Runs before the app is ready, e.g. to add a route that misbehaves. */
  beforeReady?: (app: FastifyInstance) => void;
}

const testConfig = (dataDir: string, env: Record<string, string>) =>
  loadConfig({
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    BOOKING_RATE_LIMIT_PER_MINUTE: '100000',
    REMINDERS: 'false',
    DATA_DIR: dataDir,
    ...env,
  });

export async function createTestApp(
  env: Record<string, string> = {},
  { beforeReady, ...options }: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-test-'));
  const config = testConfig(dataDir, env);
  const database = await openTestDatabase(dataDir);
  const logs: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      }
      done();
    },
  });
  const app = await buildApp(config, {
    ...options,
    database,
    webDir: options.webDir ?? path.join(dataDir, 'no-web-app'),
    logger: { level: 'warn', stream },
  });
  beforeReady?.(app);
  await app.ready();
  const errors = () => logs.filter((line) => line.level >= 50);
  return {
    app,
    database,
    dataDir,
    logs,
    errors,
    async close({ allowErrors = false } = {}) {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const unexpected = errors();
      if (!allowErrors && unexpected.length > 0) {
        throw new Error(`The app logged errors:\n${JSON.stringify(unexpected, null, 2)}`);
      }
    },
  };
}

/**
 * A second instance of the app on the test app's database, as a second process behind a load
 * balancer would be: it shares the database and nothing it keeps in memory (queues, caches).
 * Closing it leaves the database open. `database` may be the same one seen otherwise (an engine
 * changed for a test).
 */
export async function anotherInstance(
  t: TestApp,
  { env = {}, database = t.database }: { env?: Record<string, string>; database?: DatabaseHandle } = {},
): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(t.dataDir, env), {
    database,
    webDir: path.join(t.dataDir, 'no-web-app'),
    logger: false,
  });
  await app.ready();
  return app;
}

/**
 * One app for the whole test file: built before its first test, closed after its last. The
 * answer stands for that app and may be used inside hooks and tests only.
 */
export function useTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await createTestApp(env, options);
  });
  afterAll(async () => {
    await built?.close();
  });
  const current = (): TestApp => {
    if (!built) throw new Error('The test app exists inside hooks and tests only.');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get dataDir() {
      return current().dataDir;
    },
    get logs() {
      return current().logs;
    },
    errors: () => current().errors(),
    close: (closeOptions) => current().close(closeOptions),
  };
}

/** The number of rows in every table, to prove that a refused request changed nothing. */
export async function snapshot(database: DatabaseHandle): Promise<Record<string, number>> {
  const tables = (await database.db.introspection.getTables()).map((table) => table.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db);
    counts[table] = Number(row.rows[0]?.n);
  }
  return counts;
}

/**
 * A digest of every row of every table: equal digests mean nothing was inserted, changed or
 * deleted, which row counts alone cannot show for an update.
 */
/** The tables of a migrated database do not change during a test: introspected once per handle. */
const tablesOf = new WeakMap<DatabaseHandle, Promise<string[]>>();

const outboxDelivery = new Set([
  'state',
  'attempts',
  'next_attempt_at',
  'claimed_at',
  'last_error',
  'sent_at',
]);

export async function fingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  let names = tablesOf.get(database);
  if (!names) {
    names = database.db.introspection.getTables().then((found) => found.map((table) => table.name).sort());
    tablesOf.set(database, names);
  }
  const tables = await names;
  // The tables read at once (on PostgreSQL over the pool's connections), their digests in order.
  const results = await Promise.all(
    tables.map((table) =>
      sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db),
    ),
  );
  const digests: Record<string, string> = {};
  for (const [index, table] of tables.entries()) {
    const rows = results[index]!.rows.map((row) =>
      JSON.stringify(row, (key, value: unknown) =>
        // The outbox delivers after a commit, on its own time: which mails exist is the state;
        // how far their delivery has got is not.
        table === 'mail_outbox' && outboxDelivery.has(key)
          ? undefined
          : Buffer.isBuffer(value)
            ? value.toString('base64')
            : value,
      ),
    ).sort();
    digests[table] = createHash('sha256').update(rows.join('\n')).digest('hex');
  }
  return digests;
}

let sequence = 0;

/** A unique new account's registration body. */
export function newAccount(
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    fullName: string;
    /** The browser's zone and the interface's language a new account may start with (D46). */
    timeZone: string;
    language: string;
  }> = {},
) {
  sequence += 1;
  const tag = `${process.pid}${sequence}${randomBytes(2).toString('hex')}`;
  return {
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}
