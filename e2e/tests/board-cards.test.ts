/**
 * A card's details as people use them (tags, due date, comments, history), the board's filter bar,
 * and a Trello board imported from its export file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { cardsOf, column, texts } from '../support/board';
import { choose } from '../support/calendar';
import { arrive as arriveAt, callAs } from '../support/people';
import { repoRoot, useAppServer } from '../support/server';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);
const trelloExport = path.join(repoRoot, 'server/fixtures/trello-board.json');

/** A board with lists and cards made through the API: the test is about what follows. */
async function buildBoard(page: Page, name: string, lists: Record<string, string[]>): Promise<string> {
  const board = (await callAs(page, 'post', '/api/projects', { name })) as { _id: string };
  for (const [listName, items] of Object.entries(lists)) {
    const list = (await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: listName })) as {
      _id: string;
    };
    for (const item of items) {
      await callAs(page, 'post', `/api/projects/${board._id}/lists/${list._id}/items`, { name: item });
    }
  }
  return board._id;
}

/** The answer to the next change of a card (PUT …/lists/{listId}/items/{itemId}). */
const cardSaved = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'PUT' && /\/lists\/\d+\/items\/\d+$/.test(response.url()),
  );

describe('board cards', () => {
  it('tags a card, gives it a due date, comments on it, filters the board by tag, and imports a Trello board', async () => {
    const { page, errors, allowConsole } = await arrive('board-cards');
    const boardId = await buildBoard(page, 'Launch plan', {
      'To do': ['Write the spec', 'Draw the mockups'],
      Done: ['Buy the domain'],
    });
    await page.goto(`/apps/project/${boardId}`);
    await page.getByRole('heading', { level: 1, name: 'Launch plan' }).waitFor();
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Write the spec', 'Draw the mockups']);

    // Open the card and tag it "high".
    await cardsOf(page, 'To do').filter({ hasText: 'Write the spec' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write the spec' });
    await dialog.getByLabel('Item name').waitFor();
    let saved = cardSaved(page);
    await choose(page, dialog, 'Tags', /^high$/);
    expect((await saved).status()).toBe(200);
    // The dropdown closes when one clicks elsewhere in the dialog.
    await dialog.getByText('In the list To do').click();
    await expect.poll(() => dialog.getByTestId('card-tags').textContent()).toBe('high');

    // A due date in the past: the card is overdue.
    saved = cardSaved(page);
    await dialog.getByLabel('Due date').fill('2020-03-29T02:30');
    await dialog.getByLabel('Due date').press('Enter');
    expect((await saved).status()).toBe(200);
    const dueBadge = dialog.getByTestId('due-badge');
    await expect.poll(() => dueBadge.getAttribute('data-state')).toBe('overdue');
    expect(await dueBadge.textContent()).toContain('Overdue');

    // A comment, sent with Ctrl+Enter, shows at the top with its author; the history tells the tag.
    await dialog.getByLabel('Write a comment').fill('The outline is ready for review.');
    await dialog.getByLabel('Write a comment').press('Control+Enter');
    const comment = dialog.getByTestId('comment').first();
    await expect.poll(() => comment.textContent()).toContain('The outline is ready for review.');
    expect(await dialog.getByLabel('Write a comment').inputValue()).toBe('');
    const history = dialog.getByTestId('activity');
    await expect
      .poll(() => history.allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('added the tag high')]));
    expect((await history.allTextContents()).join('\n')).toContain('created this card in To do');

    // The open dialog has no serious accessibility violation.
    expect(await seriousViolations(page)).toEqual([]);

    // Closed, the card shows itself overdue on the board.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const face = cardsOf(page, 'To do').filter({ hasText: 'Write the spec' });
    await expect.poll(() => face.getByTestId('due-badge').getAttribute('data-state')).toBe('overdue');

    // Filter the board by the tag "high": one card matches, the others are hidden.
    const filterBar = page.getByTestId('board-filter');
    await choose(page, filterBar, 'Filter by tag', /^high$/);
    await expect.poll(() => page.getByTestId('filter-count').textContent()).toBe('1 matching card');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Write the spec']);
    expect(await cardsOf(page, 'Done').count()).toBe(0);
    expect(new URL(page.url()).searchParams.getAll('tag')).toEqual(['high']);
    // The filter is in the address: a reload keeps it.
    await page.reload();
    await expect.poll(() => page.getByTestId('filter-count').textContent()).toBe('1 matching card');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Write the spec', 'Draw the mockups']);
    expect(await texts(cardsOf(page, 'Done'))).toEqual(['Buy the domain']);

    // Archive a card from its dialog: it leaves the board for the archived cards, and comes back.
    await cardsOf(page, 'To do').filter({ hasText: 'Draw the mockups' }).click();
    saved = cardSaved(page);
    // The dialog is titled by the card it shows.
    await page
      .getByRole('dialog', { name: 'Draw the mockups' })
      .getByRole('button', { name: 'Archive', exact: true })
      .click();
    expect((await saved).status()).toBe(200);
    await page.keyboard.press('Escape');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Write the spec']);
    await page.getByRole('button', { name: 'Archived cards (1)' }).click();
    const archivedDrawer = page.getByRole('dialog', { name: 'Archived cards' });
    saved = cardSaved(page);
    await archivedDrawer.getByRole('button', { name: 'Restore the card Draw the mockups' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => archivedDrawer.getByText('No archived card.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Write the spec', 'Draw the mockups']);

    // Import a file that is no board export: the server's reason is shown, nothing is made.
    await page.goto('/apps/projects');
    await page.getByRole('button', { name: 'Import board' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import a board' });
    const notABoard = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-import-')), 'notes.json');
    fs.writeFileSync(notABoard, JSON.stringify({ notes: ['not a board'] }));
    await importDialog.getByLabel('Board file (.json)').setInputFiles(notABoard);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect
      .poll(() => importDialog.getByRole('alert').textContent())
      .toBe('This file is not a Trello board export or a Cadence board export.');
    allowConsole(/status of 400/);

    // Import the Trello export: its board opens, with its open lists and cards.
    await importDialog.getByLabel('Board file (.json)').setInputFiles(trelloExport);
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/apps\/project\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Website launch' }).waitFor();
    await expect
      .poll(() => page.getByTestId('list-title').allTextContents())
      .toEqual(['Backlog', 'In progress', 'Done']);
    await expect.poll(() => texts(cardsOf(page, 'In progress'))).toContain('Design homepage hero');
    expect(await column(page, 'Ideas (old)').count()).toBe(0);

    expect(errors.filter((line) => !/status of 400/.test(line))).toEqual([]);
  }, 120_000);
});
