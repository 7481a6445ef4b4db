/// <reference lib="dom" />
/**
 * The board page in Chromium against the built server (npm run build first), on a board of
 * 10 lists × 100 items made through the API. Each column is a virtual list that draws only the
 * cards in its view, so interactive means every column shows its first cards and a card takes the
 * focus; times run from the click (in-app) or from navigation start (page loads):
 * - opening the board from the projects list (the app already loaded: the usual way in);
 * - reloading it (browser cache, and the copy of the board kept in browser storage);
 * - one keyboard drag-and-drop move (space, arrow down, space) until the card shows in its new
 *   place, and the drop alone (the last space) until then; the server must then hold the move;
 * - one mouse drag of a card to the next column: pressed on the card, moved there in 20 steps
 *   with two frames rendered after each, released; the longest frame while the card is carried
 *   (the interval between two frames, from requestAnimationFrame; Chromium's long-animation-frame
 *   entries, which name only frames over 50 ms, are counted beside it), and the frames of the
 *   pick-up and of the drop. The server must then hold the card in the other column.
 * Goals: interactive < 1000 ms, a move < 100 ms, compared on medians (the table says which are
 * met); every frame drawn at 60 per second (16.7 ms apart, none skipped), shown and not enforced.
 * Timings on a shared machine vary, so the run fails only when a median is over 3× its goal, and
 * when a move is not saved.
 * BENCH_BOARD_OPENS (3), BENCH_BOARD_MOVES (5) and BENCH_BOARD_DRAGS (3) set the number of runs.
 * (The DOM reference above types the functions that run in the page.)
 */
import type { Page } from 'playwright-core';
import { call, type Client, type SignedUp, signUp } from './board-fixtures';
import { cores, launchChromium, median, round1 as round, signedInPage, startInstance } from './harness';
import { untilQuiet } from './quiet';

const LISTS = 10;
const ITEMS_PER_LIST = 100;
const OPEN_RUNS = Number(process.env.BENCH_BOARD_OPENS ?? 3);
const MOVE_RUNS = Number(process.env.BENCH_BOARD_MOVES ?? 5);
const DRAG_RUNS = Number(process.env.BENCH_BOARD_DRAGS ?? 3);
const DRAG_STEPS = 20;
const GOAL_INTERACTIVE_MS = 1000;
const GOAL_MOVE_MS = 100;
const GOAL_FRAME_MS = 16.7;

const server = await startInstance({}, 'bench-board');

/** A user and a board of LISTS × ITEMS_PER_LIST; lists are filled side by side, each in order. */
async function seed(): Promise<{ client: SignedUp; boardId: string; listIds: string[] }> {
  const client = await signUp(server.url, 'Bench Mark');
  const board = await call<{ _id: string }>(client, 'POST', '/projects', { name: 'Big board' });
  const listIds: string[] = [];
  for (let list = 0; list < LISTS; list += 1) {
    const created = await call<{ _id: string }>(client, 'POST', `/projects/${board._id}/lists`, {
      name: `List ${list + 1}`,
    });
    listIds.push(created._id);
  }
  await Promise.all(
    listIds.map(async (listId, list) => {
      for (let item = 0; item < ITEMS_PER_LIST; item += 1) {
        await call(client, 'POST', `/projects/${board._id}/lists/${listId}/items`, {
          name: `Card ${list + 1}.${item + 1}`,
        });
      }
    }),
  );
  return { client, boardId: board._id, listIds };
}

const CARDS = '[data-testid="board-item"]';
const COLUMNS = '[data-testid="board-list"]';

/**
 * Waits, frame by frame, until every column shows cards (its first ones, as it opens scrolled to
 * the top) and the first card takes the focus; answers performance.now() then.
 */
async function whenInteractive(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    ({ columns, cards, count }) => {
      const shown = document.querySelectorAll<HTMLElement>(columns);
      if (shown.length !== count) return false;
      for (let index = 0; index < shown.length; index += 1) {
        if (!shown[index]!.querySelector(cards)) return false;
      }
      const first = document.querySelector<HTMLElement>(cards)!;
      first.focus();
      return document.activeElement === first ? performance.now() : false;
    },
    { columns: COLUMNS, cards: CARDS, count: LISTS },
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

/** The ids of a list's items as the server holds them. */
async function savedItems(client: Client, boardId: string, listId: string): Promise<string[]> {
  const board = await call<{ data: { lists: { _id: string; items: { _id: string }[] }[] } }>(
    client,
    'GET',
    `/projects?id=${boardId}`,
  );
  const list = board.data.lists.find((candidate) => candidate._id === listId);
  return list ? list.items.map((item) => item._id) : [];
}

/**
 * One keyboard move of the first card of a list one place down. Answers the time from the first
 * space until the card shows second in its list, from the dropping space until then, and the card.
 */
async function keyboardMove(
  page: Page,
  listId: string,
): Promise<{ move: number; drop: number; itemId: string }> {
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
  return { ...result, itemId: moving };
}

interface DragFrames {
  /** The longest interval between two frames while the card was carried (ms). */
  carrying: number;
  /** The longest interval from the press to the card lifted, and from the release to the card in place. */
  pickUp: number;
  drop: number;
  /** Chromium's long animation frames (over 50 ms) of each phase, by duration; null if unsupported. */
  longFrames: { pickUp: number[]; carrying: number[]; drop: number[] } | null;
}

interface FrameRecorder {
  frames: number[];
  marks: number[];
  longFrames: { start: number; duration: number }[] | null;
  running: boolean;
  tick?: (now: number) => void;
}

/** Starts recording the page's frames: each frame's start, and its long animation frames. */
async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const recorder: FrameRecorder = { frames: [], marks: [], longFrames: null, running: true };
    // Set as a property, not declared: tsx wraps a declared function in a helper the page lacks.
    recorder.tick = (now: number) => {
      recorder.frames.push(now);
      if (recorder.running) requestAnimationFrame(recorder.tick!);
    };
    requestAnimationFrame(recorder.tick);
    if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) {
      const longFrames: { start: number; duration: number }[] = [];
      recorder.longFrames = longFrames;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) {
          longFrames.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: 'long-animation-frame' });
    }
    (window as unknown as { benchFrames: FrameRecorder }).benchFrames = recorder;
  });
}

/** Marks the end of a phase of the drag (performance.now()). */
const markFrames = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { benchFrames: FrameRecorder }).benchFrames.marks.push(performance.now());
  });

/** Resolves once the page has rendered two more frames. */
const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/** Stops recording; the longest frame interval and the long frames of each phase between marks. */
async function framesOf(page: Page): Promise<DragFrames> {
  const { frames, marks, longFrames } = await page.evaluate(() => {
    const recorder = (window as unknown as { benchFrames: FrameRecorder }).benchFrames;
    recorder.running = false;
    return { frames: recorder.frames, marks: recorder.marks, longFrames: recorder.longFrames };
  });
  const [pressed, lifted, released, settled] = marks as [number, number, number, number];
  // A frame belongs to the phase in which it ended.
  const longestBetween = (from: number, to: number) => {
    let longest = 0;
    for (let index = 1; index < frames.length; index += 1) {
      const end = frames[index]!;
      if (end > from && end <= to) longest = Math.max(longest, end - frames[index - 1]!);
    }
    return longest;
  };
  const longBetween = (from: number, to: number) =>
    (longFrames ?? [])
      .filter((frame) => frame.start + frame.duration > from && frame.start + frame.duration <= to)
      .map((frame) => round(frame.duration));
  return {
    pickUp: longestBetween(pressed, lifted),
    carrying: longestBetween(lifted, released),
    drop: longestBetween(released, settled),
    longFrames: longFrames && {
      pickUp: longBetween(pressed, lifted),
      carrying: longBetween(lifted, released),
      drop: longBetween(released, settled),
    },
  };
}

/**
 * A mouse drag of the first card of `fromListId` to the upper part of the column of `toListId`:
 * pressed, moved 10 px to lift it (the library lifts after 5 px), carried there in DRAG_STEPS
 * steps with two frames rendered after each, released. Fails unless the card then shows in that
 * column; answers the card and the frames of each phase.
 */
async function mouseDrag(page: Page, fromListId: string, toListId: string) {
  // Focusing cards for the keyboard moves scrolled the board sideways: back to its first columns.
  await page.getByTestId('board').evaluate((board: HTMLElement) => board.scrollTo({ left: 0 }));
  const card = page.locator(`[data-list-id="${fromListId}"] ${CARDS}`).first();
  const itemId = (await card.getAttribute('data-item-id'))!;
  const from = (await card.boundingBox())!;
  const to = (await page.locator(`[data-list-id="${toListId}"] [data-testid="list-items"]`).boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const lift = { x: start.x + 10, y: start.y + 10 };
  const end = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 3, 200) };

  await recordFrames(page);
  await page.mouse.move(start.x, start.y);
  await twoFrames(page);
  await markFrames(page);
  await page.mouse.down();
  for (let step = 1; step <= 5; step += 1) {
    await page.mouse.move(
      start.x + (lift.x - start.x) * (step / 5),
      start.y + (lift.y - start.y) * (step / 5),
    );
    await twoFrames(page);
  }
  const carried = await page.evaluate(
    (id) => document.querySelector<HTMLElement>(`[data-rfd-draggable-id="item:${id}"]`)?.style.position,
    itemId,
  );
  if (carried !== 'fixed') throw new Error(`the mouse did not lift card ${itemId}`);
  await markFrames(page);
  for (let step = 1; step <= DRAG_STEPS; step += 1) {
    const part = step / DRAG_STEPS;
    await page.mouse.move(lift.x + (end.x - lift.x) * part, lift.y + (end.y - lift.y) * part);
    await twoFrames(page);
  }
  await markFrames(page);
  await page.mouse.up();
  await page.waitForFunction(
    ({ list, item, selector }) =>
      Array.from(document.querySelectorAll<HTMLElement>(`[data-list-id="${list}"] ${selector}`)).some(
        (shown) => shown.dataset.itemId === item,
      ),
    { list: toListId, item: itemId, selector: CARDS },
    { polling: 'raf', timeout: 10_000 },
  );
  await twoFrames(page);
  await markFrames(page);
  const frames = await framesOf(page);
  await untilQuiet(page);
  await page.waitForTimeout(200);
  return { itemId, frames };
}

const browser = await launchChromium();

try {
  const started = Date.now();
  const { client, boardId, listIds } = await seed();
  console.log(`\nSeeded a board of ${LISTS} lists × ${ITEMS_PER_LIST} items in ${Date.now() - started} ms`);
  const url = `${server.url}/apps/project/${boardId}`;

  const fromList: number[] = [];
  const reloads: number[] = [];
  const moves: number[] = [];
  const drops: number[] = [];
  const dragFrames: DragFrames[] = [];
  const newPage = () => signedInPage(browser, client.session);
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
        const listId = listIds[move % listIds.length]!;
        const timing = await keyboardMove(first.page, listId);
        if ((await savedItems(client, boardId, listId))[1] !== timing.itemId) {
          throw new Error(`the keyboard move of card ${timing.itemId} was not saved`);
        }
        moves.push(timing.move);
        drops.push(timing.drop);
      }
      for (let drag = 0; drag < DRAG_RUNS; drag += 1) {
        const fromListId = listIds[drag % listIds.length]!;
        const toListId = listIds[(drag + 1) % listIds.length]!;
        const { itemId, frames } = await mouseDrag(first.page, fromListId, toListId);
        const [source, target] = await Promise.all([
          savedItems(client, boardId, fromListId),
          savedItems(client, boardId, toListId),
        ]);
        if (source.includes(itemId) || !target.includes(itemId)) {
          throw new Error(`the mouse drag of card ${itemId} to another column was not saved`);
        }
        dragFrames.push(frames);
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
    failsAbove: 3 * goal,
  });
  // A frame is the interval between two frames of the display (60 per second): 16.7 ms, give or
  // take a few hundredths, when every frame is drawn, 33.3 ms when one is skipped. The goal is
  // met when none is; frames are shown, not enforced.
  const frameRow = (measure: string, values: number[]) => ({
    ...row(measure, values, GOAL_FRAME_MS),
    goal: `${GOAL_FRAME_MS} ms (60/s)`,
    met: median(values) < 1.5 * GOAL_FRAME_MS ? 'yes' : 'no',
    failsAbove: Infinity,
  });
  const rows = [
    row(`open from the projects list (${LISTS * ITEMS_PER_LIST} cards)`, fromList, GOAL_INTERACTIVE_MS),
    row('reload (browser cache, stored board)', reloads, GOAL_INTERACTIVE_MS),
    row('keyboard move: space, ↓, space → card in place', moves, GOAL_MOVE_MS),
    row('keyboard drop: last space → card in place', drops, GOAL_MOVE_MS),
    frameRow(
      `mouse drag (${DRAG_STEPS} steps): longest frame carrying the card`,
      dragFrames.map((frames) => frames.carrying),
    ),
    frameRow(
      'mouse drag: longest frame of the pick-up',
      dragFrames.map((frames) => frames.pickUp),
    ),
    frameRow(
      'mouse drag: longest frame of the drop',
      dragFrames.map((frames) => frames.drop),
    ),
  ];
  console.log(`Board page in Chromium, ${cores} cores`);
  console.table(rows.map(({ failsAbove: _, ...shown }) => shown));
  console.log(
    'Frames: the longest interval between two requestAnimationFrame callbacks in each phase of the drag.',
  );
  const longFrames = dragFrames.map((frames) => frames.longFrames);
  if (longFrames.every((phases) => phases !== null)) {
    const list = (values: number[]) => (values.length > 0 ? `${values.join(', ')} ms` : 'none');
    console.log(
      "Long animation frames (PerformanceObserver 'long-animation-frame': frames over 50 ms) in the drags:\n" +
        `  pick-up ${list(longFrames.flatMap((phases) => phases.pickUp))}; ` +
        `carrying ${list(longFrames.flatMap((phases) => phases.carrying))}; ` +
        `drop ${list(longFrames.flatMap((phases) => phases.drop))}`,
    );
  } else {
    console.log("This Chromium has no 'long-animation-frame' entries: frames are measured by rAF alone.");
  }
  // Timings on a shared machine vary: the run fails only on a gross regression (3× a goal).
  const failed = rows.filter((r) => r['median ms'] > r.failsAbove);
  if (failed.length > 0) {
    console.error(`The board page is far from its goals: ${failed.map((r) => r.measure).join('; ')}.`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
