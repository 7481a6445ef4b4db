/**
 * Booking pages (D44). `booking_types`: a user's public links, each with its rules and
 * its hosts (the user alone, or one of their groups, collective or round-robin). `bookings`: what
 * a visitor booked — their name, e-mail and zone, the SHA-256 of the token of their manage link,
 * the UID and SEQUENCE of its iCalendar copies. `booking_hosts`: who is booked, with the event the
 * booking put in each one's calendar (null once they deleted it there). `notify_bookings`: D45's
 * e-mail switch for bookings, on by default.
 */
import { type Kysely, type Migration, sql } from 'kysely';
import type { Engine } from '../dialect';

export function booking(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_types')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('buffer_before', 'integer', (c) => c.notNull())
        .addColumn('buffer_after', 'integer', (c) => c.notNull())
        .addColumn('min_notice', 'integer', (c) => c.notNull())
        .addColumn('max_per_day', 'integer')
        .addColumn('range_days', 'integer', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('group_id', 'integer', (c) => c.references('groups.id').onDelete('set null'))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .addUniqueConstraint('booking_types_owner_slug', ['owner_id', 'slug'])
        .execute();

      await db.schema
        .createTable('bookings')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type_id', 'integer', (c) => c.references('booking_types.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('start_at', types.timestamp, (c) => c.notNull())
        .addColumn('end_at', types.timestamp, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bookings_type').on('bookings').columns(['type_id', 'start_at']).execute();
      await db.schema
        .createIndex('bookings_owner')
        .on('bookings')
        .columns(['owner_id', 'start_at'])
        .execute();

      await db.schema
        .createTable('booking_hosts')
        .addColumn('booking_id', 'integer', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
        .addPrimaryKeyConstraint('booking_hosts_pk', ['booking_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('booking_hosts_user')
        .on('booking_hosts')
        .columns(['user_id', 'booking_id'])
        .execute();

      await db.schema
        .alterTable('users')
        .addColumn('notify_bookings', types.boolean, (c) => c.notNull().defaultTo(sql`true`))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('notify_bookings').execute();
      await db.schema.dropTable('booking_hosts').execute();
      await db.schema.dropTable('bookings').execute();
      await db.schema.dropTable('booking_types').execute();
    },
  };
}
