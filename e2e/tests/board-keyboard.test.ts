/**
 * A card moved by keyboard alone: space lifts it, an arrow carries it into the next
 * list — an empty one too — and space drops it there; the move is saved.
 */
import { describe, expect, it } from 'vitest';
import { cardsOf, column, texts } from '../support/board';
import { arrive, callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

describe('a card moved by keyboard', () => {
  it('goes into an empty list with space, arrow right, space', async () => {
    const { page } = await arrive(server.url, 'board-keyboard');
    const board = (await callAs(page, 'post', '/api/projects', { name: 'Keys only' })) as { _id: string };
    const todo = (await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'To do' })) as {
      _id: string;
    };
    await callAs(page, 'post', `/api/projects/${board._id}/lists`, { name: 'Empty' });
    await callAs(page, 'post', `/api/projects/${board._id}/lists/${todo._id}/items`, { name: 'Carry me' });
    await page.goto(`/apps/project/${board._id}`);
    await expect.poll(() => texts(cardsOf(page, 'To do'))).toEqual(['Carry me']);
    expect(await cardsOf(page, 'Empty').count()).toBe(0);

    const moved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/items\/\d+$/.test(response.url()),
    );
    await cardsOf(page, 'To do').filter({ hasText: 'Carry me' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => texts(cardsOf(page, 'Empty'))).toEqual(['Carry me']);
    expect(await cardsOf(page, 'To do').count()).toBe(0);
    expect((await moved).status()).toBe(200);

    await page.reload();
    await expect.poll(() => texts(cardsOf(page, 'Empty'))).toEqual(['Carry me']);
    expect(await column(page, 'To do').getByTestId('board-item').count()).toBe(0);
  });
});
