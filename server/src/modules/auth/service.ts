/**
 * Sign-in and sessions (D5–D9): registration, login, refresh-token rotation with reuse detection,
 * logout, password reset, failed-login limits per (account, address) and per address with the
 * unlock link of an account under attack (decisions §61). A revoked session's live streams end
 * once the revocation is committed (its access token already fails at its next call: the
 * per-request read checks the session, authenticate.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type AuthSession,
  type ForgotPasswordInput,
  type LoginInput,
  messages,
  type RegisterInput,
  type ResetPasswordInput,
  type Role,
  type TokenPair,
  type UnlockInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { prepared } from '../../db/prepared';
import { AppError, badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../errors';
import { mailText } from '../../lib/mail-texts';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import { presentUserData, type UserRow } from './user-data';
import type { ServiceDeps } from '../../deps';
import {
  clientAddress,
  FAILURES_PER_ACCOUNT_ADDRESS,
  failureCounts,
  LOGIN_WINDOW_MS,
  recordFailure,
  refusal,
  underAttack,
  UNLOCK_TOKEN_TTL_MS,
} from './sign-in-protection';
import { afterCommit, transaction } from '../../db/transaction';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/**
 * A forgot-password call answers after this long, whether the e-mail is an account's or not: the
 * link's row and its mail take a few milliseconds more than nothing, which would tell a stranger
 * which addresses have accounts.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 50;

/** A 429 of the sign-in protection, with how long to wait (the answer's Retry-After). */
export class LoginRefused extends AppError {
  constructor(
    code: string,
    key: 'auth.tooManyLoginAttempts' | 'auth.addressBlocked',
    readonly retryAfterSeconds: number,
  ) {
    const error = tooManyRequests(code, key);
    super(error.statusCode, error.code, error.message);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export type AuthServiceDeps = Pick<
  ServiceDeps,
  'db' | 'engine' | 'config' | 'accessTokens' | 'outbox' | 'log' | 'live'
>;

/** The first account's id (D7), asked by every `GET /api/jwt/me`: compiled once (prepared.ts). */
const firstUser = prepared<{ id: number | null }, []>((db) =>
  db.selectFrom('users').select((eb) => eb.fn.min<number>('id').as('id')),
);

/**
 * How long the first account's id is taken as read. It changes only when that account is deleted
 * (ids are never handed out below it again); its successor then operates within this long, on
 * every instance. Read per request, it would be an eighth of `GET /api/jwt/me`'s CPU.
 */
const FIRST_USER_READ_MS = 1000;

export class AuthService {
  private firstUserRead?: { id: number | null | undefined; at: number };

  constructor(private readonly deps: AuthServiceDeps) {}

  async register(input: RegisterInput): Promise<AuthSession> {
    const taken = await this.takenFields(input.email, input.username);
    if (taken) throw taken;
    const passwordHash = await hashPassword(input.password);
    const role = await this.signupRole(input.email);
    const now = iso(Date.now());
    let user: UserRow;
    try {
      user = await this.deps.db
        .insertInto('users')
        .values({
          username: input.username,
          email: input.email,
          full_name: input.fullName || input.username,
          password_hash: passwordHash,
          ...(input.language ? { language: input.language } : {}),
          ...(input.timeZone ? { time_zone: input.timeZone } : {}),
          // SIGNUP_ROLE chooses the screens it may open (D5); its data stays its own either way.
          role,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      // Another registration took the name between our check and the insert.
      if (this.deps.engine.isUniqueViolation(error)) {
        throw (await this.takenFields(input.email, input.username)) ?? error;
      }
      throw error;
    }
    return this.startSession(user);
  }

  /**
   * SIGNUP_ROLE, but `admin` for the account that will operate the instance (D7): OWNER_EMAIL's,
   * or the first one. (Two first accounts registering at once may both be admins: harmless.)
   */
  private async signupRole(email: string): Promise<Role> {
    const { SIGNUP_ROLE, OWNER_EMAIL } = this.deps.config;
    if (SIGNUP_ROLE === 'admin') return SIGNUP_ROLE;
    const operator = OWNER_EMAIL
      ? email === OWNER_EMAIL
      : ((await firstUser(this.deps.db))?.id ?? null) === null;
    return operator ? 'admin' : SIGNUP_ROLE;
  }

  private async takenFields(email: string, username: string): Promise<AppError | undefined> {
    const rows = await this.deps.db
      .selectFrom('users')
      .select(['email', 'username'])
      .where((eb) => eb.or([eb('email', '=', email), eb(sql`lower(username)`, '=', username.toLowerCase())]))
      .execute();
    const fields: Record<string, string> = {};
    if (rows.some((r) => r.email === email)) fields.email = messages['validation.emailTaken'];
    if (rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) {
      fields.username = messages['validation.usernameTaken'];
    }
    if (fields.email) return conflict('EMAIL_TAKEN', 'validation.emailTaken', fields);
    if (fields.username) return conflict('USERNAME_TAKEN', 'validation.usernameTaken', fields);
    return undefined;
  }

  /**
   * Signs in (decisions §61): refused with 429 before the password is checked when the address is
   * blocked, or when it has failed too often for this account (or at all, while the account is
   * under attack); otherwise a right password signs in and a wrong one is counted. A success
   * erases nothing: the failures stay the account's record (its data export lists them) until
   * they leave the window.
   */
  async login(input: LoginInput, ip: string): Promise<AuthSession> {
    const address = clientAddress(ip);
    const counts = await failureCounts(this.deps.db, input.email, address, Date.now());
    const refused = refusal(counts, Date.now());
    if (refused?.reason === 'address') {
      throw new LoginRefused('ADDRESS_BLOCKED', 'auth.addressBlocked', refused.retryAfterSeconds);
    }
    if (refused)
      throw new LoginRefused(
        'TOO_MANY_LOGIN_ATTEMPTS',
        'auth.tooManyLoginAttempts',
        refused.retryAfterSeconds,
      );

    const user = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirst();
    const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password);
    if (!user || !valid) {
      await this.recordFailure(input.email, address, user);
      throw badRequest('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    if (!bool(user.active)) throw forbidden('ACCOUNT_DEACTIVATED', 'auth.accountDeactivated');
    return this.startSession(user);
  }

  /**
   * Counts a failure; when it puts the account under attack, or takes an address to its limit for
   * the account, mails the owner an unlock link, at most once per window.
   */
  private async recordFailure(email: string, address: string, user: UserRow | undefined): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      const now = Date.now();
      await recordFailure(trx, email, address, now);
      // Counted for unknown addresses too, so that the time taken does not tell which exist.
      const counts = await failureCounts(trx, email, address, now);
      if (!underAttack(counts) && counts.here < FAILURES_PER_ACCOUNT_ADDRESS) return false;
      if (!user || !bool(user.active)) return false;
      const recent = await trx
        .selectFrom('account_unlocks')
        .select('id')
        .where('user_id', '=', user.id)
        .where('created_at', '>', iso(now - LOGIN_WINDOW_MS))
        .executeTakeFirst();
      if (recent) return false;
      const token = randomToken();
      await trx
        .insertInto('account_unlocks')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: iso(now),
          expires_at: iso(now + UNLOCK_TOKEN_TTL_MS),
        })
        .execute();
      const link = `${this.deps.config.PUBLIC_URL}/unlock?token=${encodeURIComponent(token)}`;
      await this.deps.outbox.enqueue(
        trx,
        [{ to: user.email, ...mailText(user.language, 'accountUnlock', { name: user.full_name, link }) }],
        'urgent',
      );
      return true;
    });
  }

  /**
   * Opens an unlock link: forgets every failed login of its account, so that its owner signs in
   * from any address. The link works once; using it retires the account's other open links.
   */
  async unlock(input: UnlockInput): Promise<void> {
    const invalid = badRequest('INVALID_UNLOCK_TOKEN', 'auth.invalidUnlockToken');
    const link = await this.deps.db
      .selectFrom('account_unlocks')
      .innerJoin('users', 'users.id', 'account_unlocks.user_id')
      .select([
        'account_unlocks.id',
        'account_unlocks.user_id',
        'account_unlocks.expires_at',
        'account_unlocks.used_at',
        'users.email',
      ])
      .where('account_unlocks.token_hash', '=', hashToken(input.token))
      .executeTakeFirst();
    if (!link || link.used_at || link.expires_at <= iso(Date.now())) throw invalid;
    const done = await transaction(this.deps.db, async (trx) => {
      const now = iso(Date.now());
      const claimed = await trx
        .updateTable('account_unlocks')
        .set({ used_at: now })
        .where('id', '=', link.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      await trx
        .updateTable('account_unlocks')
        .set({ used_at: now })
        .where('user_id', '=', link.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx.deleteFrom('login_failures').where('email', '=', link.email).execute();
      return true;
    });
    if (!done) throw invalid;
  }

  private async startSession(user: UserRow): Promise<AuthSession> {
    const tokens = await this.issueTokens(user, randomUUID());
    return { userData: presentUserData(user), ...tokens };
  }

  private async issueTokens(
    user: Pick<UserRow, 'id' | 'role'>,
    familyId: string,
    db: Db = this.deps.db,
  ): Promise<TokenPair> {
    const refreshToken = randomToken();
    const now = Date.now();
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: user.id,
        family_id: familyId,
        token_hash: hashToken(refreshToken),
        created_at: iso(now),
        expires_at: iso(now + this.deps.config.REFRESH_TOKEN_TTL),
      })
      .execute();
    const accessToken = await this.deps.accessTokens.sign(user.id, user.role, familyId);
    return { accessToken, refreshToken };
  }

  /**
   * Rotates a refresh token. A token that was already rotated is being replayed: its holder may
   * be a thief, so the whole family is revoked and every session descended from that login ends.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const invalid = unauthorized('INVALID_REFRESH_TOKEN', 'auth.invalidRefreshToken');
    const row = await this.deps.db
      .selectFrom('refresh_tokens')
      .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
      .select([
        'refresh_tokens.id',
        'refresh_tokens.family_id',
        'refresh_tokens.expires_at',
        'refresh_tokens.used_at',
        'refresh_tokens.revoked_at',
        'users.id as user_id',
        'users.role',
        'users.active',
      ])
      .where('refresh_tokens.token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (!row || row.revoked_at) throw invalid;
    if (row.used_at || !bool(row.active)) {
      await this.revokeFamily(row.family_id);
      throw invalid;
    }
    if (row.expires_at <= iso(Date.now())) throw invalid;

    const pair = await transaction(this.deps.db, async (trx) => {
      const claimed = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: iso(Date.now()) })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      // Another request rotated it first: this one is a replay.
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      return this.issueTokens({ id: row.user_id, role: row.role }, row.family_id, trx);
    });
    if (!pair) {
      await this.revokeFamily(row.family_id);
      throw invalid;
    }
    return pair;
  }

  /** Revokes one session (a logout, a replayed token) and ends its live streams. */
  private async revokeFamily(familyId: string): Promise<void> {
    await this.deps.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: iso(Date.now()) })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
    afterCommit(this.deps.db, () => this.deps.live.closeSessions([familyId]));
  }

  /** Ends the session the token belongs to. Unknown tokens are ignored: logout always succeeds. */
  async logout(refreshToken: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', hashToken(refreshToken))
      .executeTakeFirst();
    if (row) await this.revokeFamily(row.family_id);
  }

  /**
   * Revokes every session of a user, e.g. after a password reset or a deactivation (D7, D8), or
   * every session but the one making the change (a password change). Their access tokens fail at
   * their next call once `db` commits; their live streams end then too (after the commit: a stream
   * ended before, and reopened at once, would find its session still alive).
   */
  async revokeAllSessions(userId: number, db: Db = this.deps.db, exceptSessionId?: string): Promise<void> {
    let query = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: iso(Date.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('family_id', '!=', exceptSessionId);
    const revoked = await query.returning('family_id').execute();
    const sessions = [...new Set(revoked.map((row) => row.family_id))];
    if (sessions.length > 0) afterCommit(db, () => this.deps.live.closeSessions(sessions));
  }

  /** Mails a reset link to an active account. Answers the same whether or not the address exists. */
  async forgotPassword(input: ForgotPasswordInput): Promise<void> {
    const started = performance.now();
    try {
      await this.prepareReset(input);
    } finally {
      await sleep(Math.max(0, started + FORGOT_PASSWORD_ANSWER_MS - performance.now()));
    }
  }

  /** A known, active account's reset link and its mail; nothing for any other e-mail. */
  private async prepareReset(input: ForgotPasswordInput): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'active', 'language'])
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (!user || !bool(user.active)) return;
    const token = randomToken();
    const now = Date.now();
    const link = `${this.deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    // The link and its mail in one transaction; the outbox sends it after the commit (and again
    // if the mail server refuses), so the answer neither waits for SMTP nor tells whether it failed.
    await transaction(this.deps.db, async (trx) => {
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          created_at: iso(now),
          expires_at: iso(now + RESET_TOKEN_TTL_MS),
        })
        .execute();
      await this.deps.outbox.enqueue(
        trx,
        [{ to: user.email, ...mailText(user.language, 'passwordReset', { name: user.full_name, link }) }],
        'urgent',
      );
    });
  }

  async resetPassword(input: ResetPasswordInput): Promise<void> {
    const invalid = badRequest('INVALID_RESET_TOKEN', 'auth.invalidResetToken');
    const reset = await this.deps.db
      .selectFrom('password_resets')
      .select(['id', 'user_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', hashToken(input.token))
      .executeTakeFirst();
    if (!reset || reset.used_at || reset.expires_at <= iso(Date.now())) throw invalid;
    const passwordHash = await hashPassword(input.password);
    const done = await transaction(this.deps.db, async (trx) => {
      const now = iso(Date.now());
      const claimed = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('id', '=', reset.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      // Every other reset link of this account dies with this one.
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', reset.user_id)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', reset.user_id)
        .execute();
      await this.revokeAllSessions(reset.user_id, trx);
      return true;
    });
    if (!done) throw invalid;
  }

  /** The operator may administer every account (D7): OWNER_EMAIL's account, else the first one. */
  async isOperator(user: Pick<UserRow, 'id' | 'email'>): Promise<boolean> {
    const owner = this.deps.config.OWNER_EMAIL;
    if (owner) return user.email === owner;
    const now = Date.now();
    if (!this.firstUserRead || now - this.firstUserRead.at >= FIRST_USER_READ_MS) {
      this.firstUserRead = { id: (await firstUser(this.deps.db))?.id, at: now };
    }
    return this.firstUserRead.id === user.id;
  }
}
