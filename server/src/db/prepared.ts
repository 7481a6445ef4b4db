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
import { LRUCache } from 'lru-cache';
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

/**
 * A query whose values include lists (`in (…)`): built and compiled once per set of list lengths
 * (its shape), as `prepared` does for a fixed one, the `SHAPES_KEPT` shapes used last kept. The
 * builder is given markers in place of the values (a list of as many markers as the list has
 * values), so it must not compute with them nor choose by them (a list's length and whether an
 * optional value is given are part of the shape): the bounds of a range are values of their own.
 * Each run puts its values where their markers are in the compiled parameters; a constant the
 * builder wrote stays; a marker computed with (changed, or in arithmetic) is an error at the
 * first run. The SQL is what the builder writes with the real values, so plans are unchanged.
 */
export function preparedShaped<Row, Values extends object>(
  build: (db: Db, values: Values) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  const byAdapter = new WeakMap<object, LRUCache<string, Shaped<Row>>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let shapes = byAdapter.get(adapter);
    if (!shapes) byAdapter.set(adapter, (shapes = new LRUCache<string, Shaped<Row>>({ max: SHAPES_KEPT })));
    const named = values as Record<string, unknown>;
    const names = Object.keys(named);
    let key = '';
    for (const name of names) {
      const value = named[name];
      key += Array.isArray(value) ? `${name}:${value.length},` : value === undefined ? '' : `${name},`;
    }
    let shaped = shapes.get(key);
    if (!shaped) {
      shaped = shapeOf(db, build, values, names);
      shapes.set(key, shaped);
    }
    const parameters = shaped.slots.map((slot) =>
      slot.name === undefined
        ? slot.constant
        : slot.index < 0
          ? named[slot.name]
          : (named[slot.name] as unknown[])[slot.index],
    );
    return (await db.executeQuery<Row>({ ...shaped.query, parameters, queryId: createQueryId() })).rows;
  };
}

/** Shapes of a query kept per dialect: enough for the lengths of a busy server's lists. */
const SHAPES_KEPT = 64;

interface Shaped<Row> {
  query: CompiledQuery<Row>;
  /** Each compiled parameter: a value's (a list's `index`th), or a constant of the builder's. */
  slots: Array<
    { name: string; index: number; constant?: undefined } | { name?: undefined; constant: unknown }
  >;
}

const MARK = '\u0000cadence-value\u0000';

function shapeOf<Row, Values extends object>(
  db: Db,
  build: (db: Db, values: Values) => Compilable<Row>,
  values: Values,
  names: string[],
): Shaped<Row> {
  const markers: Record<string, unknown> = {};
  for (const name of names) {
    const value = (values as Record<string, unknown>)[name];
    if (value === undefined) continue;
    markers[name] = Array.isArray(value)
      ? value.map((_, index) => `${MARK}${name}\u0000${index}`)
      : `${MARK}${name}\u0000-1`;
  }
  const query = build(db, markers as Values).compile();
  const known = new Set(Object.values(markers).flat() as string[]);
  const slots = query.parameters.map((parameter) => {
    if (typeof parameter === 'string' && known.has(parameter)) {
      const [name = '', index = ''] = parameter.slice(MARK.length).split('\u0000');
      return { name, index: Number(index) };
    }
    // A marker computed with (changed, joined to text, in arithmetic) would go as a constant (no
    // constant of a builder's holds a NUL).
    if ((typeof parameter === 'string' && parameter.includes('\u0000')) || Number.isNaN(parameter))
      throw new Error(`a value was computed with, not given: ${String(parameter).replaceAll('\u0000', ' ')}`);
    return { constant: parameter };
  });
  return { query, slots };
}
