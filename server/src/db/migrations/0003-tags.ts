/** The tags users add to the five built-in ones (D14). Built-in tags are not stored. */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function tagsTable(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tags')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      // A name is unique per user without regard to case; user_id leads, so this also serves
      // as the index on the foreign key.
      await db.schema
        .createIndex('tags_user_name_unique')
        .on('tags')
        .unique()
        .column('user_id')
        .expression(sql`lower(name)`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tags').execute();
    },
  };
}
