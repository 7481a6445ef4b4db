/**
 * Goals (D19, D29) as a person uses them, in Chromium: add a goal with a sub-goal and two weighted
 * tasks, tick one and watch the progress, mark it in progress and find it under that filter, add a
 * task in "Update sub-goal tasks", see the end-before-start message in French, delete it and restore
 * it from the deleted goals; the list is kept in browser storage until logging out, and an unknown
 * filter or tag shows the 404 page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register, toastShown } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';

const server = useAppServer();

const title = 'Write a novel';

/** The signed-in user's API headers, from the app's browser storage. */
async function apiHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken') ?? '');
  return { authorization: `Bearer ${token}` };
}

/** A goal with a sub-goal and two tasks, made through the API. */
async function createGoal(
  page: Page,
  goalTitle: string,
  tasks: [string, string] = ['First book', 'Second book'],
) {
  const created = await page.request.post('/api/objectifs', {
    headers: await apiHeaders(page),
    data: {
      title: goalTitle,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeline: 'year',
      time: 'evening',
      tags: ['low'],
      subObjectives: [
        {
          title: 'Books',
          tasks: [
            { text: tasks[0], done: true, percentage: 50 },
            { text: tasks[1], done: false, percentage: 50 },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { _id: string; subObjectives: { _id: string }[] };
}

/** A goal's card, by its title. */
const card = (page: Page, name: string) =>
  page.getByTestId('goal').and(page.getByRole('region', { name, exact: true }));

/** Chooses an option of a Mantine select or multiselect. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The PUT of a goal, once the server has answered it. */
const goalSaved = (page: Page) =>
  page.waitForResponse(
    (response) => /\/api\/objectifs\/\d+$/.test(response.url()) && response.request().method() === 'PUT',
  );

describe('the goals page', () => {
  it('adds a goal with weighted tasks, follows its progress and state, and restores it from the deleted', async () => {
    const { page } = await openPage(server.url, 'goals');
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Goals' }).click();
    await page.waitForURL('**/apps/objectifs');
    await page.getByRole('heading', { level: 1, name: 'Goals' }).waitFor();
    await expect.poll(() => page.getByText('No open goals').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'In progress (0)' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2, name: 'Completed (0)' }).isVisible()).toBe(true);

    // Add a goal with a sub-goal and two tasks weighing 30 and 70.
    await page.getByRole('button', { name: 'Add goal' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add goal' });
    await drawer.waitFor();
    await drawer.getByLabel('Title').fill(title);
    await drawer.getByLabel('Description').fill('A first draft by the end of June.');
    await drawer.getByLabel('Start date').fill('2026-06-01');
    await drawer.getByLabel('End date').fill('2026-06-30');
    await choose(page, drawer, 'Timeline', 'Month');
    await choose(page, drawer, 'When', 'Morning');
    await drawer.getByLabel('Dedicated time (hours)').fill('12');
    await choose(page, drawer, 'Tags', 'high');
    // Closes the tags' list.
    await drawer.getByLabel('Title').click();
    await drawer.getByRole('button', { name: 'Add a sub-goal' }).click();
    await drawer.getByRole('textbox', { name: 'Sub-goal 1', exact: true }).fill('Draft');
    await drawer.getByLabel('Task 1 of sub-goal 1', { exact: true }).fill('Outline');
    await drawer.getByLabel('Weight of task 1 of sub-goal 1 (%)').fill('30');
    await drawer.getByRole('button', { name: 'Add a task to sub-goal 1' }).click();
    await drawer.getByLabel('Task 2 of sub-goal 1', { exact: true }).fill('Chapters');
    await drawer.getByLabel('Weight of task 2 of sub-goal 1 (%)').fill('70');
    await drawer.getByRole('button', { name: 'Add goal' }).click();
    await toastShown(page, 'Goal added');
    await drawer.waitFor({ state: 'hidden' });

    // It is an open goal, with everything the form said.
    const goal = card(page, title);
    await expect.poll(() => page.getByTestId('goals-open').getByTestId('goal').count()).toBe(1);
    expect(await goal.getByTestId('goal-status').textContent()).toBe('Open');
    for (const text of [
      'A first draft by the end of June.',
      'Jun 1, 2026 – Jun 30, 2026',
      'Timeline: Month',
      'When: Morning',
      'Dedicated time: 12 h',
      'high',
      'Draft',
    ]) {
      expect(await goal.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    expect(await goal.getByTestId('goal-progress').textContent()).toBe('0%');
    // The tag keeps its colour (high: #ea5455).
    expect(
      await goal.getByText('high', { exact: true }).evaluate((element) => {
        const badge = element.closest('.mantine-Badge-root') ?? element;
        return getComputedStyle(badge).backgroundColor;
      }),
    ).toBe('rgb(234, 84, 85)');

    // Ticking the 30 % task moves the progress at once, before the server answers, and the server keeps it.
    const goalPath = /\/api\/objectifs\/\d+$/;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(goalPath, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    const saved = goalSaved(page);
    // A click, not check(): the box turns once the optimistic update has cancelled any read in flight,
    // which may be a moment after the click itself.
    await goal.getByRole('checkbox', { name: 'Outline' }).click();
    await expect.poll(() => goal.getByRole('checkbox', { name: 'Outline' }).isChecked()).toBe(true);
    await expect.poll(() => goal.getByTestId('goal-progress').textContent()).toBe('30%');
    expect(await goal.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    release();
    expect((await saved).status()).toBe(200);
    await page.unroute(goalPath);
    await page.reload();
    await expect.poll(() => card(page, title).getByTestId('goal-progress').textContent()).toBe('30%');
    expect(await card(page, title).getByRole('checkbox', { name: 'Outline' }).isChecked()).toBe(true);

    // Mark it in progress: it moves to that list, and the in-progress filter shows it.
    await goal.getByRole('button', { name: 'Mark in progress' }).click();
    await expect
      .poll(() => page.getByText('Goal marked in progress', { exact: true }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByTestId('goals-progress').getByTestId('goal').count()).toBe(1);
    expect(await page.getByTestId('goals-open').count()).toBe(0);
    const filters = page.getByRole('navigation', { name: 'Goal lists' });
    await filters.getByRole('link', { name: 'In progress' }).click();
    await page.waitForURL('**/apps/objectifs/progress');
    await expect.poll(() => card(page, title).getByTestId('goal-status').textContent()).toBe('In progress');
    await expect.poll(() => page.getByTestId('goal-count').textContent()).toBe('Goals: 1');
    await filters.getByRole('link', { name: 'Completed' }).click();
    await page.waitForURL('**/apps/objectifs/done');
    await expect.poll(() => page.getByText('No completed goals yet').isVisible()).toBe(true);
    // A built-in tag is an address of its own.
    await filters.getByRole('link', { name: 'high' }).click();
    await page.waitForURL('**/apps/objectifs/tag/high');
    await expect.poll(() => card(page, title).isVisible()).toBe(true);
    await filters.getByRole('link', { name: 'low' }).click();
    await page.waitForURL('**/apps/objectifs/tag/low');
    await expect.poll(() => page.getByTestId('goal').count()).toBe(0);
    await filters.getByRole('link', { name: 'In progress' }).click();
    await page.waitForURL('**/apps/objectifs/progress');

    // "Update sub-goal tasks" saves only once a new task is added.
    await card(page, title)
      .getByRole('button', { name: `Update the tasks of ${title}` })
      .click();
    const tasks = page.getByRole('dialog', { name: 'Update sub-goal tasks' });
    await tasks.waitFor();
    const saveTasks = tasks.getByRole('button', { name: 'Save tasks' });
    expect(await saveTasks.isDisabled()).toBe(true);
    expect(await tasks.getByRole('checkbox', { name: 'Outline' }).isChecked()).toBe(true);
    await tasks.getByRole('button', { name: 'Add a task to sub-goal 1' }).click();
    expect(await saveTasks.isEnabled()).toBe(true);
    await tasks.getByLabel('Task 3 of sub-goal 1', { exact: true }).fill('Revise');
    await tasks.getByLabel('Weight of task 3 of sub-goal 1 (%)').fill('150');
    await saveTasks.click();
    await expect.poll(() => tasks.getByText('Percentage must be between 0 and 100.').isVisible()).toBe(true);
    await tasks.getByLabel('Weight of task 3 of sub-goal 1 (%)').fill('50');
    await saveTasks.click();
    await toastShown(page, 'Goal updated');
    await tasks.waitFor({ state: 'hidden' });
    // 30 done out of 30 + 70 + 50.
    await expect.poll(() => card(page, title).getByTestId('goal-progress').textContent()).toBe('20%');
    expect(await card(page, title).getByRole('checkbox', { name: 'Revise' }).isVisible()).toBe(true);

    // In French, an end before the start is refused on the end date.
    await page.getByTestId('language-menu').selectOption('fr');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByRole('button', { name: 'Ajouter un objectif' }).click();
    const french = page.getByRole('dialog', { name: 'Ajouter un objectif' });
    await french.waitFor();
    await french.getByLabel('Titre').fill('Apprendre le piano');
    await french.getByLabel('Date de début').fill('2026-06-30');
    await french.getByLabel('Date de fin').fill('2026-06-01');
    await choose(page, french, 'Échéance', 'Semaine');
    await choose(page, french, 'Moment', 'Soir');
    // The built-in tag "low" shows in French.
    await choose(page, french, 'Étiquettes', 'basse');
    await french.getByLabel('Titre').click();
    await french.getByRole('button', { name: 'Ajouter l’objectif' }).click();
    await expect.poll(() => french.getByText('Échéance invalide', { exact: true }).isVisible()).toBe(true);
    expect(
      await french.getByLabel('Date de fin').evaluate((input) => input.getAttribute('aria-invalid')),
    ).toBe('true');
    await french.getByRole('button', { name: 'Annuler' }).click();
    await french.waitFor({ state: 'hidden' });
    await page.getByTestId('language-menu').selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');

    // Delete it (at once, with Undo): it leaves the list for the deleted goals.
    // Sent when the toast (with Undo, D48) closes: the deleted goals are read after that.
    const sent = deleteSent(page, '/api/objectifs/');
    await card(page, title)
      .getByRole('button', { name: `Delete the goal ${title}` })
      .click();
    await toastShown(page, 'Goal deleted');
    await expect.poll(() => page.getByText('No goals in progress').isVisible()).toBe(true);
    expect((await sent).status()).toBe(204);

    // Restore it from the deleted goals.
    await filters.getByRole('link', { name: 'Deleted' }).click();
    await page.waitForURL('**/apps/objectifs/deleted');
    const deleted = card(page, title);
    await expect.poll(() => deleted.isVisible()).toBe(true);
    expect(await deleted.getByRole('checkbox', { name: 'Outline' }).isDisabled()).toBe(true);
    await deleted.getByRole('button', { name: 'Restore' }).click();
    await toastShown(page, 'Goal restored');
    await expect.poll(() => page.getByText('No deleted goals').isVisible()).toBe(true);
    await filters.getByRole('link', { name: 'All goals' }).click();
    await page.waitForURL('**/apps/objectifs');
    await expect.poll(() => page.getByTestId('goals-progress').getByTestId('goal').count()).toBe(1);
    await expect.poll(() => card(page, title).getByTestId('goal-progress').textContent()).toBe('20%');

    // The goals are kept in browser storage, and forgotten on logging out.
    const stored = () => page.evaluate(() => localStorage.getItem('cadence.queries') ?? '');
    await expect.poll(stored).toContain(title);
    await page.getByRole('button', { name: /^Your account/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    expect(await stored()).toBe('');
  });

  it('puts back a tick the server refuses, with its reason', async () => {
    const { page, allowConsole } = await openPage(server.url, 'goals-refused-tick');
    allowConsole(/status of 400/);
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');
    const headers = await apiHeaders(page);
    const saved = await createGoal(page, 'Read more');

    await page.goto('/apps/objectifs');
    const goal = card(page, 'Read more');
    await goal.getByRole('checkbox', { name: 'Second book' }).waitFor();
    // Meanwhile, in another tab, the sub-goal's tasks are replaced.
    const replaced = await page.request.put(`/api/objectifs/${saved._id}`, {
      headers,
      data: {
        subObjectives: [
          {
            _id: saved.subObjectives[0]!._id,
            title: 'Books',
            tasks: [{ text: 'Any book', done: false, percentage: 100 }],
          },
        ],
      },
    });
    expect(replaced.status()).toBe(200);

    // This tab ticks a task that is no more: the tick goes back, the reason shows, the goal is read again.
    // (A click: the tick does not stay, which is the point.)
    await goal.getByRole('checkbox', { name: 'Second book' }).click();
    await expect
      .poll(() =>
        page.getByText('This sub-goal or task is not part of the goal.', { exact: true }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => goal.getByRole('checkbox', { name: 'Any book' }).isVisible()).toBe(true);
    expect(await goal.getByRole('checkbox', { name: 'Second book' }).count()).toBe(0);
    expect(await goal.getByRole('checkbox', { name: 'Any book' }).isChecked()).toBe(false);
    expect(await goal.getByTestId('goal-progress').textContent()).toBe('0%');
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation in the %s skin',
    async (skin) => {
      const { page } = await openPage(server.url, `goals-axe-${skin}`);
      await register(page, newPerson());
      await page.waitForURL('**/dashboard/analytics');
      await page.evaluate(
        (value) => localStorage.setItem('layoutSettings', JSON.stringify({ skin: value })),
        skin,
      );
      await createGoal(page, 'Read more');
      const gone = await createGoal(page, 'Learn chess');
      const headers = await apiHeaders(page);
      expect(
        (await page.request.put(`/api/objectifs/${gone._id}`, { headers, data: { isProgress: true } })).ok(),
      ).toBe(true);
      const done = await createGoal(page, 'Plant a tree');
      expect(
        (await page.request.put(`/api/objectifs/${done._id}`, { headers, data: { isDone: true } })).ok(),
      ).toBe(true);

      await page.goto('/apps/objectifs');
      await card(page, 'Plant a tree').waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);

      // The form with its messages, and the tasks dialog.
      await page.getByRole('button', { name: 'Add goal' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add goal' });
      await drawer.getByRole('button', { name: 'Add a sub-goal' }).click();
      await drawer.getByRole('button', { name: 'Add goal' }).click();
      await drawer.getByText('Please enter a title.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await card(page, 'Read more').getByRole('button', { name: 'Update the tasks of Read more' }).click();
      const tasks = page.getByRole('dialog', { name: 'Update sub-goal tasks' });
      await tasks.getByRole('button', { name: 'Add a task to sub-goal 1' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await tasks.getByRole('button', { name: 'Cancel' }).click();
      await tasks.waitFor({ state: 'hidden' });

      // A deleted goal's card.
      expect((await page.request.delete(`/api/objectifs/${gone._id}`, { headers })).status()).toBe(204);
      await page.goto('/apps/objectifs/deleted');
      await card(page, 'Learn chess').getByRole('button', { name: 'Restore' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each(['/apps/objectifs/bogus', '/apps/objectifs/tag/bogus', '/apps/objectifs/tag'])(
    '%s shows the 404 page',
    async (url) => {
      const { page } = await openPage(server.url, `goals-404-${url}`);
      await register(page, newPerson());
      await page.waitForURL('**/dashboard/analytics');
      await page.goto(url);
      await page.waitForURL('**/error-404');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    },
  );
});
