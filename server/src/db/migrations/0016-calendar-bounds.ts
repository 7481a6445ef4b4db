/**
 * Bounded calendar work (D41) and imports that update (D40): each event keeps the start of its
 * last occurrence (`last_start_at`; null for a rule without end), so that a rule with COUNT is
 * expanded in windows like any other instead of from its first occurrence; and its iCalendar
 * SEQUENCE, so that a re-imported file updates what changed. Events written before get theirs
 * here. Imports find a user's events by UID through (owner_id, uid).
 */
import { type Kysely, type Migration } from 'kysely';
import type { Engine } from '../dialect';
import { lastStartOf } from '../../lib/occurrences';

interface Row {
  id: number;
  start_at: string;
  end_at: string;
  all_day: boolean | number;
  time_zone: string;
  recurrence: string | null;
}

export function calendarBounds(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('events').addColumn('last_start_at', types.timestamp).execute();
      await db.schema
        .alterTable('events')
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('events_owner_uid').on('events').columns(['owner_id', 'uid']).execute();
      const typed = db as unknown as Kysely<{ events: Row & { last_start_at: string | null } }>;
      const rows = await typed
        .selectFrom('events')
        .select(['id', 'start_at', 'end_at', 'all_day', 'time_zone', 'recurrence'])
        .execute();
      for (const row of rows) {
        let last: number | null;
        try {
          last = await lastStartOf({
            start: Date.parse(row.start_at),
            end: Date.parse(row.end_at),
            allDay: Boolean(row.all_day),
            timeZone: row.time_zone,
            recurrence: row.recurrence,
          });
        } catch {
          last = Date.parse(row.start_at);
        }
        if (last === null) continue;
        await typed
          .updateTable('events')
          .set({ last_start_at: new Date(last).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('events_owner_uid').execute();
      await db.schema.alterTable('events').dropColumn('sequence').execute();
      await db.schema.alterTable('events').dropColumn('last_start_at').execute();
    },
  };
}
