/**
 * D44 in Chromium with real mail: a host in Europe/Paris shares a booking link; a visitor on a
 * phone (390 px) in America/New_York, not signed in, opens it, sees the free times in New York's
 * time, books, receives the confirmation with an .ics that ical.js reads, then reschedules and
 * cancels through the link in the mail. The host's calendar, open meanwhile, and their bell follow
 * each step live, without a reload. The public page passes axe.
 */
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { startInbox } from '../../server/src/test/smtp';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { shown } from '../support/calendar';
import { arrive, callAs } from '../support/people';
import { useAppServer } from '../support/server';

const smtp = await startInbox();
afterAll(() => smtp.close());
const server = useAppServer({ SMTP_URL: smtp.url });

const NEW_YORK = 'America/New_York';

/** A time as the visitor's page writes it: en-US, New York. */
const clockInNewYork = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/** The date (YYYY-MM-DD) of an instant in a zone. */
const dateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short' }).format(new Date(iso));

/** Marks the page, so that a reload (which would lose the mark) is seen. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

function icsOf(mail: { attachments: Array<{ filename: string; contentType: string; content: string }> }) {
  const file = mail.attachments.find(
    (part) => part.contentType.startsWith('text/calendar') || part.filename.endsWith('.ics'),
  );
  expect(file).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(file!.content) as unknown[]);
  return {
    method: calendar.getFirstPropertyValue('method'),
    event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!),
  };
}

/**
 * Opens the first day with free times. The page goes on to the next month by itself when the one
 * shown offers nothing (book.tsx), so this waits for days to show rather than judging the month
 * before its answer is in (under load it once went on a month itself, and the page with it).
 */
/** Opens the first day that has times in the month shown, or the day `date` (YYYY-MM-DD) of it. */
async function openFirstDay(page: Page, date?: string) {
  const withTimes = page.locator('table button[aria-pressed]');
  await expect.poll(() => withTimes.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  const day = date ? withTimes.filter({ hasText: new RegExp(`^${Number(date.slice(8))}$`) }) : withTimes;
  await day.first().click();
}

it('a visitor in New York books a host in Paris on a phone, then moves and cancels by the mail’s link', async () => {
  const host = await arrive(server.url, 'booking-host');
  await callAs(host.page, 'put', '/api/account', { timeZone: 'Europe/Paris' });
  const type = (await callAs(host.page, 'post', '/api/booking-types', {
    slug: 'intro-call',
    title: 'Intro call',
    description: 'Thirty minutes to get to know each other.',
    duration: 30,
    minNotice: 2 * 24 * 60,
    rangeDays: 60,
    location: 'https://meet.example.org/intro',
  })) as { path: string };

  // The first day with times, as the public call answers for New York: the host's calendar opens there.
  const start = new Date();
  const end = new Date(Date.now() + 40 * 86_400_000);
  const query = new URLSearchParams({
    start: dateIn(start.toISOString(), NEW_YORK),
    end: dateIn(end.toISOString(), NEW_YORK),
    timeZone: NEW_YORK,
  });
  const offered = (await (
    await host.page.request.get(`/api/book${type.path.slice('/book'.length)}?${query.toString()}`)
  ).json()) as {
    data: Array<{ date: string; times: string[] }>;
  };
  const firstDay = offered.data[0]!;
  const first = firstDay.times[0];
  // The time to move to: the next one of that day; when the notice leaves that day one time only
  // (it depends on the hour the test runs), the first of the next day with times.
  const second = firstDay.times[1] ?? offered.data[1]?.times[0];
  await host.page.goto(`/apps/calendar?date=${dateIn(first!, 'Europe/Paris')}`);
  await host.page.getByTestId('calendar').waitFor();
  expect(await host.liveOpen).toBe(true);
  await mark(host.page);

  // The visitor: a phone in New York, nobody signed in.
  const visitor = await openPage(server.url, 'booking-visitor', {
    timezoneId: NEW_YORK,
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  });
  await visitor.page.goto(type.path);
  await visitor.page.getByRole('heading', { name: 'Intro call' }).waitFor();
  expect(await visitor.page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(
    /^\(GMT−0[45]:00\) Eastern Time – New York$/,
  );
  await openFirstDay(visitor.page);
  const times = visitor.page.getByRole('group', { name: 'Times' }).getByRole('button');
  await expect.poll(() => times.first().textContent()).toBe(clockInNewYork(first!));
  expect(await seriousViolations(visitor.page)).toEqual([]);
  // The page fits the phone: nothing wider than the screen.
  expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await times.first().click();
  const email = `dana.${Date.now()}@visitor.test`;
  await visitor.page.getByRole('textbox', { name: /^Name/ }).fill('Dana Visitor');
  await visitor.page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
  await visitor.page.getByRole('textbox', { name: /^Note/ }).fill('About the launch');
  await visitor.page.getByRole('button', { name: 'Confirm' }).click();
  await visitor.page.waitForURL('**/booking/**');
  await visitor.page.getByText('You are booked').waitFor();
  // A range, “3:00 – 3:30 AM”: the start's hour and minute.
  expect(await visitor.page.getByTestId('booking-when').textContent()).toContain(
    clockInNewYork(first!).split(' ')[0],
  );

  // The host's calendar and bell, live.
  const entry = shown(host.page, 'Intro call — Dana Visitor');
  await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(1);
  expect(await entry.first().getAttribute('data-start')).toBe(first);
  await expect
    .poll(() => host.page.getByRole('button', { name: 'Notifications, unread: 1' }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);

  // The visitor's mail: the .ics at the time booked, and the manage link.
  await expect.poll(() => smtp.allTo(email).length, { timeout: 10_000 }).toBe(1);
  const booked = smtp.allTo(email)[0]!;
  const request = icsOf(booked);
  expect(request.method).toBe('REQUEST');
  expect(request.event.startDate.toJSDate().toISOString()).toBe(first);
  expect(request.event.summary).toBe('Intro call');
  const link = /(https?:\/\/\S+\/booking\/[\w-]+)/.exec(booked.text)?.[1];
  expect(link, booked.text).toBeDefined();

  // Reschedule through the link: the next time of that day.
  await visitor.page.goto(new URL(link!).pathname);
  await visitor.page.getByRole('link', { name: 'Reschedule' }).click();
  await visitor.page.waitForURL('**/book/**reschedule=**');
  await openFirstDay(visitor.page, dateIn(second!, NEW_YORK));
  await visitor.page
    .getByRole('group', { name: 'Times' })
    .getByRole('button', { name: clockInNewYork(second!) })
    .click();
  await visitor.page.getByRole('button', { name: 'Move my booking here' }).click();
  await visitor.page.getByText('Your booking is moved').waitFor();
  expect(await visitor.page.getByTestId('booking-when').textContent()).toContain(
    clockInNewYork(second!).split(' ')[0],
  );
  await expect.poll(() => entry.first().getAttribute('data-start'), { timeout: 10_000 }).toBe(second);
  await expect.poll(() => smtp.allTo(email).length, { timeout: 10_000 }).toBe(2);
  const moved = icsOf(smtp.allTo(email)[1]!);
  expect(moved.event.startDate.toJSDate().toISOString()).toBe(second);
  expect(moved.event.sequence).toBe(1);
  expect(moved.event.uid).toBe(request.event.uid);

  // Cancel through the link.
  await visitor.page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = visitor.page.getByRole('dialog', { name: 'Cancel this booking?' });
  await dialog.getByLabel('Reason (optional)').fill('Something came up');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await visitor.page.getByText('Your booking is cancelled.').waitFor();
  await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => smtp.allTo(email).length, { timeout: 10_000 }).toBe(3);
  expect(icsOf(smtp.allTo(email)[2]!).method).toBe('CANCEL');
  await expect
    .poll(() => host.page.getByRole('button', { name: 'Notifications, unread: 3' }).isVisible(), {
      timeout: 10_000,
    })
    .toBe(true);
  expect(await marked(host.page)).toBe(true);
});
