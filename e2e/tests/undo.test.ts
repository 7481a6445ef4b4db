/**
 * Undo (D48) in Chromium: a deleted to-do, card (with its comment), event and goal leave the page at
 * once and come back with the toast's Undo, still there after a reload (nothing was sent); a deletion
 * left alone is sent when the toast closes (or at once when the page is left) and is gone after a
 * reload. An archive's Undo sends the reverse change. On a board, `n` opens the
 * add-card field of the list holding the focus, and a title typed there adds the card.
 */
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { cardsOf, column, texts } from '../support/board';
import { addEvent, shown } from '../support/calendar';
import { arrive as arriveAt, callAs, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

/** Every DELETE the page sends to the API, from now on. */
function deletesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'DELETE') seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Clicks the toast's Undo, and waits for the toast to go. */
async function undo(page: Page, text: string): Promise<void> {
  const shownToast = toast(page, text);
  await shownToast.getByRole('button', { name: 'Undo' }).click();
  await shownToast.waitFor({ state: 'hidden' });
}

const taskRow = (page: Page, title: string) =>
  page.getByTestId('task').and(page.locator(`[data-title="${title}"]`));

describe('undo', () => {
  it('brings a deleted to-do back with Undo, for good; without Undo it is gone after a reload', async () => {
    const { page, errors } = await arrive('undo-todo');
    for (const title of ['Keep me', 'Lose me']) await callAs(page, 'post', '/api/todos', { title });
    const deletes = deletesOf(page);
    await page.goto('/apps/todo');
    await taskRow(page, 'Keep me').waitFor();

    await page.getByRole('button', { name: 'Delete the task Keep me' }).click();
    // Gone from the list at once; the toast offers Undo and is held open while the pointer is on it.
    await taskRow(page, 'Keep me').waitFor({ state: 'detached' });
    await toast(page, 'Task moved to deleted').hover();
    expect(await toast(page, 'Task moved to deleted').getByRole('button', { name: 'Undo' }).isVisible()).toBe(
      true,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await undo(page, 'Task moved to deleted');
    await taskRow(page, 'Keep me').waitFor();

    // Past the toast's 3 s nothing was sent, and the server still has it where it was.
    await page.waitForTimeout(3500);
    expect(deletes).toEqual([]);
    await page.reload();
    await taskRow(page, 'Keep me').waitFor();
    expect(await taskRow(page, 'Lose me').count()).toBe(1);
    const deletedList = (await callAs(
      page,
      'get',
      `/api/todos?user=${(await sessionOf(page)).id}&filter=deleted`,
    )) as {
      data: unknown[];
    };
    expect(deletedList.data).toEqual([]);

    // Left alone, the deletion goes when the toast closes, and stays done.
    const sent = deleteSent(page, '/api/todos/');
    await page.getByRole('button', { name: 'Delete the task Lose me' }).click();
    expect((await sent).status()).toBe(204);
    expect(deletes).toHaveLength(1);
    await page.reload();
    await taskRow(page, 'Keep me').waitFor();
    expect(await taskRow(page, 'Lose me').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('sends a waiting deletion when the page is left before its toast closes', async () => {
    const { page, errors } = await arrive('undo-pagehide');
    await callAs(page, 'post', '/api/todos', { title: 'Leave with me' });
    await page.goto('/apps/todo');
    await taskRow(page, 'Leave with me').waitFor();
    await page.getByRole('button', { name: 'Delete the task Leave with me' }).click();
    await toast(page, 'Task moved to deleted').waitFor();
    // Reloading at once (well within the 3 s) sends it on pagehide, kept alive past the page.
    await page.reload();
    const deletedTitles = async () => {
      const list = (await callAs(
        page,
        'get',
        `/api/todos?user=${(await sessionOf(page)).id}&filter=deleted`,
      )) as {
        data: Array<{ title: string }>;
      };
      return list.data.map((task) => task.title);
    };
    await expect.poll(deletedTitles).toEqual(['Leave with me']);
    await page.reload();
    await page.getByText('Nothing to do').waitFor();
    expect(await taskRow(page, 'Leave with me').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('brings a deleted card back in its place with its comment', async () => {
    const { page, errors } = await arrive('undo-card');
    const board = (await callAs(page, 'post', '/api/projects', { name: 'Undo board' })) as { _id: string };
    const list = (await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'To do' })) as {
      _id: string;
    };
    const items: Record<string, string> = {};
    for (const name of ['First', 'Second', 'Third']) {
      const item = await callAs(page, 'post', `/api/projects/${board._id}/lists/${list._id}/items`, { name });
      items[name] = String(item._id);
    }
    await callAs(page, 'post', `/api/projects/${board._id}/items/${items.Second}/comments`, {
      text: 'Keep this thought',
    });
    const deletes = deletesOf(page);
    // In the dark skin and right to left: the toast is checked by axe there too.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin: 'dark', rtl: true }));
    });
    await page.goto(`/apps/project/${board._id}`);
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['First', 'Second', 'Third']);

    await cardsOf(page, 'To do').filter({ hasText: 'Second' }).click();
    const dialog = page.getByRole('dialog', { name: 'Second' });
    await dialog.getByText('Keep this thought').waitFor();
    await dialog.getByRole('button', { name: 'Delete item' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['First', 'Third']);
    await toast(page, 'Card deleted').hover();
    expect(await seriousViolations(page)).toEqual([]);
    await undo(page, 'Card deleted');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['First', 'Second', 'Third']);

    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['First', 'Second', 'Third']);
    await cardsOf(page, 'To do').filter({ hasText: 'Second' }).click();
    await page.getByRole('dialog', { name: 'Second' }).getByText('Keep this thought').waitFor();
    expect(deletes).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('brings a deleted event and a deleted goal back', async () => {
    const { page, errors } = await arrive('undo-event-goal');
    const today = new Date().toISOString().slice(0, 10);
    await addEvent(page, { title: 'Dentist', start: `${today}T09:00:00Z`, end: `${today}T10:00:00Z` });
    await callAs(page, 'post', '/api/objectifs', {
      title: 'Read more',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      timeline: 'year',
      time: 'evening',
      tags: ['low'],
      subObjectives: [],
    });
    const deletes = deletesOf(page);

    await page.goto('/apps/calendar');
    await shown(page, 'Dentist').first().click();
    await page.getByRole('dialog', { name: 'Edit event' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => shown(page, 'Dentist').count()).toBe(0);
    await undo(page, 'Event deleted');
    await expect.poll(() => shown(page, 'Dentist').count()).toBe(1);
    await page.reload();
    await expect.poll(() => shown(page, 'Dentist').count()).toBe(1);

    const goal = page.getByTestId('goal').and(page.getByRole('region', { name: 'Read more', exact: true }));
    await page.goto('/apps/objectifs');
    await goal.waitFor();
    await goal.getByRole('button', { name: 'Delete the goal Read more' }).click();
    await goal.waitFor({ state: 'detached' });
    await undo(page, 'Goal deleted');
    await goal.waitFor();
    await page.reload();
    await goal.waitFor();
    expect(deletes).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('undoes archiving a list, a card and a board by sending the reverse change', async () => {
    const { page, errors } = await arrive('undo-archive');
    const board = (await callAs(page, 'post', '/api/projects', { name: 'Archive board' })) as { _id: string };
    const lists: Record<string, string> = {};
    for (const name of ['To do', 'Doing', 'Done']) {
      lists[name] = String((await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name }))._id);
    }
    for (const name of ['Plan', 'Build']) {
      await callAs(page, 'post', `/api/projects/${board._id}/lists/${lists['To do']}/items`, { name });
    }
    const listNames = () =>
      page
        .getByTestId('board-list')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    const changed = (pattern: RegExp) =>
      page.waitForResponse(
        (response) => response.request().method() === 'PUT' && pattern.test(response.url()),
      );
    await page.goto(`/apps/project/${board._id}`);
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Plan', 'Build']);
    const order = await listNames();

    // A list: it leaves the board, and Undo puts it back in its place.
    let saved = changed(/\/lists\/\d+$/);
    await page.getByRole('button', { name: 'Archive the list Doing' }).click();
    expect((await saved).status()).toBe(200);
    await column(page, 'Doing').waitFor({ state: 'detached' });
    saved = changed(/\/lists\/\d+$/);
    await undo(page, 'List archived');
    expect((await saved).status()).toBe(200);
    await expect.poll(listNames).toEqual(order);

    // A card, from its dialog.
    await cardsOf(page, 'To do').filter({ hasText: 'Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan' });
    saved = changed(/\/items\/\d+$/);
    await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
    expect((await saved).status()).toBe(200);
    await dialog.getByTestId('archived-banner').waitFor();
    saved = changed(/\/items\/\d+$/);
    await undo(page, 'Card archived');
    expect((await saved).status()).toBe(200);
    await dialog.getByTestId('archived-banner').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Plan', 'Build']);
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Plan', 'Build']);
    await expect.poll(listNames).toEqual(order);

    // The board, from my boards.
    await page.goto('/apps/projects');
    const boardCard = page.getByRole('region', { name: 'Archive board' });
    await boardCard.getByRole('button', { name: 'Archive the project Archive board' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Archived (1)' }).isVisible()).toBe(true);
    saved = changed(/\/projects\/\d+$/);
    await undo(page, 'Project archived');
    expect((await saved).status()).toBe(200);
    await expect.poll(() => page.getByRole('tab', { name: 'Active (1)' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('adds a card to the focused list with `n`, and lists the key on a board only', async () => {
    const { page, errors } = await arrive('undo-n-key');
    const board = (await callAs(page, 'post', '/api/projects', { name: 'Keys board' })) as { _id: string };
    const first = (await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'To do' })) as {
      _id: string;
    };
    await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'Doing' });
    await callAs(page, 'post', `/api/projects/${board._id}/lists/${first._id}/items`, { name: 'Old card' });

    const shortcutRows = async () => {
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.getByTestId('shortcuts').getByText('Show this list').waitFor();
      const rows = await dialog.getByTestId('shortcuts').locator('tbody tr').allInnerTexts();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      return rows.map((row) => row.replace(/\s+/g, ' ').trim());
    };
    const elsewhere = await shortcutRows();
    expect(elsewhere).toContain('? Show this list');
    expect(elsewhere).not.toContain('n Add a card to the focused list');

    await page.goto(`/apps/project/${board._id}`);
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Old card']);
    expect(await shortcutRows()).toContain('n Add a card to the focused list');

    // The focus in the second list: `n` opens its field, focused; what is typed there is the field's.
    await column(page, 'Doing').getByTestId('list-title').focus();
    await page.keyboard.press('n');
    const field = column(page, 'Doing').getByRole('textbox');
    await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await field.inputValue()).toBe('');
    const created = page.waitForResponse(
      (response) => response.request().method() === 'POST' && /\/lists\/\d+\/items$/.test(response.url()),
    );
    await page.keyboard.type('New card');
    await page.keyboard.press('Enter');
    expect((await created).status()).toBe(201);
    await expect.poll(() => texts(cardsOf(page, 'Doing'))).toEqual(['New card']);
    expect(await texts(cardsOf(page, 'To do'))).toEqual(['Old card']);
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'Doing'))).toEqual(['New card']);
    expect(errors).toEqual([]);
  });
});
