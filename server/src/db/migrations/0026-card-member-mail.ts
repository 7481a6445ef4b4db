/**
 * The e-mail switch of a new notice kind: being made a member of a card (on by default, like the
 * other switches of 0020). The notice kinds are text with no CHECK: `notifications` is unchanged.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function cardMemberMail(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('notify_card_members', types.boolean, (c) => c.notNull().defaultTo(sql`true`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('notify_card_members').execute();
    },
  };
}
