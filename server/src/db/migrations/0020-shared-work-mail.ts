/**
 * Telling people about shared work (D45): one e-mail switch per kind of notice in each account,
 * all on by default (the bell shows every notice whatever the switch). The notice kinds are text,
 * with no CHECK, so the new kinds need no change to `notifications`.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

/** The columns, in the order of the settings' switches. */
export const sharedWorkMailColumns = [
  'notify_invitations',
  'notify_schedule_changes',
  'notify_meeting_answers',
  'notify_todo_assigned',
  'notify_todo_completed',
  'notify_board_shared',
  'notify_card_comments',
  'notify_card_due',
] as const;

export function sharedWorkMail(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      for (const column of sharedWorkMailColumns) {
        await db.schema
          .alterTable('users')
          .addColumn(column, types.boolean, (c) => c.notNull().defaultTo(sql`true`))
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const column of [...sharedWorkMailColumns].reverse()) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
