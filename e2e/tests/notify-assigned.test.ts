/**
 * D45 in Chromium: a to-do assigned by a friend appears on the open to-do page and in the bell —
 * its count and its list — without a reload, and the bell's entry opens the to-do page (a board's
 * entry, the board; a card's, the card open on its board; an event's, the calendar at its day); the bell
 * open with the kinds of shared work, and the Notifications settings with their e-mail switches,
 * have no serious or critical accessibility violation, light and dark.
 */
import { sharedWorkFlags } from '@cadence/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { shown } from '../support/calendar';
import { arrive, type Arrived, callAs, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

/** Marks the page, so that a reload (which would lose the mark) is seen. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
  );

async function setSkin(page: Page, skin: 'light' | 'dark') {
  await page.evaluate((value) => {
    const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin: value }));
  }, skin);
}

/** Two friends: `owner` shares work with `friend`. */
async function friends(name: string): Promise<{ owner: Arrived; friend: Arrived; friendId: string }> {
  const owner = await arrive(server.url, `${name}-owner`);
  const friend = await arrive(server.url, `${name}-friend`);
  await makeFriends(owner, friend);
  return { owner, friend, friendId: (await sessionOf(friend.page)).id };
}

describe('told of shared work (D45)', () => {
  it('shows an assigned to-do on the open to-do page and in the bell, live; the bell opens the to-dos', async () => {
    const { owner, friend, friendId } = await friends('assign');
    const streaming = streamOpened(friend.page);
    await friend.page.goto('/apps/todo');
    await streaming;
    await mark(friend.page);

    await callAs(owner.page, 'post', '/api/todos', { title: 'Order the banners', assignee: [friendId] });
    const task = friend.page.getByTestId('task').and(friend.page.locator('[data-title="Order the banners"]'));
    await expect.poll(() => task.count(), { timeout: 10_000 }).toBe(1);
    const bell = friend.page.getByRole('button', { name: 'Notifications, unread: 1' });
    await expect.poll(() => bell.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await friend.page.getByTestId('notifications-count').textContent()).toContain('1');
    await bell.click();
    const dropdown = friend.page.getByRole('dialog', { name: 'Notifications' });
    const entry = dropdown.getByTestId('notification').filter({ hasText: 'Order the banners' });
    await expect.poll(() => entry.count()).toBe(1);
    expect(await entry.textContent()).toContain('assigned it to you');
    expect(await marked(friend.page)).toBe(true);

    // From another page, the entry leads to the to-dos and is read.
    await friend.page.keyboard.press('Escape');
    await friend.page.goto('/dashboard/analytics');
    await friend.page.getByRole('button', { name: 'Notifications, unread: 1' }).click();
    await friend.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification')
      .filter({ hasText: 'Order the banners' })
      .click();
    await friend.page.waitForURL('**/apps/todo?task=*');
    await expect
      .poll(() => friend.page.getByRole('button', { name: 'Notifications', exact: true }).isVisible())
      .toBe(true);
  });

  it.each(['light', 'dark'] as const)(
    'the bell with shared work, and the Notifications settings, have no serious violation (%s)',
    async (skin) => {
      const { owner, friend, friendId } = await friends(`axe-${skin}`);
      await setSkin(friend.page, skin);
      await callAs(owner.page, 'post', '/api/todos', { title: 'Print the posters', assignee: [friendId] });
      await callAs(owner.page, 'post', '/api/calender/add-event', {
        title: 'Press day',
        start: '2027-02-01T09:00:00.000Z',
        end: '2027-02-01T10:00:00.000Z',
        guests: [friendId],
      });
      const board = await callAs(owner.page, 'post', '/api/projects', { name: 'Festival' });
      const boardId = String(board._id);
      await callAs(owner.page, 'put', `/api/projects/${boardId}`, { memberIds: [friendId] });
      const list = await callAs(owner.page, 'post', `/api/projects/${boardId}/lists`, { name: 'Doing' });
      const cardsUrl = `/api/projects/${boardId}/lists/${String(list._id)}/items`;
      const card = await callAs(owner.page, 'post', cardsUrl, { name: 'Flyer' });
      await callAs(owner.page, 'put', `${cardsUrl}/${String(card._id)}`, { members: [friendId] });
      await callAs(owner.page, 'post', `/api/projects/${boardId}/items/${String(card._id)}/comments`, {
        text: 'Bigger letters',
      });

      await friend.page.goto('/dashboard/analytics');
      await friend.page.getByRole('button', { name: 'Notifications, unread: 5' }).click();
      const dropdown = friend.page.getByRole('dialog', { name: 'Notifications' });
      // The to-do, the event, the board, being added to the card, and the comment on it.
      await expect.poll(() => dropdown.getByTestId('notification').count()).toBe(5);
      expect(await friend.page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(skin);
      expect(await seriousViolations(friend.page)).toEqual([]);

      // The board's entry opens the board; the card's, the card on it; the event's, the calendar
      // at the event's day.
      await dropdown.getByTestId('notification').filter({ hasText: 'Festival' }).click();
      await friend.page.waitForURL(`**/apps/project/${boardId}`);
      const entry = (title: string) =>
        friend.page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification').filter({
          hasText: title,
        });
      await friend.page.getByRole('button', { name: /^Notifications/ }).click();
      await entry('Flyer').filter({ hasText: 'commented' }).click();
      await friend.page.waitForURL(`**/apps/project/${boardId}?card=${String(card._id)}`);
      const cardDialog = friend.page.getByRole('dialog', { name: 'Flyer' });
      await expect.poll(() => cardDialog.isVisible()).toBe(true);
      await friend.page.keyboard.press('Escape');
      await expect.poll(() => cardDialog.isVisible()).toBe(false);
      expect(new URL(friend.page.url()).search).toBe('');
      await friend.page.getByRole('button', { name: /^Notifications/ }).click();
      await entry('Press day').click();
      await friend.page.waitForURL('**/apps/calendar?date=2027-02-01&event=*');
      await expect.poll(() => shown(friend.page, 'Press day').count(), { timeout: 10_000 }).toBe(1);

      await friend.page.goto('/pages/account-setting?tab=notifications');
      const group = friend.page.getByRole('group', { name: 'Shared work' });
      await group.waitFor();
      // One switch per kind of shared work (D45), bookings (D44) included.
      expect(await group.getByRole('switch').count()).toBe(sharedWorkFlags.length);
      expect(await group.getByRole('switch', { name: 'A task is assigned to me' }).isChecked()).toBe(true);
      expect(await seriousViolations(friend.page)).toEqual([]);
    },
  );

  it('opens the event itself from the bell’s invitation, and the to-do itself from its assignment', async () => {
    const { owner, friend, friendId } = await friends('links');
    const event = await callAs(owner.page, 'post', '/api/calender/add-event', {
      title: 'Launch review',
      start: '2027-03-10T12:00:00.000Z',
      end: '2027-03-10T13:00:00.000Z',
      guests: [friendId],
    });
    const task = await callAs(owner.page, 'post', '/api/todos', {
      title: 'Order the chairs',
      assignee: [friendId],
    });
    await friend.page.goto('/dashboard/analytics');
    const entry = (title: string) =>
      friend.page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification').filter({
        hasText: title,
      });

    // The invitation: the calendar on the event's day, its details open.
    await friend.page.getByRole('button', { name: 'Notifications, unread: 2' }).click();
    await entry('Launch review').click();
    await friend.page.waitForURL(`**/apps/calendar?date=2027-03-10&event=${String(event._id)}`);
    const details = friend.page.getByRole('dialog', { name: 'Event' });
    await expect.poll(() => details.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await details.getByLabel('Title').inputValue()).toBe('Launch review');
    await details.getByText(`only ${owner.person.fullName} can change it`, { exact: false }).waitFor();
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'hidden' });
    expect(new URL(friend.page.url()).searchParams.get('event')).toBeNull();

    // The assignment: the to-dos with that one marked.
    await friend.page.getByRole('button', { name: 'Notifications, unread: 1' }).click();
    await entry('Order the chairs').click();
    await friend.page.waitForURL(`**/apps/todo?task=${String(task._id)}`);
    const row = friend.page.getByTestId('task').and(friend.page.locator('[data-title="Order the chairs"]'));
    await expect.poll(() => row.getAttribute('aria-current'), { timeout: 10_000 }).toBe('true');
    expect(await friend.page.locator('[data-testid="task"][aria-current="true"]').count()).toBe(1);
    expect(await seriousViolations(friend.page)).toEqual([]);
  });
});
