/**
 * Sign-in protection that cannot be turned against the owner (decisions §61, OWASP ASVS 2.2):
 * failures counted per (account, address) and per address, one strike per address while an
 * account is under attack, and the one-time unlock link mailed to its owner — over HTTP, the
 * client address set per request, the mail through the outbox to a real SMTP server.
 */
import { type AuthSession, errorBody, messages } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRaw, expectIndexed } from '../../test/query-plans';
import { buildUser, expectError, type Reply, type TestUser } from '../../test/factories';
import { createTestApp, newAccount, type TestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';
import {
  ATTACK_ADDRESSES,
  clientAddress,
  FAILURES_PER_ACCOUNT_ADDRESS,
  FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
} from './sign-in-protection';

let inbox: TestInbox;
let t: TestApp;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Cadence <no-reply@cadence.test>',
    PUBLIC_URL: 'https://cadence.test',
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.close();
});

/** Client addresses no other test uses: 10.<n>.<block>.x for the nth call. */
let block = 0;
function addresses(count: number): string[] {
  block += 1;
  return Array.from({ length: count }, (_, i) => `10.${Math.floor(block / 250) + 1}.${block % 250}.${i + 1}`);
}

function login(email: string, password: string, ip: string): Promise<Reply> {
  return t.app.inject({
    method: 'POST',
    url: '/api/jwt/login',
    payload: { email, password },
    remoteAddress: ip,
  });
}

function unlock(token: string, ip = '127.0.0.1'): Promise<Reply> {
  return t.app.inject({ method: 'POST', url: '/api/jwt/unlock', payload: { token }, remoteAddress: ip });
}

async function fail(email: string, ip: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    const response = await login(email, `wrong guess ${i}`, ip);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  }
}

/** A 429 of the protection: the D10 shape, its code, and a Retry-After within the window. */
function expectRefused(response: Reply, code: 'TOO_MANY_LOGIN_ATTEMPTS' | 'ADDRESS_BLOCKED'): void {
  expect(response.statusCode, response.body).toBe(429);
  expect(errorBody.parse(response.json())).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    code,
    message: messages[code === 'ADDRESS_BLOCKED' ? 'auth.addressBlocked' : 'auth.tooManyLoginAttempts'],
  });
  const wait = Number(response.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
}

/** Moves every failure of `email` (or all) out of the window, as fifteen minutes would. */
async function age(email?: string): Promise<void> {
  let query = t.database.db
    .updateTable('login_failures')
    .set({ created_at: new Date(Date.now() - LOGIN_WINDOW_MS - 1000).toISOString() });
  if (email) query = query.where('email', '=', email);
  await query.execute();
}

/** The unlock token of the newest unlock mail to `email`. */
async function unlockToken(email: string): Promise<string> {
  const mail = await inbox.mailTo(email);
  const link = /https:\/\/cadence\.test\/unlock\?token=([\w%-]+)/.exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  return decodeURIComponent(link![1]!);
}

async function unlockMails(email: string): Promise<number> {
  // The outbox sends after the commit: give it time to, before counting.
  await expect
    .poll(() =>
      t.database.db
        .selectFrom('mail_outbox')
        .select('state')
        .where('to_address', '=', email)
        .execute()
        .then((rows) => rows.every((r) => r.state === 'sent')),
    )
    .toBe(true);
  return inbox.allTo(email).length;
}

describe('an account under attack (decisions §61)', () => {
  it('lets its owner in from a clean address after ten failures from ten other addresses', async () => {
    const victim = await buildUser(t);
    const attackers = addresses(10);
    for (const ip of attackers) await fail(victim.email, ip);

    const [home] = addresses(1);
    const signIn = await login(victim.email, victim.password, home!);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json<AuthSession>().userData._id).toBe(victim.id);
    // …again, and from yet another clean address: the attack goes on and changes nothing for them.
    await fail(victim.email, addresses(1)[0]!);
    expect((await login(victim.email, victim.password, home!)).statusCode).toBe(200);
    expect((await login(victim.email, victim.password, addresses(1)[0]!)).statusCode).toBe(200);
  });

  it('gives each attacking address one strike once three addresses failed, even with the right password', async () => {
    const victim = await buildUser(t);
    const attackers = addresses(ATTACK_ADDRESSES);
    for (const ip of attackers) await fail(victim.email, ip);
    for (const ip of attackers) {
      expectRefused(await login(victim.email, victim.password, ip), 'TOO_MANY_LOGIN_ATTEMPTS');
      expectRefused(await login(victim.email, 'another guess', ip), 'TOO_MANY_LOGIN_ATTEMPTS');
    }
    // An unknown address is treated alike: whether it exists is not told.
    const ghost = newAccount().email;
    for (const ip of attackers) await fail(ghost, ip);
    expectRefused(await login(ghost, 'a guess', attackers[0]!), 'TOO_MANY_LOGIN_ATTEMPTS');
    // The same addresses may still sign in to accounts they did not attack.
    const bystander = await buildUser(t);
    expect((await login(bystander.email, bystander.password, attackers[0]!)).statusCode).toBe(200);
  });

  it('mails its owner an unlock link once per window, in their language; an unknown account gets none', async () => {
    const victim = await buildUser(t);
    await t.database.db
      .updateTable('users')
      .set({ language: 'de' })
      .where('id', '=', Number(victim.id))
      .execute();
    const attackers = addresses(ATTACK_ADDRESSES + 3);
    for (const ip of attackers.slice(0, ATTACK_ADDRESSES - 1)) await fail(victim.email, ip);
    expect(await unlockMails(victim.email)).toBe(0);
    for (const ip of attackers.slice(ATTACK_ADDRESSES - 1)) await fail(victim.email, ip);
    await unlockToken(victim.email);
    expect(await unlockMails(victim.email)).toBe(1);
    const [mail] = inbox.allTo(victim.email);
    expect(mail!.subject).toBe('Jemand versucht, sich bei Ihrem Cadence-Konto anzumelden');
    expect(mail!.text).toContain(victim.fullName);
    const stored = await t.database.db
      .selectFrom('account_unlocks')
      .selectAll()
      .where('user_id', '=', Number(victim.id))
      .execute();
    expect(stored).toHaveLength(1);
    // Stored hashed, like a reset token.
    expect(mail!.text).not.toContain(stored[0]!.token_hash);
    expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(60 * 60_000);

    // A new window, a new attack: one more mail.
    await age(victim.email);
    await t.database.db
      .updateTable('account_unlocks')
      .set({ created_at: new Date(Date.now() - LOGIN_WINDOW_MS - 1000).toISOString() })
      .where('user_id', '=', Number(victim.id))
      .execute();
    for (const ip of addresses(ATTACK_ADDRESSES)) await fail(victim.email, ip);
    expect(await unlockMails(victim.email)).toBe(2);

    const ghost = newAccount().email;
    for (const ip of addresses(ATTACK_ADDRESSES)) await fail(ghost, ip);
    expect(await unlockMails(ghost)).toBe(0);
  });
});

describe('an address that keeps failing', () => {
  it(`is refused for one account after ${FAILURES_PER_ACCOUNT_ADDRESS} failures, until the window passes`, async () => {
    const victim = await buildUser(t);
    const [guesser, other] = addresses(2) as [string, string];
    await fail(victim.email, guesser, FAILURES_PER_ACCOUNT_ADDRESS);
    expectRefused(await login(victim.email, victim.password, guesser), 'TOO_MANY_LOGIN_ATTEMPTS');
    // Refused before the password is looked at: nothing more is counted.
    const { n } = await t.database.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', victim.email)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(FAILURES_PER_ACCOUNT_ADDRESS);
    // Other addresses, and other accounts from this one, are not affected.
    expect((await login(victim.email, victim.password, other)).statusCode).toBe(200);
    const bystander = await buildUser(t);
    expect((await login(bystander.email, bystander.password, guesser)).statusCode).toBe(200);
    // The owner, at the guesser's address, is mailed a link at the limit (one address is enough).
    await unlockToken(victim.email);

    await age(victim.email);
    expect((await login(victim.email, victim.password, guesser)).statusCode).toBe(200);
  });

  it(`is refused for every account after ${FAILURES_PER_ADDRESS} failures across accounts`, async () => {
    const [stuffer, other] = addresses(2) as [string, string];
    const owner = await buildUser(t);
    // Credential stuffing: one guess per address book entry, most of them unknown here.
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) await fail(newAccount().email, stuffer);
    expectRefused(await login(owner.email, owner.password, stuffer), 'ADDRESS_BLOCKED');
    expectRefused(await login(newAccount().email, 'a guess', stuffer), 'ADDRESS_BLOCKED');
    expect((await login(owner.email, owner.password, other)).statusCode).toBe(200);
    await age();
    expect((await login(owner.email, owner.password, stuffer)).statusCode).toBe(200);
  });

  it('signs in with the right password below the limit, which does not wipe the count', async () => {
    const user = await buildUser(t);
    const [ip] = addresses(1) as [string];
    await fail(user.email, ip, FAILURES_PER_ACCOUNT_ADDRESS - 1);
    expect((await login(user.email, user.password, ip)).statusCode).toBe(200);
    await fail(user.email, ip);
    expectRefused(await login(user.email, user.password, ip), 'TOO_MANY_LOGIN_ATTEMPTS');
  });

  it('counts an IPv6 network (/64) as one address, and an IPv4-mapped address as IPv4', async () => {
    expect(clientAddress('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:DB8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('192.0.2.7')).toBe('192.0.2.7');

    const user = await buildUser(t);
    for (let i = 0; i < FAILURES_PER_ACCOUNT_ADDRESS; i += 1)
      await fail(user.email, `2001:db8:77:1::${i + 1}`);
    expectRefused(await login(user.email, user.password, '2001:db8:77:1::ff'), 'TOO_MANY_LOGIN_ATTEMPTS');
    expect((await login(user.email, user.password, '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});

describe('POST /api/jwt/unlock', () => {
  /** An account under attack from three addresses, the first its owner's, which has failed too. */
  async function underAttack(): Promise<{ user: TestUser; home: string; token: string }> {
    const user = await buildUser(t);
    const [home, ...others] = addresses(ATTACK_ADDRESSES) as [string, ...string[]];
    await fail(user.email, home);
    for (const ip of others) await fail(user.email, ip);
    expectRefused(await login(user.email, user.password, home), 'TOO_MANY_LOGIN_ATTEMPTS');
    return { user, home, token: await unlockToken(user.email) };
  }

  it('clears the failures of its account, so that its owner signs in from anywhere; once', async () => {
    const { user, home, token } = await underAttack();
    const opened = await unlock(token, addresses(1)[0]);
    expect(opened.statusCode, opened.body).toBe(204);
    expect(opened.body).toBe('');
    expect((await login(user.email, user.password, home)).statusCode).toBe(200);

    const again = expectError(await unlock(token), 400, 'INVALID_UNLOCK_TOKEN');
    expect(again.message).toBe(messages['auth.invalidUnlockToken']);
  });

  it('unlocks only its own account', async () => {
    const first = await underAttack();
    const second = await underAttack();
    expect((await unlock(first.token)).statusCode).toBe(204);
    expect((await login(first.user.email, first.user.password, first.home)).statusCode).toBe(200);
    expectRefused(
      await login(second.user.email, second.user.password, second.home),
      'TOO_MANY_LOGIN_ATTEMPTS',
    );
    const { n } = await t.database.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', second.user.email)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(ATTACK_ADDRESSES);
    expect((await unlock(second.token)).statusCode).toBe(204);
    expect((await login(second.user.email, second.user.password, second.home)).statusCode).toBe(200);
  });

  it('refuses an expired, an unknown or a missing token', async () => {
    const { user, token } = await underAttack();
    await t.database.db
      .updateTable('account_unlocks')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', Number(user.id))
      .execute();
    expectError(await unlock(token), 400, 'INVALID_UNLOCK_TOKEN');
    expectError(await unlock('not-a-token-we-mailed'), 400, 'INVALID_UNLOCK_TOKEN');
    const missing = await t.app.inject({ method: 'POST', url: '/api/jwt/unlock', payload: {} });
    expect(expectError(missing, 400, 'VALIDATION_ERROR').fields).toEqual({
      token: messages['validation.tokenRequired'],
    });
  });
});

describe('the counts', () => {
  it('are read through indexes', async () => {
    const since = new Date().toISOString();
    const { db } = t.database;
    const byPair = db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'a@example.com')
      .where('ip', '=', '10.0.0.1')
      .where('created_at', '>', since);
    const byAddress = db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ip', '=', '10.0.0.1')
      .where('created_at', '>', since);
    const addressesOf = db
      .selectFrom('login_failures')
      .select('ip')
      .distinct()
      .where('email', '=', 'a@example.com')
      .where('created_at', '>', since)
      .limit(ATTACK_ADDRESSES);
    for (const query of [byPair, byAddress, addressesOf]) {
      await expectIndexed(t, asRaw(query), /login_failures/);
    }
  });
});
