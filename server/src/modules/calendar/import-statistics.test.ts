/**
 * After a large import the planner knows the user's events are many: a CalDAV sync's page of 200
 * is read along the id index and stops at 200, instead of sorting all of the user's events for
 * each page (as PostgreSQL did while its statistics still counted a few dozen). The plan is the
 * engine's own, sequential scans allowed, of the query `davEvents` runs.
 */
import { type RawBuilder, sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildUser, call, multipartFile } from '../../test/factories';
import { usePostgres, useTestApp } from '../../test/harness';
import { asRaw } from '../../test/query-plans';
import { davVersionsQuery } from '../../lib/list-versions';
import { davEventsQuery } from './dav-events';

const t = useTestApp();

const EVENTS = 1500;

function manyEvents(count: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Example//Many//EN'];
  for (let i = 0; i < count; i += 1) {
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 8) * 86_400_000);
    const date = day.toISOString().slice(0, 10).replace(/-/g, '');
    const hour = String(9 + (i % 8)).padStart(2, '0');
    lines.push(
      'BEGIN:VEVENT',
      `UID:many-${i}@example.com`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART:${date}T${hour}0000Z`,
      `DTEND:${date}T${hour}3000Z`,
      `SUMMARY:Event ${i}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

async function plan(query: RawBuilder<unknown>): Promise<string> {
  if (usePostgres) {
    const rows = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(t.database.db);
    return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  const rows = await sql<{ detail: string }>`explain query plan ${query}`.execute(t.database.db);
  return rows.rows.map((row) => row.detail).join('\n');
}

it(`reads a CalDAV page of a user's ${EVENTS} freshly imported events without sorting them all`, async () => {
  const user = await buildUser(t);
  const body = multipartFile('many.ics', 'text/calendar', Buffer.from(manyEvents(EVENTS)));
  const response = await call(t, 'POST', '/api/calender/import', user.token, body.payload, {
    'content-type': body.contentType,
  });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(201);
  expect(response.json()).toMatchObject({ imported: EVENTS });

  const rows = await davEventsQuery(t.database.db, Number(user.id), 'events', {
    after: 0,
    limit: 200,
  }).execute();
  expect(rows).toHaveLength(200);
  const after = rows[199]!.id;
  const page = await plan(
    asRaw(davEventsQuery(t.database.db, Number(user.id), 'events', { after, limit: 200 })),
  );
  // PostgreSQL: an index scan in id order under the Limit, no Sort node; SQLite: no temporary
  // b-tree for the ORDER BY.
  expect(page, page).toMatch(usePostgres ? /Index Scan using events_(pkey|owner)/ : /events/);
  expect(page, page).not.toMatch(usePostgres ? /Sort/ : /TEMP B-TREE/);

  // The page's versions: one range of dav_changes' primary key, not a scan of the user's rows.
  const ids = rows.map((row) => row.id);
  const versions = await plan(asRaw(davVersionsQuery(t.database.db, Number(user.id), 'calendar', ids)));
  expect(versions, versions).toMatch(
    usePostgres
      ? /(Index (Only )?Scan using|Bitmap Index Scan on) dav_changes_pk.*\n\s+Index Cond: .*source_id >= /s
      : /dav_changes USING (PRIMARY KEY|INDEX)/,
  );
  expect(versions, versions).not.toMatch(/Seq Scan/);
});
