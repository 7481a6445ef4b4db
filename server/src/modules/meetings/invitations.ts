/**
 * A meeting's invitations (D34, D42, D45): the invitee's list and answers, signed in or by link,
 * and the invitations, bell notices and mails that the organiser's changes send them.
 */
import type {
  AnswerInvitationInput,
  InvitationList,
  InvitationsQuery,
  Meeting,
  MeetingAnswerView,
} from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import type { Mail } from '../../lib/mailer';
import { recipientColumns } from '../../lib/mail-texts';
import { bumpListVersions } from '../../lib/list-versions';
import { notify } from '../notifications/notify';
import { mailWanted } from '../notifications/shared-work';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';
import { answeredMail, type MeetingMailKind, meetingMails } from './invitation-mail';
import { announceMeetings, now, presentMeetings, writeMeetingEntries } from './meeting-rows';
import { authorizeAnswerLink, authorizeMeeting } from './policy';
import { meetingEnd, type MeetingRow } from './presenter';

export type InvitationsServiceDeps = Pick<
  ServiceDeps,
  'db' | 'engine' | 'live' | 'outbox' | 'links' | 'config'
>;

/**
 * Each invitee has an invitation, pending until they accept or refuse, and may change the answer
 * while the meeting is active and not completed; an answer moves the calendars on and, when it
 * changed, tells the organiser.
 */
export class InvitationsService {
  constructor(private readonly deps: InvitationsServiceDeps) {}

  /** The caller's invitations with their meetings, newest first, and how many wait for an answer. */
  async list(userId: number, query: InvitationsQuery): Promise<InvitationList> {
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
      (await presentMeetings(db, rows, userId)).map((meeting) => [Number(meeting._id), meeting]),
    );
    return {
      // A meeting deleted between the two reads is gone: its invitation goes with it.
      data: invitations.flatMap((invitation) => {
        const meeting = meetings.get(invitation.meeting_id);
        return meeting ? [{ status: invitation.status, meeting }] : [];
      }),
      pending: await this.pending(userId),
    };
  }

  /** How many of the user's invitations to active, not completed meetings wait for an answer. */
  async pending(userId: number): Promise<number> {
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

  /** An invitee accepts or refuses, while the meeting is active and not completed (409 otherwise). */
  async answer(userId: number, id: number, input: AnswerInvitationInput): Promise<Meeting> {
    return transaction(this.deps.db, async (trx) => {
      const row = await authorizeMeeting(trx, userId, id, 'answer', { lock: this.deps.engine });
      const told = await this.record(trx, row, userId, input.status);
      announceMeetings(this.deps.live, trx, [row.owner_id, userId], told ? [row.owner_id] : []);
      return (await presentMeetings(trx, [row], userId))[0]!;
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
      announceMeetings(this.deps.live, trx, [row.owner_id, userId], told ? [row.owner_id] : []);
      return this.answerViewOf(trx, row, userId);
    });
  }

  // ---- For the organiser's changes (MeetingsService), inside their transaction ----------------

  /** New invitations, pending, each with a notification and its mail in the outbox. */
  async invite(trx: Db, row: MeetingRow, invitees: number[]): Promise<void> {
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
  async notifyInvitees(
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
  async mail(trx: Db, row: MeetingRow, invitees: number[], kind: MeetingMailKind): Promise<void> {
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

  // ---- Inside ----------------------------------------------------------------------------------

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
    await writeMeetingEntries(trx, row);
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
}
