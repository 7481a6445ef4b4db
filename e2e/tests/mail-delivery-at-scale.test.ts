/**
 * The outbox as an operator meets it, on PostgreSQL with built instances and a real SMTP server:
 * - 2,000 notices written at once are delivered within 60 s by two instances, none twice, and a
 *   password reset asked for behind them leaves within 5 s (urgent mail is claimed first);
 * - the database stopping while the SMTP server takes a password reset does not send it twice:
 *   the instance writes `sent` once the database is back, before MAIL_STALE_AFTER would have
 *   another delivery claim the row again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { startInbox, type TestInbox } from '../../server/src/test/smtp';
import { type Instances, startInstances } from '../support/instances';
import { freshPostgresDatabase, startServer } from '../support/server';

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const BULK = 2000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base: string, method: string, where: string, body?: object) {
  const response = await fetch(`${base}/api${where}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

async function account(base: string) {
  const tag = randomBytes(4).toString('hex');
  const person = {
    username: `mail${tag}`,
    email: `mail${tag}@example.com`,
    password: 'a good long password',
  };
  const answer = await call(base, 'POST', '/jwt/register', person);
  expect(answer.status, answer.text).toBe(201);
  return person;
}

async function until(what: () => boolean, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!what()) {
    if (Date.now() - started > timeoutMs) break;
    await pause(20);
  }
  return Date.now() - started;
}

it(
  `delivers ${BULK} notices within 60 s by two instances, none twice, and a reset behind them within 5 s`,
  { timeout: 180_000 },
  async () => {
    const inbox: TestInbox = await startInbox();
    cleanups.push(() => inbox.close());
    const instances: Instances = await startInstances('mail-scale', 2, {
      SMTP_URL: inbox.url,
      REMINDERS: 'true',
      REMINDERS_EVERY: '1s',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    });
    cleanups.push(() => instances.stop());
    const [a] = instances.servers.map((server) => server.url) as [string];
    const person = await account(a);

    // A burst of notices, as a bulk change to shared work writes them: 2,000 rows in one transaction.
    const client = new pg.Client({ connectionString: instances.databaseUrl });
    await client.connect();
    cleanups.push(() => client.end());
    const tag = randomBytes(3).toString('hex');
    const now = new Date().toISOString();
    const written = Date.now();
    await client.query(
      `insert into mail_outbox (to_address, subject, body, state, priority, attempts, next_attempt_at, created_at)
     select 'team' || n || '@example.com', $1 || n, 'A card changed', 'pending', 2, 0, $2, $2
     from generate_series(1, ${BULK}) as n`,
      [`Notice ${tag} `, now],
    );
    await pause(300);
    // Behind them: a password reset, asked for through the API.
    const asked = Date.now();
    expect((await call(a, 'POST', '/jwt/forgot-password', { email: person.email })).status).toBeLessThan(300);
    const resetIn = await until(() => inbox.allTo(person.email).length > 0, 10_000);
    const notices = () => inbox.all().filter((mail) => mail.subject.startsWith(`Notice ${tag} `));
    const allIn = (await until(() => notices().length >= BULK, 90_000)) + (asked - written);
    await pause(2000); // anything sent twice would arrive by now
    const subjects = notices().map((mail) => mail.subject);
    const { rows } = await client.query<{ state: string; count: string }>(
      `select state, count(*) from mail_outbox where subject like $1 group by state`,
      [`Notice ${tag} %`],
    );
    console.log(
      `outbox: ${BULK} notices delivered in ${allIn} ms by two instances (${Math.round((BULK * 1000) / allIn)} mails/s); ` +
        `a reset written behind them reached the inbox in ${resetIn} ms`,
    );
    expect(new Set(subjects).size).toBe(BULK);
    expect(subjects).toHaveLength(BULK);
    expect(rows).toEqual([{ state: 'sent', count: String(BULK) }]);
    expect(allIn).toBeLessThan(60_000);
    expect(inbox.allTo(person.email)).toHaveLength(1);
    expect(resetIn).toBeLessThan(5000);
  },
);

it(
  'sends a password reset once when the database stops while the SMTP server takes it',
  { timeout: 120_000 },
  async () => {
    const database = await freshPostgresDatabase('cadence_mail_outage');
    cleanups.push(database.drop);
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({
      connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    });
    await admin.connect();
    cleanups.push(() => admin.end());
    let outageOver: Promise<void> | undefined;
    const inbox = await startInbox({
      beforeAccept: async ({ subject }) => {
        if (outageOver || !/password/i.test(subject)) return;
        // The database stops: no connection is let in, and those open are cut.
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        outageOver = pause(2000).then(async () => {
          await admin.query(`alter database ${name} allow_connections true`);
        });
      },
    });
    cleanups.push(() => inbox.close());
    const server = await startServer({
      DATABASE_URL: database.url,
      SMTP_URL: inbox.url,
      SEED_DEMO: 'false',
      REMINDERS: 'true',
      REMINDERS_EVERY: '1s',
      // Short, so that a row left `sending` would be claimed and sent again within the test.
      MAIL_STALE_AFTER: '3s',
      LOG_LEVEL: 'warn',
    });
    cleanups.push(() => server.stop());
    const person = await account(server.url);
    expect(
      (await call(server.url, 'POST', '/jwt/forgot-password', { email: person.email })).status,
    ).toBeLessThan(300);
    await until(() => outageOver !== undefined, 10_000);
    expect(outageOver, 'the SMTP server saw the reset').toBeDefined();
    await outageOver;
    // Well past MAIL_STALE_AFTER and several of the instance's deliveries.
    await pause(8000);
    expect(inbox.allTo(person.email).map((mail) => mail.subject)).toHaveLength(1);
    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ state: string; attempts: number }>(
        'select state, attempts from mail_outbox where to_address = $1',
        [person.email],
      );
      expect(rows).toEqual([{ state: 'sent', attempts: 1 }]);
    } finally {
      await check.end();
    }
  },
);
