/**
 * The bell's one writer: whatever tells a person something in the navbar's bell —
 * a meeting's invitation or answer, a shared board deleted, a reminder firing — calls `notify`
 * in its own transaction, and `withdrawNotifications` when the thing told of is gone. Nothing
 * outside this module writes the `notifications` table, so its columns are decided here.
 */
import type { Insertable, OperandExpression } from 'kysely';
import type { Db } from '../../db';
import type { NotificationsTable } from '../../db/schema';

/** What the bell says: of which thing (`kind`, `sourceId`), under what title, for what time. */
export interface Notice {
  userId: number;
  kind: NotificationsTable['kind'];
  sourceId: number;
  title: string;
  /** The time it is about (a meeting's, a reminder's occurrence, a board's deletion) */
  at: string;
  /** Who did what it tells (the invitee who answered); none for reminders */
  actorId?: number;
  /** Its mail is in the outbox already (a reminder's); otherwise no mail goes with it */
  mailed?: boolean;
}

/** Writes the notices, unread; answers their ids, in the order given. */
export async function notify(
  trx: Db,
  notices: Notice[],
  createdAt = new Date().toISOString(),
): Promise<number[]> {
  if (notices.length === 0) return [];
  const rows = await trx
    .insertInto('notifications')
    .values(notices.map((notice) => rowOf(notice, createdAt)))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Takes back what the bell told of these things (a meeting deleted, an account's bookings): nobody's
 * bell shows them. `sources`: their ids, or a query of them.
 */
export async function withdrawNotifications(
  trx: Db,
  kind: NotificationsTable['kind'] | readonly NotificationsTable['kind'][],
  sources: number[] | OperandExpression<number>,
): Promise<void> {
  if (Array.isArray(sources) && sources.length === 0) return;
  const kinds: readonly NotificationsTable['kind'][] = typeof kind === 'string' ? [kind] : kind;
  await trx
    .deleteFrom('notifications')
    .where('kind', 'in', kinds)
    .where('source_id', 'in', sources)
    .execute();
}

function rowOf(notice: Notice, createdAt: string): Insertable<NotificationsTable> {
  return {
    user_id: notice.userId,
    kind: notice.kind,
    source_id: notice.sourceId,
    title: notice.title,
    occurrence_at: notice.at,
    actor_id: notice.actorId ?? null,
    is_read: false,
    mail_state: notice.mailed ? 'sent' : 'none',
    created_at: createdAt,
  };
}
