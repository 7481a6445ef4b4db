/**
 * Mail survives a crash (the outbox): a built instance sends a meeting invitation to an SMTP
 * server that takes the message and never answers, so the mail stays `sending`; the instance is
 * killed with SIGKILL; another instance on the same data, with a working SMTP server, delivers the
 * invitation once MAIL_STALE_AFTER has passed — exactly once. On SQLite and on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startInbox } from '../../server/src/test/smtp';
import { api, freshPostgresDatabase, startServer } from '../support/server';

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function person(server: { url: string; output(): string }, tag: string) {
  const suffix = randomBytes(4).toString('hex');
  return api<{ accessToken: string; userData: { _id: string; email: string } }>(
    server as never,
    'POST',
    '/jwt/register',
    undefined,
    { username: `${tag}${suffix}`, email: `${tag}${suffix}@example.com`, password: 'mail survives' },
  );
}

async function crashWhileSending(env: Record<string, string>) {
  const hanging = await startInbox({ hang: true });
  cleanups.push(() => hanging.close());
  const first = await startServer({ ...env, SMTP_URL: hanging.url });
  cleanups.push(() => first.kill());
  const [a, b] = [await person(first, 'org'), await person(first, 'inv')];
  const request = await api<{ _id: string }>(first, 'POST', '/friends/requests', a.accessToken, {
    userId: b.userData._id,
  });
  await api(first, 'POST', `/friends/requests/${request._id}/accept`, b.accessToken);
  await api(first, 'POST', '/meetings', a.accessToken, {
    name: 'Survives a crash',
    duration: 30,
    startDate: '2027-01-11',
    endDate: '2027-01-15',
    time: '2027-01-12T10:00:00Z',
    invitees: [b.userData._id],
  });
  await expect.poll(() => hanging.arrivals(), { timeout: 10_000 }).toBeGreaterThan(0);
  await first.kill();

  const inbox = await startInbox();
  cleanups.push(() => inbox.close());
  const second = await startServer({
    ...env,
    SMTP_URL: inbox.url,
    MAIL_STALE_AFTER: '1s',
    REMINDERS_EVERY: '1s',
  });
  cleanups.push(() => second.stop());
  const invitations = () => inbox.all().filter((mail) => mail.subject.includes('Survives a crash'));
  await expect.poll(() => invitations().length, { timeout: 15_000 }).toBe(1);
  expect(invitations()[0]!.to).toBe(b.userData.email);
  // A few more ticks of the clock: still once.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(invitations()).toHaveLength(1);
  await second.stop();
}

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-outbox-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('a mail an instance was sending when it was killed is delivered once by another', () => {
  it('on SQLite', async () => {
    await crashWhileSending({ DATA_DIR: freshDataDir(), SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  });

  it('on PostgreSQL', async () => {
    const database = await freshPostgresDatabase('cadence_outbox');
    cleanups.push(database.drop);
    await crashWhileSending({
      DATA_DIR: freshDataDir(),
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
  });
});
