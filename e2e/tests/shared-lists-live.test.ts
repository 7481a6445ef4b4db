/**
 * D45 in Chromium: a friend's open to-do page and calendar follow what is shared with them without
 * a reload — a to-do assigned to them appears, and so does an event they are made a guest of.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { arrive, callAs, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

/** Marks the page, so that a reload (which would lose the mark) is seen. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

const streamOpened = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
  );

describe('shared lists, live (D45)', () => {
  it('shows a to-do assigned by a friend on the open to-do page, without a reload', async () => {
    const owner = await arrive(server.url, 'assigner');
    const friend = await arrive(server.url, 'assignee');
    await makeFriends(owner, friend);
    const streaming = streamOpened(friend.page);
    await friend.page.goto('/apps/todo');
    await streaming;
    await mark(friend.page);
    const { id } = await sessionOf(friend.page);

    await callAs(owner.page, 'post', '/api/todos', { title: 'Book the meeting room', assignee: [id] });
    await expect
      .poll(
        () =>
          friend.page
            .getByTestId('task')
            .and(friend.page.locator('[data-title="Book the meeting room"]'))
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    expect(await marked(friend.page)).toBe(true);
  });
});
