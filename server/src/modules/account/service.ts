/** The signed-in user's own record: settings, password, avatar (D15, D8). */
import { type Account, type ChangePasswordInput, messages, type UpdateAccountInput } from '@cadence/contract';
import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthService } from '../auth/service';
import type { UserRow } from '../auth/user-data';
import { sniffImage, squareAvatar } from './avatar';
import { presentAccount } from './presenter';
import type { ServiceDeps } from '../../deps';
import type { Db } from '../../db';
import { afterCommit, transaction } from '../../db/transaction';

const now = () => new Date().toISOString();

export type AccountServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'live'> & { auth: AuthService };

export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /** Once `trx` commits, every instance forgets its copy of the user's row (the session cache). */
  private changed(trx: Db, userId: number): void {
    afterCommit(trx, () => this.deps.live.usersChanged([userId]));
  }

  private async row(userId: number): Promise<UserRow> {
    const row = await this.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  async get(userId: number): Promise<Account> {
    return presentAccount(await this.row(userId));
  }

  /** Refuses a username or e-mail another account already has (409, with the field). */
  async assertAvailable(userId: number, change: { username?: string; email?: string }): Promise<void> {
    if (change.email) {
      const taken = await this.deps.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', change.email)
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) {
        throw conflict('EMAIL_TAKEN', 'validation.emailTaken', {
          'general.email': messages['validation.emailTaken'],
        });
      }
    }
    if (change.username) {
      const taken = await this.deps.db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(username)`, '=', change.username.toLowerCase())
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) {
        throw conflict('USERNAME_TAKEN', 'validation.usernameTaken', {
          'general.username': messages['validation.usernameTaken'],
        });
      }
    }
  }

  async update(userId: number, input: UpdateAccountInput): Promise<Account> {
    const { general = {}, info = {}, social = {}, notifications = {} } = input;
    await this.assertAvailable(userId, general);
    // Kysely leaves out the properties that are undefined.
    const changes: Updateable<UsersTable> = {
      username: general.username,
      full_name: general.fullName,
      email: general.email,
      company: general.company,
      bio: info.bio,
      dob: info.dob,
      country: info.country,
      website: info.website,
      phone: info.phone,
      city: info.city,
      address: info.address,
      gender: info.gender,
      social_twitter: social.twitter,
      social_facebook: social.facebook,
      social_instagram: social.instagram,
      social_linkedin: social.linkedin,
      social_github: social.github,
      notify_comment_on_article: notifications.commentOnArticle,
      notify_answer_on_form: notifications.answerOnForm,
      notify_follow_me: notifications.followMe,
      notify_new_announcements: notifications.newAnnouncements,
      notify_product_updates: notifications.productUpdates,
      notify_blog_digest: notifications.blogDigest,
      notify_event_reminders: notifications.eventReminders,
      notify_task_reminders: notifications.taskReminders,
      notify_invitations: notifications.invitations,
      notify_schedule_changes: notifications.scheduleChanges,
      notify_meeting_answers: notifications.meetingAnswers,
      notify_todo_assigned: notifications.todoAssigned,
      notify_todo_completed: notifications.todoCompleted,
      notify_board_shared: notifications.boardShared,
      notify_card_comments: notifications.cardComments,
      notify_card_due: notifications.cardDueDates,
      notify_card_members: notifications.cardMembers,
      notify_bookings: notifications.bookings,
      time_zone: input.timeZone,
      language: input.language,
    };
    try {
      await this.deps.db
        .updateTable('users')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', userId)
        .execute();
      afterCommit(this.deps.db, () => this.deps.live.usersChanged([userId]));
    } catch (error) {
      // Another account took the name between the check and the update.
      if (this.deps.engine.isUniqueViolation(error)) await this.assertAvailable(userId, general);
      throw error;
    }
    return this.get(userId);
  }

  /** Requires the current password; ends every other session of the account (D8). */
  async changePassword(
    userId: number,
    sessionId: string | undefined,
    input: ChangePasswordInput,
  ): Promise<void> {
    const row = await this.row(userId);
    if (!(await verifyPassword(row.password_hash, input.currentPassword))) {
      throw badRequest('WRONG_PASSWORD', 'account.currentPasswordWrong', {
        currentPassword: messages['account.currentPasswordWrong'],
      });
    }
    if (input.currentPassword === input.newPassword) {
      throw badRequest('SAME_PASSWORD', 'account.samePassword', {
        newPassword: messages['account.samePassword'],
      });
    }
    const passwordHash = await hashPassword(input.newPassword);
    await transaction(this.deps.db, async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now() })
        .where('id', '=', userId)
        .execute();
      this.changed(trx, userId);
      await this.deps.auth.revokeAllSessions(userId, trx, sessionId);
    });
  }

  async setAvatar(userId: number, upload: Buffer): Promise<Account> {
    if (!sniffImage(upload)) throw new AppError(400, 'AVATAR_TYPE', messages['account.avatarType']);
    let image: Buffer;
    try {
      image = await squareAvatar(upload);
    } catch {
      throw new AppError(400, 'AVATAR_TYPE', messages['account.avatarType']);
    }
    const at = now();
    await transaction(this.deps.db, async (trx) => {
      await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
      await trx
        .insertInto('avatars')
        .values({ user_id: userId, content: image, mime_type: 'image/webp', updated_at: at })
        .execute();
      // The version in the address lets browsers cache each picture for good.
      await trx
        .updateTable('users')
        .set({ avatar: `/api/avatars/${userId}?v=${Date.parse(at)}`, updated_at: at })
        .where('id', '=', userId)
        .execute();
      this.changed(trx, userId);
    });
    return this.get(userId);
  }

  async removeAvatar(userId: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
      await trx
        .updateTable('users')
        .set({ avatar: null, updated_at: now() })
        .where('id', '=', userId)
        .execute();
      this.changed(trx, userId);
    });
  }

  async avatar(userId: number): Promise<{ content: Buffer; mimeType: string } | undefined> {
    const row = await this.deps.db
      .selectFrom('avatars')
      .select(['content', 'mime_type'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { content: Buffer.from(row.content), mimeType: row.mime_type } : undefined;
  }
}
