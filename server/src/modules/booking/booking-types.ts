/** The host's booking types (D44): listed, made, changed and deleted by their owner alone. */
import {
  type BookingType,
  type BookingTypeInput,
  type BookingTypeList,
  BOOKING_TYPES_MAX,
  messages,
} from '@cadence/contract';
import type { Db } from '../../db';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { badRequest } from '../../errors';
import { now } from './hosts-and-rules';
import { authorizeType } from './policy';
import { presentType } from './presenter';

export type BookingTypesServiceDeps = Pick<ServiceDeps, 'db'>;

export class BookingTypesService {
  constructor(private readonly deps: BookingTypesServiceDeps) {}

  async listTypes(userId: number): Promise<BookingTypeList> {
    const [rows, owner] = await Promise.all([
      this.deps.db
        .selectFrom('booking_types')
        .selectAll()
        .where('owner_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.usernameOf(userId),
    ]);
    return { data: rows.map((row) => presentType(row, owner)), count: rows.length };
  }

  async createType(userId: number, input: BookingTypeInput): Promise<BookingType> {
    return transaction(this.deps.db, async (trx) => {
      const { count } = await trx
        .selectFrom('booking_types')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('owner_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= BOOKING_TYPES_MAX) throw badRequest('LIMIT_REACHED', 'booking.limit');
      await this.checkType(trx, userId, input);
      const at = now();
      const { id } = await trx
        .insertInto('booking_types')
        .values({ owner_id: userId, ...columnsOf(input), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return this.typeOf(trx, userId, id);
    });
  }

  async updateType(userId: number, id: number, input: BookingTypeInput): Promise<BookingType> {
    return transaction(this.deps.db, async (trx) => {
      await authorizeType(trx, userId, id);
      await this.checkType(trx, userId, input, id);
      await trx
        .updateTable('booking_types')
        .set({ ...columnsOf(input), updated_at: now() })
        .where('id', '=', id)
        .execute();
      return this.typeOf(trx, userId, id);
    });
  }

  /** The type goes; its bookings stay in the calendars and on the host's list. */
  async removeType(userId: number, id: number): Promise<void> {
    await transaction(this.deps.db, async (trx) => {
      await authorizeType(trx, userId, id);
      await trx.deleteFrom('booking_types').where('id', '=', id).execute();
    });
  }

  private async typeOf(db: Db, userId: number, id: number): Promise<BookingType> {
    const row = await db
      .selectFrom('booking_types')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return presentType(row, await this.usernameOf(userId, db));
  }

  private async usernameOf(userId: number, db: Db = this.deps.db): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.username;
  }

  /** The slug is the user's once; a group must be the user's own. */
  private async checkType(db: Db, userId: number, input: BookingTypeInput, except?: number): Promise<void> {
    let taken = db
      .selectFrom('booking_types')
      .select('id')
      .where('owner_id', '=', userId)
      .where('slug', '=', input.slug);
    if (except !== undefined) taken = taken.where('id', '<>', except);
    if (await taken.executeTakeFirst()) {
      throw badRequest('VALIDATION_ERROR', 'booking.slugTaken', { slug: messages['booking.slugTaken'] });
    }
    if (input.hosts.group !== null) {
      const group = await db
        .selectFrom('groups')
        .select('id')
        .where('id', '=', Number(input.hosts.group))
        .where('owner_id', '=', userId)
        .executeTakeFirst();
      if (!group) {
        throw badRequest('VALIDATION_ERROR', 'booking.groupUnknown', {
          'hosts.group': messages['booking.groupUnknown'],
        });
      }
    }
  }
}

function columnsOf(input: BookingTypeInput) {
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    duration: input.duration,
    buffer_before: input.bufferBefore,
    buffer_after: input.bufferAfter,
    min_notice: input.minNotice,
    max_per_day: input.maxPerDay,
    range_days: input.rangeDays,
    location: input.location,
    mode: input.hosts.mode,
    group_id: input.hosts.group === null ? null : Number(input.hosts.group),
  };
}
