/**
 * The help centre (D26, D35) through HTTP: the content in each language, searched without regard
 * to case or accents, and its pricing facts checked against the prices the app charges.
 */
import {
  type FaqAnswer,
  helpLanguages,
  type KbAnswer,
  type KbArticle,
  type KbCategoryAnswer,
  messages,
  type Pricing,
} from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { call, expectError } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { folded } from './service';

const t = useTestApp();

async function get<T>(url: string): Promise<T> {
  const response = await call(t, 'GET', url, undefined);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const faq = (query = '') => get<FaqAnswer>(`/api/faq${query}`);
const kb = (query = '') => get<KbAnswer>(`/api/kb${query}`);
const questionsOf = (answer: FaqAnswer) => answer.data.flatMap((category) => category.questions);

describe('the FAQ', () => {
  it('is written in each language, with the same categories and questions', async () => {
    const english = await faq();
    expect(english.lang).toBe('en');
    expect(english.data.length).toBeGreaterThanOrEqual(6);
    const ids = (answer: FaqAnswer) =>
      answer.data.map((category) => [category.category, category.questions.map((q) => q.id)]);
    for (const lang of helpLanguages.filter((lang) => lang !== 'en')) {
      const translated = await faq(`?lang=${lang}`);
      expect(translated.lang).toBe(lang);
      expect(ids(translated)).toEqual(ids(english));
      // Translated, not copied: no question reads as in English.
      const englishQuestions = new Set(questionsOf(english).map((q) => q.question));
      expect(questionsOf(translated).filter((q) => englishQuestions.has(q.question))).toEqual([]);
    }
  });

  it('answers in English for a language it does not have, and in French for fr-FR', async () => {
    const english = await faq();
    for (const lang of ['es', 'xx', 'EN', '']) {
      expect(await faq(`?lang=${lang}`)).toEqual(english);
    }
    expect((await faq('?lang=fr-FR')).lang).toBe('fr');
  });

  it('finds words whatever their case and accents, every word required, title matches first', async () => {
    const all = questionsOf(await faq('?lang=fr'));
    const holding = (word: string) =>
      all.filter((q) => folded(`${q.question}\n${q.answer}`).includes(word)).map((q) => q.id);
    const expected = holding('reunion');
    expect(expected.length).toBeGreaterThan(0);
    for (const q of ['reunion', 'réunion', 'RÉUNION', 'Reunion']) {
      const found = questionsOf(await faq(`?lang=fr&q=${encodeURIComponent(q)}`));
      expect(found.map((question) => question.id).sort()).toEqual([...expected].sort());
      // A question naming the word comes before one that only mentions it in its answer.
      const inTitle = found.map((question) => folded(question.question).includes('reunion'));
      expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
    }
    const both = questionsOf(await faq(`?lang=fr&q=${encodeURIComponent('réunion essai')}`)).map((q) => q.id);
    expect(both).toEqual(expected.filter((id) => holding('essai').includes(id)));
    expect((await faq('?q=zzzqqq-nothing')).data).toEqual([]);
  });

  it('refuses a search too long or an unknown parameter, as D10 says', async () => {
    const long = await call(t, 'GET', `/api/faq?q=${'a'.repeat(201)}`, undefined);
    expect(expectError(long, 400, 'VALIDATION_ERROR').fields).toEqual({ q: messages['help.queryTooLong'] });
    expectError(await call(t, 'GET', '/api/faq?page=2', undefined), 400, 'VALIDATION_ERROR');
  });
});

/** Every amount written in a text: 3.99 or 3,99. */
const amountsIn = (text: string) =>
  [...text.matchAll(/\d+[.,]\d{2}(?!\d)/g)].map((match) => Number(match[0].replace(',', '.')));

/** The trial lengths written in a text: "15 days", "15 jours", "15 Tage", "15 dias" (also "15-day"). */
const trialDaysPattern: Record<string, RegExp> = {
  en: /(\d+)[-\s]days?\b/gi,
  fr: /(\d+)\s+jours?\b/gi,
  de: /(\d+)[-\s]*Tage?\b/gi,
  pt: /(\d+)\s+dias?\b/gi,
};

describe('the FAQ’s pricing facts', () => {
  it('state exactly the prices and trial the pricing call serves, in every language', async () => {
    const pricing = await get<Pricing>('/api/pricing');
    const charged = new Set(pricing.data.flatMap((plan) => [plan.monthlyPrice, plan.billedAmount]));
    for (const lang of helpLanguages) {
      const text = questionsOf(await faq(`?lang=${lang}`))
        .map((q) => `${q.question}\n${q.answer}`)
        .join('\n');
      const stated = amountsIn(text);
      // Nothing the app does not charge…
      expect(
        stated.filter((amount) => !charged.has(amount)),
        lang,
      ).toEqual([]);
      // …and every price it does.
      expect(
        [...charged].filter((amount) => !stated.includes(amount)),
        lang,
      ).toEqual([]);
      const trials = [...text.matchAll(trialDaysPattern[lang]!)].map((match) => Number(match[1]));
      expect(trials.length, lang).toBeGreaterThan(0);
      expect(new Set(trials), lang).toEqual(new Set([pricing.trialDays]));
      // The Teams minimum.
      const teams = pricing.data.find((plan) => plan.id === 'teams')!;
      expect(text, lang).toContain(String(teams.minUsers));
    }
  });
});

describe('the knowledge base', () => {
  it('lists the same categories and articles in each language', async () => {
    const english = await kb();
    expect(english.data.length).toBeGreaterThanOrEqual(6);
    const slugs = (answer: KbAnswer) =>
      answer.data.map((category) => [category.category, category.articles.map((a) => a.slug)]);
    for (const lang of helpLanguages) {
      const answer = await kb(`?lang=${lang}`);
      expect(answer.lang).toBe(lang);
      expect(slugs(answer)).toEqual(slugs(english));
    }
  });

  it('serves a category and an article with its neighbours; an unknown one is a 404', async () => {
    const [first] = (await kb('?lang=de')).data;
    const category = await get<KbCategoryAnswer>(`/api/kb/${first!.category}?lang=de`);
    expect(category).toMatchObject({ lang: 'de', category: first!.category, title: first!.title });
    expect(category.articles.length).toBeGreaterThanOrEqual(2);
    const [a, b] = category.articles;
    const opening = await get<KbArticle>(`/api/kb/${first!.category}/${a!.slug}?lang=de`);
    expect(opening).toMatchObject({
      lang: 'de',
      category: { slug: first!.category, title: first!.title },
      slug: a!.slug,
      title: a!.title,
      previous: null,
      next: { slug: b!.slug, title: b!.title },
    });
    expect(opening.body.length).toBeGreaterThan(0);
    const second = await get<KbArticle>(`/api/kb/${first!.category}/${b!.slug}?lang=de`);
    expect(second.previous).toEqual({ slug: a!.slug, title: a!.title });

    for (const url of [
      '/api/kb/no-such-category',
      `/api/kb/no-such-category/${a!.slug}`,
      `/api/kb/${first!.category}/no-such-article`,
    ]) {
      expectError(await call(t, 'GET', url, undefined), 404, 'NOT_FOUND');
    }
    expectError(await call(t, 'GET', '/api/kb/Not_A_Slug', undefined), 400, 'VALIDATION_ERROR');
  });

  it('searches articles without regard to accents, in the chosen language', async () => {
    const all = (await kb('?lang=pt')).data.flatMap((category) => category.articles);
    const sample = all.find((article) => /[áàâãéêíóôõúç]/i.test(article.title));
    expect(sample, 'a Portuguese title with an accent').toBeDefined();
    const word = sample!.title.split(/\s+/).find((w) => /[áàâãéêíóôõúç]/i.test(w))!;
    const plain = folded(word).replace(/[^\p{L}]/gu, '');
    const found = (await kb(`?lang=pt&q=${encodeURIComponent(plain)}`)).data.flatMap((c) => c.articles);
    expect(found.map((article) => article.slug)).toContain(sample!.slug);
    expect(found.length).toBeLessThan(all.length);
  });
});
