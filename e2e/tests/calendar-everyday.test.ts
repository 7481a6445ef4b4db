/**
 * The calendar as a person uses it every day: a deletion that offers Undo happens at once, with no
 * confirmation that says it cannot be undone (an event, a to-do, a to-do deleted forever); the
 * sidebar's small month marks today in the account's time zone, not in UTC; a reload keeps the
 * view and the dates shown; right to left on a phone, hours, times and titles read in their order
 * and are cut, if at all, at their end; a board's "Add an item" buttons are named by what they show.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { addEvent, shown } from '../support/calendar';
import { arrive as arriveAt, callAs } from '../support/people';
import { useAppServer } from '../support/server';
import { addDays, wallTime } from '../support/time';
import { deleteSent } from '../support/undo';
import { drawnOrder } from '../support/text-order';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

const taskRow = (page: Page, title: string) =>
  page.getByTestId('task').and(page.locator(`[data-title="${title}"]`));

/** Clicks a delete button and waits for what answers it: the toast, or a dialog asking first. */
async function deleteWith(page: Page, button: Locator, toastText: string) {
  await button.click();
  await toast(page, toastText)
    .or(page.getByRole('dialog').filter({ hasText: /Delete/ }))
    .first()
    .waitFor();
  expect(
    await page
      .getByRole('dialog')
      .filter({ hasText: /Delete/ })
      .count(),
  ).toBe(0);
  expect(await page.getByText(/cannot be undone/).count()).toBe(0);
}

async function undo(page: Page, text: string) {
  await toast(page, text).getByRole('button', { name: 'Undo' }).click();
  await toast(page, text).waitFor({ state: 'hidden' });
}

describe('deleting with Undo', () => {
  it('deletes an event at once, with Undo and no confirmation that says otherwise', async () => {
    const { page } = await arrive('delete-event-undo');
    const today = new Date().toISOString().slice(0, 10);
    await addEvent(page, { title: 'Dentist', start: `${today}T09:00:00Z`, end: `${today}T10:00:00Z` });
    await page.goto('/apps/calendar');
    await shown(page, 'Dentist').first().click();
    const drawer = page.getByRole('dialog', { name: 'Edit event' });
    await deleteWith(page, drawer.getByRole('button', { name: 'Delete' }), 'Event deleted');
    await expect.poll(() => shown(page, 'Dentist').count()).toBe(0);
    await undo(page, 'Event deleted');
    await expect.poll(() => shown(page, 'Dentist').count()).toBe(1);

    // Left alone, it goes when the toast closes.
    await shown(page, 'Dentist').first().click();
    const sent = deleteSent(page, '/api/calender/');
    await deleteWith(page, drawer.getByRole('button', { name: 'Delete' }), 'Event deleted');
    expect((await sent).status()).toBeLessThan(300);
    await page.reload();
    await page.getByTestId('calendar').waitFor();
    expect(await shown(page, 'Dentist').count()).toBe(0);
  });

  it('deletes a to-do, and deletes it forever, at once, each with Undo', async () => {
    const { page } = await arrive('delete-todo-undo');
    await callAs(page, 'post', '/api/todos', { title: 'Water the plants' });
    await page.goto('/apps/todo');
    await taskRow(page, 'Water the plants').waitFor();
    const remove = page.getByRole('button', { name: 'Delete the task Water the plants', exact: true });
    await deleteWith(page, remove, 'Task moved to deleted');
    await taskRow(page, 'Water the plants').waitFor({ state: 'detached' });
    await undo(page, 'Task moved to deleted');
    await taskRow(page, 'Water the plants').waitFor();

    const sent = deleteSent(page, '/api/todos/');
    await deleteWith(page, remove, 'Task moved to deleted');
    expect((await sent).status()).toBe(204);
    await page.goto('/apps/todo/deleted');
    await taskRow(page, 'Water the plants').waitFor();
    await deleteWith(
      page,
      page.getByRole('button', { name: 'Delete the task Water the plants forever' }),
      'Task deleted forever',
    );
    await taskRow(page, 'Water the plants').waitFor({ state: 'detached' });
    await undo(page, 'Task deleted forever');
    await taskRow(page, 'Water the plants').waitFor();
  });
});

it('marks today in the small month in the account’s time zone, on a New York evening', async () => {
  const zone = 'America/New_York';
  const { page } = await openPage(server.url, 'mini-month-new-york', { timezoneId: zone });
  await register(page, newPerson());
  await page.waitForURL('**/dashboard/analytics');
  await callAs(page, 'put', '/api/account', { timeZone: zone });
  // 21:00 in New York on today's date there: already tomorrow in UTC.
  const day = wallTime(Date.now(), zone).day;
  const evening = ['-05:00', '-04:00']
    .map((offset) => new Date(`${day}T21:00:00${offset}`))
    .find((instant) => wallTime(instant, zone).time === '21:00')!;
  expect(evening.toISOString().slice(0, 10)).toBe(addDays(day, 1));
  await page.clock.setFixedTime(evening);

  await page.goto('/apps/calendar');
  const today = page.getByTestId('mini-month').locator('[aria-current="date"]');
  await expect.poll(() => today.getAttribute('data-date')).toBe(day);
  expect(await today.count()).toBe(1);
  // The big calendar agrees.
  await expect
    .poll(() =>
      page.getByTestId('calendar').locator('[aria-current="date"]').first().getAttribute('data-date'),
    )
    .toBe(day);
});

it('keeps the view and the dates shown across a reload', async () => {
  const { page } = await arrive('calendar-view-kept');
  await page.goto('/apps/calendar');
  const calendar = page.getByTestId('calendar');
  const title = calendar.getByRole('heading', { level: 2 });
  const selected = (name: string) => page.getByRole('tab', { name }).getAttribute('aria-selected');

  await page.getByRole('tab', { name: 'Week view' }).click();
  await expect.poll(() => selected('Week view')).toBe('true');
  await calendar.getByRole('button', { name: 'Next week' }).click();
  await calendar.getByRole('button', { name: 'Next week' }).click();
  const weekTitle = await title.innerText();
  await page.reload();
  await expect.poll(() => selected('Week view')).toBe('true');
  await expect.poll(() => title.innerText()).toBe(weekTitle);

  await page.getByRole('tab', { name: 'Day view' }).click();
  await expect.poll(() => selected('Day view')).toBe('true');
  await calendar.getByRole('button', { name: 'Previous day' }).click();
  const dayTitle = await title.innerText();
  await page.reload();
  await expect.poll(() => selected('Day view')).toBe('true');
  await expect.poll(() => title.innerText()).toBe(dayTitle);

  await page.getByRole('tab', { name: 'List view' }).click();
  await page.reload();
  await expect.poll(() => selected('List view')).toBe('true');
});

/** Whether a text's first character is drawn inside the box that clips it (not cut off). */
function firstCharacterShown(clip: Locator, text: string) {
  return clip.evaluate((element, wanted) => {
    const box = element.getBoundingClientRect();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const drawn = range.getBoundingClientRect();
      return drawn.left >= box.left - 0.5 && drawn.right <= box.right + 0.5;
    }
    throw new Error(`no ${wanted} in ${element.textContent}`);
  }, text);
}

it('right to left on a phone, hours, times, titles and descriptions read in their order, whole at their start', async () => {
  const { page } = await arrive('calendar-rtl-phone');
  await callAs(page, 'put', '/api/account', { timeZone: 'UTC' });
  const today = new Date().toISOString().slice(0, 10);
  const title = 'Standup with the whole design team';
  await addEvent(page, { title, start: `${today}T07:00:00Z`, end: `${today}T08:00:00Z` });
  await callAs(page, 'post', '/api/todos', { title: 'Send the notes', description: 'Bring the notes.' });
  await page.evaluate(() => localStorage.setItem('layoutSettings', JSON.stringify({ rtl: true })));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/apps/calendar');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

  const event = page
    .getByTestId('calendar')
    .getByRole('button', { name: new RegExp(title) })
    .first();
  await event.waitFor();
  const time = event.locator('bdi').first();
  await expect.poll(() => time.innerText()).toMatch(/^7:00\s–\s8:00$/);
  expect(await drawnOrder(time, '7:00', '8:00')).toBe('in order');
  // Cut, if at all, at the end: the start of the time and of the title stay in the event's box.
  expect(await firstCharacterShown(time.locator('xpath=..'), '7:00')).toBe(true);
  const titleText = event.locator('.cadence-event-title');
  expect(await firstCharacterShown(titleText, 'Standup')).toBe(true);

  // German: "07 Uhr" and "07:00–08:00 Uhr", in that order, not "Uhr 07".
  await page.getByTestId('language-menu').selectOption('de');
  const hour = page.getByTestId('calendar').getByText('07 Uhr', { exact: true });
  await hour.waitFor();
  expect(await drawnOrder(hour, '07', 'Uhr')).toBe('in order');
  await expect.poll(() => time.innerText()).toMatch(/^07:00\s?–\s?08:00 Uhr$/);
  expect(await drawnOrder(time, '07:00', 'Uhr')).toBe('in order');
  expect(await firstCharacterShown(time.locator('xpath=..'), '07:00')).toBe(true);

  // Words people write keep their own direction: the full stop ends an English description.
  await page.goto('/apps/todo');
  const description = taskRow(page, 'Send the notes').getByText('Bring the notes.');
  await description.waitFor();
  expect(await drawnOrder(description, 'Bring', '.')).toBe('in order');
  await taskRow(page, 'Send the notes').getByRole('button', { name: 'Send the notes', exact: true }).click();
  const field = page.getByRole('dialog').getByRole('textbox', { name: 'Beschreibung' });
  await expect.poll(() => field.inputValue()).toBe('Bring the notes.');
  expect(await field.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
  // On the field itself, not its wrapper: an Arabic description would read right to left.
  expect(await field.getAttribute('dir')).toBe('auto');
});

it('names a German board’s "Eintrag hinzufügen" buttons by what they show', async () => {
  const { page } = await arrive('board-add-item-de');
  const board = (await callAs(page, 'post', '/api/projects', { name: 'Umzug' })) as { _id: string };
  await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'To do' });
  await page.goto(`/apps/project/${board._id}`);
  await page.getByTestId('language-menu').selectOption('de');
  const button = page.locator('[data-add-card]').first();
  await expect.poll(() => button.innerText()).toBe('Eintrag hinzufügen');
  const visible = await button.innerText();
  const name = await button.getAttribute('aria-label');
  expect(name).toContain(visible);
  expect(name).toContain('To do');
});
