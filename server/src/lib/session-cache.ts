/**
 * The signed-in user of an access token, kept between its requests: `authenticate` read the user
 * row and the session's liveness for every request, though they change only when the user changes
 * their account, the operator edits or deactivates it, or a session is revoked. Each of those
 * tells every instance through the LiveHub after it commits (`closeSessions`, `usersChanged`;
 * Redis between instances), and the entries it concerns are forgotten before the next request is
 * read. An entry lives at most as long as its token, and at most `maxAgeMs`, for a change made
 * outside the server (SQL by hand).
 *
 * A read that began before an invalidation must not store what it read (it may predate the
 * change): each fill carries the `stamp` taken before its read, and is dropped when an invalidation
 * came in between.
 *
 * Where invalidations cannot reach every instance — PostgreSQL without Redis, where several
 * processes may serve one database and none hears the others — there is no cache (`sessionCacheFor`
 * answers undefined), and every request reads as before. The instances of one process on one
 * database (the tests' second instance) share one cache.
 */
import { LRUCache } from 'lru-cache';
import type { DatabaseHandle } from '../db';
import type { Invalidation, LiveHub } from './live';

/** What a cache keeps of a user: anything with its id (authenticate keeps the user row). */
export interface CachedUser {
  readonly id: number;
}

export interface Session<User extends CachedUser = CachedUser> {
  user: Readonly<User>;
  sessionId: string;
  /** When the access token expires, in ms since the epoch. */
  tokenExpiresAt: number;
}

interface Entry<User extends CachedUser> extends Session<User> {
  /** Forgotten from then on (ms since the epoch). */
  until: number;
}

export const SESSION_CACHE_SIZE = 5000;
export const SESSION_CACHE_MAX_AGE_MS = 60_000;

export class SessionCache<User extends CachedUser = CachedUser> {
  /**
   * By access token, the least recently used going first. Each entry's end is its own `until`,
   * checked here: lru-cache's ttl would keep an entry through its last millisecond.
   */
  private readonly entries: LRUCache<string, Entry<User>>;
  private generation = 0;

  constructor(
    capacity = SESSION_CACHE_SIZE,
    private readonly maxAgeMs = SESSION_CACHE_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LRUCache({ max: capacity });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Taken before reading the database for a fill (see the top). */
  get stamp(): number {
    return this.generation;
  }

  get(token: string): Session<User> | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry;
    this.entries.delete(token);
    return undefined;
  }

  /** Keeps `session` for `token`, unless an invalidation came since `stamp`. */
  set(token: string, session: Session<User>, stamp: number): void {
    if (stamp !== this.generation) return;
    const until = Math.min(session.tokenExpiresAt, this.now() + this.maxAgeMs);
    if (until <= this.now()) return;
    const user = Object.freeze({ ...session.user });
    this.entries.set(token, {
      user,
      sessionId: session.sessionId,
      tokenExpiresAt: session.tokenExpiresAt,
      until,
    });
  }

  /** Forgets what `change` concerns; any read under way then stores nothing. */
  invalidate(change: Invalidation): void {
    this.generation += 1;
    if ('everything' in change) {
      this.entries.clear();
      return;
    }
    if ('sessions' in change) {
      const sessions = new Set(change.sessions);
      this.forget((entry) => sessions.has(entry.sessionId));
      return;
    }
    const users = new Set(change.users);
    this.forget((entry) => users.has(entry.user.id));
  }

  private forget(concerned: (entry: Entry<User>) => boolean): void {
    const tokens: string[] = [];
    for (const [token, entry] of this.entries.entries()) if (concerned(entry)) tokens.push(token);
    for (const token of tokens) this.entries.delete(token);
  }
}

const shared = new WeakMap<DatabaseHandle, SessionCache>();

/**
 * The cache of signed-in users for an instance on `database` whose LiveHub is `live`, or undefined
 * where invalidations cannot reach every instance (see the top). The instance's hub tells it what
 * to forget; while the hub does not hear the others (Redis away), the cache is not used (`usable`).
 */
export function sessionCacheFor<User extends CachedUser>(
  database: DatabaseHandle,
  live: LiveHub,
  redisConfigured: boolean,
): { cache: SessionCache<User>; usable: () => boolean } | undefined {
  if (database.engine.name !== 'sqlite' && !redisConfigured) return undefined;
  let cache = shared.get(database);
  if (!cache) {
    cache = new SessionCache();
    shared.set(database, cache);
  }
  // One database, one kind of user: every instance on it keeps authenticate's user rows.
  const own = cache as SessionCache<User>;
  live.onInvalidation((change) => own.invalidate(change));
  return { cache: own, usable: () => live.invalidationsHeard };
}
