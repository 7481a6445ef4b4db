/** The account-settings data of D15 on users, and avatars stored in the database (any instance can serve them). */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

const textColumns = [
  'company',
  'bio',
  'dob',
  'country',
  'website',
  'phone',
  'city',
  'address',
  'gender',
  'social_twitter',
  'social_facebook',
  'social_instagram',
  'social_linkedin',
  'social_github',
] as const;

const flagColumns = [
  'notify_comment_on_article',
  'notify_answer_on_form',
  'notify_follow_me',
  'notify_new_announcements',
  'notify_product_updates',
  'notify_blog_digest',
] as const;

export function peopleProfile(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      for (const column of textColumns) {
        await db.schema
          .alterTable('users')
          .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      for (const column of flagColumns) {
        await db.schema
          .alterTable('users')
          .addColumn(column, types.boolean, (c) => c.notNull().defaultTo(sql`false`))
          .execute();
      }
      await db.schema
        .alterTable('users')
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .execute();

      await db.schema
        .createTable('avatars')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('content', types.binary, (c) => c.notNull())
        .addColumn('mime_type', 'text', (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('avatars').execute();
      for (const column of [...textColumns, ...flagColumns, 'time_zone', 'language']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
