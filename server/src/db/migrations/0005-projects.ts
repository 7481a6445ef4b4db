/**
 * Project boards (D16–D18): boards, their members, lists and items with a stored position each,
 * and the items' to-dos. board_id is repeated on items and to-dos so a whole board reads with one
 * indexed query per table. `version` changes with every write to the board: caches key on it.
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function projects(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('boards')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('boards_owner').on('boards').column('owner_id').execute();

      await db.schema
        .createTable('board_members')
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('board_members_pk', ['board_id', 'user_id'])
        .execute();
      await db.schema.createIndex('board_members_user').on('board_members').column('user_id').execute();

      await db.schema
        .createTable('board_lists')
        .addColumn('id', 'integer', engine.id)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('header_color', 'text', (c) => c.notNull().defaultTo('purple'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('board_lists_board_position')
        .on('board_lists')
        .columns(['board_id', 'position'])
        .execute();

      await db.schema
        .createTable('board_items')
        .addColumn('id', 'integer', engine.id)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('list_id', 'integer', (c) => c.notNull().references('board_lists.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('board_items_list_position')
        .on('board_items')
        .columns(['list_id', 'position'])
        .execute();
      await db.schema.createIndex('board_items_board').on('board_items').column('board_id').execute();

      await db.schema
        .createTable('item_todos')
        .addColumn('id', 'integer', engine.id)
        .addColumn('board_id', 'integer', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('board_items.id').onDelete('cascade'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('done', types.boolean, (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('item_todos_item').on('item_todos').column('item_id').execute();
      await db.schema.createIndex('item_todos_board').on('item_todos').column('board_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['item_todos', 'board_items', 'board_lists', 'board_members', 'boards']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
