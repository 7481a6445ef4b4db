/**
 * A query run on every request (the signed-in user's row, a list's version, a card's move), built
 * and compiled once: building and compiling a Kysely query costs more than running it on SQLite.
 * The builder is given placeholder values; each run passes its own in the order the compiled SQL
 * has them (a `limit` or an added constant is a parameter too; `sql` text is not). The compiled
 * query is kept per dialect (its adapter), so it serves the pool and its transactions alike; on
 * PostgreSQL each connection also prepares it once, by name (`preparedName`, dialect.ts), instead
 * of parsing and planning it at every run.
 */
import { type Compilable, type CompiledQuery, createQueryId } from 'kysely';
import type { Db } from './index';

/** The SQL texts compiled here, each with a statement name: a fixed set, one per query below. */
const names = new Map<string, string>();

/** The name PostgreSQL may prepare this SQL text under: only for the queries compiled here. */
export const preparedName = (text: string): string | undefined => names.get(text);

function compiledOnce<Row>(build: (db: Db) => Compilable<Row>) {
  const compiled = new WeakMap<object, CompiledQuery<Row>>();
  return (db: Db, parameters: unknown[]): CompiledQuery<Row> => {
    const key = db.getExecutor().adapter;
    let query = compiled.get(key);
    if (!query) {
      query = build(db).compile();
      compiled.set(key, query);
      if (!names.has(query.sql)) names.set(query.sql, `cadence_${names.size + 1}`);
    }
    return { ...query, parameters, queryId: createQueryId() };
  };
}

/** The query's first row. */
export function prepared<Row, Args extends unknown[]>(
  build: (db: Db) => Compilable<Row>,
): (db: Db, ...parameters: Args) => Promise<Row | undefined> {
  const compile = compiledOnce(build);
  return async (db, ...parameters) => (await db.executeQuery<Row>(compile(db, parameters))).rows[0];
}

/** The query's rows. */
export function preparedRows<Row, Args extends unknown[]>(
  build: (db: Db) => Compilable<Row>,
): (db: Db, ...parameters: Args) => Promise<Row[]> {
  const compile = compiledOnce(build);
  return async (db, ...parameters) => (await db.executeQuery<Row>(compile(db, parameters))).rows;
}
