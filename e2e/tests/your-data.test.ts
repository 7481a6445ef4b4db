/**
 * "Your data" in Chromium: a person downloads their data as a file named from the
 * server's answer, then deletes their account — a wrong password shows on its field, the right one
 * signs them out to /login — and the friend they shared a board with is told on the bell.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, callAs, makeFriends, sessionOf } from '../support/people';
import { logIn } from '../support/app';
import { useAppServer } from '../support/server';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

describe('account settings → your data', () => {
  it('downloads the data, then deletes the account; the board’s member is told', async () => {
    // Whoever comes first operates the instance and may not leave: not the person below.
    await arrive('your-data-first');
    const owner = await arrive('your-data-owner');
    const friend = await arrive('your-data-friend');
    await makeFriends(owner, friend);
    const { id: friendId } = await sessionOf(friend.page);
    const board = await callAs(owner.page, 'post', '/api/projects', { name: 'Garden plans' });
    await callAs(owner.page, 'put', `/api/projects/${String(board._id)}`, { memberIds: [friendId] });

    const { page } = owner;
    // Refused on purpose below: a wrong password (400), the old session after the deletion (401),
    // signing in again (400).
    owner.allowConsole(/status of 400/, /status of 401/);
    await page.goto('/pages/account-setting?tab=data');
    await page.getByRole('tab', { name: 'Your data', selected: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^cadence-${owner.person.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
      format: string;
      boards: { owned: { name: string }[] };
    };
    expect(data.format).toBe('cadence-export/1');
    expect(data.boards.owned.map((b) => b.name)).toEqual(['Garden plans']);
    await expect.poll(() => page.getByText('Your data has been downloaded.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Your password/).fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect.poll(() => dialog.getByText('The password is wrong.').isVisible()).toBe(true);

    await dialog.getByLabel(/^Your password/).fill(owner.person.password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByText('Your account has been deleted.').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await logIn(page, owner.person.email, owner.person.password);
    await expect.poll(() => page.getByText('Email or Password is Invalid').isVisible()).toBe(true);

    // The friend is told on the bell, by the board's name.
    await friend.page.reload();
    const bell = friend.page.getByRole('button', { name: 'Notifications, unread: 1' });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    const line = friend.page.getByTestId('notification');
    await expect.poll(() => line.textContent()).toContain('Garden plans');
    expect(await line.textContent()).toContain('Deleted with its owner’s account');
  });
});
