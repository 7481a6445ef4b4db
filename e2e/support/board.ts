/** The board page as the browser tests use it: columns and cards by name, and a mouse drag. */
import type { Locator, Page } from 'playwright-core';

/** A column of the board, by its list's name. */
export const column = (page: Page, name: string) =>
  page.getByTestId('board-list').and(page.getByRole('region', { name, exact: true }));

export const cardsOf = (page: Page, name: string) => column(page, name).getByTestId('board-item');

/** The cards' names in order (their first text node). */
export const texts = (locator: Locator) =>
  locator.evaluateAll((nodes) => nodes.map((node) => node.firstChild?.textContent));

/** Presses the mouse on `source` and moves it a little, as @hello-pangea/dnd needs to lift. */
export async function lift(page: Page, source: Locator): Promise<{ x: number; y: number }> {
  const from = await source.boundingBox();
  if (!from) throw new Error('the card is not on the screen');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 5 });
  return start;
}

/** Moves a lifted card over `target` in small steps and drops it. */
export async function dropOn(page: Page, target: Locator): Promise<void> {
  const to = await target.boundingBox();
  if (!to) throw new Error('the list is not on the screen');
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 25 });
  await page.mouse.up();
}

/** A mouse drag in small steps, as @hello-pangea/dnd needs to see movement before it lifts. */
export async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  await lift(page, source);
  await dropOn(page, target);
}
