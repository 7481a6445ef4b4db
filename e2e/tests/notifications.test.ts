/**
 * The bell and the calendar's account settings, in Chromium against the built server
 * with its reminder clock running: a reminder that fires shows on the bell, opens the calendar and
 * is read; the secret feed address is made, copied and serves the events; an .ics file imports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, sessionOf } from '../support/people';
import { addEvent, importIcs } from '../support/calendar';
import { useAppServer } from '../support/server';

const server = useAppServer({ REMINDERS_EVERY: '200ms' });
const arrive = (name: string) => arriveAt(server.url, name);

/** An event whose 10-minute reminder fires about a second from now. */
function firingSoon(title: string) {
  const start = new Date(Math.ceil((Date.now() + 10 * 60_000 + 1_000) / 1000) * 1000);
  return {
    title,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    reminder: 10,
  };
}

async function unreadOnServer(page: Page): Promise<number> {
  const { token } = await sessionOf(page);
  const response = await page.request.get('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { unread: number }).unread;
}

describe('the bell', () => {
  it('shows a fired reminder, opens the calendar from it, and marks all read', async () => {
    const { page } = await arrive('bell');
    await addEvent(page, firingSoon('Budget review'));
    await addEvent(page, firingSoon('Call the landlord'));
    await expect.poll(() => unreadOnServer(page), { timeout: 15_000 }).toBe(2);

    await page.reload();
    const bell = page.getByRole('button', { name: 'Notifications, unread: 2' });
    await expect.poll(() => bell.isVisible()).toBe(true);
    expect(await page.getByTestId('notifications-count').textContent()).toContain('2');
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Notifications' });
    await expect.poll(() => dropdown.getByTestId('notification').count()).toBe(2);
    const budget = dropdown.getByTestId('notification').filter({ hasText: 'Budget review' });
    expect(await budget.textContent()).toMatch(/Starts /);
    await budget.click();
    // The calendar at the event's day, with it open.
    await page.waitForURL('**/apps/calendar?date=*&event=*');
    await page.getByRole('dialog', { name: 'Edit event' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => unreadOnServer(page)).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications, unread: 1' }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Notifications, unread: 1' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
    // The bell empties at the click; the server's answer may come after it.
    await expect.poll(() => unreadOnServer(page)).toBe(0);
  });

  it('has no serious or critical accessibility violation, open, in the dark skin', async () => {
    const { page } = await arrive('bell-axe');
    await page.evaluate(() => localStorage.setItem('layoutSettings', JSON.stringify({ skin: 'dark' })));
    await addEvent(page, firingSoon('Dark reminder'));
    await expect.poll(() => unreadOnServer(page), { timeout: 15_000 }).toBe(1);
    await page.reload();
    await page.getByRole('button', { name: 'Notifications, unread: 1' }).click();
    await expect.poll(() => page.getByTestId('notification').count()).toBe(1);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('account settings → Calendar', () => {
  it('makes a secret feed address that serves my events, replaces it, and imports an .ics file', async () => {
    const { page, allowConsole } = await arrive('calendar-settings');
    // The refused file at the end answers 400, which the browser reports.
    allowConsole(/status of 400/);
    await addEvent(page, { title: 'Feed me', start: '2026-12-01T09:00:00Z', end: '2026-12-01T10:00:00Z' });
    await page.goto('/pages/account-setting?tab=calendar');
    await page.getByRole('button', { name: 'Make a secret address' }).click();
    const address = page.getByTestId('calendar-feed-url');
    await expect.poll(() => address.isVisible()).toBe(true);
    const url = await address.inputValue();
    expect(url).toMatch(/\/api\/calender\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await page.request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('SUMMARY:Feed me');
    expect(await seriousViolations(page)).toEqual([]);

    // A new address: the old one stops answering.
    await page.getByRole('button', { name: 'Make a new address' }).click();
    const confirm = page.getByRole('dialog', { name: 'Make a new address' });
    await confirm.getByRole('button', { name: 'Make a new address' }).click();
    await expect.poll(async () => (await address.inputValue()) !== url).toBe(true);
    expect((await page.request.get(new URL(url).pathname)).status()).toBe(404);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-ics-')), 'holidays.ics');
    fs.writeFileSync(
      file,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//Test//EN',
        'BEGIN:VEVENT',
        'UID:holiday-1@test',
        'SUMMARY:Imported holiday',
        'DTSTART;VALUE=DATE:20261225',
        'DTEND;VALUE=DATE:20261226',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await importIcs(page, file, 'Imported: 1. Updated: 0. Unchanged: 0. Not imported: 0.');
    const { token } = await sessionOf(page);
    const range = await page.request.get('/api/calender/events?start=2026-12-25&end=2026-12-26', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await range.json()) as { data: { title: string }[] }).data.map((e) => e.title)).toEqual([
      'Imported holiday',
    ]);

    // A file that is not a calendar is refused with the server's reason.
    fs.writeFileSync(file, 'not a calendar');
    const again = page.waitForEvent('filechooser');
    await page.getByLabel('iCalendar file').click();
    await (await again).setFiles(file);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => page.getByText('This file is not an iCalendar (.ics) file.').first().isVisible())
      .toBe(true);
  });
});
