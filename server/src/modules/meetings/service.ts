/**
 * Meetings' own records (D22–D24, D32–D34): the organiser's create, change and delete, the lists,
 * and the free times to choose from; the invitations' side is invitations.ts.
 */
import {
  type AvailableTimes,
  type AvailableTimesInput,
  type CreateMeetingInput,
  isMeetingRange,
  type Meeting,
  type MeetingList,
  type MeetingsQuery,
  messages,
  type UpdateMeetingInput,
} from '@cadence/contract';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import { resolveInvitees } from '../../lib/invitees';
import { bumpListVersions } from '../../lib/list-versions';
import { dayStart } from '../../lib/zoned-time';
import type { AvailabilityService } from '../availability/service';
import { clearMeetingEntries } from '../calendar/meeting-entries';
import { withdrawNotifications } from '../notifications/notify';
import type { MeetingMailKind } from './invitation-mail';
import type { InvitationsService } from './invitations';
import { announceMeetings, MINUTE_MS, now, presentMeetings, writeMeetingEntries } from './meeting-rows';
import { authorizeMeeting, visibleMeetings } from './policy';

export type MeetingsServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live'> & {
  availability: Pick<AvailabilityService, 'meetingTimes' | 'isFree'>;
  /** Who is invited, told and mailed as a meeting changes. */
  invitations: Pick<InvitationsService, 'invite' | 'notifyInvitees' | 'mail'>;
};

/**
 * A meeting is its organiser's: they alone change or delete it (an invitee gets 403, anyone else
 * 404). Invitees are the organiser's friends or the members of their groups. A chosen time is
 * checked against everyone's working hours and calendars inside the transaction that sets it, with
 * the participants' user rows locked so that two meetings cannot take one person's time at once. A
 * meeting with a time puts an entry on the calendars of its organiser and of the invitees who
 * accepted; archived meetings leave them. Finding the times (D23, D33) reveals free start times only.
 */
export class MeetingsService {
  constructor(private readonly deps: MeetingsServiceDeps) {}

  /** D23's start instants over the caller's days, grouped by the caller's dates. */
  async availableTimes(
    userId: number,
    timeZone: string,
    input: AvailableTimesInput,
  ): Promise<AvailableTimes> {
    const { db } = this.deps;
    if (input.meetingId !== undefined) await authorizeMeeting(db, userId, Number(input.meetingId), 'replan');
    const invitees = await this.resolve(db, userId, input.invitees, input.groups);
    return this.deps.availability.meetingTimes(db, {
      people: [userId, ...invitees],
      timeZone,
      from: dayStart(input.startDate, timeZone),
      to: dayStart(input.endDate, timeZone, 1),
      duration: input.duration * MINUTE_MS,
      step: input.step * MINUTE_MS,
      exceptMeeting: input.meetingId === undefined ? undefined : Number(input.meetingId),
      outsideWorkingHours: input.outsideWorkingHours,
    });
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
    return { data: await presentMeetings(db, found, userId) };
  }

  async get(userId: number, id: number): Promise<Meeting> {
    const row = await authorizeMeeting(this.deps.db, userId, id, 'read');
    return (await presentMeetings(this.deps.db, [row], userId))[0]!;
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
      if (input.time !== null) {
        await this.checkTime(
          trx,
          { ...fields, id: undefined },
          [userId, ...invitees],
          input.outsideWorkingHours,
        );
      }
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
      await this.deps.invitations.invite(trx, row, invitees);
      await writeMeetingEntries(trx, row);
      await bumpListVersions(trx, [userId], 'calendar', { live: this.deps.live, actor: userId }, []);
      announceMeetings(this.deps.live, trx, invitees, invitees);
      return (await presentMeetings(trx, [row], userId))[0]!;
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
      if (time !== null && timeChanged) {
        await this.checkTime(trx, { ...next, id }, [userId, ...invitees], input.outsideWorkingHours ?? false);
      }
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
        await this.deps.invitations.notifyInvitees(
          trx,
          updated,
          stays,
          kind === 'cancelled' ? 'meeting-cancelled' : 'meeting-changed',
        );
        notified.push(...stays);
        await this.deps.invitations.mail(trx, updated, stays, kind);
      }
      await this.deps.invitations.notifyInvitees(trx, updated, removed, 'meeting-cancelled');
      notified.push(...removed);
      await this.deps.invitations.mail(trx, updated, removed, 'removed');
      const added = invitees.filter((person) => !known.has(person));
      await this.deps.invitations.invite(trx, updated, added);
      notified.push(...added);
      told.push(...known, ...invitees);
      await writeMeetingEntries(trx, updated);
      await bumpListVersions(trx, [userId, ...known, ...invitees], 'calendar', {
        live: this.deps.live,
        actor: userId,
      });
      announceMeetings(this.deps.live, trx, told, notified);
      return (await presentMeetings(trx, [updated], userId))[0]!;
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
        await this.deps.invitations.mail(
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
        await this.deps.invitations.notifyInvitees(
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
      announceMeetings(this.deps.live, trx, told, told);
    });
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
   * (409 otherwise): within their working hours, unless it was chosen outside them, and out of their
   * busy times. Their user rows are locked first, in id order, so that a concurrent setting of a
   * time for any of them waits for this transaction.
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
    outsideWorkingHours: boolean,
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
    const free = await this.deps.availability.isFree(
      trx,
      ids,
      start,
      duration,
      meeting.id,
      outsideWorkingHours,
    );
    if (!free) throw conflict('TIME_TAKEN', 'meetings.timeTaken');
  }
}
