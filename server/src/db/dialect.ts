/**
 * Every difference between SQLite and PostgreSQL lives here: drivers, column types, how booleans
 * and timestamps cross the wire, and how a unique violation looks. Services never branch on the
 * engine.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  type ColumnDefinitionBuilder,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type KyselyPlugin,
  OperationNodeTransformer,
  PostgresDialect,
  type PrimitiveValueListNode,
  type QueryResult,
  SqliteDialect,
  type SqliteStatement,
  type TransactionSettings,
  sql,
  ValueNode,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { preparedName } from './prepared';

export type EngineName = 'sqlite' | 'postgres';

export interface Engine {
  name: EngineName;
  dialect: Dialect;
  plugins: KyselyPlugin[];
  /** Column types and defaults for migrations. */
  types: {
    timestamp: 'text' | 'timestamptz';
    boolean: 'integer' | 'boolean';
    json: 'text' | 'jsonb';
    binary: 'blob' | 'bytea';
  };
  /** An auto-numbered integer primary key. */
  id: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  isUniqueViolation: (error: unknown) => boolean;
  /**
   * `select … for update` where the engine has it. SQLite runs one write transaction at a time,
   * so there the transaction itself is the lock.
   */
  forUpdate: <Q extends { forUpdate(): Q }>(query: Q) => Q;
  /**
   * A row lock that serialises writers of the row but not the inserts that merely refer to it (a
   * foreign key's KEY SHARE): for rows locked as a mutex, such as people whose time is being set.
   */
  forNoKeyUpdate: <Q extends { forNoKeyUpdate(): Q }>(query: Q) => Q;
  /**
   * The planner's statistics of these tables brought up to date after a bulk write (an import of
   * thousands of rows). PostgreSQL plans from statistics its autovacuum refreshes a while later:
   * until then a user's 20,000 new events count as a few dozen, and each page of their first
   * CalDAV sync sorted all of them. SQLite's planner here keeps no statistics to refresh.
   */
  refreshStatistics: <DB>(db: Kysely<DB>, tables: readonly string[]) => Promise<void>;
  /** The connection pool's counts, where there is one (PostgreSQL). */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** Booleans as read from either engine (SQLite answers 0/1). */
export function bool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/**
 * better-sqlite3 refuses to bind JS booleans; SQLite stores them as 0/1. A query's values are
 * parameters, turned into numbers as they are bound (`bindable`, in reusingStatements); only a
 * schema change writes values into its SQL text (a column's default), so only those queries'
 * trees are walked for booleans here. (Walking every query's tree took ~20 µs a query: ~4 % of a
 * cold meeting search's CPU.)
 */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const result = super.transformValue(node);
    if (typeof result.value !== 'boolean') return result;
    // A literal written into the SQL text (a default) stays one: a parameter is no SQL there.
    return (result.immediate ? ValueNode.createImmediate : ValueNode.create)(result.value ? 1 : 0);
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const result = super.transformPrimitiveValueList(node);
    if (!result.values.some((v) => typeof v === 'boolean')) return result;
    return { ...result, values: result.values.map((v) => (typeof v === 'boolean' ? Number(v) : v)) };
  }
}

/** The queries whose values are all parameters (a boolean literal in them is SQLite's own `true`). */
const parameterised = new Set([
  'SelectQueryNode',
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
  'RawNode',
]);

const sqliteBooleans: KyselyPlugin = {
  transformQuery: (args) =>
    parameterised.has(args.node.kind) ? args.node : new BooleanToInteger().transformNode(args.node),
  transformResult: (args) => Promise.resolve(args.result),
};

/** The parameters as better-sqlite3 binds them: booleans as 0 and 1 (the same array when none is). */
export function bindable(parameters: readonly unknown[]): readonly unknown[] {
  for (const value of parameters) {
    if (typeof value === 'boolean') return parameters.map((v) => (typeof v === 'boolean' ? Number(v) : v));
  }
  return parameters;
}

/** A statement Kysely runs, its parameters made bindable. */
function boundStatement(statement: SqliteDatabase.Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * Kysely prepares every query it runs; better-sqlite3's statements can be run again, so the same
 * SQL text reuses one (preparing was an eighth of a cached read's CPU). Bounded: lists of ids
 * make texts of many lengths. An evicted statement needs no closing: better-sqlite3 has no call
 * for it and finalizes a statement once it is garbage-collected.
 */
function reusingStatements(database: SqliteDatabase.Database, onClose: () => void, capacity = 1000) {
  const statements = new LRUCache<string, SqliteStatement>({ max: capacity });
  return {
    close: () => {
      onClose();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = boundStatement(database.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** How often the background connection copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 500;

/**
 * The write-ahead log's checkpoints, off the event loop. SQLite runs one inside the commit that
 * takes the log past 1,000 pages, in the committing thread, with an fsync of the database file:
 * 40–250 ms on this machine's disk, during which the server answers nothing. Instead the app's
 * connection never checkpoints (`wal_autocheckpoint = 0`) and a worker thread with a connection of
 * its own runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS: it copies what no reader still
 * needs, waits for no lock and blocks no reader or writer; the log starts over once it is all
 * copied. Answers its stop; the thread does not keep the process alive.
 */
function checkpointInBackground(file: string): () => void {
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.pragma('busy_timeout = 0');
     setInterval(() => {
       try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
     }, workerData.every);`,
    {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        every: CHECKPOINT_EVERY_MS,
      },
    },
  );
  worker.unref();
  return () => void worker.terminate();
}

export function sqliteEngine(file: string): Engine {
  const onDisk = file !== ':memory:';
  if (onDisk) fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  let stopCheckpoints = () => {};
  if (onDisk) {
    database.pragma('wal_autocheckpoint = 0');
    stopCheckpoints = checkpointInBackground(file);
  }
  return {
    name: 'sqlite',
    dialect: new SqliteDialect({ database: reusingStatements(database, () => stopCheckpoints()) }),
    plugins: [sqliteBooleans],
    types: { timestamp: 'text', boolean: 'integer', json: 'text', binary: 'blob' },
    id: (column) => column.primaryKey().autoIncrement(),
    forUpdate: (query) => query,
    forNoKeyUpdate: (query) => query,
    refreshStatistics: () => Promise.resolve(),
    isUniqueViolation: (error) =>
      error instanceof Error &&
      'code' in error &&
      (error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'),
  };
}

const INT8 = 20;
const TIMESTAMPTZ = 1184;
type Parser = (value: string) => unknown;
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ) as (value: string) => Date;

/** Counts come back as int8; timestamps as ISO strings, as SQLite stores them. */
const builtinParser = pg.types.getTypeParser as (oid: number, format: 'text' | 'binary') => Parser;
const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text'): Parser => {
    if (oid === INT8) return (value) => Number(value);
    if (oid === TIMESTAMPTZ) return (value) => parseTimestamp(value).toISOString();
    return builtinParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * A connection that runs the queries compiled once (prepared.ts) as named statements: PostgreSQL
 * parses and plans each once per connection rather than at every run. Other texts run unnamed.
 */
class PreparingClient extends pg.Client {
  // pg's overloads, narrowed to the call Kysely makes: query(text, values).
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' ? preparedName(text) : undefined;
    const call = super.query.bind(this) as (...rest: unknown[]) => never;
    return name ? call({ name, text, values }) : call(...args);
  }
}

/**
 * A connection the server drops (a restart, a fail-over, idle_session_timeout, a proxy) is an
 * `error` event on the pool when idle, or on the client when checked out between queries: without
 * a listener, node-postgres turns it into an uncaught exception and the process exits. Here it is
 * told to `onConnectionError`; the pool discards the connection and opens another on demand.
 */
/** PostgreSQL's codes for a connection the server ended (admin shutdown, crash, cannot connect now, lost). */
const connectionLostCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

/** An error that says the database connection died under the query (nothing of it was committed). */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    (typeof code === 'string' && connectionLostCodes.has(code)) ||
    /^Connection terminated|^Client has encountered a connection error|^Client was closed/.test(error.message)
  );
}

/**
 * A connection that runs a read again on a new connection when its own died under it (a
 * PostgreSQL restart, a fail-over, a proxy): a read outside a transaction changes nothing, so it
 * is safe to repeat. Writes and anything inside a transaction fail as they are (the request answers
 * 503 and the client may try again: nothing was committed).
 */
/** Connections the pool holds at most. */
const POOL_SIZE = 10;

/**
 * How many connections a read tries before its error stands: a drop can kill every connection the
 * pool holds, and each is only found dead when used (then discarded), so one more than the pool
 * holds always reaches a new connection. A database that is really down fails each try at once.
 */
const READ_ATTEMPTS = POOL_SIZE + 1;

class RetryingConnection implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly driver: Driver,
    public current: DatabaseConnection,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The pool may still hold other connections the same drop killed: each try on the next
    // connection, until one is alive.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.current.executeQuery<R>(query);
      } catch (error) {
        const retry =
          !this.inTransaction &&
          query.query.kind === 'SelectQueryNode' &&
          attempt < READ_ATTEMPTS &&
          isConnectionLost(error);
        if (!retry) throw error;
        await this.driver.releaseConnection(this.current);
        this.current = await this.driver.acquireConnection();
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    return this.current.streamQuery<R>(query, chunkSize);
  }
}

class RetryingDriver implements Driver {
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RetryingConnection(this.inner, await this.inner.acquireConnection());
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const retrying = connection as RetryingConnection;
    retrying.inTransaction = true;
    await this.inner.beginTransaction(retrying.current, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction((connection as RetryingConnection).current);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction((connection as RetryingConnection).current);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection((connection as RetryingConnection).current);
  }
  destroy() {
    return this.inner.destroy();
  }
}

class RetryingPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new RetryingDriver(super.createDriver());
  }
}

export function postgresEngine(
  connectionString: string,
  onConnectionError: (error: Error) => void = () => undefined,
): Engine {
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, types: pgTypes, Client: PreparingClient });
  pool.on('error', onConnectionError);
  pool.on('connect', (client) => client.on('error', onConnectionError));
  return {
    name: 'postgres',
    dialect: new RetryingPostgresDialect({ pool }),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    plugins: [],
    types: { timestamp: 'timestamptz', boolean: 'boolean', json: 'jsonb', binary: 'bytea' },
    id: (column) => column.primaryKey().generatedByDefaultAsIdentity(),
    forUpdate: (query) => query.forUpdate(),
    forNoKeyUpdate: (query) => query.forNoKeyUpdate(),
    refreshStatistics: async (db, tables) => {
      // ANALYZE samples a bounded number of rows (300 × the statistics target) whatever the size.
      if (tables.length > 0)
        await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    },
    isUniqueViolation: (error) => error instanceof Error && 'code' in error && error.code === '23505',
  };
}
