/**
 * The people a user may put on a row of theirs (to-do assignees, event guests, meeting invitees):
 * themselves, their friends, and the members of their own groups (D13, expanded when written).
 */
import { type MessageKey, messages } from '@cadence/contract';
import type { Db } from '../db';
import { preparedShaped } from '../db/prepared';
import { badRequest } from '../errors';

export interface InviteeErrors {
  /** The field and message for someone who is not a friend. */
  notFriend: { field: string; key: MessageKey };
  /** The field and message for a group that is not the owner's. */
  groupUnknown: { field: string; key: MessageKey };
}

/** Which of `others` are the owner's friends (compiled once per number of others). */
const friendsAmong = preparedShaped((db, v: { owner: number; others: number[] }) =>
  db
    .selectFrom('friendships')
    .select('friend_id')
    .where('user_id', '=', v.owner)
    .where('friend_id', 'in', v.others),
);

/**
 * The owner (when named) and the owner's friends among `ids`, plus the members of the owner's
 * `groupIds`, sorted; anyone else, or another's group, is refused with a 400 on the given field.
 */
export async function resolveInvitees(
  db: Db,
  ownerId: number,
  ids: string[],
  groupIds: string[],
  errors: InviteeErrors,
): Promise<number[]> {
  const wanted = new Set(ids.map(Number));
  if (groupIds.length > 0) {
    const groups = await db
      .selectFrom('groups')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', 'in', groupIds.map(Number))
      .execute();
    if (groups.length !== new Set(groupIds).size) {
      const { field, key } = errors.groupUnknown;
      throw badRequest('VALIDATION_ERROR', key, { [field]: messages[key] });
    }
    const members = await db
      .selectFrom('group_members')
      .select('user_id')
      .where(
        'group_id',
        'in',
        groups.map((group) => group.id),
      )
      .execute();
    members.forEach((member) => wanted.add(member.user_id));
  }
  const others = [...wanted].filter((id) => id !== ownerId);
  if (others.length > 0) {
    const friends = await friendsAmong(db, { owner: ownerId, others });
    if (friends.length !== others.length) {
      const { field, key } = errors.notFriend;
      throw badRequest('VALIDATION_ERROR', key, { [field]: messages[key] });
    }
  }
  return [...wanted].sort((a, b) => a - b);
}
