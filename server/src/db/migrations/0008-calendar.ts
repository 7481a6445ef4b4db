/**
 * The calendar (D21, D31): events and their guests; the entries that put an event (and, with the
 * meetings, a meeting) on each participant's calendar, indexed by start for the range read; the
 * reminders the scheduler fires and the notifications they leave; each user's secret feed.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function calendar(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('events')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('all_day', types.boolean, (c) => c.notNull())
        .addColumn('start_at', types.timestamp, (c) => c.notNull())
        .addColumn('end_at', types.timestamp, (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('recurrence', 'text')
        .addColumn('reminder', 'integer')
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_owner').on('events').columns(['owner_id', 'id']).execute();

      await db.schema
        .createTable('event_guests')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('event_guests_pk', ['event_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('event_guests_user')
        .on('event_guests')
        .columns(['user_id', 'event_id'])
        .execute();

      // What shows on a user's calendar: their events, those they are a guest of (and, later,
      // their meetings). Short single events are found by one range of (user, start); repeating
      // and long ones (is_long) are few and read whole, with their series' first start and last end.
      await db.schema
        .createTable('calendar_entries')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('is_long', types.boolean, (c) => c.notNull())
        .addColumn('start_at', types.timestamp, (c) => c.notNull())
        .addColumn('end_at', types.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('calendar_entries_pk', ['user_id', 'kind', 'source_id'])
        .execute();
      await db.schema
        .createIndex('calendar_entries_range')
        .on('calendar_entries')
        .columns(['user_id', 'kind', 'is_long', 'start_at'])
        .execute();
      await db.schema
        .createIndex('calendar_entries_source')
        .on('calendar_entries')
        .columns(['kind', 'source_id'])
        .execute();

      // One row per user and thing to remind of: when it fires next. The scheduler claims a due
      // row by moving fire_at on with a conditional update, so one instance alone sends it.
      await db.schema
        .createTable('reminders')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('fire_at', types.timestamp, (c) => c.notNull())
        .addColumn('occurrence_at', types.timestamp, (c) => c.notNull())
        .addUniqueConstraint('reminders_one_per_thing', ['user_id', 'kind', 'source_id'])
        .execute();
      await db.schema.createIndex('reminders_due').on('reminders').columns(['fire_at']).execute();
      await db.schema
        .createIndex('reminders_source')
        .on('reminders')
        .columns(['kind', 'source_id'])
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', engine.id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('occurrence_at', types.timestamp, (c) => c.notNull())
        .addColumn('is_read', types.boolean, (c) => c.notNull())
        .addColumn('mail_state', 'text', (c) => c.notNull())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_user')
        .on('notifications')
        .columns(['user_id', 'is_read', 'id'])
        .execute();
      await db.schema.createIndex('notifications_mail').on('notifications').columns(['mail_state']).execute();

      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('users')
        .addColumn('notify_event_reminders', types.boolean, (c) => c.notNull().defaultTo(sql`true`))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('notify_task_reminders', types.boolean, (c) => c.notNull().defaultTo(sql`true`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('notify_task_reminders').execute();
      await db.schema.alterTable('users').dropColumn('notify_event_reminders').execute();
      for (const table of [
        'calendar_feeds',
        'notifications',
        'reminders',
        'calendar_entries',
        'event_guests',
        'events',
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
