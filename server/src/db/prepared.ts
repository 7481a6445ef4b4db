/**
 * A query run on every request (the signed-in user's row, a list's version), built and compiled
 * once: building and compiling a Kysely query costs more than running it on SQLite. The builder
 * is given placeholder values; each run passes its own in the same order.
 */
import { type Compilable, createQueryId } from 'kysely';
import type { Db } from './index';

export function prepared<Row, Args extends unknown[]>(
  build: (db: Db) => Compilable<Row>,
): (db: Db, ...parameters: Args) => Promise<Row | undefined> {
  const compiled = new WeakMap<Db, ReturnType<Compilable<Row>['compile']>>();
  return async (db, ...parameters) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      compiled.set(db, query);
    }
    const result = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return result.rows[0];
  };
}
