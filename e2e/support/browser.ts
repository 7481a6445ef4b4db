/**
 * Debian's Chromium driven by playwright-core (CHROMIUM_PATH overrides /usr/bin/chromium). Each
 * test gets a fresh context (its own storage); a failing test leaves a screenshot in
 * e2e/artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { onTestFailed, onTestFinished } from 'vitest';

export const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = path.resolve(import.meta.dirname, '../artifacts');

let browser: Browser | undefined;

export async function launchBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, and uncaught exceptions, of the page. */
  errors: string[];
  /** Declares console lines this test provokes on purpose (a refused request, say). */
  allowConsole: (...patterns: RegExp[]) => void;
}

/**
 * What a test may set of the browser it opens: its time zone and locale (a device elsewhere, D46),
 * the storage it starts with (the same browser, moved) and its viewport (a phone). Unset, the machine's, as before.
 */
export type PageOptions = Pick<BrowserContextOptions, 'timezoneId' | 'locale' | 'storageState' | 'viewport'>;

/** A new page in a new context; call inside a test. */
export async function openPage(baseURL: string, name: string, options: PageOptions = {}): Promise<TestPage> {
  const context = await (
    await launchBrowser()
  ).newContext({ viewport: { width: 1280, height: 800 }, ...options, baseURL });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  const allowed: RegExp[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  // A clean console is part of every browser test: an unexpected error or warning fails it.
  onTestFinished(() => {
    const unexpected = errors.filter((line) => !allowed.some((pattern) => pattern.test(line)));
    if (unexpected.length > 0) {
      throw new Error(`${name}: unexpected console output:\n${unexpected.join('\n')}`);
    }
  });
  onTestFailed(async () => {
    fs.mkdirSync(artifacts, { recursive: true });
    const file = path.join(artifacts, `${name.replace(/[^\w-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  });
  return { page, context, errors, allowConsole: (...patterns) => allowed.push(...patterns) };
}
