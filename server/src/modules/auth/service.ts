/**
 * Sign-in and sessions (D5–D9): registration, login, refresh-token rotation with reuse detection,
 * logout, password reset, failed-login limits per account.
 */
import { randomUUID } from 'node:crypto';
import {
  type AuthSession,
  type ForgotPasswordInput,
  type LoginInput,
  messages,
  type RegisterInput,
  type ResetPasswordInput,
  type TokenPair,
} from '@cadence/contract';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import { type AppError, badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../errors';
import { mailText } from '../../lib/mail-texts';
import { decoyHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, randomToken } from '../../lib/tokens';
import { presentUserData, type UserRow } from '../users/presenter';
import type { ServiceDeps } from '../../deps';

export const FAILED_LOGIN_LIMIT = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60_000;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export type AuthServiceDeps = Pick<
  ServiceDeps,
  'db' | 'engine' | 'config' | 'accessTokens' | 'mailer' | 'log'
>;

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  async register(input: RegisterInput): Promise<AuthSession> {
    const taken = await this.takenFields(input.email, input.username);
    if (taken) throw taken;
    const passwordHash = await hashPassword(input.password);
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
          // A self-registered account may open every screen (D5); data stays its own.
          role: 'admin',
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

  async login(input: LoginInput, ip: string): Promise<AuthSession> {
    const since = iso(Date.now() - FAILED_LOGIN_WINDOW_MS);
    const { failures } = await this.deps.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where('email', '=', input.email)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(failures) >= FAILED_LOGIN_LIMIT) {
      throw tooManyRequests('TOO_MANY_LOGIN_ATTEMPTS', 'auth.tooManyLoginAttempts');
    }

    const user = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', input.email)
      .executeTakeFirst();
    const valid = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password);
    if (!user || !valid) {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('login_failures')
          .where('email', '=', input.email)
          .where('created_at', '<=', since)
          .execute();
        await trx
          .insertInto('login_failures')
          .values({ email: input.email, ip, created_at: iso(Date.now()) })
          .execute();
      });
      throw badRequest('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    }
    if (!bool(user.active)) throw forbidden('ACCOUNT_DEACTIVATED', 'auth.accountDeactivated');
    return this.startSession(user);
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

    const pair = await this.deps.db.transaction().execute(async (trx) => {
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

  private async revokeFamily(familyId: string): Promise<void> {
    await this.deps.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: iso(Date.now()) })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
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
   * every session but the one making the change (a password change).
   */
  async revokeAllSessions(userId: number, db: Db = this.deps.db, exceptSessionId?: string): Promise<void> {
    let query = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: iso(Date.now()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptSessionId) query = query.where('family_id', '!=', exceptSessionId);
    await query.execute();
  }

  /** Mails a reset link to an active account. Answers the same whether or not the address exists. */
  async forgotPassword(input: ForgotPasswordInput): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['id', 'email', 'full_name', 'active', 'language'])
      .where('email', '=', input.email)
      .executeTakeFirst();
    if (!user || !bool(user.active)) return;
    const token = randomToken();
    const now = Date.now();
    await this.deps.db
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: iso(now),
        expires_at: iso(now + RESET_TOKEN_TTL_MS),
      })
      .execute();
    const link = `${this.deps.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    try {
      await this.deps.mailer.send({
        to: user.email,
        ...mailText(user.language, 'passwordReset', { name: user.full_name, link }),
      });
    } catch (error) {
      // The answer must not reveal whether the address exists, so a mail failure is only logged.
      this.deps.log.error({ err: error }, 'could not send the password-reset e-mail');
    }
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
    const done = await this.deps.db.transaction().execute(async (trx) => {
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
    const first = await this.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.min<number>('id').as('id'))
      .executeTakeFirst();
    return first?.id === user.id;
  }
}
