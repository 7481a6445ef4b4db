/**
 * Quick add in words (D47), in Chromium: "Call Maria tomorrow 3pm" in English and "Appeler Marie
 * demain 15h" in French add a to-do titled without those words, due tomorrow in the account's time
 * zone (Asia/Tokyo here, not the machine's); the words read are marked under the field before
 * saving (axe finds nothing serious, light or dark), and "Keep as text" keeps them in the title,
 * with no due date. A to-do has no time: the "3pm" read is said to be dropped. French typed in the
 * English interface is named under the field, not half read, and one click reads it. The
 * calendar's one-line add puts "Lunch with Sam tomorrow 1pm" at 13:00 there, for an hour, and its
 * own French example, "Déjeuner avec Sam vendredi 13h", at 13:00 on Friday with Sam in the title.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, callAs, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';
import { toastShown } from '../support/app';

const server = useAppServer();
const TOKYO = 'Asia/Tokyo';

/** The day after today in a time zone, as YYYY-MM-DD. */
function tomorrowIn(timeZone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The signed-in user's tasks, through the API, as title and due date. */
async function tasksOf(page: Page) {
  const { id } = await sessionOf(page);
  const mine = (await callAs(page, 'get', `/api/todos?user=${id}`)) as {
    data: { title: string; dueDate: string | null }[];
  };
  return mine.data.map(({ title, dueDate }) => ({ title, dueDate }));
}

/** A new person in Tokyo's time zone, on the to-do page. */
async function arriveInTokyo(name: string) {
  const arrived = await arriveAt(server.url, name);
  await callAs(arrived.page, 'put', '/api/account', { timeZone: TOKYO });
  await arrived.page.goto('/apps/todo');
  await arrived.page.getByRole('heading', { level: 1 }).waitFor();
  return arrived;
}

describe('the to-do quick add', () => {
  it('reads "tomorrow 3pm" in English, and keeps the words as text when asked', async () => {
    const { page } = await arriveInTokyo('quick-add-en');
    const due = tomorrowIn(TOKYO);
    const quickAdd = page.getByLabel('New task');
    const reading = page.getByTestId('todo-quick-add').getByTestId('quick-add-reading');
    expect(await reading.getAttribute('aria-live')).toBe('polite');

    await quickAdd.fill('Call Maria tomorrow 3pm');
    // Marked before saving: the due day, and the words it was read from.
    await expect.poll(() => reading.locator('mark').textContent()).toBe('tomorrow 3pm');
    const shown = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${due}T00:00:00Z`));
    expect(await reading.textContent()).toContain(`Due: ${shown}`);
    // A to-do has a due day only: the time read is said to be dropped, not lost without a word.
    await expect
      .poll(() => reading.getByTestId('quick-add-time-dropped').textContent())
      .toMatch(/^A task has a due day, not a time: 03:00\sPM is not kept\.$/);
    expect(await seriousViolations(page)).toEqual([]);
    await quickAdd.press('Enter');
    const added = page.getByTestId('task').and(page.locator('[data-title="Call Maria"]'));
    await expect.poll(() => added.isVisible()).toBe(true);
    await expect.poll(() => quickAdd.inputValue()).toBe('');
    expect(await added.getByTestId('task-due').textContent()).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${due}T00:00:00Z`),
      ),
    );
    expect(await tasksOf(page)).toEqual([{ title: 'Call Maria', dueDate: due }]);

    // Keep as text: the whole text is the title, with no due date.
    await quickAdd.fill('Read chapter 3 on friday');
    await expect.poll(() => reading.locator('mark').textContent()).toBe('on friday');
    await reading.getByRole('button', { name: 'Keep as text' }).click();
    await expect.poll(() => reading.locator('mark').count()).toBe(0);
    expect(await reading.textContent()).toContain('The words stay in the title, with no date.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('todo-quick-add').getByRole('button', { name: 'Add', exact: true }).click();
    const kept = page.getByTestId('task').and(page.locator('[data-title="Read chapter 3 on friday"]'));
    await expect.poll(() => kept.isVisible()).toBe(true);
    expect(await kept.getByTestId('task-due').count()).toBe(0);
    expect(await tasksOf(page)).toContainEqual({ title: 'Read chapter 3 on friday', dueDate: null });

    // French in the English interface: named, not half read ("15h" as fifteen hours from now), and
    // read in French on request.
    await quickAdd.fill('Appeler Marie demain 15h');
    const unread = reading.getByTestId('quick-add-unread');
    await expect
      .poll(() => unread.textContent())
      .toContain('“demain 15h” looks like a date in French: the words stay in the title.');
    expect(await reading.locator('mark').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await unread.getByRole('button', { name: 'Read in French' }).click();
    await expect.poll(() => reading.locator('mark').textContent()).toBe('demain 15h');
    expect(await unread.count()).toBe(0);
    await quickAdd.press('Enter');
    const french = page.getByTestId('task').and(page.locator('[data-title="Appeler Marie"]'));
    await expect.poll(() => french.isVisible()).toBe(true);
    expect(await tasksOf(page)).toContainEqual({ title: 'Appeler Marie', dueDate: due });
  });

  it('reads "demain 15h" in French (in the dark skin)', async () => {
    const { page } = await arriveInTokyo('quick-add-fr');
    await page.evaluate(() => localStorage.setItem('layoutSettings', JSON.stringify({ skin: 'dark' })));
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.getByTestId('language-menu').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const quickAdd = page.getByLabel('Nouvelle tâche');
    await quickAdd.fill('Appeler Marie demain 15h');
    const reading = page.getByTestId('todo-quick-add').getByTestId('quick-add-reading');
    await expect.poll(() => reading.locator('mark').textContent()).toBe('demain 15h');
    expect(await reading.textContent()).toContain('Échéance');
    expect(await seriousViolations(page)).toEqual([]);
    await reading.getByRole('button', { name: 'Garder en texte' }).click();
    await expect.poll(() => reading.locator('mark').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await reading.getByRole('button', { name: 'Lire la date' }).click();
    await expect.poll(() => reading.locator('mark').textContent()).toBe('demain 15h');
    await quickAdd.press('Enter');
    const added = page.getByTestId('task').and(page.locator('[data-title="Appeler Marie"]'));
    await expect.poll(() => added.isVisible()).toBe(true);
    expect(await tasksOf(page)).toEqual([{ title: 'Appeler Marie', dueDate: tomorrowIn(TOKYO) }]);
  });
});

describe('the calendar quick add', () => {
  it('adds "Lunch with Sam tomorrow 1pm" at 13:00 in the account’s zone, for an hour', async () => {
    const { page } = await arriveInTokyo('quick-add-calendar');
    await page.goto('/apps/calendar');
    await page.getByTestId('calendar').waitFor();
    const quickAdd = page.getByLabel('New event');
    await quickAdd.fill('Lunch with Sam tomorrow 1pm');
    const reading = page.getByTestId('event-quick-add').getByTestId('quick-add-reading');
    await expect.poll(() => reading.locator('mark').textContent()).toBe('tomorrow 1pm');
    expect(await reading.textContent()).toContain('Starts:');
    await quickAdd.press('Enter');
    await toastShown(page, 'Event added');
    const day = tomorrowIn(TOKYO);
    const events = (await callAs(page, 'get', `/api/calender/events?start=${day}&end=${day}T23:59:59Z`))
      .data as { title: string; start: string; end: string; allDay: boolean }[];
    // 13:00 in Tokyo (UTC+9, no DST) is 04:00 UTC.
    expect(events.map(({ title, start, end, allDay }) => ({ title, start, end, allDay }))).toEqual([
      { title: 'Lunch with Sam', start: `${day}T04:00:00.000Z`, end: `${day}T05:00:00.000Z`, allDay: false },
    ]);
  });

  it('reads its French example "Déjeuner avec Sam vendredi 13h" as lunch with Sam on Friday at 13:00', async () => {
    const { page } = await arriveInTokyo('quick-add-calendar-fr');
    await page.goto('/apps/calendar');
    await page.getByTestId('calendar').waitFor();
    await page.getByTestId('language-menu').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    const quickAdd = page.getByLabel('Nouvel événement');
    // The example the field itself gives.
    expect(await quickAdd.getAttribute('placeholder')).toContain('Déjeuner avec Sam vendredi 13h');
    await quickAdd.fill('Déjeuner avec Sam vendredi 13h');
    const reading = page.getByTestId('event-quick-add').getByTestId('quick-add-reading');
    await expect.poll(() => reading.locator('mark').textContent()).toBe('vendredi 13h');
    expect(await reading.textContent()).toMatch(/Début : ven\. .*13:00/);
    await quickAdd.press('Enter');
    await toastShown(page, 'Événement ajouté');
    // The next eight days hold one Friday (or two, when today is one).
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 8 * 86_400_000).toISOString();
    const events = (await callAs(page, 'get', `/api/calender/events?start=${from}&end=${to}`)).data as {
      title: string;
      start: string;
      end: string;
      allDay: boolean;
    }[];
    const added = events.filter(({ title }) => title.startsWith('Déjeuner'));
    expect(added.map(({ title, allDay }) => ({ title, allDay }))).toEqual([
      { title: 'Déjeuner avec Sam', allDay: false },
    ]);
    // A Friday, 13:00 to 14:00 on Tokyo's wall clock.
    const wall = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TOKYO,
    });
    expect([wall.format(new Date(added[0]!.start)), wall.format(new Date(added[0]!.end))]).toEqual([
      'Friday 13:00',
      'Friday 14:00',
    ]);
  });
});
