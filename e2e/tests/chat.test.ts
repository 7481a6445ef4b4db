/**
 * Chat (D37) in Chromium, two people each in a browser of their own: A starts a chat with B from
 * the contacts and writes; B's unread counts (the list's and the menu's) show it without a reload
 * and clear once B reads it; B's reply reaches A live under "Today", its web address a link and
 * nothing else; older messages page back; /chat shows the same page in the full layout; a former
 * friend's chat is closed; no serious accessibility violation in either skin.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { type Arrived, arrive as arriveAt, callAs, makeFriends, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);

/** Marks the page, so that a reload (which would lose the mark) is seen. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

/** A's chat with B, opened through the API; its id. */
async function chatBetween(a: Arrived, b: Arrived): Promise<string> {
  const friend = await sessionOf(b.page);
  return String((await callAs(a.page, 'post', '/api/chats', { friend: friend.id }))._id);
}

const log = (page: Page) => page.getByRole('log');
const messageTexts = (page: Page) => log(page).getByTestId('message-text').allInnerTexts();
const chatItem = (page: Page, name: string) => page.getByTestId('chat-item').filter({ hasText: name });
const unseenIn = (page: Page, name: string) => chatItem(page, name).getByTestId('chat-unseen');
const menuBadge = (page: Page) => page.getByRole('navigation').getByTestId('chat-badge');

/** How far the message list is from its bottom, in pixels. */
const distanceFromBottom = (page: Page) =>
  log(page).evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);

describe('chat', () => {
  it('counts A’s message on B’s screen as it arrives, clears it when read, and brings B’s reply to A', async () => {
    const a = await arrive('chat-a');
    const b = await arrive('chat-b');
    await makeFriends(a, b);
    // B reads a chat of a group of theirs while A writes: A's message stays unread.
    await callAs(b.page, 'post', '/api/groups', { name: 'Book club' });
    await b.page.goto('/apps/chat');
    await b.page.getByTestId('group-item').filter({ hasText: 'Book club' }).click();
    await expect.poll(() => b.page.getByTestId('conversation-name').textContent()).toBe('Book club');
    await expect.poll(() => b.page.getByText('No messages yet. Say hello!').isVisible()).toBe(true);
    expect(await b.page.getByTestId('contact-item').filter({ hasText: a.person.fullName }).count()).toBe(1);
    await mark(b.page);

    // A finds B among the contacts, online, and writes two lines: Shift+Enter, then Enter sends.
    await a.page.goto('/apps/chat');
    const contact = a.page.getByTestId('contact-item').filter({ hasText: b.person.fullName });
    await expect.poll(() => contact.getByText('Online').isVisible(), { timeout: 5000 }).toBe(true);
    await contact.click();
    await a.page.waitForURL(/\/apps\/chat\?id=\d+$/);
    await expect.poll(() => a.page.getByTestId('conversation-name').textContent()).toBe(b.person.fullName);
    const box = a.page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('Hello B');
    await box.press('Shift+Enter');
    await box.pressSequentially('How are you?');
    await box.press('Enter');
    await expect.poll(() => messageTexts(a.page)).toEqual(['Hello B\nHow are you?']);
    await expect.poll(() => box.inputValue()).toBe('');
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    // B, reading another chat, sees it counted in the list and the menu, without a reload.
    await expect.poll(() => unseenIn(b.page, a.person.fullName).textContent(), { timeout: 5000 }).toBe('1');
    expect(await unseenIn(b.page, a.person.fullName).getAttribute('aria-label')).toBe('Unread messages: 1');
    await expect.poll(() => menuBadge(b.page).textContent()).toBe('1');
    expect(await menuBadge(b.page).getAttribute('aria-label')).toBe('Unread messages: 1');
    await expect
      .poll(() => chatItem(b.page, a.person.fullName).getByTestId('chat-preview').textContent())
      .toBe('Hello B How are you?');
    expect(await b.page.getByTestId('conversation-name').textContent()).toBe('Book club');
    expect(await marked(b.page)).toBe(true);

    // B opens it: the message is there, and both counts clear.
    await chatItem(b.page, a.person.fullName).click();
    await expect.poll(() => messageTexts(b.page)).toEqual(['Hello B\nHow are you?']);
    await expect.poll(() => unseenIn(b.page, a.person.fullName).count()).toBe(0);
    await expect.poll(() => menuBadge(b.page).count()).toBe(0);

    // B replies with a web address and a script address; A sees it arrive, under "Today".
    await mark(a.page);
    const reply = b.page.getByRole('textbox', { name: 'Message' });
    await reply.fill('Hi A! See https://example.com, not javascript:alert(1)');
    await b.page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => messageTexts(a.page), { timeout: 5000 })
      .toEqual(['Hello B\nHow are you?', 'Hi A! See https://example.com, not javascript:alert(1)']);
    expect(await marked(a.page)).toBe(true);
    expect(await log(a.page).getByTestId('day').allTextContents()).toEqual(['Today']);
    const link = log(a.page).getByRole('link');
    expect(await link.count()).toBe(1);
    expect(await link.textContent()).toBe('https://example.com');
    expect(await link.getAttribute('href')).toBe('https://example.com');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await a.page.locator('a[href^="javascript:"]').count()).toBe(0);
    // Mine on one side, B's on the other.
    const sides = await log(a.page)
      .getByTestId('message')
      .evaluateAll((rows) => rows.map((row) => row.hasAttribute('data-mine')));
    expect(sides).toEqual([true, false]);

    // A read the reply as it arrived: the list shows it, unread by nobody.
    await expect
      .poll(() => chatItem(a.page, b.person.fullName).getByTestId('chat-preview').textContent())
      .toBe('Hi A! See https://example.com, not javascript:alert(1)');
    await a.page.waitForTimeout(500);
    expect(await unseenIn(a.page, b.person.fullName).count()).toBe(0);
    expect(await menuBadge(a.page).count()).toBe(0);
  });

  it('pages back to older messages, keeps the chat in the address, and shows it in the full layout', async () => {
    const a = await arrive('chat-history-a');
    const b = await arrive('chat-history-b');
    await makeFriends(a, b);
    const chatId = await chatBetween(a, b);
    for (let n = 1; n <= 60; n++) {
      await callAs(a.page, 'post', `/api/chats/${chatId}/messages`, { message: `Message ${n}` });
    }

    await b.page.goto(`/apps/chat?id=${chatId}`);
    await expect.poll(async () => (await messageTexts(b.page)).length).toBe(50);
    expect((await messageTexts(b.page))[0]).toBe('Message 11');
    expect((await messageTexts(b.page)).at(-1)).toBe('Message 60');
    await expect.poll(() => distanceFromBottom(b.page)).toBeLessThan(2);
    await expect.poll(() => menuBadge(b.page).count()).toBe(0);

    const older = b.page.getByRole('button', { name: 'Load older messages' });
    await older.click();
    await expect.poll(async () => (await messageTexts(b.page)).length).toBe(60);
    expect((await messageTexts(b.page))[0]).toBe('Message 1');
    expect(await older.count()).toBe(0);
    // The messages read before stay in view rather than jumping to the top or the bottom.
    expect(await log(b.page).evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
    expect(await distanceFromBottom(b.page)).toBeGreaterThan(100);

    // A reload keeps the chat open.
    await b.page.reload();
    await expect.poll(() => b.page.getByTestId('conversation-name').textContent()).toBe(a.person.fullName);

    // On a narrow screen one pane shows at a time, with a way back to the list.
    await b.page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => b.page.getByTestId('chat-list').isVisible()).toBe(false);
    await b.page.getByRole('button', { name: 'Back to the chats' }).click();
    await b.page.waitForURL(/\/apps\/chat$/);
    await expect.poll(() => b.page.getByTestId('chat-list').isVisible()).toBe(true);
    await b.page.setViewportSize({ width: 1280, height: 800 });

    // /chat is the same page in the full layout, and hears new messages too.
    await b.page.goto(`/chat?id=${chatId}`);
    await b.page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    await expect.poll(() => b.page.getByTestId('conversation-name').textContent()).toBe(a.person.fullName);
    expect(await b.page.getByTestId('app-shell').count()).toBe(0);
    await expect.poll(async () => (await messageTexts(b.page)).at(-1)).toBe('Message 60');
    await mark(b.page);
    await callAs(a.page, 'post', `/api/chats/${chatId}/messages`, { message: 'Still there?' });
    await expect
      .poll(async () => (await messageTexts(b.page)).at(-1), { timeout: 5000 })
      .toBe('Still there?');
    await expect.poll(() => distanceFromBottom(b.page)).toBeLessThan(2);
    expect(await marked(b.page)).toBe(true);
  });

  it('keeps a former friend’s chat readable and closed to new messages', async () => {
    const a = await arrive('chat-closed-a');
    const b = await arrive('chat-closed-b');
    await makeFriends(a, b);
    const chatId = await chatBetween(a, b);
    await callAs(a.page, 'post', `/api/chats/${chatId}/messages`, { message: 'Goodbye' });
    const [me, former] = [await sessionOf(a.page), await sessionOf(b.page)];
    const ended = await a.page.request.delete(`/api/friends/${former.id}`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(ended.ok()).toBe(true);

    await b.page.goto(`/apps/chat?id=${chatId}`);
    await expect.poll(() => messageTexts(b.page)).toEqual(['Goodbye']);
    expect(await chatItem(b.page, a.person.fullName).getByTestId('chat-closed').textContent()).toBe('Closed');
    expect(await b.page.getByTestId('chat-closed-notice').textContent()).toBe(
      'You are no longer friends: this chat stays readable but takes no new messages.',
    );
    expect(await b.page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);
    expect(await b.page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation in the %s skin',
    async (skin) => {
      const a = await arrive(`chat-axe-${skin}`);
      const b = await arrive(`chat-axe-${skin}-friend`);
      await makeFriends(a, b);
      await callAs(a.page, 'post', '/api/groups', { name: 'Reading group' });
      const chatId = await chatBetween(a, b);
      await callAs(a.page, 'post', `/api/chats/${chatId}/messages`, { message: 'Hi! https://example.com' });
      await callAs(b.page, 'post', `/api/chats/${chatId}/messages`, { message: 'Hello\nthere' });
      await a.page.evaluate(
        (value) => localStorage.setItem('layoutSettings', JSON.stringify({ skin: value })),
        skin,
      );
      await a.page.goto(`/apps/chat?id=${chatId}`);
      await expect.poll(() => messageTexts(a.page)).toEqual(['Hi! https://example.com', 'Hello\nthere']);
      await a.page.getByTestId('group-item').waitFor();
      expect(
        await a.page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe(skin);
      expect(await seriousViolations(a.page)).toEqual([]);
    },
  );
});
