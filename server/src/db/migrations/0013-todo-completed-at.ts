/**
 * When a to-do was completed (for the dashboard's tasks completed per week). Set by the
 * to-dos service when a task is completed, cleared when it is un-completed; tasks completed before
 * this migration take their last change as the best time known. The index serves "the user's tasks
 * completed since" as one range.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function todoCompletedAt(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('todos').addColumn('completed_at', types.timestamp).execute();
      // A boolean on PostgreSQL, 0/1 on SQLite: either reads as a condition.
      await sql`update todos set completed_at = updated_at where is_completed`.execute(db);
      await db.schema
        .createIndex('todos_owner_completed')
        .on('todos')
        .columns(['owner_id', 'completed_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('todos_owner_completed').execute();
      await db.schema.alterTable('todos').dropColumn('completed_at').execute();
    },
  };
}
