/**
 * Reminders and notifications: the rows that events and tasks keep, their firing with a
 * real SMTP server (once per occurrence, in the user's language, also when two reminder services
 * race on one database), the user's settings, and the bell's calls. Time is the `now` handed to
 * `fireDue`, so the tests do not wait for a clock.
 */
import { LiveHub } from '../../lib/live';
import { MailOutbox } from '../../lib/outbox';
import { LinkTokens } from '../../lib/tokens';
import type { Notification, Task } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createMailer } from '../../lib/mailer';
import {
  befriend,
  buildEvent,
  buildTask,
  buildUser,
  call,
  expectError,
  notificationsOf,
  ok,
  type TestUser,
} from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { startInbox, type TestInbox } from '../../test/smtp';
import { buildReminders } from '../../services';
import type { RemindersService } from './reminders';

const t = useTestApp();
let inbox: TestInbox;
let reminders: RemindersService;
let rival: RemindersService;

beforeAll(async () => {
  inbox = await startInbox();
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://cadence.test' });
  const log = t.app.log;
  const build = () =>
    buildReminders({
      db: t.database.db,
      outbox: new MailOutbox({
        db: t.database.db,
        mailer: createMailer(inbox.url, 'Cadence <c@test>', log),
        log,
      }),
      config,
      log,
      live: new LiveHub({ prefix: 'test:', heartbeatMs: 60_000, log }),
      links: new LinkTokens('x'.repeat(32)),
    });
  reminders = build();
  rival = build();
});
afterAll(async () => {
  await inbox.close();
});

async function person(settings: { language: string; timeZone: string }): Promise<TestUser> {
  const user = await buildUser(t, { fullName: 'Ana Lima' });
  await ok(t, 'PUT', '/api/account', user.token, settings);
  return user;
}

function rowsOf(kind: 'event' | 'todo', sourceId: string) {
  return t.database.db
    .selectFrom('reminders')
    .select(['user_id', 'fire_at', 'occurrence_at'])
    .where('kind', '=', kind)
    .where('source_id', '=', Number(sourceId))
    .orderBy('user_id')
    .execute();
}

describe('event reminders', () => {
  it('fires once per occurrence, in the user’s language and zone, and moves on to the next', async () => {
    const user = await person({ language: 'fr', timeZone: 'Europe/Paris' });
    const event = await buildEvent(t, user, {
      title: 'Revue hebdo',
      start: '2030-01-07T09:00:00+01:00',
      end: '2030-01-07T10:00:00+01:00',
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      reminder: 15,
    });
    expect(await rowsOf('event', event._id)).toEqual([
      {
        user_id: Number(user.id),
        fire_at: '2030-01-07T07:45:00.000Z',
        occurrence_at: '2030-01-07T08:00:00.000Z',
      },
    ]);

    expect(await reminders.fireDue(Date.parse('2030-01-07T07:44:59Z'))).toBe(0);
    expect(await reminders.fireDue(Date.parse('2030-01-07T07:45:01Z'))).toBe(1);
    const mail = await inbox.mailTo(user.email);
    expect(mail.subject).toBe('Rappel : Revue hebdo, lundi 7 janvier 2030 à 09:00');
    expect(mail.text).toContain('Bonjour Ana Lima');
    // The event itself, on its day in Ana's zone.
    expect(mail.text).toContain(`https://cadence.test/apps/calendar?date=2030-01-07&event=${event._id}`);
    // Fired: the row now waits for the next Monday, and the same moment fires nothing more.
    expect(await reminders.fireDue(Date.parse('2030-01-07T07:45:02Z'))).toBe(0);
    expect((await rowsOf('event', event._id)).map((row) => row.occurrence_at)).toEqual([
      '2030-01-14T08:00:00.000Z',
    ]);

    const list = await notificationsOf(t, user);
    expect(list).toMatchObject({ count: 1, unread: 1 });
    expect(list.data[0]).toEqual({
      _id: expect.any(String),
      kind: 'event',
      sourceId: event._id,
      title: 'Revue hebdo',
      at: '2030-01-07T08:00:00.000Z',
      actor: null,
      boardId: null,
      isRead: false,
      createdAt: expect.any(String),
    });
  });

  it('is sent once when two reminder services race on one database', async () => {
    const [owner, guest] = [await person({ language: 'de', timeZone: 'Europe/Berlin' }), await buildUser(t)];
    await befriend(t, owner, guest);
    const event = await buildEvent(t, owner, {
      title: 'Planung',
      start: '2030-02-04T10:00:00Z',
      end: '2030-02-04T11:00:00Z',
      reminder: 30,
      guests: [guest.id],
    });
    expect((await rowsOf('event', event._id)).map((row) => row.user_id)).toEqual([
      Number(owner.id),
      Number(guest.id),
    ]);
    const at = Date.parse('2030-02-04T09:31:00Z');
    // Other tests' reminders may be due at that moment too: count this event's.
    await Promise.all([reminders.fireDue(at), rival.fireDue(at), reminders.fireDue(at)]);
    // (The owner's bell also holds the friendship accepted; the guest's, the invitation, D45.)
    const ownerReminded = (await notificationsOf(t, owner)).data.filter((n) => n.kind === 'event');
    expect(ownerReminded.map((n) => n.sourceId)).toEqual([event._id]);
    const reminded = (await notificationsOf(t, guest)).data.filter((n) => n.kind === 'event');
    expect(reminded.map((n) => n.sourceId)).toEqual([event._id]);
    expect((await inbox.mailTo(owner.email)).subject).toMatch(/^Erinnerung: Planung, /);
    await inbox.mailTo(guest.email);
    await reminders.sendPendingMail();
    expect([inbox.allTo(owner.email).length, inbox.allTo(guest.email).length]).toEqual([1, 1]);
    expect(await rowsOf('event', event._id)).toEqual([]);
  });

  it('drops a reminder more than a day late, respects the user’s setting, and follows an edit', async () => {
    const user = await person({ language: 'en', timeZone: 'UTC' });
    const body = { title: 'Yoga', start: '2030-03-04T18:00:00Z', end: '2030-03-04T19:00:00Z', reminder: 60 };
    const late = await buildEvent(t, user, body);
    expect(await reminders.fireDue(Date.parse('2030-03-06T18:00:00Z'))).toBe(0);
    expect(await rowsOf('event', late._id)).toEqual([]);

    await ok(t, 'PUT', '/api/account', user.token, { notifications: { eventReminders: false } });
    const muted = await buildEvent(t, user, body);
    expect(await reminders.fireDue(Date.parse('2030-03-04T17:00:01Z'))).toBe(0);
    expect(await rowsOf('event', muted._id)).toEqual([]);
    expect((await notificationsOf(t, user)).count).toBe(0);

    await ok(t, 'PUT', '/api/account', user.token, { notifications: { eventReminders: true } });
    const edited = await buildEvent(t, user, body);
    await ok(t, 'PUT', `/api/calender/modify-event/${edited._id}`, user.token, { reminder: 10 });
    expect((await rowsOf('event', edited._id)).map((row) => row.fire_at)).toEqual([
      '2030-03-04T17:50:00.000Z',
    ]);
    await ok(t, 'PUT', `/api/calender/modify-event/${edited._id}`, user.token, { reminder: null });
    expect(await rowsOf('event', edited._id)).toEqual([]);
    await ok(t, 'PUT', `/api/calender/modify-event/${edited._id}`, user.token, { reminder: 5 });
    expect(await rowsOf('event', edited._id)).toHaveLength(1);
    await ok(t, 'DELETE', `/api/calender/${edited._id}`, user.token, undefined, 204);
    expect(await rowsOf('event', edited._id)).toEqual([]);
  });
});

describe('to-do reminders', () => {
  it('reminds the owner and the assignees at 08:00 of the due day in each one’s zone, while the task is open', async () => {
    const owner = await person({ language: 'pt', timeZone: 'America/Sao_Paulo' });
    const friend = await person({ language: 'en', timeZone: 'Asia/Tokyo' });
    await befriend(t, owner, friend);
    const task = await buildTask(t, owner, {
      title: 'Pagar a renda',
      dueDate: '2030-03-01',
      assignee: [friend.id],
    });
    expect(await rowsOf('todo', task._id)).toEqual([
      {
        user_id: Number(owner.id),
        fire_at: '2030-03-01T11:00:00.000Z',
        occurrence_at: '2030-03-01T11:00:00.000Z',
      },
      {
        user_id: Number(friend.id),
        fire_at: '2030-02-28T23:00:00.000Z',
        occurrence_at: '2030-02-28T23:00:00.000Z',
      },
    ]);
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner.token, { isCompleted: true });
    expect(await rowsOf('todo', task._id)).toEqual([]);
    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, friend.token, { isCompleted: false });
    expect(await rowsOf('todo', task._id)).toHaveLength(2);

    expect(await reminders.fireDue(Date.parse('2030-03-01T11:00:00Z'))).toBe(2);
    const mail = await inbox.mailTo(owner.email);
    expect(mail.subject).toBe('Para hoje: Pagar a renda');
    expect(mail.text).toContain(`https://cadence.test/apps/todo?task=${task._id}`);
    const due = await inbox.mailsTo(friend.email, 1, (sent) => sent.subject.startsWith('Due today'));
    expect(due.map((sent) => sent.subject)).toEqual(['Due today: Pagar a renda']);
    // (The friend's bell also holds the assignment, D45.)
    const reminded = (await notificationsOf(t, friend)).data.filter((n) => n.kind === 'todo');
    expect(reminded.map((n) => [n.kind, n.sourceId])).toEqual([['todo', task._id]]);

    await ok<Task>(t, 'PUT', `/api/todos/${task._id}`, owner.token, { dueDate: '2030-04-01' });
    expect(await rowsOf('todo', task._id)).toHaveLength(2);
    await ok(t, 'DELETE', `/api/todos/${task._id}`, owner.token, undefined, 204);
    expect(await rowsOf('todo', task._id)).toEqual([]);
  });
});

describe('the bell’s calls', () => {
  it('marks one read and unread, then all read; another user’s notification answers 404', async () => {
    const user = await person({ language: 'en', timeZone: 'UTC' });
    const other = await buildUser(t);
    for (const title of ['First', 'Second']) {
      await buildEvent(t, user, {
        title,
        start: '2031-01-01T10:00:00Z',
        end: '2031-01-01T11:00:00Z',
        reminder: 0,
      });
    }
    expect(await reminders.fireDue(Date.parse('2031-01-01T10:00:00Z'))).toBe(2);
    const [newest, oldest] = (await notificationsOf(t, user)).data as [Notification, Notification];
    expect([newest.title, oldest.title].sort()).toEqual(['First', 'Second']);

    const read = await ok<Notification>(t, 'PUT', `/api/notifications/${newest._id}`, user.token, {});
    expect(read.isRead).toBe(true);
    expect((await notificationsOf(t, user)).unread).toBe(1);
    await ok(t, 'PUT', `/api/notifications/${newest._id}`, user.token, { isRead: false });
    expect((await notificationsOf(t, user)).unread).toBe(2);

    expectError(await call(t, 'PUT', `/api/notifications/${newest._id}`, other.token, {}), 404, 'NOT_FOUND');
    expectError(
      await call(t, 'PUT', `/api/notifications/${newest._id}`, user.token, { isRead: 'yes' }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await notificationsOf(t, user)).unread).toBe(2);

    expect(await ok(t, 'POST', '/api/notifications/read-all', user.token)).toEqual({ unread: 0, changed: 2 });
    expect(await notificationsOf(t, user)).toMatchObject({ count: 2, unread: 0 });
    expect(await notificationsOf(t, other)).toEqual({ data: [], count: 0, unread: 0 });
  });
});
