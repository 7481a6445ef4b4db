/**
 * Reminders across instances: two built servers on one PostgreSQL database, each with
 * its reminder clock running, and a real SMTP server. An event's reminder arrives once, in the
 * user's language; one that came due while every instance was stopped is sent when one starts.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startInbox } from '../../server/src/test/smtp';
import { api, freshPostgresDatabase, type RunningServer, startServer } from '../support/server';

const smtp = await startInbox();
const cleanups: Array<() => Promise<unknown> | void> = [() => smtp.close()];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An event of `token`'s owner whose 10-minute reminder fires `inMs` from now. */
function eventFiringIn(server: RunningServer, token: string, title: string, inMs: number) {
  const start = new Date(Math.ceil((Date.now() + 10 * 60_000 + inMs) / 1000) * 1000);
  return api<{ _id: string }>(server, 'POST', '/calender/add-event/', token, {
    title,
    start: start.toISOString(),
    end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    reminder: 10,
  });
}

const mailsAbout = (email: string, title: string) =>
  smtp.allTo(email).filter((mail) => mail.subject.includes(title));

it('sends a reminder once from two instances, and at start one that came due while stopped', async () => {
  const database = await freshPostgresDatabase('cadence_reminders');
  cleanups.push(database.drop);
  const databaseUrl = database.url;
  const env = (name: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `cadence-reminders-${name}-`)),
    JWT_SECRET: 'reminders-test-secret-that-is-long-enough-for-hs256',
    SMTP_URL: smtp.url,
    SEED_DEMO: 'false',
    REMINDERS_EVERY: '200ms',
    LOG_LEVEL: 'warn',
  });
  // One first, so that the two do not race to migrate the new database.
  const first = await startServer(env('a'));
  cleanups.push(() => first.kill());
  const second = await startServer(env('b'));
  cleanups.push(() => second.kill());

  const tag = randomBytes(4).toString('hex');
  const email = `remind${tag}@example.com`;
  const { accessToken } = await api<{ accessToken: string }>(first, 'POST', '/jwt/register', undefined, {
    username: `remind${tag}`,
    email,
    password: 'reminded in time',
  });
  await api(second, 'PUT', '/account', accessToken, { language: 'de', timeZone: 'Europe/Berlin' });

  await eventFiringIn(first, accessToken, 'Planungsrunde', 2_000);
  await expect.poll(() => mailsAbout(email, 'Planungsrunde').length, { timeout: 20_000 }).toBe(1);
  // Both clocks tick five times a second: give them a second more to send it again, wrongly.
  const settled = Date.now() + 1_000;
  await expect.poll(() => Date.now() > settled, { timeout: 5_000 }).toBe(true);
  expect(mailsAbout(email, 'Planungsrunde')).toHaveLength(1);
  const [mail] = mailsAbout(email, 'Planungsrunde');
  expect(mail!.subject).toMatch(/^Erinnerung: Planungsrunde, /);
  expect(mail!.text).toContain('beginnt');
  const bell = await api<{ count: number; unread: number }>(second, 'GET', '/notifications', accessToken);
  expect(bell).toMatchObject({ count: 1, unread: 1 });

  // Due while both are stopped: sent when one starts again.
  const dueAt = Date.now() + 4_000;
  await eventFiringIn(second, accessToken, 'Verpasst', 4_000);
  await Promise.all([first.stop(), second.stop()]);
  expect(mailsAbout(email, 'Verpasst')).toHaveLength(0);
  await expect.poll(() => Date.now() > dueAt + 500, { timeout: 10_000 }).toBe(true);
  expect(mailsAbout(email, 'Verpasst')).toHaveLength(0);
  const again = await startServer(env('c'));
  cleanups.push(() => again.kill());
  await expect.poll(() => mailsAbout(email, 'Verpasst').length, { timeout: 20_000 }).toBe(1);
  const after = await api<{ count: number }>(again, 'GET', '/notifications', accessToken);
  expect(after.count).toBe(2);
});
