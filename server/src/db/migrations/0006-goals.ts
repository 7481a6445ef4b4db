/**
 * Goals (D19, D29): a goal per row with its state flags, its sub-goals and their weighted tasks
 * with a stored position each, and its tags — a built-in's name or a reference to the user's own
 * tag, so that renaming a tag renames it on every goal and deleting it takes it off them.
 * goal_id is repeated on tasks so a list of goals reads with one indexed query per table.
 * `list_versions` holds a number per user and list that every write to that list bumps: the
 * cached list bytes and the ETag key on it (goals now; to-dos and events will use it too).
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function goals(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('list_versions')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('list_versions_pk', ['user_id', 'list'])
        .execute();

      await db.schema
        .createTable('goals')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('timeline', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('dedicated_hours', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('is_done', types.boolean, (c) => c.notNull())
        .addColumn('is_progress', types.boolean, (c) => c.notNull())
        .addColumn('is_deleted', types.boolean, (c) => c.notNull())
        .addColumn('deleted_at', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      // Every list of goals is one user's, deleted or not, newest first: one range of this index.
      await db.schema
        .createIndex('goals_user_deleted_id')
        .on('goals')
        .columns(['user_id', 'is_deleted', 'id'])
        .execute();

      await db.schema
        .createTable('goal_sub_objectives')
        .addColumn('id', 'integer', engine.id)
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('goal_sub_objectives_goal_position')
        .on('goal_sub_objectives')
        .columns(['goal_id', 'position'])
        .execute();

      await db.schema
        .createTable('goal_tasks')
        .addColumn('id', 'integer', engine.id)
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('sub_objective_id', 'integer', (c) =>
          c.notNull().references('goal_sub_objectives.id').onDelete('cascade'),
        )
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('done', types.boolean, (c) => c.notNull())
        .addColumn('percentage', 'double precision', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('goal_tasks_goal').on('goal_tasks').column('goal_id').execute();
      await db.schema
        .createIndex('goal_tasks_sub_objective')
        .on('goal_tasks')
        .column('sub_objective_id')
        .execute();

      await db.schema
        .createTable('goal_tags')
        .addColumn('goal_id', 'integer', (c) => c.notNull().references('goals.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('built_in', 'text')
        .addColumn('tag_id', 'integer', (c) => c.references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('goal_tags_pk', ['goal_id', 'position'])
        .addCheckConstraint('goal_tags_one_kind', sql`(built_in is null) <> (tag_id is null)`)
        .execute();
      await db.schema.createIndex('goal_tags_tag').on('goal_tags').column('tag_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['goal_tags', 'goal_tasks', 'goal_sub_objectives', 'goals', 'list_versions']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
