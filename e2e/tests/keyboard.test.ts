/**
 * The keyboard (D48) in Chromium: the first Tab reaches "Skip to content", which puts the focus on
 * the page's content; `?` lists the shortcuts; `g` then `t` goes to the to-dos, `g` then `m` to
 * meetings; `/` puts the cursor in the page's search; a key typed in a field stays the field's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register } from '../support/app';
import { seriousViolations } from '../support/axe';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { tag: element?.tagName.toLowerCase(), id: element?.id, text: element?.textContent?.trim() };
  });

describe('the keyboard', () => {
  it('skips to the content, lists the shortcuts and follows them', async () => {
    const { page } = await openPage(server.url, 'keyboard');
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');
    // The URL changes before the sign-up form goes: wait for the signed-in layout's content.
    await page.locator('main#main-content h1').first().waitFor();

    // The first stop of the Tab key, shown when focused, leads into the content.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });

    // `?` lists the shortcuts; the list is accessible and Escape closes it.
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const rows = await dialog.getByTestId('shortcuts').locator('tbody tr').allInnerTexts();
    expect(rows.map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      '? Show this list',
      '/ Search this page',
      'g then b Go to projects',
      'g then t Go to to-dos',
      'g then c Go to the calendar',
      'g then m Go to meetings',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // `g` then a letter goes there.
    await page.keyboard.press('g');
    await page.keyboard.press('t');
    await page.waitForURL('**/apps/todo');
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await page.waitForURL('**/apps/meetings');

    // `/` puts the cursor in the page's search; letters typed there are text, not shortcuts.
    await page.goto('/friends');
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await search.waitFor();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('gt');
    expect(await search.inputValue()).toBe('gt');
    expect(new URL(page.url()).pathname).toBe('/friends');
  });
});
