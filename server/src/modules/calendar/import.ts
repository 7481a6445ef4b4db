/**
 * The import of an iCalendar file's events into the user's calendar (D40, D41), by UID, in short
 * transactions; and the writing of a file's series over a kept event, which CalDAV's PUT shares.
 */
import { CALENDAR_EVENTS_PER_USER_MAX } from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import { bumpListVersions, newDavName } from '../../lib/list-versions';
import type { WorkSlicer } from '../../lib/work-slicer';
import { chunks, entriesOf, iso, rewriteEntries } from './entries';
import {
  type CalendarDeps,
  eventColumns,
  exceptionRowsOf,
  guestsOf,
  type NewEvent,
  now,
  ownedCount,
} from './event-writes';
import type { ImportedEvent, ImportedException } from './ics-event';
import type { EventRow } from './presenter';

/**
 * Events written per transaction by an import: short, so that other requests get the database (on
 * SQLite a transaction is also one block of the event loop: 250 reached 103 ms with a GC in it).
 */
const IMPORT_CHUNK = 100;

/** New events from one file past which the planner's statistics are refreshed (Engine). */
const BULK_IMPORT = 1000;

export class CalendarImport {
  constructor(private readonly deps: Pick<CalendarDeps, 'db' | 'engine' | 'reminders' | 'live'>) {}

  /**
   * The events of an iCalendar file, as the user's own (no guests), by UID (D40): one the user does
   * not have is added; one they have is updated when the file's is newer (a higher SEQUENCE, or at
   * the same SEQUENCE a LAST-MODIFIED after our last change), else left unchanged. Written in
   * transactions of 100 events with the event loop turning between them, so that a 20,000-event
   * file keeps the database and the process free for others (a re-import finishes an interrupted
   * one). New events beyond the user's 100,000 come back in `overLimit`.
   */
  async importEvents(
    userId: number,
    events: ImportedEvent[],
    slicer: WorkSlicer,
  ): Promise<{ imported: number; updated: number; unchanged: number; overLimit: ImportedEvent[] }> {
    // One event per UID, the file's latest; none without a UID gets one of ours.
    const byUid = new Map<string, ImportedEvent>();
    let read = 0;
    for (const event of events) {
      if ((read += 1) % 500 === 0) await slicer.pause();
      const uid = event.uid || `${randomUUID()}@cadence`;
      const seen = byUid.get(uid);
      if (!seen || newer(event, seen.sequence, seen.modified ?? 0))
        byUid.set(uid, event.uid ? event : { ...event, uid });
    }
    const known = new Map<string, { id: number; sequence: number; updated_at: string }>();
    for (const uids of chunks([...byUid.keys()])) {
      const rows = await this.deps.db
        .selectFrom('events')
        .select(['id', 'uid', 'sequence', 'updated_at'])
        .where('owner_id', '=', userId)
        .where('uid', 'in', uids)
        .execute();
      for (const row of rows) known.set(row.uid, row);
      await slicer.pause();
    }
    let room = CALENDAR_EVENTS_PER_USER_MAX - (await ownedCount(this.deps.db, userId));
    type Write = NewEvent & { lastStart: string | null; changes: ImportedException[] };
    const inserts: Write[] = [];
    const updates: Array<Write & { id: number }> = [];
    const overLimit: ImportedEvent[] = [];
    let unchanged = 0;
    let sorted = 0;
    for (const event of byUid.values()) {
      // 20,000 events gone through in one go held the event loop ~20 ms here (as the loop above).
      if ((sorted += 1) % 500 === 0) await slicer.pause();
      const mine = known.get(event.uid);
      if (mine && !newer(event, mine.sequence, Date.parse(mine.updated_at))) {
        unchanged += 1;
        continue;
      }
      if (!mine && room <= 0) {
        overLimit.push(event);
        continue;
      }
      const lastStart = event.lastStart === null ? null : iso(event.lastStart);
      if (mine) updates.push({ ...event, id: mine.id, lastStart });
      else {
        inserts.push({ ...event, lastStart });
        room -= 1;
      }
    }
    for (const chunk of chunks(inserts, IMPORT_CHUNK)) {
      await transaction(this.deps.db, async (trx) => {
        const at = now();
        const rows = await trx
          .insertInto('events')
          .values(
            chunk.map((fields) => ({
              owner_id: userId,
              ...eventColumns(fields),
              dav_name: newDavName(),
              created_at: at,
              updated_at: at,
            })),
          )
          .returningAll()
          .execute();
        const byUid = new Map(chunk.map((fields) => [fields.uid, fields]));
        const changed = new Map(
          rows.map((row) => [row.id, exceptionRowsOf(row.id, byUid.get(row.uid)?.changes ?? [], at)]),
        );
        const exceptionRows = [...changed.values()].flat();
        for (const part of chunks(exceptionRows, 200))
          await trx.insertInto('event_exceptions').values(part).execute();
        await trx
          .insertInto('calendar_entries')
          .values(rows.flatMap((row) => entriesOf(row, [userId], changed.get(row.id))))
          .execute();
        await this.deps.reminders.syncNewEvents(
          trx,
          rows.filter((row) => changed.get(row.id)!.length === 0),
        );
        for (const row of rows) {
          if (changed.get(row.id)!.length > 0) await this.deps.reminders.syncEvent(trx, row.id);
        }
        await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, rows);
      });
      await slicer.pause();
    }
    for (const chunk of chunks(updates, IMPORT_CHUNK)) {
      await transaction(this.deps.db, async (trx) => {
        const rewritten: EventRow[] = [];
        for (const fields of chunk) {
          const { row, guests } = await replaceSeries(this.deps, trx, userId, fields);
          await bumpListVersions(trx, guests, 'calendar', { live: this.deps.live, actor: userId }, [row]);
          rewritten.push(row);
        }
        await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, rewritten);
      });
      await slicer.pause();
    }
    if (inserts.length >= BULK_IMPORT)
      await this.deps.engine.refreshStatistics(this.deps.db, [
        'events',
        'event_exceptions',
        'calendar_entries',
        'dav_changes',
      ]);
    return { imported: inserts.length, updated: updates.length, unchanged, overLimit };
  }
}

/**
 * An event's series written over by a file's (an import, a CalDAV PUT): its fields, rule and
 * exceptions as the file has them; its guests stay. Its calendar entries and reminders follow.
 */
export async function replaceSeries(
  deps: Pick<CalendarDeps, 'reminders'>,
  trx: Db,
  userId: number,
  fields: NewEvent & { id: number; lastStart: string | null; changes: ImportedException[] },
): Promise<{ row: EventRow; guests: number[] }> {
  const { owner_id: _owner, ...columns } = { owner_id: userId, ...eventColumns(fields) };
  const at = now();
  await trx
    .updateTable('events')
    .set({ ...columns, updated_at: at })
    .where('id', '=', fields.id)
    .execute();
  await trx.deleteFrom('event_exceptions').where('event_id', '=', fields.id).execute();
  for (const part of chunks(exceptionRowsOf(fields.id, fields.changes, at), 200)) {
    await trx.insertInto('event_exceptions').values(part).execute();
  }
  const row = await trx
    .selectFrom('events')
    .selectAll()
    .where('id', '=', fields.id)
    .executeTakeFirstOrThrow();
  const guests = await guestsOf(trx, fields.id);
  await rewriteEntries(trx, row, [userId, ...guests]);
  await deps.reminders.syncEvent(trx, fields.id);
  return { row, guests };
}

/** Whether an imported event is newer than what is kept (D40). */
function newer(event: ImportedEvent, sequence: number, modified: number): boolean {
  if (event.sequence !== sequence) return event.sequence > sequence;
  return (event.modified ?? 0) > modified;
}
