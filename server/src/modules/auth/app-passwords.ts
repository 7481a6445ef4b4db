/**
 * App passwords (D43): the secrets a calendar client (a phone's Calendar and Reminders,
 * Thunderbird, DAVx5) signs in to CalDAV with over HTTP Basic, never the account's password.
 *
 * A secret is 120 random bits, written as six groups of four letters and digits (easy to type on
 * a phone), shown once and stored as its SHA-256: a secret with that much entropy needs no slow
 * hash, and a CalDAV client sends it with every request, so checking it must cost a lookup, not
 * argon2's 50 ms. Failures count in the sign-in protection's tables (decisions §61) under the
 * account's e-mail, so a guesser meets the same limits over CalDAV as on the sign-in page.
 */
import { randomInt } from 'node:crypto';
import {
  APP_PASSWORDS_MAX,
  type AppPassword,
  type AppPasswordCreated,
  type CreateAppPasswordInput,
} from '@cadence/contract';
import { sql } from 'kysely';
import { bool } from '../../db/dialect';
import { transaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { hashToken } from '../../lib/tokens';
import { LoginRefused } from './service';
import { appFailureRefusal, clientAddress, recordAppFailure } from './sign-in-protection';

/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 6;
const GROUP_LENGTH = 4;
/** How long a use is not written again: a client syncing every minute writes once in five. */
const LAST_USED_EVERY_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Six groups of four: 24 characters of a 31-letter alphabet, about 119 bits. */
function newSecret(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g += 1) {
    let group = '';
    for (let c = 0; c < GROUP_LENGTH; c += 1) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** The secret as typed: spaces and dashes are not part of it, and case does not matter. */
const normalised = (secret: string) => secret.replace(/[\s-]/g, '').toLowerCase();

/** The user a client signed in as. */
export interface DavUser {
  id: number;
  username: string;
  email: string;
  timeZone: string;
  language: string;
}

export class AppPasswordsService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'engine' | 'config'>) {}

  async list(userId: number): Promise<AppPassword[]> {
    const rows = await this.deps.db
      .selectFrom('app_passwords')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(present);
  }

  /** A new app password; the only time its secret is seen. */
  async create(userId: number, input: CreateAppPasswordInput): Promise<AppPasswordCreated> {
    const secret = newSecret();
    return transaction(this.deps.db, async (trx) => {
      // The user's row locked: two at once cannot both pass the count.
      const user = await this.deps.engine
        .forUpdate(trx.selectFrom('users').select(['id', 'username']).where('id', '=', userId))
        .executeTakeFirstOrThrow();
      const { count } = await trx
        .selectFrom('app_passwords')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= APP_PASSWORDS_MAX) throw badRequest('LIMIT_REACHED', 'appPasswords.limit');
      const row = await trx
        .insertInto('app_passwords')
        .values({
          user_id: userId,
          name: input.name,
          secret_hash: hashToken(normalised(secret)),
          created_at: iso(Date.now()),
          last_used_at: null,
        })
        .returning(['id', 'name', 'created_at', 'last_used_at'])
        .executeTakeFirstOrThrow();
      return {
        ...present(row),
        password: secret,
        username: user.username,
        server: `${this.deps.config.PUBLIC_URL}/dav/`,
      };
    });
  }

  async revoke(userId: number, id: number): Promise<void> {
    const result = await this.deps.db
      .deleteFrom('app_passwords')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
  }

  /**
   * The active user whose app password this is, signing in as `login` (their user name or
   * e-mail), or undefined. Refused (LoginRefused, 429) before anything is checked when this
   * address has failed too often with app passwords, for this account or for any; a failure is
   * counted apart from the sign-in page's, once per wrong secret.
   */
  async verify(login: string, secret: string, ip: string): Promise<DavUser | undefined> {
    const { db } = this.deps;
    const address = clientAddress(ip);
    const user = await db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'time_zone', 'language', 'active'])
      .where((eb) =>
        eb.or([eb('email', '=', login.toLowerCase()), eb(sql`lower(username)`, '=', login.toLowerCase())]),
      )
      .executeTakeFirst();
    // Counted under the account's e-mail, as the sign-in page counts; an unknown login as typed.
    const key = user?.email ?? login.toLowerCase();
    const now = Date.now();
    const refused = await appFailureRefusal(db, key, address, now);
    if (refused?.reason === 'address') {
      throw new LoginRefused('ADDRESS_BLOCKED', 'auth.addressBlocked', refused.retryAfterSeconds);
    }
    if (refused) {
      throw new LoginRefused(
        'TOO_MANY_LOGIN_ATTEMPTS',
        'auth.tooManyLoginAttempts',
        refused.retryAfterSeconds,
      );
    }
    const found =
      user &&
      (await db
        .selectFrom('app_passwords')
        .select(['id', 'last_used_at'])
        .where('secret_hash', '=', hashToken(normalised(secret)))
        .where('user_id', '=', user.id)
        .executeTakeFirst());
    if (!user || !found || !bool(user.active)) {
      const secretHash = hashToken(`${key}\n${normalised(secret)}`);
      await transaction(db, (trx) => recordAppFailure(trx, key, address, secretHash, now));
      return undefined;
    }
    if (!found.last_used_at || Date.parse(found.last_used_at) < now - LAST_USED_EVERY_MS) {
      await db
        .updateTable('app_passwords')
        .set({ last_used_at: iso(now) })
        .where('id', '=', found.id)
        .execute();
    }
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      timeZone: user.time_zone,
      language: user.language,
    };
  }
}

function present(row: {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}): AppPassword {
  return { _id: String(row.id), name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}
