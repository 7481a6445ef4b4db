/**
 * One occurrence of a series changed, cancelled or added (D39, D40), as rows of event_exceptions
 * named by the occurrence's original start, and as what the expansion needs (SeriesExceptions).
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { EventExceptionsTable } from '../../db/schema';
import type { SeriesExceptions } from '../../lib/occurrences';

export type ExceptionRow = Selectable<EventExceptionsTable>;

/** At most this many overrides, exclusions and additions per series (D39). */
export const EXCEPTIONS_MAX = 1000;

const ID_CHUNK = 900;

/** The exceptions of the events, by event id (events without any are absent). */
export async function exceptionsOf(db: Db, eventIds: number[]): Promise<Map<number, ExceptionRow[]>> {
  const byEvent = new Map<number, ExceptionRow[]>();
  for (let index = 0; index < eventIds.length; index += ID_CHUNK) {
    const rows = await db
      .selectFrom('event_exceptions')
      .selectAll()
      .where('event_id', 'in', eventIds.slice(index, index + ID_CHUNK))
      .orderBy('event_id')
      .orderBy('occurrence_at')
      .execute();
    for (const row of rows) {
      const list = byEvent.get(row.event_id) ?? [];
      list.push(row);
      byEvent.set(row.event_id, list);
    }
  }
  return byEvent;
}

/** What the expansion hides and shows for these rows (undefined when there are none). */
export function seriesExceptions(rows: ExceptionRow[] | undefined): SeriesExceptions | undefined {
  if (!rows || rows.length === 0) return undefined;
  const hidden = new Set<number>();
  const shown: SeriesExceptions['shown'] = [];
  for (const row of rows) {
    const occurrence = Date.parse(row.occurrence_at);
    if (row.kind !== 'addition') hidden.add(occurrence);
    if (row.kind === 'exclusion') continue;
    shown.push({
      occurrence,
      start: Date.parse(row.start_at!),
      end: Date.parse(row.end_at!),
      allDay: bool(row.all_day ?? false),
      override: row.kind === 'override',
    });
  }
  return { hidden, shown };
}

/** The earliest start and latest end the exceptions show, for the series' calendar entries. */
export function exceptionsSpan(rows: ExceptionRow[] | undefined): { start: number; end: number } | null {
  let span: { start: number; end: number } | null = null;
  for (const row of rows ?? []) {
    if (row.kind === 'exclusion') continue;
    const [start, end] = [Date.parse(row.start_at!), Date.parse(row.end_at!)];
    span = span ? { start: Math.min(span.start, start), end: Math.max(span.end, end) } : { start, end };
  }
  return span;
}

/** The key of an occurrence within a range answer. */
export const occurrenceKey = (eventId: number, occurrence: number) => `${eventId}|${occurrence}`;
