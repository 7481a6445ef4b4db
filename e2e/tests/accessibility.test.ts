/** axe-core finds no serious or critical violation on the main screens, light and dark. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

async function setSkin(page: Page, skin: 'light' | 'dark') {
  await page.evaluate((value) => {
    const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin: value }));
  }, skin);
}

describe.each(['light', 'dark'] as const)('in the %s skin', (skin) => {
  it.each([
    ['login', '/login', 'Welcome to Cadence', false],
    ['register', '/register', 'Create your account', false],
    ['404', '/error-404', 'Page not found', false],
    ['dashboard', '/dashboard/analytics', 'Analytics', true],
  ] as const)('%s has no serious or critical violation', async (name, url, heading, signedIn) => {
    const { page } = await openPage(server.url, `axe-${skin}-${name}`);
    await page.goto('/login');
    await setSkin(page, skin);
    if (signedIn) {
      await register(page, newPerson());
      await page.waitForURL('**/dashboard/analytics');
    }
    await page.goto(url);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
    ).toBe(skin);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the check itself', () => {
  it('names a serious and a critical violation when a page has them, and not a moderate one', async () => {
    const { page } = await openPage(server.url, 'axe-finds');
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Cadence' }).waitFor();
    // Light grey on white (serious: color-contrast), a button without a name (critical:
    // button-name), and a second heading level skipped (moderate: heading-order, not read).
    await page.evaluate(() => {
      const box = document.createElement('div');
      box.innerHTML =
        '<p style="color:#ccc;background:#fff">Hard to read</p><button type="button"></button><h4>Skipped</h4>';
      document.querySelector('main, #root')!.append(box);
    });
    const found = await seriousViolations(page);
    expect(found.some((line) => line.startsWith('color-contrast (serious)'))).toBe(true);
    expect(found.some((line) => line.startsWith('button-name (critical)'))).toBe(true);
    expect(found.filter((line) => line.startsWith('heading-order'))).toEqual([]);
  });
});
