/**
 * Goals and boards as a person uses them every day: a deletion that offers Undo happens at once,
 * with no confirmation that says it cannot be undone (a goal, a goal deleted forever, a card, a
 * board), and Undo brings it back; a comment, which has no Undo, still asks and says so. Right to
 * left, the descriptions people write (a card's, a board's, a goal's) read in their own direction.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardsOf, texts } from '../support/board';
import { arrive as arriveAt, callAs } from '../support/people';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Clicks a delete button and waits for what answers it: the toast, or a question asked first. */
async function deleteWith(page: Page, button: Locator, toastText: string) {
  await button.click();
  const asking = page
    .getByRole('dialog', { name: /^Delete/ })
    .or(page.getByText(/^Delete “.*”\?$/))
    .or(page.getByText(/cannot be undone/));
  await toast(page, toastText).or(asking).first().waitFor();
  expect(await asking.count()).toBe(0);
}

async function undo(page: Page, text: string) {
  await toast(page, text).getByRole('button', { name: 'Undo' }).click();
  await toast(page, text).waitFor({ state: 'hidden' });
}

/** English first, with Arabic inside: in a right-to-left page it still reads left to right. */
const mixed = 'Sign the عقد with Sam.';

async function readsInItsOwnDirection(text: Locator) {
  expect(await text.getAttribute('dir')).toBe('auto');
  expect(await text.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
}

async function rightToLeft(page: Page) {
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, rtl: true }));
  });
}

describe('deleting with Undo', () => {
  it('deletes a goal, and deletes it forever, at once, each with Undo', async () => {
    const { page, errors } = await arrive('delete-goal-undo');
    await callAs(page, 'post', '/api/objectifs', {
      title: 'Read more',
      description: mixed,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeline: 'year',
      time: 'evening',
      tags: ['low'],
      subObjectives: [],
    });
    await rightToLeft(page);
    const goal = page.getByTestId('goal').and(page.getByRole('region', { name: 'Read more', exact: true }));
    await page.goto('/apps/objectifs');
    await goal.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await readsInItsOwnDirection(goal.getByText(mixed));

    const remove = goal.getByRole('button', { name: 'Delete the goal Read more' });
    await deleteWith(page, remove, 'Goal deleted');
    await goal.waitFor({ state: 'detached' });
    await undo(page, 'Goal deleted');
    await goal.waitFor();

    // Left alone, it goes to the deleted goals when the toast closes.
    const sent = deleteSent(page, '/api/objectifs/');
    await deleteWith(page, remove, 'Goal deleted');
    expect((await sent).status()).toBe(204);
    await page.goto('/apps/objectifs/deleted');
    await goal.waitFor();
    await deleteWith(page, goal.getByRole('button', { name: 'Delete forever' }), 'Goal deleted forever');
    await goal.waitFor({ state: 'detached' });
    await undo(page, 'Goal deleted forever');
    await goal.waitFor();
    await page.reload();
    await goal.waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes a card and a board at once, each with Undo', async () => {
    const { page, errors } = await arrive('delete-card-undo');
    const board = (await callAs(page, 'post', '/api/projects', {
      name: 'Move house',
      description: mixed,
    })) as {
      _id: string;
    };
    const list = (await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'To do' })) as {
      _id: string;
    };
    const items: Record<string, string> = {};
    for (const name of ['Boxes', 'Keys']) {
      const item = await callAs(page, 'post', `/api/projects/${board._id}/lists/${list._id}/items`, {
        name,
        description: mixed,
      });
      items[name] = String(item._id);
    }
    await callAs(page, 'post', `/api/projects/${board._id}/items/${items.Keys}/comments`, {
      text: 'Mind the stairs',
    });
    await rightToLeft(page);
    await page.goto(`/apps/project/${board._id}`);
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Boxes', 'Keys']);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await readsInItsOwnDirection(page.getByText(mixed, { exact: true }));

    await cardsOf(page, 'To do').filter({ hasText: 'Keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Keys' });
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await expect.poll(() => description.inputValue()).toBe(mixed);
    await readsInItsOwnDirection(description);
    // A comment has no Undo: deleting one still asks, and says so.
    const comment = dialog.getByTestId('comment').filter({ hasText: 'Mind the stairs' });
    await comment.getByRole('button', { name: 'Delete', exact: true }).click();
    await comment.getByText('Delete this comment? This cannot be undone.').waitFor();
    await comment.getByRole('button', { name: 'Cancel' }).click();
    await comment.getByText('Delete this comment? This cannot be undone.').waitFor({ state: 'detached' });
    await deleteWith(page, dialog.getByRole('button', { name: 'Delete item' }), 'Card deleted');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Boxes']);
    await undo(page, 'Card deleted');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Boxes', 'Keys']);
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Boxes', 'Keys']);

    // The board itself, from my boards.
    await page.goto('/apps/projects');
    const card = page.getByTestId('project').and(page.getByRole('region', { name: 'Move house' }));
    await card.waitFor();
    await readsInItsOwnDirection(card.getByText(mixed));
    const remove = card.getByRole('button', { name: 'Delete the project Move house' });
    await deleteWith(page, remove, 'Project deleted');
    await card.waitFor({ state: 'detached' });
    await undo(page, 'Project deleted');
    await card.waitFor();
    const sent = deleteSent(page, '/api/projects/');
    await deleteWith(page, remove, 'Project deleted');
    expect((await sent).status()).toBe(204);
    await page.reload();
    await page.getByText('No project yet. Please add a project.').waitFor();
    expect(errors).toEqual([]);
  });
});
