// Who hears in the bell, and by mail per their switch (D45), of a board shared with them, of being
// made a member of a card, and of a comment on or a due time of a card they are on.
import type { Db } from '../../db';
import { type SharedNotice, tell } from '../notifications/shared-work';
import { now, type ProjectsServiceDeps } from './board-writes';
import { boardPeople } from './policy';

type TellDeps = Pick<ProjectsServiceDeps, 'outbox' | 'config' | 'live'>;

const tellParts = ({ outbox, config, live }: TellDeps) => ({ outbox, base: config.PUBLIC_URL, live });

/** A card open on its board, as the bell opens it. */
const cardPath = (boardId: number, itemId: number) => `/apps/project/${boardId}?card=${itemId}`;

/** Those just made members of a board hear of it in the bell (and by mail, per their switch). */
export async function tellShared(
  deps: TellDeps,
  trx: Db,
  actorId: number,
  boardId: number,
  name: string,
  added: number[],
) {
  await tell(
    trx,
    tellParts(deps),
    added.map((userId) => ({
      userId,
      kind: 'board-shared' as const,
      sourceId: boardId,
      title: name,
      at: now(),
      actorId,
      path: `/apps/project/${boardId}`,
    })),
  );
}

/**
 * The members of a card who can still see its board (policy.ts), but the actor, hear of a
 * comment on it or of its new due time.
 */
export async function tellCardMembers(
  deps: TellDeps,
  trx: Db,
  actorId: number,
  boardId: number,
  itemId: number,
  kind: 'card-comment' | 'card-due',
  about: { title: string; at: string; when?: string },
) {
  const [members, people] = await Promise.all([
    trx.selectFrom('item_members').select('user_id').where('item_id', '=', itemId).execute(),
    boardPeople(trx, boardId),
  ]);
  const notices: SharedNotice[] = members
    .filter((member) => people.has(member.user_id))
    .map((member) => ({
      userId: member.user_id,
      kind,
      sourceId: itemId,
      title: about.title,
      at: about.at,
      actorId,
      path: cardPath(boardId, itemId),
      when: about.when ?? null,
    }));
  await tell(trx, tellParts(deps), notices);
}

/**
 * Those just made members of a card hear of it (one who adds themselves does not: `tell` leaves
 * the actor out). The link opens the card on its board.
 */
export async function tellAddedToCard(
  deps: TellDeps,
  trx: Db,
  actorId: number,
  boardId: number,
  itemId: number,
  title: string,
  added: number[],
) {
  if (added.length === 0) return;
  await tell(
    trx,
    tellParts(deps),
    added.map((userId) => ({
      userId,
      kind: 'card-member' as const,
      sourceId: itemId,
      title,
      at: now(),
      actorId,
      path: cardPath(boardId, itemId),
    })),
  );
}
