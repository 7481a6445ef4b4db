/// <reference lib="dom" />
/**
 * The board page in Chromium against the built server (npm run build first), on a board of
 * 10 lists × 100 items made through the API. Interactive means every card is rendered and a card
 * takes the focus; times run from the click (in-app) or from navigation start (page loads):
 * - opening the board from the projects list (the app already loaded: the usual way in);
 * - reloading it (browser cache, and the copy of the board kept in browser storage);
 * - one keyboard drag-and-drop move (space, arrow down, space) until the card shows in its new
 *   place, and the drop alone (the last space) until then.
 * Goals: interactive < 1000 ms, a move < 100 ms, compared on medians (the table says which are
 * met). Timings on a shared machine vary, so the run fails only when a median is over 3× its goal.
 * BENCH_BOARD_OPENS (3) and BENCH_BOARD_MOVES (5) set the number of runs. (The DOM reference above
 * types the functions that run in the page.)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '@cadence/e2e/server';
import { chromium, type Page } from 'playwright-core';
import { untilQuiet, watchRequests } from './quiet';

const LISTS = 10;
const ITEMS_PER_LIST = 100;
const OPEN_RUNS = Number(process.env.BENCH_BOARD_OPENS ?? 3);
const MOVE_RUNS = Number(process.env.BENCH_BOARD_MOVES ?? 5);
const GOAL_INTERACTIVE_MS = 1000;
const GOAL_MOVE_MS = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-board-'));
const server = await startServer({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
});

interface Session {
  userData: { _id: string };
  accessToken: string;
  refreshToken: string;
}

async function call<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A user and a board of LISTS × ITEMS_PER_LIST; lists are filled side by side, each in order. */
async function seed(): Promise<{ session: Session; boardId: string; listIds: string[] }> {
  const tag = Date.now().toString(36);
  const session = await call<Session>('POST', '/jwt/register', null, {
    username: `bench${tag}`,
    email: `bench${tag}@example.com`,
    password: 'a good long password',
    fullName: 'Bench Mark',
  });
  const token = session.accessToken;
  const board = await call<{ _id: string }>('POST', '/projects', token, { name: 'Big board' });
  const listIds: string[] = [];
  for (let list = 0; list < LISTS; list += 1) {
    const created = await call<{ _id: string }>('POST', `/projects/${board._id}/lists`, token, {
      name: `List ${list + 1}`,
    });
    listIds.push(created._id);
  }
  await Promise.all(
    listIds.map(async (listId, list) => {
      for (let item = 0; item < ITEMS_PER_LIST; item += 1) {
        await call('POST', `/projects/${board._id}/lists/${listId}/items`, token, {
          name: `Card ${list + 1}.${item + 1}`,
        });
      }
    }),
  );
  return { session, boardId: board._id, listIds };
}

const CARDS = '[data-testid="board-item"]';

/** Waits, frame by frame, until every card is rendered and the first one takes the focus; answers performance.now() then. */
async function whenInteractive(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, count }) => {
      const cards = document.querySelectorAll<HTMLElement>(selector);
      if (cards.length !== count) return false;
      const first = cards[0]!;
      first.focus();
      return document.activeElement === first ? performance.now() : false;
    },
    { selector: CARDS, count: LISTS * ITEMS_PER_LIST },
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Milliseconds from navigation start until the board is interactive (a page load). */
async function openByUrl(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return whenInteractive(page);
}

async function reload(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  return whenInteractive(page);
}

/** Milliseconds from the click on "Open" in the projects list until the board is interactive. */
async function openFromList(page: Page, projectsUrl: string): Promise<number> {
  await page.goto(projectsUrl);
  const open = page.getByRole('link', { name: 'Open the project Big board' });
  await open.waitFor();
  const clicked = await open.evaluate((link: HTMLElement) => {
    const at = performance.now();
    link.click();
    return at;
  });
  return (await whenInteractive(page)) - clicked;
}

/** Records when each space key goes down, once per page. */
async function watchSpaces(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks = window as unknown as { benchSpaces: number[] };
    marks.benchSpaces = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === ' ') marks.benchSpaces.push(performance.now());
      },
      { capture: true },
    );
  });
}

/**
 * One keyboard move of the first card of a list one place down. Answers the time from the first
 * space until the card shows second in its list, and from the dropping space until then.
 */
async function keyboardMove(page: Page, listId: string): Promise<{ move: number; drop: number }> {
  const moving = await page.evaluate(
    ({ id, selector }) => {
      (window as unknown as { benchSpaces: number[] }).benchSpaces = [];
      const card = document.querySelector<HTMLElement>(`[data-list-id="${id}"] ${selector}`)!;
      card.focus();
      return card.dataset.itemId!;
    },
    { id: listId, selector: CARDS },
  );
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  const handle = await page.waitForFunction(
    ({ id, item, selector }) => {
      const cards = document.querySelectorAll<HTMLElement>(`[data-list-id="${id}"] ${selector}`);
      const spaces = (window as unknown as { benchSpaces: number[] }).benchSpaces;
      if (cards[1]?.dataset.itemId !== item || spaces.length < 2) return false;
      const now = performance.now();
      return { move: now - spaces[0]!, drop: now - spaces[1]! };
    },
    { id: listId, item: moving, selector: CARDS },
    { polling: 'raf', timeout: 10_000 },
  );
  const result = (await handle.jsonValue()) as { move: number; drop: number };
  // The server answers and the board settles before the next move.
  await untilQuiet(page);
  await page.waitForTimeout(200);
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const round = (value: number) => Math.round(value * 10) / 10;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  const started = Date.now();
  const { session, boardId, listIds } = await seed();
  console.log(`\nSeeded a board of ${LISTS} lists × ${ITEMS_PER_LIST} items in ${Date.now() - started} ms`);
  const url = `${server.url}/apps/project/${boardId}`;

  const fromList: number[] = [];
  const reloads: number[] = [];
  const moves: number[] = [];
  const drops: number[] = [];
  const newPage = async () => {
    // A new context: nothing cached but the session, as after signing in on a new browser.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((value: Session) => {
      if (localStorage.getItem('accessToken')) return;
      localStorage.setItem('userData', JSON.stringify(value.userData));
      localStorage.setItem('accessToken', value.accessToken);
      localStorage.setItem('refreshToken', value.refreshToken);
    }, session);
    const page = await context.newPage();
    watchRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  };
  for (let run = 0; run < OPEN_RUNS; run += 1) {
    const first = await newPage();
    // The first visit itself is bench/first-visit.ts's; here it only opens the board to reload it.
    await openByUrl(first.page, url);
    // The stored copy of the board is written at most once a second.
    await first.page.waitForTimeout(1200);
    reloads.push(await reload(first.page));
    await untilQuiet(first.page);
    if (run === 0) {
      await watchSpaces(first.page);
      for (let move = 0; move < MOVE_RUNS; move += 1) {
        const timing = await keyboardMove(first.page, listIds[move % listIds.length]!);
        moves.push(timing.move);
        drops.push(timing.drop);
      }
    }
    await first.context.close();
    const listed = await newPage();
    fromList.push(await openFromList(listed.page, `${server.url}/apps/projects`));
    await listed.context.close();
    const errors = [...first.errors, ...listed.errors];
    if (errors.length > 0) throw new Error(`the page failed: ${errors.join('; ')}`);
  }

  const row = (measure: string, values: number[], goal: number) => ({
    measure,
    'median ms': round(median(values)),
    'max ms': round(Math.max(...values)),
    runs: values.length,
    goal: `< ${goal} ms`,
    met: median(values) < goal ? 'yes' : 'no',
  });
  const rows = [
    row(`open from the projects list (${LISTS * ITEMS_PER_LIST} cards)`, fromList, GOAL_INTERACTIVE_MS),
    row('reload (browser cache, stored board)', reloads, GOAL_INTERACTIVE_MS),
    row('keyboard move: space, ↓, space → card in place', moves, GOAL_MOVE_MS),
    row('keyboard drop: last space → card in place', drops, GOAL_MOVE_MS),
  ];
  console.log(`Board page in Chromium, ${os.cpus().length} cores`);
  console.table(rows);
  // Timings on a shared machine vary: the run fails only on a gross regression (3× a goal).
  const failed = rows.filter((r) => r['median ms'] > 3 * Number(r.goal.replace(/\D/g, '')));
  if (failed.length > 0) {
    console.error(`The board page is far from its goals: ${failed.map((r) => r.measure).join('; ')}.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
