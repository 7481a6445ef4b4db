/**
 * Resolves the Bearer access token to the signed-in user. The user row is read, with whether the
 * token's session (its refresh-token family) still has a token that is not revoked, in one
 * compiled statement; what it found is kept per token (lib/session-cache.ts) until the user or the
 * session changes. Every such change — a deactivation, a role or account change, a logout, a
 * password change or reset, a replayed refresh token — tells every instance after it commits, so
 * it takes effect at the token's next call, not when the token expires. Without a way to tell every
 * instance (PostgreSQL without Redis) the statement runs for every request, as before.
 */
import { errorBody } from '@cadence/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import { unauthorized } from '../../errors';
import type { SessionCache } from '../../lib/session-cache';
import type { AccessTokens } from '../../lib/tokens';
import type { UserRow } from './user-data';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser?: UserRow;
    /** The refresh-token family of the presented access token. */
    sessionId?: string;
    /** When the presented access token expires, in ms since the epoch. */
    tokenExpiresAt?: number;
  }
}

type UserAndSession = UserRow & { session_alive: boolean | number };

/**
 * The user and whether the session lives: an index probe of `refresh_tokens_live_family` (family
 * ids of unrevoked tokens, migration 0019). The session's id comes first: the compiled SQL has
 * the selection's parameter before the where's.
 */
const userAndSession = prepared<UserAndSession, [sessionId: string, id: number]>((db) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', '')
            .where('refresh_tokens.revoked_at', 'is', null)
            .whereRef('refresh_tokens.user_id', '=', 'users.id'),
        )
        .as('session_alive'),
    )
    .where('users.id', '=', 0),
);

/** The cache of signed-in users, and whether it may be used now (its invalidations are heard). */
export interface SessionMemory {
  cache: SessionCache<UserRow>;
  usable: () => boolean;
}

export function createAuthenticate(db: Db, accessTokens: AccessTokens, memory?: SessionMemory) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const token = match?.[1];
    if (!token) throw unauthorized();
    const cache = memory?.usable() ? memory.cache : undefined;
    // The same token string was verified when it was kept; it is kept no longer than it is valid.
    const known = cache?.get(token);
    if (known) {
      request.currentUser = known.user;
      request.sessionId = known.sessionId;
      request.tokenExpiresAt = known.tokenExpiresAt;
      return;
    }
    const claims = await accessTokens.verify(token);
    if (!claims) throw unauthorized('INVALID_TOKEN', 'auth.invalidToken');
    const stamp = cache?.stamp ?? 0;
    const row = await userAndSession(db, claims.sessionId, claims.userId);
    if (!row) throw unauthorized('INVALID_TOKEN', 'auth.invalidToken');
    const { session_alive: sessionAlive, ...columns } = row;
    // Frozen: the same object may serve the token's next requests.
    const user = Object.freeze(columns);
    if (!bool(user.active)) throw unauthorized('ACCOUNT_DEACTIVATED', 'auth.accountDeactivated');
    if (!bool(sessionAlive)) throw unauthorized('SESSION_ENDED', 'auth.invalidToken');
    cache?.set(token, { user, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt }, stamp);
    request.currentUser = user;
    request.sessionId = claims.sessionId;
    request.tokenExpiresAt = claims.expiresAt;
  };
}

/** The user `authenticate` attached; calling it on an open route is a programming error. */
export function userOf(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new Error('userOf() on a route without authenticate');
  return request.currentUser;
}

/**
 * Puts every route registered on `scope` behind sign-in: `authenticate` runs in `onRequest`, before
 * the body is read or validated, and the OpenAPI document marks each route with the bearer scheme
 * and its 401 answer. Route modules registered on the scope declare neither.
 */
export function requireSignIn(
  scope: FastifyInstance,
  authenticate: (request: FastifyRequest) => Promise<void>,
): void {
  scope.addHook('onRequest', authenticate);
  scope.addHook('onRoute', (route) => {
    route.schema ??= {};
    route.schema.security = [{ bearerAuth: [] }];
    const response = (route.schema.response ?? {}) as Record<number, unknown>;
    response[401] ??= errorBody;
    route.schema.response = response;
  });
}
