/**
 * Sign-in's part of "your data": the sessions, password resets, failed sign-ins
 * (the page's and app passwords') and app passwords, never their tokens or secrets; the account's deletion ends the sessions.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';

export async function exportSecurity(
  db: Db,
  user: { id: number; email: string },
): Promise<YourDataExport['security']> {
  const [sessions, resets, failures, appFailures, appPasswords] = await Promise.all([
    db.selectFrom('refresh_tokens').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
    db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
    db.selectFrom('login_failures').selectAll().where('email', '=', user.email).orderBy('id').execute(),
    db
      .selectFrom('app_password_failures')
      .select('created_at')
      .where('email', '=', user.email)
      .orderBy('id')
      .execute(),
    db.selectFrom('app_passwords').selectAll().where('user_id', '=', user.id).orderBy('id').execute(),
  ]);
  return {
    sessions: sessions.map((s) => ({
      createdAt: s.created_at,
      expiresAt: s.expires_at,
      usedAt: s.used_at,
      revokedAt: s.revoked_at,
    })),
    passwordResets: resets.map((r) => ({
      createdAt: r.created_at,
      expiresAt: r.expires_at,
      usedAt: r.used_at,
    })),
    failedSignIns: failures.map((f) => ({ at: f.created_at })),
    failedAppPasswordSignIns: appFailures.map((f) => ({ at: f.created_at })),
    appPasswords: appPasswords.map((a) => ({
      name: a.name,
      createdAt: a.created_at,
      lastUsedAt: a.last_used_at,
    })),
  };
}

/** Their sessions end: a refresh token finds no row, an access token no session (authenticate.ts). */
export async function eraseSecurity(trx: Db, user: { id: number; email: string }): Promise<void> {
  await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('account_unlocks').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('app_passwords').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('login_failures').where('email', '=', user.email).execute();
  await trx.deleteFrom('app_password_failures').where('email', '=', user.email).execute();
}
