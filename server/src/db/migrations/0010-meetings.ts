/**
 * Meetings (D3, D24, D34): a meeting belongs to its organiser; its search range is whole days in
 * the organiser's zone; `time` is the chosen start (null while none is). Each invitee has one
 * invitation row with their answer. A meeting with a time puts an entry of kind 'meeting' on the
 * organiser's and each accepting invitee's calendar (calendar_entries, made by 0008).
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../dialect';

export function meetings(engine: Engine): Migration {
  const { types } = engine;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('meetings')
        .addColumn('id', 'integer', engine.id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('duration', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('time', types.timestamp)
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('completed', types.boolean, (c) => c.notNull())
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addColumn('updated_at', types.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('meetings_owner')
        .on('meetings')
        .columns(['owner_id', 'state', 'id'])
        .execute();

      await db.schema
        .createTable('meeting_invitations')
        .addColumn('meeting_id', 'integer', (c) => c.notNull().references('meetings.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('answered_at', types.timestamp)
        .addColumn('created_at', types.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('meeting_invitations_pk', ['meeting_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('meeting_invitations_user')
        .on('meeting_invitations')
        .columns(['user_id', 'status', 'meeting_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('meeting_invitations').execute();
      await db.schema.dropTable('meetings').execute();
    },
  };
}
