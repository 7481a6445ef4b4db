/**
 * The port through which availability reads busy times: the calendar supplies them (its entries,
 * events and series expanded), availability keeps and searches them. Nothing here knows tables.
 */
import type { Db } from '../../db';

/** A busy interval: a meeting's names it, an event's names its event. */
export interface BusyInterval {
  start: number;
  end: number;
  meeting?: number;
  event?: number;
}

export interface BusyReadOptions {
  /** Left out (the meeting being re-planned). */
  exceptMeeting?: number;
  /** The transaction that sets a time, when one does. */
  db?: Db;
  /** Only these events' intervals (and every meeting's): a mend of kept busy times. */
  events?: readonly number[];
}

/** Each user's busy intervals within [from, to), all-day ones over their days in that user's zone. */
export interface BusySource {
  busyOf(
    users: Array<{ id: number; timeZone: string }>,
    from: number,
    to: number,
    options?: BusyReadOptions,
  ): Promise<Map<number, BusyInterval[]>>;
}
