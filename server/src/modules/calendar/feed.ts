/**
 * Each user's secret feed address: 256 random bits, stored only as their SHA-256, so a
 * database leak does not open anyone's calendar. Making a new one revokes the old one.
 */
import type { CalendarFeed, CalendarFeedStatus } from '@cadence/contract';
import type { ServiceDeps } from '../../deps';
import { hashToken, randomToken } from '../../lib/tokens';

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
}
