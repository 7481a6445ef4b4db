/**
 * The iCalendar feed (D42): each user's secret address (256 random bits kept only as their SHA-256,
 * so a database leak opens no one's calendar; a new one revokes the old) and what the feed is
 * written from: its latest events, their exceptions and people (CalDAV's objects too), meetings.
 */
import type { CalendarFeed, CalendarFeedStatus } from '@cadence/contract';
import type { ServiceDeps } from '../../deps';
import { hashToken, randomToken } from '../../lib/tokens';
import { WorkSlicer } from '../../lib/work-slicer';
import { chunks, iso } from './entries';
import { type ExceptionRow, exceptionsOf } from './exceptions';
import type { IcsMeeting, IcsPeople } from './ics';
import type { EventRow } from './presenter';

/** The most events a feed holds (the latest starts). */
export const FEED_EVENTS_MAX = 5000;

export class CalendarFeedService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'config'>) {}

  async status(userId: number): Promise<CalendarFeedStatus> {
    const row = await this.deps.db
      .selectFrom('calendar_feeds')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { active: row !== undefined, createdAt: row?.created_at ?? null };
  }

  /** A new address for the user, replacing any other; the only time the secret is seen. */
  async rotate(userId: number): Promise<CalendarFeed> {
    const token = randomToken();
    const createdAt = new Date().toISOString();
    await this.deps.db
      .insertInto('calendar_feeds')
      .values({ user_id: userId, token_hash: hashToken(token), created_at: createdAt })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ token_hash: hashToken(token), created_at: createdAt }),
      )
      .execute();
    return { active: true, createdAt, url: `${this.deps.config.PUBLIC_URL}/api/calender/feed/${token}.ics` };
  }

  async revoke(userId: number): Promise<void> {
    await this.deps.db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  }

  /** The owner of a feed secret, or undefined. */
  async ownerOf(token: string): Promise<{ id: number; username: string; full_name: string } | undefined> {
    return this.deps.db
      .selectFrom('calendar_feeds')
      .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
      .select(['users.id', 'users.username', 'users.full_name'])
      .where('calendar_feeds.token_hash', '=', hashToken(token))
      .where('users.active', '=', true)
      .executeTakeFirst();
  }

  /**
   * The exceptions of these events, by event (for the feed and CalDAV): a few series at a time, the
   * event loop turning between reads (a series may have a thousand).
   */
  async exceptionsOf(eventIds: number[]): Promise<Map<number, ExceptionRow[]>> {
    const slicer = new WorkSlicer(5);
    const byEvent = new Map<number, ExceptionRow[]>();
    for (const part of chunks(eventIds, 100)) {
      await slicer.pause();
      for (const [id, rows] of await exceptionsOf(this.deps.db, part)) byEvent.set(id, rows);
    }
    return byEvent;
  }

  /**
   * The rows of every event on the user's calendar, for the feed: owned and guest of, the latest
   * start first. On SQLite a read runs in this thread, so no read here is long: the starts of the
   * user's events a page at a time along the entries' key (an ORDER BY of thousands of rows in one
   * statement held the event loop), the latest chosen here, then their rows a few hundred at a
   * time, the event loop turning between reads every 5 ms, as the feed's writing does (routes.ts).
   */
  async feedRows(userId: number): Promise<EventRow[]> {
    const { db } = this.deps;
    const [startsPerRead, rowsPerRead] = [1000, 200];
    const slicer = new WorkSlicer(5);
    const starts: Array<{ id: number; at: number }> = [];
    for (let after = 0; ;) {
      await slicer.pause();
      const page = await db
        .selectFrom('calendar_entries')
        .innerJoin('events', 'events.id', 'calendar_entries.source_id')
        .select(['calendar_entries.source_id as id', 'events.start_at'])
        .where('calendar_entries.user_id', '=', userId)
        .where('calendar_entries.kind', '=', 'event')
        .where('calendar_entries.source_id', '>', after)
        .orderBy('calendar_entries.source_id')
        .limit(startsPerRead)
        .execute();
      for (const row of page) starts.push({ id: row.id, at: Date.parse(row.start_at) });
      if (page.length < startsPerRead) break;
      after = page.at(-1)!.id;
    }
    await slicer.pause();
    const latest = starts
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .slice(0, FEED_EVENTS_MAX)
      .map((start) => start.id);
    const rows: EventRow[] = [];
    for (const part of chunks(latest, rowsPerRead)) {
      await slicer.pause();
      rows.push(...(await db.selectFrom('events').selectAll().where('id', 'in', part).execute()));
    }
    const order = new Map(latest.map((id, index) => [id, index]));
    return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }

  /** The organiser and guests of the feed's events that have guests (D42: ORGANIZER, ATTENDEE). */
  async feedPeople(rows: EventRow[]): Promise<Map<number, IcsPeople>> {
    const { db } = this.deps;
    // A feed's thousands of ids are read some hundreds at a time: the event loop turns between.
    const slicer = new WorkSlicer(5);
    const ids = rows.map((row) => row.id);
    const guests =
      ids.length === 0
        ? []
        : await chunked(ids, async (part) => {
            await slicer.pause();
            return db
              .selectFrom('event_guests')
              .select(['event_id', 'user_id'])
              .where('event_id', 'in', part)
              .execute();
          });
    if (guests.length === 0) return new Map();
    const owners = new Map(rows.map((row) => [row.id, row.owner_id]));
    const personIds = [...new Set([...guests.map((guest) => guest.user_id), ...owners.values()])];
    const people = new Map(
      (
        await chunked(personIds, async (part) => {
          await slicer.pause();
          return db
            .selectFrom('users')
            .select(['id', 'username', 'full_name', 'email'])
            .where('id', 'in', part)
            .execute();
        })
      ).map((person) => [person.id, { name: person.full_name || person.username, email: person.email }]),
    );
    const byEvent = new Map<number, IcsPeople>();
    for (const guest of guests) {
      const person = people.get(guest.user_id);
      if (!person) continue;
      let party = byEvent.get(guest.event_id);
      if (!party) {
        party = { organiser: people.get(owners.get(guest.event_id)!)!, attendees: [] };
        byEvent.set(guest.event_id, party);
      }
      party.attendees.push({ ...person, status: 'accepted' });
    }
    return byEvent;
  }

  /**
   * The meetings with a chosen time on the user's calendar, for the feed: organised or accepted,
   * with their organiser and each invitee's answer (PARTSTAT).
   */
  async feedMeetings(userId: number): Promise<IcsMeeting[]> {
    const { db } = this.deps;
    const rows = await db
      .selectFrom('meetings')
      .innerJoin('users', 'users.id', 'meetings.owner_id')
      .select([
        'meetings.id',
        'meetings.uid',
        'meetings.name',
        'meetings.description',
        'meetings.link',
        'meetings.time',
        'meetings.duration',
        'meetings.sequence',
        'meetings.created_at',
        'meetings.updated_at',
        'users.full_name',
        'users.username',
        'users.email',
      ])
      .where('meetings.id', 'in', (eb) =>
        eb
          .selectFrom('calendar_entries')
          .select('calendar_entries.source_id')
          .where('calendar_entries.user_id', '=', userId)
          .where('calendar_entries.kind', '=', 'meeting'),
      )
      .where('meetings.time', 'is not', null)
      .orderBy('meetings.time', 'desc')
      .limit(FEED_EVENTS_MAX)
      .execute();
    const invitations =
      rows.length === 0
        ? []
        : await chunked(
            rows.map((row) => row.id),
            (part) =>
              db
                .selectFrom('meeting_invitations')
                .innerJoin('users', 'users.id', 'meeting_invitations.user_id')
                .select([
                  'meeting_invitations.meeting_id',
                  'meeting_invitations.status',
                  'users.full_name',
                  'users.username',
                  'users.email',
                ])
                .where('meeting_invitations.meeting_id', 'in', part)
                .orderBy('meeting_invitations.user_id')
                .execute(),
          );
    const attendees = new Map<number, IcsPeople['attendees']>();
    for (const invitation of invitations) {
      const list = attendees.get(invitation.meeting_id) ?? [];
      list.push({
        name: invitation.full_name || invitation.username,
        email: invitation.email,
        status: invitation.status,
      });
      attendees.set(invitation.meeting_id, list);
    }
    return rows.map((row) => ({
      uid: row.uid,
      sequence: row.sequence,
      name: row.name,
      description: row.description,
      link: row.link,
      start: row.time!,
      end: iso(Date.parse(row.time!) + row.duration * 60_000),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      organiser: { name: row.full_name || row.username, email: row.email },
      attendees: attendees.get(row.id) ?? [],
    }));
  }
}

/** One read per group of ids, their rows together, in order. */
async function chunked<T, R>(ids: T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const part of chunks(ids)) rows.push(...(await read(part)));
  return rows;
}
