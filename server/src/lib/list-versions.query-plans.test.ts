/**
 * The changes since several users' versions (a meetings search's mend, D71) read one range of the
 * (user, list, version) index per user, from that user's own version: a user far ahead of the
 * others costs none of their older rows (see test/query-plans.ts).
 */
import { expect, it } from 'vitest';
import { usePostgres, useTestApp } from '../test/harness';
import { asRaw, expectIndexed } from '../test/query-plans';
import { changesSinceQuery } from './list-versions';

const t = useTestApp();

it('reads each user’s changes by a range of the index from their own version', async () => {
  const query = changesSinceQuery(t.database.db, {
    users: [1, 2, 3],
    versions: [5_000, 3, 40],
    list: 'calendar',
  });
  const plan = await expectIndexed(t, asRaw(query), /^dav_changes/);
  if (usePostgres) {
    // Each user's rows by the index; their version bounds the range where the statistics say it
    // pays (an empty table here: the primary key's (user, list) range, the version filtered).
    expect(plan).toMatch(/BitmapOr/);
    expect(plan.match(/Index Cond: \(\(user_id = \d+\) AND \(list = 'calendar'::text\)/g)).toHaveLength(3);
  } else {
    expect(plan).toMatch(/MULTI-INDEX OR/);
    expect(plan.match(/dav_changes_since \(user_id=\? AND list=\? AND version>\?\)/g)).toHaveLength(3);
  }
});
