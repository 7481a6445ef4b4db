/** axe-core finds no serious or critical violation on the main screens, light and dark. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPerson, register } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const server = useAppServer();

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP does not apply.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Violation[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

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
