/**
 * The bell's and the reminders' part of "your data": the user's notifications and
 * pending reminders; the account's deletion takes them, and what others' bells and reminders hold
 * of the user's events, tasks and meetings.
 */
import type { YourDataExport } from '@cadence/contract';
import type { OperandExpression } from 'kysely';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';

export async function exportNotifications(
  db: Db,
  userId: number,
): Promise<Pick<YourDataExport, 'notifications' | 'reminders'>> {
  const [notifications, reminders] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('reminders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  return {
    notifications: notifications.map((n) => ({
      _id: String(n.id),
      kind: n.kind,
      sourceId: String(n.source_id),
      title: n.title,
      at: n.occurrence_at,
      isRead: bool(n.is_read),
      createdAt: n.created_at,
    })),
    reminders: reminders.map((r) => ({
      _id: String(r.id),
      kind: r.kind,
      sourceId: String(r.source_id),
      fireAt: r.fire_at,
      occurrenceAt: r.occurrence_at,
    })),
  };
}

/**
 * Other people's reminders and notifications of the user's events, tasks and meetings (no
 * foreign key can point at them: `source_id` names one table or another by `kind`).
 */
export async function eraseNotificationsOf(
  trx: Db,
  sources: {
    event: OperandExpression<number>;
    todo: OperandExpression<number>;
    meeting: OperandExpression<number>;
  },
): Promise<void> {
  await trx
    .deleteFrom('reminders')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', sources.event)]),
        eb.and([eb('kind', '=', 'todo'), eb('source_id', 'in', sources.todo)]),
      ]),
    )
    .execute();
  await trx
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', '=', 'event'), eb('source_id', 'in', sources.event)]),
        eb.and([eb('kind', '=', 'todo'), eb('source_id', 'in', sources.todo)]),
        eb.and([eb('kind', '=', 'meeting'), eb('source_id', 'in', sources.meeting)]),
      ]),
    )
    .execute();
}

/** The user's own reminders and notifications. */
export async function eraseNotifications(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('reminders').where('user_id', '=', userId).execute();
  await trx.deleteFrom('notifications').where('user_id', '=', userId).execute();
}
