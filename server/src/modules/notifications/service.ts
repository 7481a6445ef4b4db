/** A user's notifications: the newest, read one, read all. Only one's own: 404 otherwise. */
import {
  NOTIFICATIONS_SHOWN,
  type Notification,
  type NotificationList,
  type PublicUser,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import { bool } from '../../db/dialect';
import type { NotificationsTable } from '../../db/schema';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { notFound } from '../../errors';
import { presentPublicUser, publicUserColumns } from '../users/public-presenter';

type NotificationRow = Selectable<NotificationsTable>;

/** The kinds about a card, whose notice names the card's board. */
const aboutCard = (kind: NotificationRow['kind']) =>
  kind === 'card-comment' || kind === 'card-due' || kind === 'card-member';

function presentNotification(
  row: NotificationRow,
  actors: Map<number, PublicUser>,
  cardBoards: Map<number, number>,
): Notification {
  const boardId =
    row.kind === 'board-shared'
      ? row.source_id
      : aboutCard(row.kind)
        ? (cardBoards.get(row.source_id) ?? null)
        : null;
  return {
    _id: String(row.id),
    kind: row.kind,
    sourceId: String(row.source_id),
    title: row.title,
    at: row.occurrence_at,
    actor: row.actor_id === null ? null : (actors.get(row.actor_id) ?? null),
    boardId: boardId === null ? null : String(boardId),
    isRead: bool(row.is_read),
    createdAt: row.created_at,
  };
}

/** The rows with the people they name and the boards of the cards they tell of: indexed queries. */
async function presentAll(db: Db, rows: NotificationRow[]): Promise<Notification[]> {
  const cards = [...new Set(rows.flatMap((row) => (aboutCard(row.kind) ? [row.source_id] : [])))];
  const cardBoards = new Map(
    cards.length === 0
      ? []
      : (
          await db.selectFrom('board_items').select(['id', 'board_id']).where('id', 'in', cards).execute()
        ).map((card) => [card.id, card.board_id]),
  );
  const ids = [...new Set(rows.flatMap((row) => (row.actor_id === null ? [] : [row.actor_id])))];
  const actors = new Map(
    ids.length === 0
      ? []
      : (await db.selectFrom('users').select(publicUserColumns).where('users.id', 'in', ids).execute()).map(
          (user) => [user.id, presentPublicUser(user)],
        ),
  );
  return rows.map((row) => presentNotification(row, actors, cardBoards));
}

export class NotificationsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db'>) {}

  async list(userId: number): Promise<NotificationList> {
    const { db } = this.deps;
    const rows = await db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(NOTIFICATIONS_SHOWN)
      .execute();
    const counts = await db
      .selectFrom('notifications')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>(eb.case().when('is_read', '=', false).then(1).else(0).end()).as('unread'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return {
      data: await presentAll(db, rows),
      count: Number(counts.count),
      unread: Number(counts.unread ?? 0),
    };
  }

  async markRead(userId: number, id: number, isRead: boolean): Promise<Notification> {
    const { db } = this.deps;
    const changed = await db
      .updateTable('notifications')
      .set({ is_read: isRead })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw notFound();
    const row = await db
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return (await presentAll(db, [row]))[0]!;
  }

  async readAll(userId: number): Promise<{ unread: 0; changed: number }> {
    const changed = await this.deps.db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('user_id', '=', userId)
      .where('is_read', '=', false)
      .executeTakeFirst();
    return { unread: 0, changed: Number(changed.numUpdatedRows) };
  }
}
