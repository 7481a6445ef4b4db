/** Tags (D14): a new user sees the built-ins, then adds, renames and deletes a tag of their own. */
import { describe, expect, it } from 'vitest';
import { newPerson, register, toastShown } from '../support/app';
import { openPage } from '../support/browser';
import { useAppServer } from '../support/server';

const server = useAppServer();

const builtIns = ['team', 'low', 'medium', 'high', 'update'];

describe('the tags page', () => {
  it('shows the built-ins and lets a new user add, rename and delete a tag', async () => {
    const { page, errors, allowConsole } = await openPage(server.url, 'tags');
    allowConsole(/status of 409/);
    await register(page, newPerson());
    await page.waitForURL('**/dashboard/analytics');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Tags' }).click();
    await page.waitForURL('**/apps/tags');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();

    const rows = page.getByTestId('tag-row');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(5);
    for (const [index, name] of builtIns.entries()) {
      const row = rows.nth(index);
      expect(await row.getByTestId('tag-swatch').textContent()).toBe(name);
      expect(await row.getByText('Built-in').isVisible()).toBe(true);
      expect(await row.getByRole('button').count()).toBe(0);
    }
    expect(await page.getByText('No tags of your own yet').isVisible()).toBe(true);

    // Add a tag with a colour typed in.
    const addForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add tag' }) });
    await addForm.getByLabel('Name').fill('Deep work');
    await addForm.getByLabel('Colour').fill('#e64980');
    await page.keyboard.press('Escape');
    await addForm.getByRole('button', { name: 'Add tag' }).click();
    await toastShown(page, 'Tag added', false);

    const mine = rows.filter({ hasText: 'Deep work' });
    await expect.poll(() => mine.count()).toBe(1);
    const swatch = mine.getByTestId('tag-swatch');
    expect(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(230, 73, 128)',
    );
    expect(await mine.getByText('#e64980').isVisible()).toBe(true);
    expect(await page.getByText('No tags of your own yet').isVisible()).toBe(false);
    // The form is empty again for the next tag.
    expect(await addForm.getByLabel('Name').inputValue()).toBe('');

    // A built-in name is taken, whatever its case.
    await addForm.getByLabel('Name').fill('TEAM');
    await addForm.getByRole('button', { name: 'Add tag' }).click();
    await expect
      .poll(() => addForm.getByText('You already have a tag with this name.').isVisible())
      .toBe(true);
    await addForm.getByLabel('Name').fill('');

    // Rename it.
    await mine.getByRole('button', { name: 'Edit the tag Deep work' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit tag' });
    await editDialog.waitFor();
    expect(await editDialog.getByLabel('Name').inputValue()).toBe('Deep work');
    await editDialog.getByLabel('Name').fill('Focus');
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Tag updated').isVisible()).toBe(true);
    await editDialog.waitFor({ state: 'hidden' });
    const renamed = rows.filter({ hasText: 'Focus' });
    await expect.poll(() => renamed.count()).toBe(1);
    expect(await rows.filter({ hasText: 'Deep work' }).count()).toBe(0);
    expect(
      await renamed
        .getByTestId('tag-swatch')
        .evaluate((element) => getComputedStyle(element).backgroundColor),
    ).toBe('rgb(230, 73, 128)');

    // Delete it, after confirming.
    await renamed.getByRole('button', { name: 'Delete the tag Focus' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete tag' });
    await deleteDialog.getByText('Delete the tag “Focus”? This cannot be undone.').waitFor();
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Tag deleted').isVisible()).toBe(true);
    await deleteDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(5);
    await expect.poll(() => page.getByText('No tags of your own yet').isVisible()).toBe(true);

    // It is gone on the server too.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(5);
    expect(await rows.filter({ hasText: 'Focus' }).count()).toBe(0);
    // The browser logs the refused add (409) as a failed load; nothing else may go wrong.
    expect(errors.filter((error) => !error.includes('status of 409'))).toEqual([]);
  });
});
