/**
 * Free times for meetings and booking pages: each person's zone, working hours and busy times
 * (read through the calendar's port, BusySource), the engine over them, and what a process keeps
 * to answer a search again quickly — each person's busy times by their calendar's version, mended
 * where events changed, and whole answers by everything they were computed from.
 */
import { type AvailableTimes, OUTSIDE_WORKING_HOURS_MAX, weekdays } from '@cadence/contract';
import type { Db } from '../../db';
import { preparedShaped } from '../../db/prepared';
import type { ServiceDeps } from '../../deps';
import { keptCache } from '../../lib/caches';
import { davChangesSinceEach } from '../../lib/list-versions';
import { BLOCK_MS } from '../../lib/series-index';
import { byLocalDate } from '../../lib/zoned-time';
import type { BusyInterval, BusyReadOptions, BusySource } from './busy';
import {
  availableStarts,
  isFreeAt,
  nearestStartsOutsideHours,
  noStartsReason,
  type Participant,
  type WorkingInterval,
} from './engine';
import { type KeptBusy as KeptIntervals, keptOf, keptWithout, mendedKept } from './kept-busy';
import { engineHours } from './working-hours';

/** How many people's busy times a process keeps for searches, and how many intervals in all. */
const BUSY_KEPT = 2_000;
const BUSY_INTERVALS_KEPT = 500_000;
/** Kept busy times cover whole blocks of 4 weeks, aligned to the epoch (as the index of series). */
const BUSY_BLOCK_MS = BLOCK_MS;
/** A person whose calendar changed by more events than this since their busy times were kept is read again whole. */
const BUSY_MEND_MAX_EVENTS = 200;
/** Searches' answers kept by what they were computed from (the most recently used). */
const ANSWERS_KEPT = 500;
const ANSWERS_BYTES = 8 * 1024 * 1024;
/** Working hours are widened for the nearest times outside them by half hours. */
const MINUTE_MS = 60_000;
const WIDEN_STEP_MS = 30 * MINUTE_MS;
/** Every minute of the week: a time's check when it was chosen outside working hours. */
const ALL_WEEK: WorkingInterval[] = weekdays.map((day) => ({ day, from: 0, to: 24 * 60 }));

/** The people of a search as read for it: their rows, and their calendars' versions. */
interface PeopleState {
  rows: Array<{ id: number; time_zone: string; working_hours: string | null }>;
  versionOf: Map<number, number>;
}

/** A person's kept busy times (kept-busy.ts) at their calendar's version. */
interface KeptBusy extends KeptIntervals {
  version: number;
}

/** A search for a meeting's start times over [from, to), in ms. */
export interface MeetingSearch {
  people: number[];
  timeZone: string;
  from: number;
  to: number;
  duration: number;
  step: number;
  exceptMeeting?: number;
  /** When no time falls in everyone's working hours: the nearest outside them (D23's answer, widened). */
  outsideWorkingHours?: boolean;
}

// A search's reads of its people, compiled once per number of people (preparedShaped).
const zonesAndHours = preparedShaped((db, v: { people: number[] }) =>
  db.selectFrom('users').select(['id', 'time_zone', 'working_hours']).where('id', 'in', v.people),
);
/** And their calendars' versions, in the same read (none: a calendar never written to). */
const zonesHoursAndVersions = preparedShaped((db, v: { people: number[] }) =>
  db
    .selectFrom('users')
    .leftJoin('list_versions', (join) =>
      join.onRef('list_versions.user_id', '=', 'users.id').on('list_versions.list', '=', 'calendar'),
    )
    .select(['users.id', 'users.time_zone', 'users.working_hours', 'list_versions.version'])
    .where('users.id', 'in', v.people),
);

export type AvailabilityDeps = Pick<ServiceDeps, 'db'> & { busy: BusySource };

export class AvailabilityService {
  /** Busy times by person, zone, blocks and version (see participants); the least recently used go first. */
  private readonly busyKept = keptCache<string, KeptBusy>({
    max: BUSY_KEPT,
    // Bounded in intervals: each counted as 100 bytes (two numbers and its owner's entry).
    maxBytes: BUSY_INTERVALS_KEPT * 100,
    bytesOf: (kept) => 100 * kept.starts.length,
  });
  /**
   * Searches' answers by everything they were computed from: the range, duration, step and
   * meeting left out, and each person's zone, working hours and calendar version. A search made
   * again with nobody's calendar or hours changed (the add-meeting page opened again, another of
   * the people searching) is answered from here.
   */
  private readonly answersKept = keptCache<string, AvailableTimes>({
    max: ANSWERS_KEPT,
    maxBytes: ANSWERS_BYTES,
    // Counted once, when kept: a searched month's starts as JSON, twice for the objects.
    bytesOf: (answer) => 2 * JSON.stringify(answer).length,
  });

  constructor(private readonly deps: AvailabilityDeps) {}

  /** The start instants where everyone searched is free, grouped by the searcher's dates (D23). */
  async meetingTimes(db: Db, search: MeetingSearch): Promise<AvailableTimes> {
    const { timeZone, from, to, exceptMeeting } = search;
    const state = await this.peopleState(db, search.people, true);
    const key = JSON.stringify([
      timeZone,
      from,
      to,
      search.duration,
      search.step,
      exceptMeeting ?? null,
      search.outsideWorkingHours ?? false,
      [...state.rows]
        .sort((a, b) => a.id - b.id)
        .map((row) => [row.id, row.time_zone, row.working_hours, state.versionOf.get(row.id) ?? 0]),
    ]);
    const kept = this.answersKept.get(key);
    if (kept) return kept;
    const people = await this.participants(db, search.people, from, to, {
      exceptMeeting,
      cached: true,
      state,
    });
    const answer = this.startsOrNearest(people, search);
    this.answersKept.set(key, answer);
    return answer;
  }

  /**
   * D23's times; none, the reason, and (asked for) the nearest times outside working hours: those
   * within everyone's hours widened by as few half hours as finds some.
   */
  private startsOrNearest(people: Participant[], search: MeetingSearch): AvailableTimes {
    const { timeZone, from, to, duration, step } = search;
    const starts = availableStarts(people, from, to, duration, step);
    if (starts.length > 0) return { timeZone, data: byLocalDate(starts, timeZone, from, to) };
    const reason = noStartsReason(people, from, to, duration, step);
    const nearest = search.outsideWorkingHours
      ? nearestStartsOutsideHours(
          people,
          from,
          to,
          duration,
          step,
          WIDEN_STEP_MS,
          OUTSIDE_WORKING_HOURS_MAX * MINUTE_MS,
        )
      : null;
    if (!nearest) return { timeZone, data: [], reason };
    return {
      timeZone,
      data: byLocalDate(nearest.starts, timeZone, from, to),
      reason,
      outsideWorkingHoursBy: nearest.widen / MINUTE_MS,
    };
  }

  /**
   * Whether everyone is free for [start, start + duration), read afresh in `trx` (the transaction
   * that sets the time, which has locked their rows).
   */
  async isFree(
    trx: Db,
    people: number[],
    start: number,
    duration: number,
    exceptMeeting?: number,
    outsideWorkingHours = false,
  ) {
    const everyone = await this.participants(trx, people, start, start + duration, { exceptMeeting });
    // A time offered outside working hours (the organiser asked for one) is checked for busy times alone.
    const checked = outsideWorkingHours
      ? everyone.map((person) => ({ ...person, hours: ALL_WEEK }))
      : everyone;
    return isFreeAt(checked, start, duration);
  }

  /** Busy times as the calendar supplies them, unkept: a booking page keeps its whole answers. */
  busyOf(
    users: Array<{ id: number; timeZone: string }>,
    from: number,
    to: number,
    options?: BusyReadOptions,
  ): Promise<Map<number, BusyInterval[]>> {
    return this.deps.busy.busyOf(users, from, to, options);
  }

  /**
   * Each person's zone, working hours and busy times over [from, to). A search (`cached`) keeps
   * each person's busy times by their calendar's version, read before the busy times are: any
   * write to their calendar (an event, a meeting, an answer) bumps it, so a kept entry is never
   * older than its version. They are kept over whole blocks of 4 weeks (BUSY_BLOCK_MS) around the
   * range, with each meeting's interval naming it, so that another range within the same weeks,
   * or the re-planning of a meeting (its own time left out), is answered from them; the series
   * are expanded through the index of series, so a person whose calendar changed costs the rows
   * read and the changed series expanded. Setting a time reads everything afresh inside its
   * transaction.
   */
  private async participants(
    db: Db,
    ids: number[],
    from: number,
    to: number,
    options: { exceptMeeting?: number; cached?: boolean; state?: PeopleState } = {},
  ): Promise<Participant[]> {
    const { rows, versionOf } = options.state ?? (await this.peopleState(db, ids, options.cached ?? false));
    // The kept busy times cover whole blocks: the range's, widened.
    const [keptFrom, keptTo] = [
      Math.floor(from / BUSY_BLOCK_MS) * BUSY_BLOCK_MS,
      Math.ceil(to / BUSY_BLOCK_MS) * BUSY_BLOCK_MS,
    ];
    const keyOf = (row: { id: number; time_zone: string }) =>
      `${row.id}|${row.time_zone}|${keptFrom}|${keptTo}`;
    const busy = new Map<number, Pick<Participant, 'busy' | 'sorted'>>();
    // The engine reaches into the kept blocks by binary search (SortedBusy): they go as they are,
    // less the meeting being re-planned where it is among them.
    const within = (kept: KeptBusy): Pick<Participant, 'busy' | 'sorted'> =>
      options.exceptMeeting === undefined || !kept.meetings.has(options.exceptMeeting)
        ? { sorted: kept }
        : { sorted: keptWithout(kept, -options.exceptMeeting) };
    // Kept and current: used as they are. Kept but older than the calendar: mended where it changed.
    const stale: Array<{ row: (typeof rows)[number]; kept: KeptBusy }> = [];
    const missing = rows.filter((row) => {
      const kept = options.cached ? this.busyKept.get(keyOf(row)) : undefined;
      const version = versionOf.get(row.id) ?? 0;
      if (kept && kept.version === version) {
        busy.set(row.id, within(kept));
        return false;
      }
      // (A version lower than kept: the account was made again under the same id.)
      if (kept && kept.version < version) {
        stale.push({ row, kept });
        return false;
      }
      return true;
    });
    if (stale.length > 0) {
      const mended = await this.mend(db, stale, keptFrom, keptTo);
      for (const { row } of stale) {
        const intervals = mended.get(row.id);
        if (!intervals) {
          missing.push(row);
          continue;
        }
        busy.set(row.id, within(this.keep(keyOf(row), versionOf.get(row.id) ?? 0, intervals)));
      }
    }
    if (missing.length > 0) {
      const read = await this.deps.busy.busyOf(
        missing.map((row) => ({ id: row.id, timeZone: row.time_zone })),
        options.cached ? keptFrom : from,
        options.cached ? keptTo : to,
        { exceptMeeting: options.cached ? undefined : options.exceptMeeting, db },
      );
      for (const row of missing) {
        const intervals = read.get(row.id) ?? [];
        busy.set(
          row.id,
          options.cached
            ? within(this.keep(keyOf(row), versionOf.get(row.id) ?? 0, keptOf(intervals)))
            : { busy: intervals },
        );
      }
    }
    return rows.map((row) => ({
      timeZone: row.time_zone,
      hours: engineHours(row.working_hours),
      ...busy.get(row.id)!,
    }));
  }

  /** The people's zones and working hours, and (`withVersions`) their calendars' versions. */
  private async peopleState(db: Db, ids: number[], withVersions: boolean): Promise<PeopleState> {
    const people = [...new Set(ids)];
    if (!withVersions) return { rows: await zonesAndHours(db, { people }), versionOf: new Map() };
    const rows = await zonesHoursAndVersions(db, { people });
    const versionOf = new Map<number, number>();
    for (const row of rows) if (row.version !== null) versionOf.set(row.id, row.version);
    return { rows, versionOf };
  }

  /**
   * Kept busy times brought up to their calendars' versions where they changed, sorted by start
   * (the kept ones merged with what is read again): the events each write changed are recorded
   * with the version it made (`dav_changes`, as CalDAV's sync reads them; one statement for
   * everyone), so a person's kept intervals lose those events' and every meeting's (meetings are
   * not recorded one by one) and get them read again — one read of those entries for everyone
   * mended, each person's list copied with them taken out and put in (mendedKept). Not mended
   * (answered without): a change not told event by event since (an account's deletion), or more
   * than BUSY_MEND_MAX_EVENTS events changed.
   */
  private async mend(
    db: Db,
    stale: Array<{ row: { id: number; time_zone: string }; kept: KeptBusy }>,
    from: number,
    to: number,
  ): Promise<Map<number, KeptIntervals>> {
    const changedOf = await davChangesSinceEach(
      db,
      'calendar',
      new Map(stale.map(({ row, kept }) => [row.id, kept.version])),
    );
    // Each person's own changes: an event changed on several calendars is recorded for each.
    const mendable = stale.flatMap(({ row, kept }) => {
      const changed = changedOf.get(row.id)!;
      return changed === 'invalid' || changed.length > BUSY_MEND_MAX_EVENTS
        ? []
        : [{ row, kept, own: new Set(changed.map((change) => change.source_id)) }];
    });
    const mended = new Map<number, KeptIntervals>();
    if (mendable.length === 0) return mended;
    const read = await this.deps.busy.busyOf(
      mendable.map(({ row }) => ({ id: row.id, timeZone: row.time_zone })),
      from,
      to,
      { db, events: [...new Set(mendable.flatMap(({ own }) => [...own]))] },
    );
    for (const { row, kept, own } of mendable) {
      const fresh = (read.get(row.id) ?? []).filter(
        (interval) => interval.meeting !== undefined || own.has(interval.event!),
      );
      mended.set(row.id, mendedKept(kept, fresh, own));
    }
    return mended;
  }

  private keep(key: string, version: number, intervals: KeptIntervals): KeptBusy {
    const kept = { ...intervals, version };
    this.busyKept.set(key, kept);
    return kept;
  }
}
