/**
 * Cards that Trello users expect: a due date (and whether it is done), archiving, tags
 * (D14: a built-in by name or someone's own tag by id, as on goals and to-dos), members chosen from
 * the board's people, comments, and a history line per change. Positions become gapped: existing
 * ones are spread 1,024 apart, so a move writes one row and a list is renumbered only when two
 * neighbours have no room left between them (decisions §27).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export const POSITION_GAP = 1024;

export function boardCards(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await sql`update board_items set position = position * ${sql.lit(POSITION_GAP)}`.execute(db);
      await sql`update board_lists set position = position * ${sql.lit(POSITION_GAP)}`.execute(db);

      await db.schema.alterTable('board_items').addColumn('due_at', types.timestamp).execute();
      await db.schema
        .alterTable('board_items')
        .addColumn('due_complete', types.boolean, (c) => c.notNull().defaultTo(sql`false`))
        .execute();
      await db.schema
        .alterTable('board_items')
        .addColumn('archived', types.boolean, (c) => c.notNull().defaultTo(sql`false`))
        .execute();

      await db.schema
        .createTable('item_tags')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('board_items.id').onDelete('cascade'))
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('built_in', 'text')
        .addColumn('tag_id', 'integer', (c) => c.references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('item_tags_pk', ['item_id', 'position'])
        .addCheckConstraint('item_tags_one_kind', sql`(built_in is null) <> (tag_id is null)`)
        .execute();
      await db.schema.createIndex('item_tags_board').on('item_tags').column('board_id').execute();
      await db.schema.createIndex('item_tags_tag').on('item_tags').column('tag_id').execute();

      await db.schema
        .createTable('item_members')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('board_items.id').onDelete('cascade'))
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('item_members_pk', ['item_id', 'user_id'])
        .execute();
      await db.schema.createIndex('item_members_board').on('item_members').column('board_id').execute();
      await db.schema.createIndex('item_members_user').on('item_members').column('user_id').execute();

      await db.schema
        .createTable('item_comments')
        .addColumn('id', 'integer', engine.id)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('board_items.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('item_comments_item')
        .on('item_comments')
        .columns(['item_id', 'id'])
        .execute();
      await db.schema.createIndex('item_comments_board').on('item_comments').column('board_id').execute();
      await db.schema.createIndex('item_comments_author').on('item_comments').column('author_id').execute();

      await db.schema
        .createTable('item_activity')
        .addColumn('id', 'integer', engine.id)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('board_items.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('detail', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('item_activity_item')
        .on('item_activity')
        .columns(['item_id', 'id'])
        .execute();
      await db.schema.createIndex('item_activity_board').on('item_activity').column('board_id').execute();
      await db.schema.createIndex('item_activity_actor').on('item_activity').column('actor_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['item_activity', 'item_comments', 'item_members', 'item_tags']) {
        await db.schema.dropTable(table).execute();
      }
      for (const column of ['archived', 'due_complete', 'due_at']) {
        await db.schema.alterTable('board_items').dropColumn(column).execute();
      }
      await sql`update board_items set position = position / ${sql.lit(POSITION_GAP)}`.execute(db);
      await sql`update board_lists set position = position / ${sql.lit(POSITION_GAP)}`.execute(db);
    },
  };
}
