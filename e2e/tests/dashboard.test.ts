/**
 * The dashboard in Chromium, for the demo admin seeded on first start: the chart of the
 * tasks completed over the recent weeks and its table for screen readers, the tasks' figures, a
 * goal with its progress, what comes next, the pending requests and the recent boards; the cards'
 * links lead to their pages; axe finds nothing serious in the light and dark skins.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoAdmin, logIn, newPerson, register } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer({ SEED_DEMO: 'true' });

async function signedInAdmin(name: string): Promise<Page> {
  const { page } = await openPage(server.url, name);
  await logIn(page, demoAdmin.email, demoAdmin.password);
  await page.waitForURL('**/dashboard/analytics');
  await page.getByTestId('dashboard').waitFor();
  return page;
}

const figure = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe('the dashboard of the demo admin', () => {
  it('shows the chart, the tasks, goals, what comes next, the requests and the recent boards', async () => {
    const page = await signedInAdmin('dashboard-admin');
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();

    // The seed completed eleven tasks over the last seven weeks: one bar per week that has some.
    const chart = page.getByTestId('completed-chart');
    await chart.locator('svg').first().waitFor();
    await expect.poll(() => chart.locator('.recharts-bar-rectangle path').count()).toBeGreaterThanOrEqual(6);
    expect(await figure(page, 'completed-total')).toBe('Completed in the last eight weeks: 11');
    const table = page.getByRole('table', { name: 'Tasks completed per week, oldest week first' });
    expect(await table.getByRole('row').count()).toBe(9);
    const counts = await table.locator('tbody td').allTextContents();
    expect(counts.map(Number).reduce((sum, count) => sum + count, 0)).toBe(11);

    expect(await figure(page, 'tasks-open')).toBe('10');
    expect(await figure(page, 'tasks-completed')).toBe('11');
    expect(await figure(page, 'tasks-overdue')).toBe('1');
    expect(await figure(page, 'tasks-due-today')).toBe('1');

    const progress = page.getByRole('progressbar', { name: 'Run a half marathon: 30% done' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('30');
    expect(await page.getByTestId('dashboard-goal').count()).toBe(3);

    expect(await page.getByTestId('dashboard-upcoming').count()).toBe(5);
    expect(await figure(page, 'requests-friends')).toBe('1');
    expect(await figure(page, 'requests-meetings')).toBe('1');

    const boards = page.getByTestId('boards-card');
    expect(await boards.getByRole('link', { name: 'Product launch' }).isVisible()).toBe(true);
    expect(await boards.getByRole('link', { name: 'Home' }).isVisible()).toBe(true);

    // A board's link opens the board; the tasks card's link opens the to-dos.
    await boards.getByRole('link', { name: 'Product launch' }).click();
    await page.waitForURL(/\/apps\/project\/\d+$/);
    await page.getByRole('heading', { name: 'Product launch' }).first().waitFor();
    await page.goBack();
    await page.getByTestId('dashboard').waitFor();
    await page.getByTestId('tasks-card').getByRole('link', { name: 'Open your to-dos' }).click();
    await page.waitForURL('**/apps/todo');
    await page.getByRole('heading', { level: 1, name: 'To-do' }).waitFor();
    await page.goBack();
    await page.getByTestId('requests-card').getByRole('link', { name: 'Open your requests' }).click();
    await page.waitForURL('**/apps/requests');
  });

  it.each(['light', 'dark'] as const)(
    'has no serious accessibility violation in the %s skin',
    async (skin) => {
      const page = await signedInAdmin(`dashboard-axe-${skin}`);
      await page.evaluate((value) => {
        const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin: value }));
      }, skin);
      await page.reload();
      await page.getByTestId('completed-chart').locator('svg').first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});

describe('the dashboard of a new account', () => {
  it('says how to start on every card, with links there', async () => {
    const { page } = await openPage(server.url, 'dashboard-new');
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('card-empty').count()).toBe(6);
    expect(await page.getByTestId('completed-chart').count()).toBe(0);
    await page.getByText('No goals yet.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('goals-card').getByRole('link', { name: 'Set a goal' }).click();
    await page.waitForURL('**/apps/objectifs');
  });
});
