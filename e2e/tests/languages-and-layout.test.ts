/** Languages and the customizer: applied without a reload, kept across one. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

const loginTitles = {
  fr: ['Français', 'Bienvenue'],
  de: ['Deutsch', 'Willkommen'],
  pt: ['Português', 'Bem-vindo'],
} as const;

describe('languages', () => {
  it.each(Object.entries(loginTitles))(
    '%s is shown, kept across a reload and set on <html lang>',
    async (language, [name, greeting]) => {
      const { page } = await openPage(server.url, `language-${language}`);
      await page.goto('/login');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: name });
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toContain(greeting);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);

      await page.reload();
      await expect.poll(() => heading.textContent()).toContain(greeting);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    },
  );
});

async function choose(page: Page, group: string, option: string) {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

async function layoutState(page: Page) {
  return page.evaluate(() => {
    const shell = document.querySelector('[data-testid="app-shell"]');
    const content = document.querySelector('[data-testid="content"]');
    return {
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      dir: document.documentElement.dir,
      layout: shell?.getAttribute('data-layout'),
      contentMaxWidth: content ? getComputedStyle(content).maxWidth : '',
      footer: document.querySelector('footer') !== null,
      sideMenu: document.querySelector('nav[data-opened]') !== null,
    };
  });
}

describe('the customizer', () => {
  it('applies dark skin, RTL, boxed width, horizontal layout and a hidden footer at once, and keeps them', async () => {
    const { page } = await openPage(server.url, 'customizer');
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');
    await page.getByTestId('greeting').waitFor();
    const before = await layoutState(page);
    expect(before.contentMaxWidth).not.toMatch(/px$/);
    expect(before).toMatchObject({
      scheme: 'light',
      dir: 'ltr',
      layout: 'vertical',
      footer: true,
      sideMenu: true,
    });

    await page.getByRole('button', { name: 'Open the layout customizer' }).click();
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    await choose(page, 'Skin', 'Dark');
    await expect.poll(async () => (await layoutState(page)).scheme).toBe('dark');
    await page.getByRole('switch', { name: 'Right-to-left' }).click();
    await expect.poll(async () => (await layoutState(page)).dir).toBe('rtl');
    await choose(page, 'Content width', 'Boxed');
    await expect.poll(async () => (await layoutState(page)).contentMaxWidth).toMatch(/^\d+px$/);
    await choose(page, 'Menu layout', 'Horizontal');
    await expect.poll(async () => (await layoutState(page)).layout).toBe('horizontal');
    await choose(page, 'Footer type', 'Hidden');
    await expect.poll(async () => (await layoutState(page)).footer).toBe(false);
    expect(navigations).toEqual([]);

    const applied = await layoutState(page);
    expect(applied).toMatchObject({
      scheme: 'dark',
      dir: 'rtl',
      layout: 'horizontal',
      footer: false,
      sideMenu: false,
    });
    await page.reload();
    await page.getByTestId('greeting').waitFor();
    await expect.poll(() => layoutState(page)).toEqual(applied);
  });
});

describe('the scroll-to-top button', () => {
  it('shows after 250 px of scroll and takes the page back to the top', async () => {
    const { page } = await openPage(server.url, 'scroll-to-top');
    await register(page, newPerson());
    await page.getByTestId('greeting').waitFor();
    // A short window, so that the dashboard's cards run below it.
    await page.setViewportSize({ width: 900, height: 400 });
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.count()).toBe(0);

    await page.mouse.move(450, 200);
    await page.mouse.wheel(0, 100);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(250);
    expect(await button.count()).toBe(0);

    await page.mouse.wheel(0, 500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(250);
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => button.count()).toBe(0);
  });
});
