/**
 * The help centre (D26, D35) as people use it, in Chromium: a French-speaking user searches the FAQ
 * without accents and finds "réunion" marked, opens the question and reads the answer; the
 * knowledge base leads from a category to an article and on to the next one; an unknown category
 * or article is the 404 page. No serious accessibility violation on the FAQ, in either skin.
 */
import type { FaqAnswer, KbAnswer } from '@cadence/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

const arrive = (name: string) => arriveAt(server.url, name);

/** Lower case without accents, as the search compares words. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The help API's answer (these calls need no sign-in). */
async function helpApi<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** Switches the interface (and so the account) to French through the navbar. */
async function speakFrench(page: Page) {
  await page.getByTestId('language-menu').selectOption('fr');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
  // Saved to the account, so that reloading keeps it.
  await expect.poll(async () => (await callAs(page, 'get', '/api/account')).language).toBe('fr');
}

describe('the help centre', () => {
  it('finds "réunion" in the French FAQ from a search without accents, marked, and opens its answer', async () => {
    const { page } = await arrive('help-faq-fr');
    await speakFrench(page);
    // A question about meetings, as the French content words it.
    const answer = await helpApi<FaqAnswer>(page, '/api/faq?lang=fr&q=reunion');
    expect(answer.lang).toBe('fr');
    const asked = (question: { question: string }) => folded(question.question).includes('reunion');
    const category = answer.data.find((entry) => entry.questions.some(asked))!;
    const wanted = category.questions.find(asked)!;
    expect(wanted.question.toLowerCase()).toContain('réunion');

    await page.goto('/pages/faq');
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Rechercher dans les questions' });
    await search.fill('reunion');
    await page.waitForURL(/[?&]q=reunion/);
    await expect
      .poll(() => page.getByTestId('faq-found').textContent())
      .toMatch(/^Questions trouvées : \d+$/);
    // Only the categories with a match are offered, each with its count of matches.
    await expect.poll(() => page.getByRole('tab').count()).toBe(answer.data.length);
    await page.getByRole('tab', { name: category.title }).click();

    // The question is shown with the word marked whole, accent included; only matches are listed.
    const question = page.getByTestId('faq-question').filter({ hasText: wanted.question });
    await question.waitFor();
    const marks = await question.getByRole('button').getByTestId('highlight').allTextContents();
    expect(marks.map((mark) => mark.toLowerCase())).toContain('réunion');
    await expect.poll(() => page.getByTestId('faq-question').count()).toBe(category.questions.length);

    // Opening it shows its answer.
    await question.getByRole('button', { name: wanted.question }).click();
    const panel = question.getByRole('region');
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect((await panel.textContent())?.trim()).toBe(wanted.answer);

    // Words that match nothing: the empty state.
    await search.fill('zzzzqqqq');
    await page.getByText('Aucune question ne correspond à votre recherche').waitFor();
    await expect.poll(() => page.getByTestId('faq-question').count()).toBe(0);
  });

  it('goes from the knowledge base to a category, an article, and the next article', async () => {
    const { page } = await arrive('help-kb');
    const kb = await helpApi<KbAnswer>(page, '/api/kb?lang=en');
    const category = kb.data.find((entry) => entry.articles.length >= 2)!;
    const [article, next] = category.articles as [
      KbAnswer['data'][0]['articles'][0],
      KbAnswer['data'][0]['articles'][0],
    ];

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Knowledge base' })
      .click();
    await page.waitForURL('**/pages/knowledge-base');
    await page.getByRole('heading', { level: 1, name: 'Knowledge base' }).waitFor();
    await expect.poll(() => page.getByTestId('kb-category').count()).toBe(kb.data.length);

    // A category: its articles.
    await page.getByRole('heading', { level: 2, name: category.title }).getByRole('link').click();
    await page.waitForURL(`**/pages/knowledge-base/${category.category}`);
    await page.getByRole('heading', { level: 1, name: category.title }).waitFor();
    await expect.poll(() => page.getByTestId('kb-article-link').count()).toBe(category.articles.length);

    // An article: title, summary, paragraphs and lists; where it sits.
    await page.getByRole('link', { name: article.title, exact: true }).click();
    await page.waitForURL(`**/pages/knowledge-base/${category.category}/${article.slug}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    expect(await page.getByText(article.summary, { exact: true }).isVisible()).toBe(true);
    const full = await helpApi<{ body: string[] }>(
      page,
      `/api/kb/${category.category}/${article.slug}?lang=en`,
    );
    const body = page.getByTestId('kb-article-body');
    const paragraphs = full.body.filter((paragraph) => !paragraph.startsWith('- '));
    await expect.poll(() => body.locator('p').count()).toBe(paragraphs.length);
    expect(await body.locator('p').first().textContent()).toBe(paragraphs[0]);
    const breadcrumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await breadcrumbs.getByRole('link', { name: category.title }).isVisible()).toBe(true);
    const others = page.getByRole('region', { name: 'More in this category' });
    expect(await others.getByRole('link', { name: next.title }).isVisible()).toBe(true);

    // Next: the following article of the category.
    await page
      .getByRole('navigation', { name: 'Previous and next articles' })
      .getByRole('link', { name: new RegExp(`^Next`) })
      .click();
    await page.waitForURL(`**/pages/knowledge-base/${category.category}/${next.slug}`);
    await page.getByRole('heading', { level: 1, name: next.title }).waitFor();

    // Searching: the matching articles, their words marked.
    await page.goto('/pages/knowledge-base');
    await page.getByRole('searchbox', { name: 'Search the articles' }).fill(next.title.split(' ').at(-1)!);
    await page.getByTestId('kb-result').first().waitFor();
    expect(await page.getByTestId('kb-result').getByTestId('highlight').count()).toBeGreaterThan(0);
  });

  it.each([
    '/pages/knowledge-base/getting-started/no-such-article',
    '/pages/knowledge-base/no-such-category',
    '/pages/knowledge-base/Not_A_Slug',
  ])('%s shows the 404 page', async (url) => {
    const { page, allowConsole } = await arrive(`help-404-${url}`);
    // The browser reports the API's refusal of the address.
    allowConsole(/status of 404/, /status of 400/);
    await page.goto(url);
    await page.waitForURL('**/error-404');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation on the FAQ in the %s skin',
    async (skin) => {
      const { page } = await arrive(`help-axe-${skin}`);
      await page.evaluate(
        (value) => localStorage.setItem('layoutSettings', JSON.stringify({ skin: value })),
        skin,
      );
      await page.goto('/pages/faq');
      await page.getByTestId('faq-question').first().waitFor();
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);

      // A search with its marks, and an open answer.
      await page.goto('/pages/faq?q=trial');
      const question = page.getByTestId('faq-question').first();
      await question.getByRole('button').click();
      await expect.poll(() => question.getByRole('region').isVisible()).toBe(true);
      await question.getByTestId('highlight').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The knowledge base's cards.
      await page.goto('/pages/knowledge-base');
      await page.getByTestId('kb-category').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // An article.
      await page.goto('/pages/knowledge-base/getting-started/find-your-way');
      await page.getByTestId('kb-article-body').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
