/** The users directory (D11) and the operator's management of accounts (D7); who may: policy.ts. */
import type { PublicUser, UpdateUserInput, UserDetail } from '@cadence/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { bool } from '../../db/dialect';
import type { AccountService } from '../account/service';
import type { AuthService } from '../auth/service';
import { type UserRow, roleOf } from '../auth/user-data';
import { authorizeChange, authorizeSeeing, knownTo } from './policy';
import { presentPublicUser, publicUserColumns } from './public-presenter';
import type { ServiceDeps } from '../../deps';
import { afterCommit, transaction } from '../../db/transaction';

export interface DirectoryQuery {
  q?: string | undefined;
  page: number;
  perPage: number;
}

/** `%` and `_` typed by a user match themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type UsersServiceDeps = Pick<ServiceDeps, 'db' | 'live' | 'config'> & {
  auth: AuthService;
  accounts: AccountService;
};

export class UsersService {
  constructor(private readonly deps: UsersServiceDeps) {}

  /** Whether every signed-in user lists the whole directory (DIRECTORY; open on the demo). */
  private get openDirectory(): boolean {
    const { config } = this.deps;
    return (config.DIRECTORY ?? (config.SEED_DEMO ? 'open' : 'known')) === 'open';
  }

  /**
   * Active users (the operator sees deactivated ones too), by id; `q` matches names or an exact
   * e-mail. In a `known` directory a user lists only the people they know — themselves, friends,
   * pending requests either way, the owners and members of their groups — and finds anyone else
   * only by their exact user name or e-mail, so a new account cannot page through every user.
   */
  async list(viewer: UserRow, query: DirectoryQuery): Promise<{ data: PublicUser[]; count: number }> {
    const operator = await this.deps.auth.isOperator(viewer);
    let base = this.deps.db.selectFrom('users');
    if (!operator) base = base.where('active', '=', true);
    const q = query.q?.trim().toLowerCase();
    type Where = ExpressionBuilder<Database, 'users'>;
    const exact = (eb: Where) => (q ? [eb(sql`lower(username)`, '=', q), eb('email', '=', q)] : []);
    const matches = (eb: Where, pattern: string) =>
      eb.or([
        eb(sql`lower(username)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(full_name)`, 'like', sql`${pattern} escape '\\'`),
        ...exact(eb),
      ]);
    const pattern = q ? likePattern(q) : undefined;
    if (operator || this.openDirectory) {
      if (pattern) base = base.where((eb) => matches(eb, pattern));
    } else {
      base = base.where((eb) =>
        pattern
          ? eb.or([eb.and([knownTo(eb, viewer.id), matches(eb, pattern)]), ...exact(eb)])
          : knownTo(eb, viewer.id),
      );
    }
    const [rows, total] = await Promise.all([
      base
        .select([...publicUserColumns])
        .orderBy('users.id')
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(presentPublicUser), count: Number(total.n) };
  }

  async detail(viewer: UserRow, id: number): Promise<UserDetail> {
    const operator = await this.deps.auth.isOperator(viewer);
    const row = authorizeSeeing(
      viewer,
      operator,
      await this.deps.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return {
      ...presentPublicUser(row),
      bio: row.bio,
      company: row.company,
      city: row.city,
      createdAt: row.created_at,
      ...(operator ? { role: roleOf(row.role), active: bool(row.active) } : {}),
    };
  }

  /**
   * Oneself: username and full name. The operator: those of anyone, and role and active state;
   * a deactivation ends the account's sessions at once (D7).
   */
  async update(viewer: UserRow, id: number, input: UpdateUserInput): Promise<UserDetail> {
    const operator = await this.deps.auth.isOperator(viewer);
    const target = await this.deps.db
      .selectFrom('users')
      .select(['id', 'active'])
      .where('id', '=', id)
      .executeTakeFirst();
    authorizeChange(viewer, operator, target, input);
    if (input.username) await this.deps.accounts.assertAvailable(id, { username: input.username });
    await transaction(this.deps.db, async (trx) => {
      await trx
        .updateTable('users')
        .set({
          username: input.username,
          full_name: input.fullName,
          role: input.role,
          active: input.active,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
      if (input.active === false) await this.deps.auth.revokeAllSessions(id, trx);
      // Every instance forgets its copy of the row (the session cache).
      afterCommit(trx, () => this.deps.live.usersChanged([id]));
    });
    return this.detail(viewer, id);
  }
}
