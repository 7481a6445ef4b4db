/**
 * To-dos (D13, D20, D30) as people use them, in Chromium: quick-add a task with Enter, open it in
 * the drawer to give it a due date, a tag and a friend as assignee; the friend finds it under the
 * tag, sees who gave it and completes it; the owner sees it completed, stars, sorts and searches
 * through the address, deletes it, restores it from the deleted list and deletes another forever.
 * The menu counts the open tasks due today; an unknown filter or tag shows the 404 page.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';

const server = useAppServer();

/** A new person, registered and on the dashboard, in a browser context of their own. */
const arrive = (name: string) => arriveAt(server.url, name);

/** A task made through the API. */
async function createTask(page: Page, data: Record<string, unknown>) {
  const { token } = await sessionOf(page);
  const created = await page.request.post('/api/todos', {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { _id: string };
}

/** A task's row, by its title. */
const row = (scope: Page | Locator, title: string) =>
  scope.getByTestId('task').and(scope.locator(`[data-title="${title}"]`));
/** The titles of the rows shown, top to bottom. */
const titles = (page: Page) =>
  page
    .getByTestId('task')
    .evaluateAll((rows) => rows.map((element) => element.getAttribute('data-title') ?? ''));

/** Today in the browser's time zone, as YYYY-MM-DD. */
const todayIn = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

/** Chooses an option of a Mantine select or multiselect. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('the to-do page', () => {
  it('adds, assigns, completes, deletes and restores tasks between two friends', async () => {
    const a = await arrive('todos-owner');
    const b = await arrive('todos-assignee');
    await makeFriends(a, b);
    const { page } = a;

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'To-do' }).click();
    await page.waitForURL('**/apps/todo');
    await page.getByRole('heading', { level: 1, name: 'To-do' }).waitFor();
    await expect.poll(() => page.getByText('Nothing to do').isVisible()).toBe(true);

    // Quick add: Enter adds, and the field is ready for the next one.
    const quickAdd = page.getByLabel('New task');
    await quickAdd.fill('Pay the invoice');
    await quickAdd.press('Enter');
    await expect.poll(() => row(page, 'Pay the invoice').isVisible()).toBe(true);
    expect(await quickAdd.inputValue()).toBe('');
    await quickAdd.fill('Book the venue');
    await quickAdd.press('Enter');
    await expect.poll(() => titles(page)).toEqual(['Book the venue', 'Pay the invoice']);
    await expect.poll(() => page.getByTestId('todo-count').textContent()).toBe('Tasks: 2');

    // The drawer: due today, tag high, assigned to me and my friend.
    const today = await todayIn(page);
    await page.getByRole('button', { name: 'Edit the task Pay the invoice' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit task' });
    await drawer.waitFor();
    await drawer.getByLabel('Description').fill('Before the end of the month.');
    await drawer.getByLabel('Due date').fill(today);
    await choose(page, drawer, 'Tags', 'high');
    await drawer.getByLabel('Title').click();
    await choose(page, drawer, 'Assignees', new RegExp(`^${b.person.fullName}`));
    await drawer.getByLabel('Title').click();
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Task updated', { exact: true }).isVisible()).toBe(true);
    await drawer.waitFor({ state: 'hidden' });
    const invoice = row(page, 'Pay the invoice');
    await expect.poll(() => invoice.getByText('Before the end of the month.').isVisible()).toBe(true);
    expect(await invoice.getByTestId('task-due').textContent()).toBe('Today');
    expect(await invoice.getByText('high', { exact: true }).isVisible()).toBe(true);
    expect(await invoice.getByRole('img', { name: `Assigned to ${b.person.fullName}` }).count()).toBe(1);
    // The menu counts the open tasks due today.
    await expect.poll(() => page.getByTestId('todo-badge').textContent()).toBe('1');

    // The friend finds it under the tag, sees who gave it, and completes it.
    await b.page.goto('/apps/todo');
    const lists = b.page.getByRole('navigation', { name: 'To-do lists' });
    await lists.getByRole('link', { name: 'high' }).click();
    await b.page.waitForURL('**/apps/todo/tag/high');
    const given = row(b.page, 'Pay the invoice');
    await expect.poll(() => given.isVisible()).toBe(true);
    expect(await b.page.getByTestId('task').count()).toBe(1);
    expect(await given.getByTestId('task-from').textContent()).toBe(`From ${a.person.fullName}`);
    // An assignee completes; editing and deleting are the owner's.
    expect(await given.getByRole('button', { name: /Edit the task/ }).count()).toBe(0);
    await given.getByRole('checkbox', { name: 'Complete Pay the invoice' }).click();
    await expect.poll(() => given.getAttribute('data-completed')).toBe('true');
    await b.page.reload();
    await expect.poll(() => row(b.page, 'Pay the invoice').getAttribute('data-completed')).toBe('true');

    // The owner sees it completed, no longer counted as due today.
    await page.reload();
    await expect.poll(() => invoice.getAttribute('data-completed')).toBe('true');
    await expect.poll(() => page.getByTestId('todo-badge').count()).toBe(0);
    const mine = page.getByRole('navigation', { name: 'To-do lists' });
    await mine.getByRole('link', { name: 'Completed' }).click();
    await page.waitForURL('**/apps/todo/completed');
    await expect.poll(() => titles(page)).toEqual(['Pay the invoice']);
    // Un-complete it again.
    await invoice.getByRole('checkbox', { name: 'Mark Pay the invoice not completed' }).click();
    await expect.poll(() => page.getByText('No completed tasks yet').isVisible()).toBe(true);

    // Star one: it is the important list's.
    await mine.getByRole('link', { name: 'All tasks' }).click();
    await page.waitForURL('**/apps/todo');
    await page.getByRole('button', { name: 'Mark Book the venue important' }).click();
    await page.getByRole('button', { name: 'Mark Book the venue not important' }).waitFor();
    await mine.getByRole('link', { name: 'Important' }).click();
    await page.waitForURL('**/apps/todo/important');
    await expect.poll(() => titles(page)).toEqual(['Book the venue']);

    // Sort and search live in the address.
    await mine.getByRole('link', { name: 'All tasks' }).click();
    await page.waitForURL('**/apps/todo');
    await createTask(page, { title: 'Answer the letters', dueDate: '2020-01-01' });
    await page.reload();
    await expect
      .poll(() => titles(page))
      .toEqual(['Answer the letters', 'Book the venue', 'Pay the invoice']);
    // An open task due in the past is overdue, in red.
    const letters = row(page, 'Answer the letters');
    await expect.poll(() => letters.getByTestId('task-due').getAttribute('data-overdue')).toBe('true');
    await page.getByRole('button', { name: 'Sort: Newest first' }).click();
    await page.getByRole('menuitem', { name: 'Title Z–A' }).click();
    await page.waitForURL('**/apps/todo?sortBy=title-desc');
    await expect
      .poll(() => titles(page))
      .toEqual(['Pay the invoice', 'Book the venue', 'Answer the letters']);
    await page.getByRole('searchbox', { name: 'Search tasks' }).fill('END OF THE MONTH');
    await page.waitForURL(/q=END\+OF\+THE\+MONTH/);
    await expect.poll(() => titles(page)).toEqual(['Pay the invoice']);
    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Pay the invoice']);
    expect(await page.getByRole('button', { name: 'Sort: Title Z–A' }).isVisible()).toBe(true);
    await page.goto('/apps/todo');

    // Delete to the deleted list, then restore it. The deletion is sent when its toast (with Undo,
    // D48) closes: the deleted list is read after that.
    // At once, with no confirmation: the toast's Undo is the way back.
    let sent = deleteSent(page, '/api/todos/');
    await page.getByRole('button', { name: 'Delete the task Book the venue' }).click();
    await expect.poll(() => page.getByText('Task moved to deleted', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => titles(page)).toEqual(['Answer the letters', 'Pay the invoice']);
    expect((await sent).status()).toBe(204);
    await mine.getByRole('link', { name: 'Deleted' }).click();
    await page.waitForURL('**/apps/todo/deleted');
    await expect.poll(() => titles(page)).toEqual(['Book the venue']);
    expect(await page.getByLabel('New task').count()).toBe(0);
    await page.getByRole('button', { name: 'Restore the task Book the venue' }).click();
    await expect.poll(() => page.getByText('Task restored', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No deleted tasks').isVisible()).toBe(true);

    // Delete forever: gone from every list.
    await mine.getByRole('link', { name: 'All tasks' }).click();
    await page.waitForURL('**/apps/todo');
    sent = deleteSent(page, '/api/todos/');
    await page.getByRole('button', { name: 'Delete the task Answer the letters' }).click();
    expect((await sent).status()).toBe(204);
    await mine.getByRole('link', { name: 'Deleted' }).click();
    await page.waitForURL('**/apps/todo/deleted');
    await page.getByRole('button', { name: 'Delete the task Answer the letters forever' }).click();
    await expect.poll(() => page.getByText('Task deleted forever', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No deleted tasks').isVisible()).toBe(true);
    await mine.getByRole('link', { name: 'All tasks' }).click();
    await expect.poll(() => titles(page)).toEqual(['Book the venue', 'Pay the invoice']);
  });

  it('shows a tag page at /todo/tag/:tag, and quick add there takes the tag', async () => {
    const { page } = await arrive('todos-tag-address');
    await page.goto('/todo/tag/low');
    await page.getByRole('heading', { level: 1, name: 'To-do' }).waitFor();
    await page.getByLabel('New task').fill('Water the plants');
    await page.getByLabel('New task').press('Enter');
    const plants = row(page, 'Water the plants');
    await expect.poll(() => plants.isVisible()).toBe(true);
    expect(await plants.getByText('low', { exact: true }).isVisible()).toBe(true);
    await page.goto('/apps/todo/tag/medium');
    await expect.poll(() => page.getByText('Nothing to do').isVisible()).toBe(true);
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation in the %s skin',
    async (skin) => {
      const a = await arrive(`todos-axe-${skin}`);
      const b = await arrive(`todos-axe-${skin}-friend`);
      await makeFriends(a, b);
      const { page } = a;
      await page.evaluate(
        (value) => localStorage.setItem('layoutSettings', JSON.stringify({ skin: value })),
        skin,
      );
      const friendId = (await sessionOf(b.page)).id;
      const meId = (await sessionOf(page)).id;
      await createTask(page, {
        title: 'Answer the letters',
        description: 'All of them.',
        dueDate: '2020-01-01',
        tags: ['high', 'team'],
        assignee: [meId, friendId],
        isImportant: true,
        repeat: { every: 2, unit: 'week' },
      });
      const done = await createTask(page, { title: 'Water the plants' });
      const { token } = await sessionOf(page);
      const headers = { authorization: `Bearer ${token}` };
      const completed = await page.request.put(`/api/todos/${done._id}`, {
        headers,
        data: { isCompleted: true },
      });
      expect(completed.status()).toBe(200);
      await createTask(b.page, { title: 'Review the draft', assignee: [meId] });

      await page.goto('/apps/todo');
      await row(page, 'Review the draft').waitFor();
      await row(page, 'Water the plants').waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);

      // The drawer with a field message.
      await page.getByRole('button', { name: 'Add task', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Add task' });
      await drawer.getByRole('button', { name: 'Add task' }).click();
      await drawer.getByText('Please enter a title.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // A deleted task's row.
      const deleted = await page.request.delete(`/api/todos/${done._id}`, { headers });
      expect(deleted.status()).toBe(204);
      await page.goto('/apps/todo/deleted');
      await page.getByRole('button', { name: 'Restore the task Water the plants' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it.each(['/apps/todo/bogus', '/apps/todo/tag/bogus', '/todo/tag/bogus', '/apps/todo/tag'])(
    '%s shows the 404 page',
    async (url) => {
      const { page } = await arrive(`todos-404-${url}`);
      await page.goto(url);
      await page.waitForURL('**/error-404');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    },
  );
});
