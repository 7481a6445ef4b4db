/**
 * "Your data": everything a user owns, read into one file, and the account's deletion —
 * what they own goes with them, their place in other people's things is taken out, the members
 * of the boards they shared are told, and their sessions end, all in one transaction.
 */
import { EXPORT_FORMAT, type DeleteAccountInput, messages, type YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../errors';
import { bumpListVersions, eraseListVersions } from '../../lib/list-versions';
import { eraseMailTo } from '../../lib/outbox';
import { verifyPassword } from '../../lib/passwords';
import { eraseAccount, exportAccount } from '../account/your-data';
import type { AuthService } from '../auth/service';
import { eraseSecurity, exportSecurity } from '../auth/your-data';
import { eraseBilling, exportBilling } from '../billing/your-data';
import { eraseBooking, exportBooking } from '../booking/your-data';
import { eraseCalendar, eraseEntriesOf, exportCalendar, ownedEventIds } from '../calendar/your-data';
import { eraseChats, exportChats } from '../chat/your-data';
import { eraseFriends, exportFriends } from '../friends/your-data';
import { eraseGoals, exportGoals } from '../goals/your-data';
import { eraseGroups, exportGroups } from '../groups/your-data';
import { eraseMeetings, exportMeetings, ownedMeetingIds } from '../meetings/your-data';
import { eraseNotifications, eraseNotificationsOf, exportNotifications } from '../notifications/your-data';
import { eraseBoards, exportBoards, lockBoards } from '../projects/your-data';
import { eraseTags, exportTags } from '../tags/your-data';
import { eraseTodos, exportTodos, ownedTodoIds } from '../todos/your-data';
import { eraseUser, lockUser } from '../users/your-data';
import { afterCommit, transaction } from '../../db/transaction';

export type YourDataServiceDeps = Pick<ServiceDeps, 'db' | 'engine' | 'log' | 'live'> & {
  auth: Pick<AuthService, 'isOperator'>;
};

/**
 * Composes the modules' parts (each module's `your-data.ts` reads and erases its own tables): the
 * file's shape and order, the password check, and the order of the deletion, which this alone knows.
 */
export class YourDataService {
  constructor(private readonly deps: YourDataServiceDeps) {}

  /** Every row of the user's, module after module, inside one transaction so the file is consistent. */
  async export(userId: number): Promise<{ username: string; data: YourDataExport }> {
    return transaction(this.deps.db, async (db) => {
      const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
      if (!user) throw notFound();
      const account = await exportAccount(db, user);
      const security = await exportSecurity(db, user);
      const friends = await exportFriends(db, userId);
      const groups = await exportGroups(db, userId);
      const tags = await exportTags(db, userId);
      const boards = await exportBoards(db, userId);
      const goals = await exportGoals(db, userId);
      const todos = await exportTodos(db, userId);
      const calendar = await exportCalendar(db, userId);
      const meetings = await exportMeetings(db, user);
      const bell = await exportNotifications(db, userId);
      const billingRequests = await exportBilling(db, userId);
      const chats = await exportChats(db, userId);
      const booking = await exportBooking(db, userId);

      const data: YourDataExport = {
        exportedAt: new Date().toISOString(),
        format: EXPORT_FORMAT,
        account: { ...account, calendarFeed: calendar.calendarFeed },
        security,
        friends: friends.friends,
        friendRequests: friends.friendRequests,
        groups,
        tags,
        boards,
        goals,
        todos,
        events: calendar.events,
        calendarEntries: calendar.calendarEntries,
        meetings: meetings.meetings,
        notifications: bell.notifications,
        reminders: bell.reminders,
        workingHours: meetings.workingHours,
        billingRequests,
        chats: chats.chats,
        messages: chats.messages,
        bookingTypes: booking.bookingTypes,
        bookings: booking.bookings,
      };
      return { username: user.username, data };
    });
  }

  /**
   * Deletes the account once the password is confirmed. A wrong password changes nothing (as for
   * the change of password); guessing is held back by the route's per-address limit, the same as
   * sign-in's. The operator cannot leave: the next account would silently become the instance's
   * operator (D7).
   */
  async deleteAccount(userId: number, input: DeleteAccountInput): Promise<void> {
    const { db } = this.deps;
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound();
    if (!(await verifyPassword(user.password_hash, input.password))) {
      throw badRequest('WRONG_PASSWORD', 'account.passwordWrong', {
        password: messages['account.passwordWrong'],
      });
    }
    if (await this.deps.auth.isOperator(user)) {
      throw forbidden('OPERATOR_CANNOT_DELETE', 'account.operatorCannotDelete');
    }
    // A deadlock with a concurrent write (PostgreSQL picks one of the two to fail) rolls the whole
    // deletion back: it is tried again, a bounded number of times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await transaction(db, async (trx) => {
          await this.removeEverything(trx, user);
          // Every instance forgets its copy of the row (the session cache).
          afterCommit(trx, () => this.deps.live.usersChanged([userId]));
        });
        return;
      } catch (error) {
        if (attempt >= DELETE_ATTEMPTS || !isRetryableConflict(error)) throw error;
        this.deps.log.warn({ err: error, attempt }, 'the account deletion met a concurrent write; again');
      }
    }
  }

  private async removeEverything(trx: Db, user: { id: number; email: string }): Promise<void> {
    const userId = user.id;
    const at = new Date().toISOString();
    // Locks first: the boards (in id order), then the user's row, which writes that add to the
    // user's things wait for.
    await lockBoards(trx, this.deps.engine, userId);
    await lockUser(trx, this.deps.engine, userId);

    // What others hold of the user's events, meetings and tasks: their calendars, reminders, bells.
    const owned = {
      event: ownedEventIds(trx, userId),
      meeting: ownedMeetingIds(trx, userId),
      todo: ownedTodoIds(trx, userId),
    };
    await eraseEntriesOf(trx, owned);
    await eraseNotificationsOf(trx, owned);

    // Owned things, and the user's place in others': boards before tags (a card's tag of theirs
    // marks the board as changed), group chats and booking types before groups, bookings before
    // the calendar (a booking's host row points at its event).
    await eraseBoards(trx, userId, at);
    await eraseChats(trx, userId);
    await eraseBooking(trx, userId);
    await eraseGoals(trx, userId);
    const todoReaders = await eraseTodos(trx, userId);
    const calendarReaders = [...(await eraseCalendar(trx, userId)), ...(await eraseMeetings(trx, userId))];
    await eraseGroups(trx, userId);
    await eraseTags(trx, userId);
    await eraseFriends(trx, userId);
    await eraseNotifications(trx, userId);
    await eraseBilling(trx, userId);
    await eraseAccount(trx, userId);
    await eraseListVersions(trx, userId);
    await eraseSecurity(trx, user);
    await eraseMailTo(trx, user.email);

    // Everyone whose lists showed the user (as guest, invitee, assignee, owner) reads them afresh.
    await bumpListVersions(trx, calendarReaders, 'calendar');
    await bumpListVersions(trx, todoReaders, 'todos');
    await eraseUser(trx, userId);
  }
}

/** How many times an account deletion is tried when a concurrent write makes it fail. */
const DELETE_ATTEMPTS = 3;

/** PostgreSQL's deadlock and serialization failures: the transaction may simply run again. */
function isRetryableConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
