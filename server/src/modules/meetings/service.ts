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
import type { ServiceDeps } from '../../deps';
import { badRequest, conflict } from '../../errors';
import type { Mail } from '../../lib/mailer';
import { recipientColumns } from '../../lib/mail-texts';
import { resolveInvitees } from '../../lib/invitees';
import { bumpListVersions } from '../../lib/list-versions';
import { dayStart } from '../../lib/zoned-time';
import type { AvailabilityService } from '../availability/service';
import { addMeetingEntries, clearMeetingEntries } from '../calendar/meeting-entries';
import { notify, withdrawNotifications } from '../notifications/notify';
import { mailWanted } from '../notifications/shared-work';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { answeredMail, type MeetingMailKind, meetingMails } from './invitation-mail';
import { authorizeAnswerLink, authorizeMeeting, visibleMeetings } from './policy';
import { type InvitationRow, meetingEnd, type MeetingRow, presentMeeting } from './presenter';
import { afterCommit, transaction } from '../../db/transaction';

const MINUTE_MS = 60_000;
const now = () => new Date().toISOString();

export type MeetingsServiceDeps = Pick<
  ServiceDeps,
  'db' | 'engine' | 'log' | 'live' | 'outbox' | 'links' | 'config'
> & {
  availability: Pick<AvailabilityService, 'meetingTimes' | 'isFree'>;
};

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
    const free = await this.deps.availability.isFree(trx, ids, start, duration, meeting.id);
    if (!free) throw conflict('TIME_TAKEN', 'meetings.timeTaken');
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
