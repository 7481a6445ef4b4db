/**
 * Working hours (D22, D32): each user's weekly intervals in their own time zone, as JSON
 * (`[{day, from, to}]`); null while they have stored none, which means D22's default.
 */
import type { Kysely, Migration } from 'kysely';

export function workingHours(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('working_hours', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('working_hours').execute();
    },
  };
}
