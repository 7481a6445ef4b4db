/** Group membership that other modules end: the groups module alone writes `group_members`. */
import type { Db } from '../../db';

/** A friendship ended (friends/service.ts): each leaves the groups the other owns. */
export async function leaveEachOthersGroups(trx: Db, a: number, b: number): Promise<void> {
  for (const [owner, member] of [
    [a, b],
    [b, a],
  ] as const) {
    await trx
      .deleteFrom('group_members')
      .where('user_id', '=', member)
      .where('group_id', 'in', trx.selectFrom('groups').select('id').where('owner_id', '=', owner))
      .execute();
  }
}
