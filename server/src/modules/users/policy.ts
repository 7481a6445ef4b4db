/**
 * Who may see and change whom (D5, D7, D11; decisions §21): an active account is seen by anyone
 * signed in, a deactivated one only by the operator (and itself); in a `known` directory a user
 * lists only the people they know and finds the rest by exact name or e-mail. Oneself changes
 * one's names; the operator anyone's names, role and state, never deactivating themself.
 */
import { messages, type UpdateUserInput } from '@cadence/contract';
import type { ExpressionBuilder } from 'kysely';
import { bool } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../errors';

/** The people `viewerId` knows: themselves, friends, requests either way, their groups' people. */
export function knownTo(eb: ExpressionBuilder<Database, 'users'>, viewerId: number) {
  const theirGroups = eb
    .selectFrom('groups')
    .select('groups.id')
    .where('groups.owner_id', '=', viewerId)
    .union(
      eb
        .selectFrom('group_members')
        .select('group_members.group_id as id')
        .where('group_members.user_id', '=', viewerId),
    );
  return eb.or([
    eb('users.id', '=', viewerId),
    eb('users.id', 'in', eb.selectFrom('friendships').select('friend_id').where('user_id', '=', viewerId)),
    eb(
      'users.id',
      'in',
      eb.selectFrom('friend_requests').select('to_user_id').where('from_user_id', '=', viewerId),
    ),
    eb(
      'users.id',
      'in',
      eb.selectFrom('friend_requests').select('from_user_id').where('to_user_id', '=', viewerId),
    ),
    eb(
      'users.id',
      'in',
      eb.selectFrom('group_members').select('user_id').where('group_id', 'in', theirGroups),
    ),
    eb('users.id', 'in', eb.selectFrom('groups').select('owner_id').where('id', 'in', theirGroups)),
  ]);
}

/** One account as `viewer` may see it: a deactivated one is the operator's (and its own) alone. */
export function authorizeSeeing<Row extends { id: number; active: boolean | number }>(
  viewer: { id: number },
  operator: boolean,
  row: Row | undefined,
): Row {
  if (!row || (!operator && !bool(row.active) && row.id !== viewer.id)) throw notFound();
  return row;
}

/** A change of `target` by `viewer`: 404 for what they may not see, 403 or 400 for what they may not do. */
export function authorizeChange(
  viewer: { id: number },
  operator: boolean,
  target: { id: number; active: boolean | number } | undefined,
  input: UpdateUserInput,
): void {
  const self = target?.id === viewer.id;
  authorizeSeeing(viewer, operator, target);
  if (!operator && (!self || input.role !== undefined || input.active !== undefined)) {
    throw forbidden('OPERATOR_ONLY', 'users.operatorOnly');
  }
  if (self && input.active === false) {
    throw badRequest('CANNOT_DEACTIVATE_SELF', 'users.cannotDeactivateSelf', {
      active: messages['users.cannotDeactivateSelf'],
    });
  }
}
