/** Opens the database the configuration names, and brings its schema up to date. */
import path from 'node:path';
import { Kysely, Migrator, sql } from 'kysely';
import { type Engine, type EngineName, postgresEngine, sqliteEngine } from './dialect';
import { migrations } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  engineName: EngineName;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… ; without it, SQLite. */
  url?: string | undefined;
  /** The SQLite file, or ':memory:'. */
  sqliteFile?: string;
  dataDir: string;
  /** Told of a PostgreSQL connection dropped by the server (the pool then opens another). */
  onConnectionError?: (error: Error) => void;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const engine = options.url
    ? postgresEngine(options.url, options.onConnectionError)
    : sqliteEngine(options.sqliteFile ?? path.join(options.dataDir, 'cadence.sqlite'));
  const db = new Kysely<Database>({ dialect: engine.dialect, plugins: engine.plugins });
  return { db, engine, engineName: engine.name, close: () => db.destroy() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  // On PostgreSQL the migrations' own tables are named in the connection's schema: Kysely looks
  // for them in every schema, and would find another app's (another test's) and skip creating its own.
  const schema =
    handle.engineName === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(migrations(handle.engine)) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
