/**
 * Project boards (D16–D18) as people use them: a board with lists and items, moved by mouse and
 * by keyboard, an item's to-do checklist, archived lists, and a board shared with a friend.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardsOf, column, drag, texts } from '../support/board';
import { arrive as arriveAt, makeFriends } from '../support/people';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';
import { toastShown } from '../support/app';

const server = useAppServer();

/** A new person, registered and on the dashboard, in a browser context of their own. */
const arrive = (name: string) => arriveAt(server.url, name);

async function addList(page: Page, name: string) {
  if (!(await page.getByLabel('List name').isVisible())) {
    await page.getByRole('button', { name: 'Add a list' }).click();
  }
  await page.getByLabel('List name').fill(name);
  await page.keyboard.press('Enter');
  await expect.poll(() => column(page, name).count()).toBe(1);
}

async function addItem(page: Page, list: string, name: string) {
  const form = column(page, list);
  if (!(await form.getByLabel('Item name').isVisible())) {
    await form.getByRole('button', { name: `Add an item to ${list}` }).click();
  }
  await form.getByLabel('Item name').fill(name);
  await page.keyboard.press('Enter');
  // The card gets its server id once the item is saved.
  await expect
    .poll(() => cardsOf(page, list).filter({ hasText: name }).getAttribute('data-item-id'))
    .toMatch(/^\d+$/);
}

describe('project boards', () => {
  it('builds a board, moves cards by mouse and keyboard, ticks a to-do and shares the board', async () => {
    const a = await arrive('projects-a');
    const { page } = a;

    // No project yet: the menu leads to the empty list.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL('**/apps/projects');
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    await expect.poll(() => page.getByText('No project yet. Please add a project.').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('project-count').textContent()).toBe('Projects: 0');

    // Add a project: its board opens.
    await page.getByRole('link', { name: 'Add project' }).click();
    await page.waitForURL('**/project/add-project');
    await page.getByLabel('Name').fill('Website launch');
    await page.getByLabel('Description').fill('Everything for the new site.');
    await page.getByRole('button', { name: 'Add project' }).click();
    await toastShown(page, 'Project added');
    await page.waitForURL(/\/apps\/project\/\d+$/);
    const boardUrl = page.url();
    await page.getByRole('heading', { level: 1, name: 'Website launch' }).waitFor();

    // Three lists, and items in the first.
    await addList(page, 'To do');
    await addList(page, 'Doing');
    await addList(page, 'Done');
    await page.keyboard.press('Escape');
    await addItem(page, 'To do', 'Write the spec');
    await addItem(page, 'To do', 'Draw the mockups');
    await addItem(page, 'To do', 'Plan the launch');
    await addItem(page, 'Done', 'Buy the domain');
    expect(await texts(cardsOf(page, 'To do'))).toEqual([
      'Write the spec',
      'Draw the mockups',
      'Plan the launch',
    ]);

    // Drag "Write the spec" to "Doing" with the mouse.
    const moved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/items\/\d+$/.test(response.url()),
    );
    await drag(
      page,
      cardsOf(page, 'To do').filter({ hasText: 'Write the spec' }),
      column(page, 'Doing').getByTestId('list-items'),
    );
    await expect.poll(() => texts(cardsOf(page, 'Doing'))).toEqual(['Write the spec']);
    expect((await moved).status()).toBe(200);

    // Move "Draw the mockups" one down with the keyboard: space, arrow down, space.
    const reordered = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/items\/\d+$/.test(response.url()),
    );
    await cardsOf(page, 'To do').filter({ hasText: 'Draw the mockups' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Plan the launch', 'Draw the mockups']);
    expect((await reordered).status()).toBe(200);

    // Both moves were saved.
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'Doing'))).toEqual(['Write the spec']);
    expect(await texts(cardsOf(page, 'To do'))).toEqual(['Plan the launch', 'Draw the mockups']);

    // Open the item, add a to-do and tick it: the progress shows 1/1.
    await cardsOf(page, 'Doing').filter({ hasText: 'Write the spec' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write the spec' });
    await dialog.getByLabel('New to-do').fill('Outline the sections');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('todo-progress').textContent()).toBe('0/1 done');
    // The tick is optimistic, after pending reads are cancelled: the box turns a moment after the click.
    const tick = dialog.getByRole('checkbox', { name: 'Outline the sections' });
    await tick.click();
    await expect.poll(() => tick.isChecked()).toBe(true);
    await expect.poll(() => dialog.getByTestId('todo-progress').textContent()).toBe('1/1 done');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => cardsOf(page, 'Doing').filter({ hasText: 'Write the spec' }).textContent())
      .toContain('1/1');

    // Archive "Done", then restore it from the drawer.
    const archived = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/\d+$/.test(response.url()),
    );
    await page.getByRole('button', { name: 'Archive the list Done' }).click();
    await expect.poll(() => column(page, 'Done').count()).toBe(0);
    expect((await archived).status()).toBe(200);
    await page.getByRole('button', { name: 'Archived lists (1)' }).click();
    const drawer = page.getByRole('dialog', { name: 'Archived lists' });
    await drawer.getByRole('button', { name: 'Restore the list Done' }).click();
    await expect.poll(() => drawer.getByText('No archived list.').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => texts(cardsOf(page, 'Done'))).toEqual(['Buy the domain']);
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'Done'))).toEqual(['Buy the domain']);

    // Move the list "Done" one place left with the keyboard; the order is saved.
    const listNames = () => page.getByTestId('list-title').allTextContents();
    const listMoved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/\d+$/.test(response.url()),
    );
    await page.getByRole('button', { name: 'Move the list Done' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    await expect.poll(listNames).toEqual(['To do', 'Done', 'Doing']);
    expect((await listMoved).status()).toBe(200);
    await page.reload();
    await expect.poll(listNames).toEqual(['To do', 'Done', 'Doing']);

    // Share the board with a friend by choosing them as an assignee.
    const b = await arrive('projects-b');
    await makeFriends(a, b);
    await page.getByRole('link', { name: 'Edit project' }).click();
    await page.waitForURL(/\/project\/edit-project\?id=\d+$/);
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('Website launch');
    await page.getByRole('combobox', { name: 'Assignees' }).click();
    await page.getByRole('option', { name: `${b.person.fullName} (@${b.person.username})` }).click();
    await page.getByLabel('Name').click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastShown(page, 'Project updated');
    await page.waitForURL(boardUrl);

    // The friend finds it among their projects, opens it and adds an item.
    await b.page.goto('/apps/projects');
    const shared = b.page.getByRole('region', { name: 'Website launch' });
    await expect.poll(() => shared.getByText('Shared with you').isVisible()).toBe(true);
    await expect.poll(() => b.page.getByTestId('project-count').textContent()).toBe('Projects: 1');
    expect(await shared.getByRole('button', { name: 'Archive the project Website launch' }).count()).toBe(0);
    expect(await shared.getByRole('button', { name: 'Delete the project Website launch' }).count()).toBe(0);
    // The list and the count are kept in browser storage, and forgotten on logging out.
    const stored = () => b.page.evaluate(() => localStorage.getItem('cadence.queries') ?? '');
    await expect.poll(stored).toContain('Website launch');
    await shared.getByRole('link', { name: 'Open the project Website launch' }).click();
    await b.page.waitForURL(boardUrl);
    await addItem(b.page, 'Doing', 'Review the copy');
    // A member works in the board; only the owner changes, archives or deletes the project.
    expect(await b.page.getByRole('link', { name: 'Edit project' }).count()).toBe(0);

    await b.page.getByRole('button', { name: /^Your account/ }).click();
    await b.page.getByRole('menuitem', { name: 'Log out' }).click();
    await b.page.waitForURL('**/login');
    expect(await stored()).toBe('');

    // The owner sees it after a reload.
    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'Doing'))).toEqual(['Write the spec', 'Review the copy']);

    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);

    // An unknown board leads to the 404 page (the browser logs the refused read, nothing else).
    await page.goto('/apps/project/999999');
    await page.waitForURL('**/error-404');
    expect(a.errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    a.allowConsole(/status of 404/);
    // Two people and a whole board: more than the default minute on a busy machine.
  }, 120_000);

  it('archives, restores and deletes a project from the projects list', async () => {
    const { page, errors } = await arrive('projects-list');
    await page.goto('/project/add-project');
    await page.getByLabel('Name').fill('Garden plan');
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.waitForURL(/\/apps\/project\/\d+$/);

    await page.goto('/apps/projects');
    const card = page.getByRole('region', { name: 'Garden plan' });
    await expect.poll(() => card.getByText('Owner').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('tab', { name: 'Active (1)' }).isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Archive the project Garden plan' }).click();
    await toastShown(page, 'Project archived');
    await expect.poll(() => page.getByText('No project yet. Please add a project.').isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'Archived (1)' }).click();
    await card.getByRole('button', { name: 'Restore the project Garden plan' }).click();
    await toastShown(page, 'Project restored');
    await expect.poll(() => page.getByText('No archived project.').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Active (1)' }).click();
    // At once, with Undo; sent when the toast (D48) closes.
    const sent = deleteSent(page, '/api/projects/');
    await card.getByRole('button', { name: 'Delete the project Garden plan' }).click();
    await toastShown(page, 'Project deleted');
    await expect.poll(() => page.getByTestId('project-count').textContent()).toBe('Projects: 0');
    expect((await sent).status()).toBe(204);
    await page.reload();
    await expect.poll(() => page.getByText('No project yet. Please add a project.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
