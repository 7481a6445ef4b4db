/**
 * Meetings (D22–D24, D32–D34). A meeting is its organiser's: they alone change or delete it (an
 * invitee gets 403, anyone else 404). Invitees are the organiser's friends or the members of their
 * groups; each has an invitation, pending until they accept or refuse, and may change the answer
 * while the meeting is active and not completed. A chosen time is checked against everyone's
 * working hours and calendars inside the transaction that sets it, with the participants' user
 * rows locked so that two meetings cannot take one person's time at once. A meeting with a time
 * puts an entry on the calendars of its organiser and of the invitees who accepted; archived
 * meetings leave them. Finding the times (D23, D33) reveals free start times only.
 */
import {
  type AnswerInvitationInput,
  type AvailableTimes,
  type AvailableTimesInput,
  type CreateMeetingInput,
  type InvitationList,
  type InvitationsQuery,
  isMeetingRange,
  type Meeting,
  type MeetingList,
  type MeetingsQuery,
  type MeetingAnswerView,
  messages,
  type PublicUser,
  type UpdateMeetingInput,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { preparedShaped } from '../../db/prepared';
import type { ServiceDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import type { Mail } from '../../lib/mailer';
import { recipientColumns } from '../../lib/mail-texts';
import { resolveInvitees } from '../../lib/invitees';
import { bumpListVersions, davChangesSinceEach } from '../../lib/list-versions';
import { byLocalDate, dayStart } from '../../lib/zoned-time';
import { addMeetingEntries, clearMeetingEntries } from '../calendar/meeting-entries';
import type { CalendarService } from '../calendar/service';
import { BLOCK_MS } from '../../lib/series-index';
import { notify, withdrawNotifications } from '../notifications/notify';
import { mailWanted } from '../notifications/shared-work';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { availableStarts, isFreeAt, type Participant } from './availability';
import { answeredMail, type MeetingMailKind, meetingMails } from './invitation-mail';
import { authorizeAnswerLink, authorizeMeeting, visibleMeetings } from './policy';
import { type InvitationRow, meetingEnd, type MeetingRow, presentMeeting } from './presenter';
import { type KeptBusy as KeptIntervals, keptOf, keptWithout, mendedKept } from './kept-busy';
import { engineHours } from './working-hours';
import { afterCommit, transaction } from '../../db/transaction';
import { CACHE_IDLE_MS, keptCache, sweepIdle } from '../../lib/caches';

const MINUTE_MS = 60_000;
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

const now = () => new Date().toISOString();

export type MeetingsServiceDeps = Pick<
  ServiceDeps,
  'db' | 'engine' | 'log' | 'live' | 'outbox' | 'links' | 'config'
> & {
  calendar: Pick<CalendarService, 'busyOf'>;
};

/** The people of a search as read for it: their rows, and their calendars' versions. */
interface PeopleState {
  rows: Array<{ id: number; time_zone: string; working_hours: string | null }>;
  versionOf: Map<number, number>;
}

/** A person's kept busy times (kept-busy.ts) at their calendar's version. */
interface KeptBusy extends KeptIntervals {
  version: number;
  /** Last used (ms since the epoch): unused for CACHE_IDLE_MS, it goes. */
  used: number;
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

export class MeetingsService {
  /** Busy times by person, zone, blocks and version (see participants); the oldest go first. */
  private readonly busyKept = new Map<string, KeptBusy>();
  private busyIntervalsKept = 0;
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

  constructor(private readonly deps: MeetingsServiceDeps) {
    sweepIdle(this, (service, now) => service.forgetIdleBusy(now));
  }

  /** D23's start instants over the caller's days, grouped by the caller's dates. */
  async availableTimes(
    userId: number,
    timeZone: string,
    input: AvailableTimesInput,
  ): Promise<AvailableTimes> {
    const { db } = this.deps;
    if (input.meetingId !== undefined) await authorizeMeeting(db, userId, Number(input.meetingId), 'replan');
    const invitees = await this.resolve(db, userId, input.invitees, input.groups);
    const from = dayStart(input.startDate, timeZone);
    const to = dayStart(input.endDate, timeZone, 1);
    const exceptMeeting = input.meetingId === undefined ? undefined : Number(input.meetingId);
    const state = await this.peopleState(db, [userId, ...invitees], true);
    const key = JSON.stringify([
      timeZone,
      from,
      to,
      input.duration,
      input.step,
      exceptMeeting ?? null,
      [...state.rows]
        .sort((a, b) => a.id - b.id)
        .map((row) => [row.id, row.time_zone, row.working_hours, state.versionOf.get(row.id) ?? 0]),
    ]);
    const kept = this.answersKept.get(key);
    if (kept) return kept;
    const people = await this.participants(db, [userId, ...invitees], from, to, {
      exceptMeeting,
      cached: true,
      state,
    });
    const starts = availableStarts(people, from, to, input.duration * MINUTE_MS, input.step * MINUTE_MS);
    const answer = { timeZone, data: byLocalDate(starts, timeZone, from, to) };
    this.answersKept.set(key, answer);
    return answer;
  }

  /** The meetings the user organises or is invited to, chosen times first (by time), then newest. */
  async list(userId: number, query: MeetingsQuery): Promise<MeetingList> {
    const { db } = this.deps;
    let rows = db
      .selectFrom('meetings')
      .selectAll()
      .where((eb) => visibleMeetings(eb, userId));
    if (query.state) rows = rows.where('state', '=', query.state);
    const found = await rows.execute();
    found.sort(
      (a, b) =>
        Number(a.time === null) - Number(b.time === null) ||
        (a.time !== null && b.time !== null && a.time !== b.time ? (a.time < b.time ? -1 : 1) : b.id - a.id),
    );
    return { data: await this.presentAll(db, found, userId) };
  }

  /** The caller's invitations with their meetings, newest first, and how many wait for an answer. */
  async invitations(userId: number, query: InvitationsQuery): Promise<InvitationList> {
    const { db } = this.deps;
    let mine = db
      .selectFrom('meeting_invitations')
      .select(['meeting_id', 'status'])
      .where('user_id', '=', userId);
    if (query.status) mine = mine.where('status', '=', query.status);
    const invitations = await mine.orderBy('meeting_id', 'desc').execute();
    const rows =
      invitations.length === 0
        ? []
        : await db
            .selectFrom('meetings')
            .selectAll()
            .where(
              'id',
              'in',
              invitations.map((invitation) => invitation.meeting_id),
            )
            .execute();
    const meetings = new Map(
      (await this.presentAll(db, rows, userId)).map((meeting) => [Number(meeting._id), meeting]),
    );
    return {
      // A meeting deleted between the two reads is gone: its invitation goes with it.
      data: invitations.flatMap((invitation) => {
        const meeting = meetings.get(invitation.meeting_id);
        return meeting ? [{ status: invitation.status, meeting }] : [];
      }),
      pending: await this.pendingInvitations(userId),
    };
  }

  /** How many of the user's invitations to active, not completed meetings wait for an answer. */
  async pendingInvitations(userId: number): Promise<number> {
    const pending = await this.deps.db
      .selectFrom('meeting_invitations')
      .innerJoin('meetings', 'meetings.id', 'meeting_invitations.meeting_id')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('meeting_invitations.user_id', '=', userId)
      .where('meeting_invitations.status', '=', 'pending')
      .where('meetings.state', '=', 'active')
      .where('meetings.completed', '=', false)
      .executeTakeFirstOrThrow();
    return Number(pending.count);
  }

  async get(userId: number, id: number): Promise<Meeting> {
    const row = await authorizeMeeting(this.deps.db, userId, id, 'read');
    return (await this.presentAll(this.deps.db, [row], userId))[0]!;
  }

  async create(userId: number, timeZone: string, input: CreateMeetingInput): Promise<Meeting> {
    return transaction(this.deps.db, async (trx) => {
      const invitees = (await this.resolve(trx, userId, input.invitees, input.groups)).filter(
        (id) => id !== userId,
      );
      const fields = {
        owner_id: userId,
        name: input.name,
        description: input.description,
        duration: input.duration,
        start_date: input.startDate,
        end_date: input.endDate,
        link: input.link,
        time: input.time,
        step: input.step,
        time_zone: timeZone,
      };
      if (input.time !== null) await this.checkTime(trx, { ...fields, id: undefined }, [userId, ...invitees]);
      const at = now();
      const { id } = await trx
        .insertInto('meetings')
        .values({
          ...fields,
          state: 'active',
          completed: false,
          uid: `${randomUUID()}@cadence`,
          sequence: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = await trx.selectFrom('meetings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      await this.invite(trx, row, invitees);
      await this.writeEntries(trx, row);
      await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, []);
      this.announce(trx, invitees, invitees);
      return (await this.presentAll(trx, [row], userId))[0]!;
    });
  }

  /**
   * The organiser changes any field. A new time (or a new duration with a time) is checked against
   * everyone invited, and asks each of them again. New invitees are invited; those
   * removed lose the invitation; those kept keep their answer.
   */
  async update(userId: number, timeZone: string, id: number, input: UpdateMeetingInput): Promise<Meeting> {
    return transaction(this.deps.db, async (trx) => {
      const told: number[] = [];
      const notified: number[] = [];
      const row = await authorizeMeeting(trx, userId, id, 'organise', { lock: this.deps.engine });
      const startDate = input.startDate ?? row.start_date;
      const endDate = input.endDate ?? row.end_date;
      if (!isMeetingRange(startDate, endDate)) {
        throw badRequest('VALIDATION_ERROR', 'meetings.rangeInvalid', {
          endDate: messages['meetings.rangeInvalid'],
        });
      }
      const before = await trx
        .selectFrom('meeting_invitations')
        .selectAll()
        .where('meeting_id', '=', id)
        .execute();
      let invitees = before.map((invitation) => invitation.user_id);
      if (input.invitees !== undefined || input.groups !== undefined) {
        invitees = (await this.resolve(trx, userId, input.invitees ?? [], input.groups ?? [])).filter(
          (person) => person !== userId,
        );
      }
      const time = input.time !== undefined ? input.time : row.time;
      const duration = input.duration ?? row.duration;
      const timeChanged = time !== row.time || (time !== null && duration !== row.duration);
      const zone = input.startDate !== undefined || input.endDate !== undefined ? timeZone : row.time_zone;
      const next = {
        name: input.name ?? row.name,
        description: input.description ?? row.description,
        duration,
        start_date: startDate,
        end_date: endDate,
        link: input.link ?? row.link,
        time,
        step: input.step ?? row.step,
        time_zone: zone,
        state: input.state ?? row.state,
        completed: input.completed ?? bool(row.completed),
      };
      const kept = new Set(invitees);
      if (time !== null && timeChanged) await this.checkTime(trx, { ...next, id }, [userId, ...invitees]);
      await trx
        .updateTable('meetings')
        // Every change moves SEQUENCE on (D42): a client keeps the copy with the highest.
        .set({ ...next, sequence: row.sequence + 1, updated_at: now() })
        .where('id', '=', id)
        .execute();
      const removed = before.filter((invitation) => !kept.has(invitation.user_id)).map((i) => i.user_id);
      if (removed.length > 0) {
        await trx
          .deleteFrom('meeting_invitations')
          .where('meeting_id', '=', id)
          .where('user_id', 'in', removed)
          .execute();
      }
      const updated = await trx
        .selectFrom('meetings')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const known = new Set(before.map((invitation) => invitation.user_id));
      const stays = invitees.filter((person) => known.has(person));
      const wasActive = row.state === 'active';
      const isActive = updated.state === 'active';
      if (timeChanged && time !== null && isActive) {
        // A new time asks everyone again, as calendar clients do.
        if (stays.length > 0) {
          await trx
            .updateTable('meeting_invitations')
            .set({ status: 'pending', answered_at: null })
            .where('meeting_id', '=', id)
            .where('user_id', 'in', stays)
            .execute();
        }
      }
      // D42: archiving cancels the meeting in the invitees' calendars; restoring asks again.
      const kind: MeetingMailKind | null =
        wasActive && !isActive
          ? 'cancelled'
          : isActive && (!wasActive || (timeChanged && time !== null))
            ? 'changed'
            : null;
      if (kind) {
        // D45: a new time (asked again) or a restored meeting, or a cancelled one, in the bell.
        await this.notifyInvitees(
          trx,
          updated,
          stays,
          kind === 'cancelled' ? 'meeting-cancelled' : 'meeting-changed',
        );
        notified.push(...stays);
        await this.mail(trx, updated, stays, kind);
      }
      await this.notifyInvitees(trx, updated, removed, 'meeting-cancelled');
      notified.push(...removed);
      await this.mail(trx, updated, removed, 'removed');
      const added = invitees.filter((person) => !known.has(person));
      await this.invite(trx, updated, added);
      notified.push(...added);
      told.push(...known, ...invitees);
      await this.writeEntries(trx, updated);
      await bumpListVersions(trx, [userId, ...known, ...invitees], 'calendar', {
        live: this.deps.live,
        actor: userId,
      });
      this.announce(trx, told, notified);
      return (await this.presentAll(trx, [updated], userId))[0]!;
    });
  }

  /** The organiser deletes the meeting: it leaves every calendar, with its invitations. */
  async remove(userId: number, id: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const row = await authorizeMeeting(trx, userId, id, 'organise', { lock: this.deps.engine });
      const invitees = await trx
        .selectFrom('meeting_invitations')
        .select('user_id')
        .where('meeting_id', '=', id)
        .execute();
      // D42: METHOD:CANCEL to everyone invited, rendered before the rows go.
      if (row.state === 'active') {
        // The cancellation supersedes the last request: SEQUENCE moves on for it.
        await this.mail(
          trx,
          { ...row, sequence: row.sequence + 1 },
          invitees.map((invitee) => invitee.user_id),
          'cancelled',
        );
      }
      await clearMeetingEntries(trx, id);
      await withdrawNotifications(trx, 'meeting', [id]);
      await withdrawNotifications(trx, 'meeting-changed', [id]);
      // D45: those invited to an active meeting are told it is cancelled (the bell's link: the list).
      if (row.state === 'active') {
        await this.notifyInvitees(
          trx,
          row,
          invitees.map((invitee) => invitee.user_id),
          'meeting-cancelled',
        );
      }
      await trx.deleteFrom('meeting_invitations').where('meeting_id', '=', id).execute();
      await trx.deleteFrom('meetings').where('id', '=', id).execute();
      const told = invitees.map((invitee) => invitee.user_id);
      await bumpListVersions(trx, [userId, ...told], 'calendar', { live: this.deps.live, actor: userId }, []);
      // Their invitation and its notification are gone.
      this.announce(trx, told, told);
    });
  }

  /** An invitee accepts or refuses, while the meeting is active and not completed (409 otherwise). */
  async answer(userId: number, id: number, input: AnswerInvitationInput): Promise<Meeting> {
    return transaction(this.deps.db, async (trx) => {
      const row = await authorizeMeeting(trx, userId, id, 'answer', { lock: this.deps.engine });
      const told = await this.record(trx, row, userId, input.status);
      this.announce(trx, [row.owner_id, userId], told ? [row.owner_id] : []);
      return (await this.presentAll(trx, [row], userId))[0]!;
    });
  }

  /**
   * The invitation behind an answer link (D42), as its page shows it: 404 for a link that is not
   * one (forged, for another purpose, or its invitee no longer invited), 410 once it has expired.
   */
  async answerView(token: string): Promise<MeetingAnswerView> {
    const { row, userId } = await authorizeAnswerLink(this.deps.db, this.deps.links, token, 'view');
    return this.answerViewOf(this.deps.db, row, userId);
  }

  /** Answers through the link, without signing in, as `answer` does. */
  async answerByLink(token: string, input: AnswerInvitationInput): Promise<MeetingAnswerView> {
    return transaction(this.deps.db, async (trx) => {
      const { row, userId } = await authorizeAnswerLink(trx, this.deps.links, token, 'answer', {
        lock: this.deps.engine,
      });
      const told = await this.record(trx, row, userId, input.status);
      this.announce(trx, [row.owner_id, userId], told ? [row.owner_id] : []);
      return this.answerViewOf(trx, row, userId);
    });
  }

  /**
   * Writes the invitee's answer, moves the calendars on, and — when the answer changed — tells
   * the organiser in the bell and by mail (D42, D45). Answers whether the organiser was told.
   */
  private async record(
    trx: Db,
    row: MeetingRow,
    userId: number,
    status: 'accepted' | 'refused',
  ): Promise<boolean> {
    const previous = await trx
      .selectFrom('meeting_invitations')
      .select('status')
      .where('meeting_id', '=', row.id)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('meeting_invitations')
      .set({ status, answered_at: now() })
      .where('meeting_id', '=', row.id)
      .where('user_id', '=', userId)
      .execute();
    await this.writeEntries(trx, row);
    // Every calendar showing the meeting lists who accepted: the organiser's and the invitees'.
    const invitees = await trx
      .selectFrom('meeting_invitations')
      .select('user_id')
      .where('meeting_id', '=', row.id)
      .execute();
    await bumpListVersions(trx, [row.owner_id, ...invitees.map((invitee) => invitee.user_id)], 'calendar', {
      live: this.deps.live,
      actor: userId,
    });
    if (previous.status === status) return false;
    await notify(trx, [
      {
        userId: row.owner_id,
        kind: status === 'accepted' ? 'meeting-accepted' : 'meeting-declined',
        sourceId: row.id,
        title: row.name,
        at: row.time ?? now(),
        actorId: userId,
      },
    ]);
    const people = await trx
      .selectFrom('users')
      .select(recipientColumns)
      .where('users.id', 'in', [row.owner_id, userId])
      .execute();
    const organiser = people.find((person) => person.id === row.owner_id)!;
    const invitee = people.find((person) => person.id === userId)!;
    // D45: mailed when the organiser's switch for answers is on; the bell shows it always.
    if ((await mailWanted(trx, [row.owner_id], 'meeting-accepted')).has(row.owner_id)) {
      await this.deps.outbox.enqueue(trx, [
        answeredMail(this.deps.config.PUBLIC_URL, row, organiser, invitee, status === 'accepted'),
      ]);
    }
    return true;
  }

  private async answerViewOf(db: Db, row: MeetingRow, userId: number): Promise<MeetingAnswerView> {
    const [people, invitation] = await Promise.all([
      db
        .selectFrom('users')
        .select([...publicUserColumns, 'users.language', 'users.time_zone'])
        .where('users.id', 'in', [row.owner_id, userId])
        .execute(),
      db
        .selectFrom('meeting_invitations')
        .select('status')
        .where('meeting_id', '=', row.id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    const organiser = people.find((person) => person.id === row.owner_id)!;
    const invitee = people.find((person) => person.id === userId)!;
    return {
      meeting: {
        name: row.name,
        description: row.description,
        link: row.link,
        time: row.time,
        end: meetingEnd(row),
        state: row.state,
        completed: bool(row.completed),
        organiser: presentPublicUser(organiser),
      },
      invitee: {
        name: invitee.full_name || invitee.username,
        language: invitee.language,
        timeZone: invitee.time_zone,
      },
      status: invitation.status,
      open: row.state === 'active' && !bool(row.completed),
    };
  }

  // ---- Reading ---------------------------------------------------------------------------------

  /** The rows with their invitations and people: two indexed queries. */
  private async presentAll(db: Db, rows: MeetingRow[], viewerId: number): Promise<Meeting[]> {
    if (rows.length === 0) return [];
    const invitations = await db
      .selectFrom('meeting_invitations')
      .selectAll()
      .where(
        'meeting_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('meeting_id')
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
    const ids = new Set([...rows.map((row) => row.owner_id), ...invitations.map((i) => i.user_id)]);
    const people = new Map<number, PublicUser>(
      (
        await db
          .selectFrom('users')
          .select(publicUserColumns)
          .where('users.id', 'in', [...ids])
          .execute()
      ).map((user) => [user.id, presentPublicUser(user)]),
    );
    const byMeeting = new Map<number, InvitationRow[]>();
    for (const invitation of invitations) {
      const list = byMeeting.get(invitation.meeting_id) ?? [];
      list.push(invitation);
      byMeeting.set(invitation.meeting_id, list);
    }
    return rows.map((row) => presentMeeting(row, byMeeting.get(row.id) ?? [], people, viewerId));
  }

  /**
   * Each person's zone, working hours and busy times over [from, to). A search (`cached`) keeps
   * each person's busy times by their calendar's version, read before the busy times are: any
   * write to their calendar (an event, a meeting, an answer) bumps it, so a kept entry is never
   * older than its version. They are kept over whole blocks of 4 weeks (BUSY_BLOCK_MS) around the
   * range, with each meeting's interval naming it, so that another range within the same weeks,
   * or the re-planning of a meeting (its own time left out), is answered from them (D71); the
   * series are expanded through the index of series, so a person whose calendar changed costs the
   * rows read and the changed series expanded. Setting a time reads everything afresh inside its
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
      const key = keyOf(row);
      const kept = options.cached ? this.busyKept.get(key) : undefined;
      const version = versionOf.get(row.id) ?? 0;
      if (kept && kept.version === version) {
        // Most recently used last.
        this.busyKept.delete(key);
        this.busyKept.set(key, kept);
        kept.used = Date.now();
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
      const read = await this.deps.calendar.busyOf(
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
   * Kept busy times brought up to their calendars' versions where they changed (D71), sorted by
   * start (the kept ones merged with what is read again): the events each write changed are
   * recorded with the version it made (`dav_changes`, as CalDAV's sync reads them; one statement
   * for everyone), so a person's kept intervals lose those events' and every meeting's (meetings are
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
    const read = await this.deps.calendar.busyOf(
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

  /** Kept busy times, within BUSY_KEPT people and BUSY_INTERVALS_KEPT intervals: the oldest go first. */
  private keep(key: string, version: number, intervals: KeptIntervals): KeptBusy {
    const before = this.busyKept.get(key);
    if (before) {
      this.busyKept.delete(key);
      this.busyIntervalsKept -= before.starts.length;
    }
    const kept = { ...intervals, version, used: Date.now() };
    this.busyKept.set(key, kept);
    this.busyIntervalsKept += kept.starts.length;
    while (
      this.busyKept.size > 1 &&
      (this.busyKept.size > BUSY_KEPT || this.busyIntervalsKept > BUSY_INTERVALS_KEPT)
    ) {
      const [oldest, entry] = this.busyKept.entries().next().value!;
      this.busyKept.delete(oldest);
      this.busyIntervalsKept -= entry.starts.length;
    }
    return kept;
  }

  /** Busy times unused for CACHE_IDLE_MS go (the least recently used come first). */
  private forgetIdleBusy(now: number): void {
    for (const [key, entry] of this.busyKept) {
      if (now - entry.used < CACHE_IDLE_MS) break;
      this.busyKept.delete(key);
      this.busyIntervalsKept -= entry.starts.length;
    }
  }

  // ---- Writing ---------------------------------------------------------------------------------

  private resolve(db: Db, ownerId: number, ids: string[], groupIds: string[]): Promise<number[]> {
    return resolveInvitees(db, ownerId, ids, groupIds, {
      notFriend: { field: 'invitees', key: 'meetings.inviteeNotFriend' },
      groupUnknown: { field: 'groups', key: 'meetings.groupUnknown' },
    });
  }

  /**
   * A time must start within the meeting's days (400 otherwise) and be free for everyone named
   * (409 otherwise). Their user rows are locked first, in id order, so that a concurrent setting
   * of a time for any of them waits for this transaction.
   */
  private async checkTime(
    trx: Db,
    meeting: {
      id: number | undefined;
      time: string | null;
      duration: number;
      start_date: string;
      end_date: string;
      time_zone: string;
    },
    people: number[],
  ): Promise<void> {
    const start = Date.parse(meeting.time!);
    const first = dayStart(meeting.start_date, meeting.time_zone);
    const last = dayStart(meeting.end_date, meeting.time_zone, 1);
    if (start < first || start >= last) {
      throw badRequest('VALIDATION_ERROR', 'meetings.timeOutsideRange', {
        time: messages['meetings.timeOutsideRange'],
      });
    }
    const ids = [...new Set(people)].sort((a, b) => a - b);
    await this.deps.engine
      .forNoKeyUpdate(trx.selectFrom('users').select('id').where('id', 'in', ids).orderBy('id'))
      .execute();
    const duration = meeting.duration * MINUTE_MS;
    const everyone = await this.participants(trx, ids, start, start + duration, {
      exceptMeeting: meeting.id,
    });
    if (!isFreeAt(everyone, start, duration)) throw conflict('TIME_TAKEN', 'meetings.timeTaken');
  }

  /** New invitations, pending, each with a notification and its mail in the outbox. */
  private async invite(trx: Db, row: MeetingRow, invitees: number[]): Promise<void> {
    if (invitees.length === 0) return;
    await trx
      .insertInto('meeting_invitations')
      .values(
        invitees.map((user_id) => ({
          meeting_id: row.id,
          user_id,
          status: 'pending' as const,
          answered_at: null,
          created_at: now(),
        })),
      )
      .execute();
    await this.notifyInvitees(trx, row, invitees);
    await this.mail(trx, row, invitees, 'invited');
  }

  /**
   * A notification in the bell of each invitee named (their mail goes through the outbox): an
   * invitation, a new time to answer again, or the meeting cancelled for them (D45).
   */
  private async notifyInvitees(
    trx: Db,
    row: MeetingRow,
    invitees: number[],
    kind: 'meeting' | 'meeting-changed' | 'meeting-cancelled' = 'meeting',
  ): Promise<void> {
    const at = row.time ?? now();
    await notify(
      trx,
      invitees
        .filter((userId) => userId !== row.owner_id)
        .map((userId) => ({ userId, kind, sourceId: row.id, title: row.name, at, actorId: row.owner_id })),
    );
  }

  /**
   * D42's mails of one kind to the invitees named, into the outbox of the transaction: to those
   * whose switch for it is on (D45: invitations; changes and cancellations).
   */
  private async mail(trx: Db, row: MeetingRow, invitees: number[], kind: MeetingMailKind): Promise<void> {
    const parts = { db: trx, links: this.deps.links, base: this.deps.config.PUBLIC_URL };
    const wanted = await mailWanted(trx, invitees, kind === 'invited' ? 'meeting' : 'meeting-changed');
    const mails: Mail[] = await meetingMails(
      parts,
      row,
      invitees.filter((id) => wanted.has(id)),
      kind,
    );
    await this.deps.outbox.enqueue(trx, mails);
  }

  /** The meeting's calendar entries: with a time and active, on its organiser's and acceptors'. */
  private async writeEntries(trx: Db, row: MeetingRow): Promise<void> {
    await clearMeetingEntries(trx, row.id);
    if (row.time === null || row.state !== 'active') return;
    const accepted = await trx
      .selectFrom('meeting_invitations')
      .select('user_id')
      .where('meeting_id', '=', row.id)
      .where('status', '=', 'accepted')
      .execute();
    await addMeetingEntries(trx, row.id, {
      userIds: [row.owner_id, ...accepted.map((a) => a.user_id)],
      start: row.time,
      end: new Date(Date.parse(row.time) + row.duration * MINUTE_MS).toISOString(),
    });
  }

  /** Once `trx` commits: invitations changed for `told` (live `request`), notifications for `notified`. */
  private announce(trx: Db, told: number[], notified: number[]): void {
    afterCommit(trx, () => {
      this.deps.live.publish(told, { type: 'request', data: { kind: 'meeting' } });
      this.deps.live.publish(notified, { type: 'notification', data: {} });
    });
  }
}
