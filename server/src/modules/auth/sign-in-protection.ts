/**
 * Sign-in protection that cannot be turned against the account's owner (OWASP ASVS 2.2,
 * decisions §61). Failed logins are rows of `login_failures` (so every instance sees them) and
 * are counted over a sliding window, per (account, client address) and per client address:
 *
 * - an address with FAILURES_PER_ACCOUNT_ADDRESS failures for one account is refused for it;
 * - an address with FAILURES_PER_ADDRESS failures across accounts is refused for every account;
 * - an account whose failures come from ATTACK_ADDRESSES addresses or more is under attack: each
 *   address that failed for it is refused for it at once (a distributed guesser gets one guess per
 *   address), and its owner is mailed a one-time unlock link (at most once per window);
 * - an address with no failure for the account is never refused for it, attack or not, so the
 *   owner signs in from their own device whatever strangers do.
 *
 * The refusal comes before the password is checked and does not depend on it, so it tells a
 * guesser nothing; unknown addresses are counted alike, so it does not tell which accounts exist.
 */
import net from 'node:net';
import type { Db } from '../../db';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ACCOUNT_ADDRESS = 5;
export const FAILURES_PER_ADDRESS = 20;
export const ATTACK_ADDRESSES = 3;
export const UNLOCK_TOKEN_TTL_MS = 60 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Expands an IPv6 text into its eight 16-bit groups, or undefined for something else. */
function ipv6Groups(address: string): number[] | undefined {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  // A dotted IPv4 ending (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const last = right.length > 0 ? right : left;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    if (!net.isIPv4(dotted)) return undefined;
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((group) => Number.parseInt(group, 16));
  return numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : undefined;
}

/**
 * The address failures are counted by: an IPv4 address as it is (IPv4-mapped IPv6 included), an
 * IPv6 address by its /64 — one subscriber's network, in which any host may take any address —
 * so that walking through a prefix does not give a guesser fresh counts.
 */
export function clientAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '').toLowerCase();
  if (net.isIPv4(bare)) return bare;
  if (!net.isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return bare;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

export interface FailureCounts {
  /** Failures for this account from this address in the window. */
  here: number;
  /** The latest of them (ISO), when there is one. */
  hereLatest: string | null;
  /** Failures from this address for any account in the window. */
  fromAddress: number;
  fromAddressLatest: string | null;
  /** Addresses that failed for this account in the window, counted up to ATTACK_ADDRESSES. */
  addresses: number;
}

/** The three counts in one statement, each served by an index of `login_failures`. */
export async function failureCounts(
  db: Db,
  email: string,
  address: string,
  now: number,
): Promise<FailureCounts> {
  const since = iso(now - LOGIN_WINDOW_MS);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('login_failures')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('here'),
      eb
        .selectFrom('login_failures')
        .select((inner) => inner.fn.max('created_at').as('latest'))
        .where('email', '=', email)
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('here_latest'),
      eb
        .selectFrom('login_failures')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('from_address'),
      eb
        .selectFrom('login_failures')
        .select((inner) => inner.fn.max('created_at').as('latest'))
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('from_address_latest'),
      eb
        .selectFrom(
          eb
            .selectFrom('login_failures')
            .select('ip')
            .distinct()
            .where('email', '=', email)
            .where('created_at', '>', since)
            .limit(ATTACK_ADDRESSES)
            .as('failing'),
        )
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .as('addresses'),
    ])
    .executeTakeFirstOrThrow();
  return {
    here: Number(row.here ?? 0),
    hereLatest: row.here_latest === null ? null : String(row.here_latest),
    fromAddress: Number(row.from_address ?? 0),
    fromAddressLatest: row.from_address_latest === null ? null : String(row.from_address_latest),
    addresses: Number(row.addresses ?? 0),
  };
}

export type Refusal = { reason: 'address' | 'account'; retryAfterSeconds: number };

/** Whether an attempt with these counts is refused before its password is looked at. */
export function refusal(counts: FailureCounts, now: number): Refusal | undefined {
  const retryAfter = (latest: string | null) =>
    Math.max(1, Math.ceil(((latest ? Date.parse(latest) : now) + LOGIN_WINDOW_MS - now) / 1000));
  if (counts.fromAddress >= FAILURES_PER_ADDRESS) {
    return { reason: 'address', retryAfterSeconds: retryAfter(counts.fromAddressLatest) };
  }
  if (counts.here >= FAILURES_PER_ACCOUNT_ADDRESS || (underAttack(counts) && counts.here > 0)) {
    return { reason: 'account', retryAfterSeconds: retryAfter(counts.hereLatest) };
  }
  return undefined;
}

export const underAttack = (counts: Pick<FailureCounts, 'addresses'>) => counts.addresses >= ATTACK_ADDRESSES;

/** Records a failure, and forgets this account's and this address's failures older than the window. */
export async function recordFailure(trx: Db, email: string, address: string, now: number): Promise<void> {
  const since = iso(now - LOGIN_WINDOW_MS);
  await trx
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', address)]))
    .where('created_at', '<=', since)
    .execute();
  await trx
    .insertInto('login_failures')
    .values({ email, ip: address, created_at: iso(now) })
    .execute();
}

/**
 * An app password's failures, apart from the sign-in page's: wrong secrets for a login from an
 * address (one secret sent again, as a phone with a revoked app password polls, is one failure) and
 * from the address across logins, in the same window and by the same numbers as the page's.
 */
export async function appFailureRefusal(
  db: Db,
  login: string,
  address: string,
  now: number,
): Promise<Refusal | undefined> {
  const since = iso(now - LOGIN_WINDOW_MS);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('app_password_failures')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('email', '=', login)
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('here'),
      eb
        .selectFrom('app_password_failures')
        .select((inner) => inner.fn.max('created_at').as('latest'))
        .where('email', '=', login)
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('here_latest'),
      eb
        .selectFrom('app_password_failures')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('from_address'),
      eb
        .selectFrom('app_password_failures')
        .select((inner) => inner.fn.max('created_at').as('latest'))
        .where('ip', '=', address)
        .where('created_at', '>', since)
        .as('from_address_latest'),
    ])
    .executeTakeFirstOrThrow();
  return refusal(
    {
      here: Number(row.here ?? 0),
      hereLatest: row.here_latest === null ? null : String(row.here_latest),
      fromAddress: Number(row.from_address ?? 0),
      fromAddressLatest: row.from_address_latest === null ? null : String(row.from_address_latest),
      addresses: 0,
    },
    now,
  );
}

/**
 * Records a wrong app-password secret, once per secret, login and address in the window (its time
 * renewed when sent again); forgets that login's and that address's older ones.
 */
export async function recordAppFailure(
  trx: Db,
  login: string,
  address: string,
  secretHash: string,
  now: number,
): Promise<void> {
  const since = iso(now - LOGIN_WINDOW_MS);
  await trx
    .deleteFrom('app_password_failures')
    .where((eb) => eb.or([eb('email', '=', login), eb('ip', '=', address)]))
    .where((eb) =>
      eb.or([
        eb('created_at', '<=', since),
        eb.and([eb('email', '=', login), eb('ip', '=', address), eb('secret_hash', '=', secretHash)]),
      ]),
    )
    .execute();
  await trx
    .insertInto('app_password_failures')
    .values({ email: login, ip: address, secret_hash: secretHash, created_at: iso(now) })
    .execute();
}
