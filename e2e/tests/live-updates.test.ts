/**
 * Live updates (D38) in Chromium: B watches a board while A moves a card, and the card moves on
 * B's screen without a reload; a change made elsewhere while B drags waits for B's drop instead
 * of losing it; B's own move is not read twice; a friend request lights B's menu badge at once,
 * and a meeting invitation rings B's bell.
 */
import { describe, expect, it } from 'vitest';
import { cardsOf, column, drag, dropOn, lift, texts } from '../support/board';
import { type Arrived, arrive as arriveAt, callAs, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

/** A board of A's shared with B, with lists and cards made through the API. */
async function sharedBoard(a: Arrived, b: Arrived, layout: Record<string, string[]>) {
  const member = await sessionOf(b.page);
  const board = (await callAs(a.page, 'post', '/api/projects', { name: 'Live board' })) as { _id: string };
  await callAs(a.page, 'put', `/api/projects/${board._id}`, { memberIds: [member.id] });
  const ids: Record<string, string> = {};
  for (const [list, items] of Object.entries(layout)) {
    const created = (await callAs(a.page, 'post', `/api/projects/${board._id}/lists`, { name: list })) as {
      _id: string;
    };
    ids[list] = created._id;
    for (const item of items) {
      const saved = (await callAs(a.page, 'post', `/api/projects/${board._id}/lists/${created._id}/items`, {
        name: item,
      })) as { _id: string };
      ids[item] = saved._id;
    }
  }
  return { boardId: board._id, ids };
}

/** Marks the page, so that a reload (which would lose the mark) is seen. */
const mark = (page: Arrived['page']) =>
  page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Arrived['page']) =>
  page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

describe('live updates', () => {
  it('moves a card on B’s screen when A moves it, keeps B’s drag, and reads B’s own move once', async () => {
    const a = await arrive('live-a');
    const b = await arrive('live-b');
    await makeFriends(a, b);
    const { boardId, ids } = await sharedBoard(a, b, { 'To do': ['Write', 'Review', 'Ship'], Done: [] });

    await b.page.goto(`/apps/project/${boardId}`);
    await expect.poll(() => texts(cardsOf(b.page, 'To do'))).toEqual(['Write', 'Review', 'Ship']);
    await mark(b.page);
    await a.page.goto(`/apps/project/${boardId}`);
    await expect.poll(() => texts(cardsOf(a.page, 'To do'))).toEqual(['Write', 'Review', 'Ship']);

    // A drags "Write" to Done; B sees it there, with no reload.
    await drag(a.page, cardsOf(a.page, 'To do').filter({ hasText: 'Write' }), column(a.page, 'Done'));
    await expect.poll(() => texts(cardsOf(a.page, 'Done'))).toEqual(['Write']);
    await expect.poll(() => texts(cardsOf(b.page, 'Done')), { timeout: 5000 }).toEqual(['Write']);
    expect(await texts(cardsOf(b.page, 'To do'))).toEqual(['Review', 'Ship']);
    expect(await marked(b.page)).toBe(true);

    // B lifts "Review"; meanwhile A renames "Ship" through the API. B's drag goes on and drops.
    await lift(b.page, cardsOf(b.page, 'To do').filter({ hasText: 'Review' }));
    await callAs(a.page, 'put', `/api/projects/${boardId}/lists/${ids['To do']}/items/${ids.Ship}`, {
      name: 'Ship it',
    });
    await b.page.waitForTimeout(500);
    await dropOn(b.page, column(b.page, 'Done'));
    // Where in Done the drop lands depends on the pointer; A sees B's order.
    const sorted = async (page: Arrived['page'], list: string) => (await texts(cardsOf(page, list))).sort();
    await expect.poll(() => sorted(b.page, 'Done')).toEqual(['Review', 'Write']);
    // The rename that waited for the drop is shown once B has dropped.
    await expect.poll(() => texts(cardsOf(b.page, 'To do'))).toEqual(['Ship it']);
    const order = await texts(cardsOf(b.page, 'Done'));
    await expect.poll(() => texts(cardsOf(a.page, 'Done'))).toEqual(order);
    expect(await marked(b.page)).toBe(true);

    // B's own move: the board is read once after it (the move's settling read), not again for
    // the live event B's own write caused.
    const reads: string[] = [];
    b.page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes(`/api/projects?id=${boardId}`)) {
        reads.push(request.url());
      }
    });
    const moved = b.page.waitForResponse(
      (response) => response.request().method() === 'PUT' && /\/lists\/items\/\d+$/.test(response.url()),
    );
    await drag(b.page, cardsOf(b.page, 'To do').filter({ hasText: 'Ship it' }), column(b.page, 'Done'));
    expect((await moved).status()).toBe(200);
    await expect.poll(() => sorted(a.page, 'Done')).toEqual(['Review', 'Ship it', 'Write']);
    await b.page.waitForTimeout(1000);
    expect(reads).toHaveLength(1);
  });

  it('counts a friend request in the menu badge as it arrives', async () => {
    const asker = await arrive('live-asker');
    const b = await arrive('live-receiver');
    await mark(b.page);
    await expect.poll(() => b.page.getByTestId('requests-badge').count()).toBe(0);
    const receiver = await sessionOf(b.page);
    expect(await b.liveOpen).toBe(true);
    await callAs(asker.page, 'post', '/api/friends/requests', { userId: receiver.id });
    await expect.poll(() => b.page.getByTestId('requests-badge').textContent(), { timeout: 5000 }).toBe('1');
    expect(await marked(b.page)).toBe(true);
  });

  it('rings the bell and counts the invitation as a meeting invitation arrives', async () => {
    const organiser = await arrive('live-organiser');
    const b = await arrive('live-invitee');
    await makeFriends(organiser, b);
    const streaming = b.page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/live' && response.status() === 200,
    );
    await b.page.goto('/dashboard/analytics');
    // The reloaded page's stream is open: the invitation is told live.
    await streaming;
    const bell = b.page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');
    await mark(b.page);
    const invitee = await sessionOf(b.page);
    await callAs(organiser.page, 'post', '/api/meetings', {
      name: 'Live planning',
      duration: 30,
      startDate: '2031-03-03',
      endDate: '2031-03-07',
      invitees: [invitee.id],
    });
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 5000 })
      .toBe('Notifications, unread: 1');
    await expect.poll(() => b.page.getByTestId('requests-badge').textContent()).toBe('1');
    expect(await marked(b.page)).toBe(true);
  });
});
