/**
 * One occurrence of a repeating event changed or cancelled (D39), and the occurrences a file adds
 * to a series (RDATE, D40): `occurrence_at` names the occurrence by its original start (RFC 5545's
 * RECURRENCE-ID). An `override` holds that occurrence's own fields, an `exclusion` none, an
 * `addition` an occurrence the rule does not make. At most 1,000 per event (the service's limit).
 */
import { type Kysely, type Migration } from 'kysely';
import type { Engine } from '../dialect';

export function eventExceptions(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('event_exceptions')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
        .addColumn('occurrence_at', types.timestamp, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('description', 'text')
        .addColumn('url', 'text')
        .addColumn('location', 'text')
        .addColumn('category', 'text')
        .addColumn('all_day', types.boolean)
        .addColumn('start_at', types.timestamp)
        .addColumn('end_at', types.timestamp)
        .addColumn('reminder', 'integer')
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('event_exceptions_pk', ['event_id', 'occurrence_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('event_exceptions').execute();
    },
  };
}
