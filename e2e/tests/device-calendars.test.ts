/**
 * Account settings → Apps and devices → Calendars on your devices (D49) in Chromium: a person
 * renames and recolours their events calendar, and a calendar app (CalDAV, with an app password
 * made through the API) reads the new name and colour; what a calendar app sets with PROPPATCH
 * shows in the page after a reload, and "Use the defaults" brings back the defaults on both sides;
 * on a phone, right to left, the section fits the screen and saves. No serious or critical
 * accessibility violation.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { toastShown } from '../support/app';
import { seriousViolations } from '../support/axe';
import { arrive, callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

const DAV = 'DAV:';
const APPLE = 'http://apple.com/ns/ical/';

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A calendar app signed in with an app password the person made (through the API, to save time). */
async function calendarApp(page: Page) {
  const secret = (await callAs(page, 'post', '/api/account/app-passwords', { name: 'Laptop' })) as {
    username: string;
    password: string;
  };
  const authorization = `Basic ${Buffer.from(`${secret.username}:${secret.password}`).toString('base64')}`;
  const account = (await callAs(page, 'get', '/api/account')) as { _id: string };
  const home = `/dav/calendars/${account._id}`;
  const dav = async (method: string, collection: string, body: string) => {
    const response = await fetch(`${server.url}${home}/${collection}/`, {
      method,
      headers: { authorization, depth: '0', 'content-type': 'application/xml; charset=utf-8' },
      body,
    });
    const text = await response.text();
    expect(response.status, text).toBe(207);
    return text;
  };
  return {
    /** The collection's displayname and calendar-color, as a PROPFIND answers them. */
    async shown(collection: string) {
      const text = await dav(
        'PROPFIND',
        collection,
        `<d:propfind xmlns:d="${DAV}" xmlns:a="${APPLE}"><d:prop><d:displayname/><a:calendar-color/></d:prop></d:propfind>`,
      );
      const valueOf = (local: string) => {
        const match = new RegExp(`<(?:\\w+:)?${local}(?:\\s[^>]*)?>([^<]*)</(?:\\w+:)?${local}>`).exec(text);
        expect(match, `${local} in ${text}`).not.toBeNull();
        return unescapeXml(match![1]!);
      };
      return { name: valueOf('displayname'), color: valueOf('calendar-color') };
    },
    async patch(collection: string, props: string) {
      const text = await dav(
        'PROPPATCH',
        collection,
        `<d:propertyupdate xmlns:d="${DAV}" xmlns:a="${APPLE}"><d:set><d:prop>${props}</d:prop></d:set></d:propertyupdate>`,
      );
      expect(text).toContain('200 OK');
      expect(text).not.toContain('403');
    },
  };
}

const calendarRow = (page: Page, legend: string) => page.getByRole('group', { name: legend });

it('renames and recolours the events calendar, and a calendar app shows the new name and colour', async () => {
  const { page } = await arrive(server.url, 'device-calendars-rename');
  const app = await calendarApp(page);
  expect(await app.shown('events')).toEqual({ name: 'Cadence', color: '#1C7ED6FF' });

  await page.goto('/pages/account-setting?tab=apps');
  const events = calendarRow(page, 'Your events');
  const name = events.getByRole('textbox', { name: 'Name' });
  await expect.poll(() => name.inputValue()).toBe('Cadence');
  await name.fill('Work & home');
  const color = events.getByRole('textbox', { name: 'Colour' });
  await color.fill('#E8590C');
  await color.press('Escape');
  await events.getByRole('button', { name: 'Save' }).click();
  await toastShown(page, 'Calendar saved');

  expect(await app.shown('events')).toEqual({ name: 'Work & home', color: '#E8590C' });
  // The other two are as they were.
  expect(await app.shown('tasks')).toEqual({ name: 'Cadence tasks', color: '#2F9E44FF' });

  await page.reload();
  await expect
    .poll(() => calendarRow(page, 'Your events').getByRole('textbox', { name: 'Name' }).inputValue())
    .toBe('Work & home');
  expect(await calendarRow(page, 'Your events').getByRole('textbox', { name: 'Colour' }).inputValue()).toBe(
    '#E8590C',
  );
  expect(await seriousViolations(page)).toEqual([]);
});

it('shows what a calendar app set with PROPPATCH after a reload, and brings back the defaults', async () => {
  const { page } = await arrive(server.url, 'device-calendars-proppatch');
  const app = await calendarApp(page);
  await page.goto('/pages/account-setting?tab=apps');
  const tasks = calendarRow(page, 'Your to-dos');
  await expect.poll(() => tasks.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Cadence tasks');
  const useDefaults = tasks.getByRole('button', { name: 'Use the defaults' });
  expect(await useDefaults.isDisabled()).toBe(true);

  await app.patch(
    'tasks',
    '<d:displayname>Errands</d:displayname><a:calendar-color>#AE3EC9FF</a:calendar-color>',
  );
  await page.reload();
  await expect.poll(() => tasks.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Errands');
  expect(await tasks.getByRole('textbox', { name: 'Colour' }).inputValue()).toBe('#AE3EC9FF');

  await useDefaults.click();
  await toastShown(page, 'Calendar saved');
  await expect.poll(() => tasks.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Cadence tasks');
  expect(await tasks.getByRole('textbox', { name: 'Colour' }).inputValue()).toBe('#2F9E44FF');
  expect(await useDefaults.isDisabled()).toBe(true);
  expect(await app.shown('tasks')).toEqual({ name: 'Cadence tasks', color: '#2F9E44FF' });
});

it('on a phone, right to left, fits the screen, keeps colours left to right, and saves', async () => {
  const { page } = await arrive(server.url, 'device-calendars-phone-rtl');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, rtl: true }));
  });
  await page.goto('/pages/account-setting?tab=apps');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  const shared = calendarRow(page, 'Events you are a guest of');
  const name = shared.getByRole('textbox', { name: 'Name' });
  await expect.poll(() => name.inputValue()).toBe('Cadence – shared with me');
  await shared.scrollIntoViewIfNeeded();

  // Nothing wider than the phone; each row's fields and buttons on the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const legend of ['Your events', 'Events you are a guest of', 'Your to-dos']) {
    const row = calendarRow(page, legend);
    for (const part of [
      row.getByRole('textbox', { name: 'Name' }),
      row.getByRole('textbox', { name: 'Colour' }),
      row.getByRole('button', { name: 'Save' }),
      row.getByRole('button', { name: 'Use the defaults' }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x, legend).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, legend).toBeLessThanOrEqual(390);
    }
  }
  const color = shared.getByRole('textbox', { name: 'Colour' });
  expect(await color.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');

  await name.fill('Invitations');
  await shared.getByRole('button', { name: 'Save' }).click();
  await toastShown(page, 'Calendar saved');
  const list = (await callAs(page, 'get', '/api/account/calendars')) as {
    data: Array<{ collection: string; name: string; color: string; custom: boolean }>;
  };
  expect(list.data[1]).toEqual({
    collection: 'shared',
    name: 'Invitations',
    color: '#F08C00FF',
    custom: true,
  });
  expect(await seriousViolations(page)).toEqual([]);
});
