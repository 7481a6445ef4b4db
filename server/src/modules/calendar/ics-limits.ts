/**
 * How far an iCalendar import reads, and how it says it stopped: the whole file refused
 * (NotICalendar, ImportTooLarge), or one component left out with its reason (Skip).
 */
import type { ImportSkipReason } from '@cadence/contract';

/** The largest component read (its lines, unfolded); a larger one is skipped. */
export const COMPONENT_MAX_CHARS = 1_000_000;
/** The most VTIMEZONE components considered, and observances (STANDARD, DAYLIGHT) in each. */
export const ZONES_MAX = 100;
export const OBSERVANCES_MAX = 200;
/** The most RDATE values in all the observances of one VTIMEZONE (one a year is usual). */
export const ONSETS_MAX = 2000;
export const OFFSET_MAX_SECONDS = 18 * 3600;
/**
 * The work the rules' checks of one file may do in all (`walked.work`; about 0.7 s here): counted,
 * not timed, so that a file imports the same on a busy machine as on an idle one.
 */
export const RULE_WORK_BUDGET = 10_000_000;

export interface ImportSkip {
  uid: string;
  summary: string;
  reason: ImportSkipReason;
}

export class NotICalendar extends Error {}

/** More events or repeating events than an import takes (413). */
export class ImportTooLarge extends Error {
  constructor(readonly key: 'calendar.importTooManyEvents' | 'calendar.importTooManySeries') {
    super(key);
  }
}

/** A component that cannot be read, and why: it is skipped, and the rest of the file still comes in. */
export class Skip extends Error {
  constructor(readonly reason: ImportSkipReason) {
    super(reason);
  }
}
