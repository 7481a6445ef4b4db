/**
 * Queries compiled once per shape (preparedShaped): each run answers what the builder's query
 * answers with the run's own values, whatever the lengths of its lists, with a value used twice,
 * a constant of the builder's, an optional value left out, and more shapes than are kept. On the
 * engine the suite runs on.
 */
import { expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { useTestApp } from '../test/harness';
import type { Db } from './index';
import { preparedShaped } from './prepared';

const t = useTestApp();

interface Values {
  ids: number[];
  after: string;
  /** Given: only these names. */
  names?: string[];
}

const build = (db: Db, v: Values) => {
  let query = db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', v.ids)
    .where('created_at', '>', v.after)
    // A constant the builder writes, and a value used twice.
    .where('role', '!=', 'nobody')
    .where((eb) => eb.or([eb('id', 'in', v.ids), eb('id', '=', 0)]));
  if (v.names) query = query.where('username', 'in', v.names);
  return query.orderBy('id');
};
const shaped = preparedShaped(build);

it('answers as the query built with the run’s values does, for every shape, kept or not', async () => {
  for (let i = 0; i < 8; i += 1) await buildUser(t);
  const all = await t.database.db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
  expect(all.length).toBeGreaterThanOrEqual(8);
  const ids = all.map((user) => user.id);
  const runs: Values[] = [];
  // 1 to 80 ids (more shapes than the 64 kept), some missing, then the first shapes again.
  for (let n = 1; n <= 80; n += 1)
    runs.push({
      ids: [...ids.slice(0, Math.min(n, ids.length)), ...Array.from({ length: n }, (_, k) => 10_000 + k)],
      after: '2000-01-01',
    });
  runs.push({ ids: ids.slice(0, 3), after: '2000-01-01' });
  runs.push({ ids: ids.slice(1, 4), after: '2999-01-01' });
  runs.push({ ids, after: '2000-01-01', names: [all[2]!.username, all[5]!.username] });
  runs.push({ ids, after: '2000-01-01', names: [all[1]!.username] });
  runs.push({ ids: ids.slice(0, 1), after: '2000-01-01' });
  for (const values of runs) {
    const expected = await build(t.database.db, values).execute();
    expect(await shaped(t.database.db, values)).toEqual(expected);
  }
  // Not vacuous: the runs found some users and not others.
  expect((await shaped(t.database.db, runs.at(-3)!)).map((user) => user.username)).toEqual([
    all[2]!.username,
    all[5]!.username,
  ]);
  expect(await shaped(t.database.db, runs.at(-4)!)).toEqual([]);
});

it('refuses a builder that computes with a value, at its first run; one it leaves out is no matter', async () => {
  const computing = preparedShaped((db: Db, v: { after: string }) =>
    db.selectFrom('users').select('id').where('created_at', '>', v.after.toUpperCase()),
  );
  await expect(computing(t.database.db, { after: '2000-01-01' })).rejects.toThrow(
    /a value was computed with, not given/,
  );
  const adding = preparedShaped((db: Db, v: { id: number }) =>
    db
      .selectFrom('users')
      .select('id')
      .where('id', '=', v.id * 2),
  );
  await expect(adding(t.database.db, { id: 1 })).rejects.toThrow(/a value was computed with, not given/);
  // A value the builder does not use (a range's bound a read has no need of), or part of a list.
  const user = await buildUser(t);
  const leaving = preparedShaped((db: Db, v: { ids: number[]; unused: string }) =>
    db.selectFrom('users').select('id').where('id', 'in', v.ids.slice(1)),
  );
  expect(await leaving(t.database.db, { ids: [0, Number(user.id)], unused: 'x' })).toEqual([
    { id: Number(user.id) },
  ]);
});
