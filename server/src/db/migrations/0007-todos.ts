/**
 * To-dos (D20, D30): tasks with their owner, flags, due date and repeat; their assignees (D13: a
 * group is expanded to its members when assigned); their tags as on goals (a built-in's name or a
 * reference to the owner's own tag).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function todos(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('todos')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('due_date', 'text')
        .addColumn('is_important', types.boolean, (c) => c.notNull())
        .addColumn('is_completed', types.boolean, (c) => c.notNull())
        .addColumn('is_deleted', types.boolean, (c) => c.notNull())
        .addColumn('repeat_every', 'integer')
        .addColumn('repeat_unit', 'text')
        .addColumn('deleted_at', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      // A user's own tasks, deleted or not: one range; the flags and sorts work within it.
      await db.schema
        .createIndex('todos_owner_deleted_due')
        .on('todos')
        .columns(['owner_id', 'is_deleted', 'due_date'])
        .execute();

      await db.schema
        .createTable('todo_assignees')
        .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('todo_assignees_pk', ['todo_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('todo_assignees_user')
        .on('todo_assignees')
        .columns(['user_id', 'todo_id'])
        .execute();

      await db.schema
        .createTable('todo_tags')
        .addColumn('todo_id', 'integer', (c) => c.notNull().references('todos.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('built_in', 'text')
        .addColumn('tag_id', 'integer', (c) => c.references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('todo_tags_pk', ['todo_id', 'position'])
        .addCheckConstraint('todo_tags_one_kind', sql`(built_in is null) <> (tag_id is null)`)
        .execute();
      await db.schema.createIndex('todo_tags_tag').on('todo_tags').column('tag_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['todo_tags', 'todo_assignees', 'todos'])
        await db.schema.dropTable(table).execute();
    },
  };
}
