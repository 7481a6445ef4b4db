/**
 * CalDAV objects kept as their clients wrote them (D49). `dav_text`: the iCalendar text a client
 * PUT (events and to-dos), with the app's later changes merged in; null for what the app made.
 * `dav_fields`: the app's fields as that text gave them, so that a read knows which fields the app
 * has changed since and merges only those. `repeat_rule` on to-dos: a repetition the app cannot
 * draw (its RRULE value), kept read-only. Every event and to-do gets a stored resource name (the
 * ones named `<id>.ics` keep that name; new ones are `<uuid>.ics`), so a client's name can never
 * meet one of ours; the names' indexes lead with the name. `dav_collections`: the name and colour a user gave each collection.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function davObjects(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of ['events', 'todos']) {
        await db.schema.alterTable(table).addColumn('dav_text', 'text').execute();
        await db.schema.alterTable(table).addColumn('dav_fields', 'text').execute();
        await sql`update ${sql.table(table)} set dav_name = cast(id as text) || '.ics' where dav_name is null`.execute(
          db,
        );
      }
      // A resource is found by its name: the name first, so that the planner never takes this index
      // for the many reads by owner alone (every row has a name now).
      for (const table of ['events', 'todos']) {
        await db.schema.dropIndex(`${table}_owner_dav_name`).execute();
        await db.schema
          .createIndex(`${table}_dav_name`)
          .on(table)
          .columns(['dav_name', 'owner_id'])
          .execute();
      }
      await db.schema.alterTable('todos').addColumn('repeat_rule', 'text').execute();
      await db.schema
        .createTable('dav_collections')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('collection', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text')
        .addColumn('color', 'text')
        .addColumn('updated_at', engine.types.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('dav_collections_pk', ['user_id', 'collection'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('dav_collections').execute();
      await db.schema.alterTable('todos').dropColumn('repeat_rule').execute();
      for (const table of ['events', 'todos']) {
        await db.schema.dropIndex(`${table}_dav_name`).execute();
        await db.schema
          .createIndex(`${table}_owner_dav_name`)
          .on(table)
          .columns(['owner_id', 'dav_name'])
          .execute();
      }
      for (const table of ['events', 'todos']) {
        await db.schema.alterTable(table).dropColumn('dav_fields').execute();
        await db.schema.alterTable(table).dropColumn('dav_text').execute();
      }
    },
  };
}
