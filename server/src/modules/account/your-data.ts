/**
 * The account's part of "your data": the settings as the account screen shows them,
 * with the picture; the account's deletion takes the picture.
 */
import type { YourDataExport } from '@cadence/contract';
import type { Db } from '../../db';
import { bool } from '../../db/dialect';
import type { UserRow } from '../auth/user-data';
import { presentAccount } from './presenter';

/** The export's `account`, but for the calendar feed (the calendar's). */
export async function exportAccount(
  db: Db,
  user: UserRow,
): Promise<Omit<YourDataExport['account'], 'calendarFeed'>> {
  const picture = await db
    .selectFrom('avatars')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return {
    ...presentAccount(user),
    active: bool(user.active),
    updatedAt: user.updated_at,
    picture: picture
      ? {
          dataUrl: `data:${picture.mime_type};base64,${Buffer.from(picture.content).toString('base64')}`,
          updatedAt: picture.updated_at,
        }
      : null,
  };
}

export async function eraseAccount(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
}
