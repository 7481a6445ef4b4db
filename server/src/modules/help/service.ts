/**
 * The help centre (D26, D35): the FAQ and the knowledge base of each language, read from
 * server/content/help/<lang>/ and checked against the contract's schemas when the server starts (a
 * broken file stops the start, naming it). Searching folds case and accents once per text at load,
 * so a search is a scan of prepared strings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type FaqAnswer,
  faqFile,
  foldText,
  type HelpLanguage,
  helpLanguages,
  type KbAnswer,
  type KbArticle,
  type KbCategoryAnswer,
  kbFile,
  type KbFile,
} from '@cadence/contract';
import type { z } from 'zod';
import { notFound } from '../../errors';

/** Lower case without accents: "Réunion" and "reunion" fold alike (the contract's `foldText`). */
export const folded = foldText;

/** The words of a search, folded; none for a blank one. */
export const searchWords = (q: string | undefined) =>
  q === undefined
    ? []
    : folded(q)
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean);

/** A text prepared for search: its title and its whole text folded. */
interface Searchable {
  titleText: string;
  allText: string;
}

/**
 * How well a text answers the words: undefined when a word is missing, otherwise the number of
 * words found in its title (title matches rank first).
 */
function score(item: Searchable, words: string[]): number | undefined {
  if (!words.every((word) => item.allText.includes(word))) return undefined;
  return words.filter((word) => item.titleText.includes(word)).length;
}

/** The items that answer the words, best first (a stable sort keeps the authors' order on ties). */
function ranked<T extends Searchable>(items: T[], words: string[]): Array<{ item: T; score: number }> {
  const found: Array<{ item: T; score: number }> = [];
  for (const item of items) {
    const value = score(item, words);
    if (value !== undefined) found.push({ item, score: value });
  }
  return found.sort((a, b) => b.score - a.score);
}

type FaqCategory = z.infer<typeof faqFile>['categories'][number];
type KbCategory = KbFile['categories'][number];
type PreparedQuestion = FaqCategory['questions'][number] & Searchable;
type PreparedArticle = KbCategory['articles'][number] & Searchable;

interface LanguageContent {
  faq: Array<Omit<FaqCategory, 'questions'> & { questions: PreparedQuestion[] }>;
  kb: Array<Omit<KbCategory, 'articles'> & { articles: PreparedArticle[] }>;
}

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    throw new Error(
      `${file} is not valid help content: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
    );
  }
  return parsed.data;
}

function load(dir: string, lang: HelpLanguage): LanguageContent {
  const faq = readJson(path.join(dir, lang, 'faq.json'), faqFile);
  const kb = readJson(path.join(dir, lang, 'kb.json'), kbFile);
  return {
    faq: faq.categories.map((category) => ({
      ...category,
      questions: category.questions.map((question) => ({
        ...question,
        titleText: folded(question.question),
        allText: folded(`${question.question}\n${question.answer}`),
      })),
    })),
    kb: kb.categories.map((category) => ({
      ...category,
      articles: category.articles.map((article) => ({
        ...article,
        titleText: folded(article.title),
        allText: folded(`${article.title}\n${article.summary}\n${article.body.join('\n')}`),
      })),
    })),
  };
}

/** The content's language for a `lang` as sent: its primary subtag if we have it, else English. */
export function helpLanguage(lang: string | undefined): HelpLanguage {
  const primary = lang?.split(/[-_]/)[0]?.toLowerCase();
  return helpLanguages.find((known) => known === primary) ?? 'en';
}

export class HelpService {
  private readonly content: Record<HelpLanguage, LanguageContent>;

  constructor(dir: string) {
    this.content = Object.fromEntries(helpLanguages.map((lang) => [lang, load(dir, lang)])) as Record<
      HelpLanguage,
      LanguageContent
    >;
  }

  /** The FAQ's categories and questions; with words, the questions holding them all, best first. */
  faq(langAsked: string | undefined, q?: string): FaqAnswer {
    const lang = helpLanguage(langAsked);
    const words = searchWords(q);
    const categories = this.content[lang].faq.map((category) => {
      const found = ranked(category.questions, words);
      return {
        best: found[0]?.score ?? -1,
        answer: {
          category: category.id,
          icon: category.icon,
          title: category.title,
          subtitle: category.subtitle,
          questions: found.map(({ item }) => ({ id: item.id, question: item.question, answer: item.answer })),
        },
      };
    });
    const shown = words.length === 0 ? categories : categories.filter((c) => c.answer.questions.length > 0);
    if (words.length > 0) shown.sort((a, b) => b.best - a.best);
    return { lang, data: shown.map((category) => category.answer) };
  }

  /** The knowledge base's categories with their articles; with words, only the articles holding them. */
  kb(langAsked: string | undefined, q?: string): KbAnswer {
    const lang = helpLanguage(langAsked);
    const words = searchWords(q);
    const categories = this.content[lang].kb.map((category) => {
      const found = ranked(category.articles, words);
      return {
        best: found[0]?.score ?? -1,
        answer: this.categoryAnswer(
          category,
          found.map(({ item }) => item),
        ),
      };
    });
    const shown = words.length === 0 ? categories : categories.filter((c) => c.answer.articles.length > 0);
    if (words.length > 0) shown.sort((a, b) => b.best - a.best);
    return { lang, data: shown.map((category) => category.answer) };
  }

  kbCategory(langAsked: string | undefined, slug: string): KbCategoryAnswer {
    const lang = helpLanguage(langAsked);
    const category = this.content[lang].kb.find((candidate) => candidate.slug === slug);
    if (!category) throw notFound();
    return { lang, ...this.categoryAnswer(category, category.articles) };
  }

  /** An article, with the one before and after it in its category. */
  kbArticle(langAsked: string | undefined, categorySlug: string, slug: string): KbArticle {
    const lang = helpLanguage(langAsked);
    const category = this.content[lang].kb.find((candidate) => candidate.slug === categorySlug);
    const index = category?.articles.findIndex((article) => article.slug === slug) ?? -1;
    if (!category || index < 0) throw notFound();
    const article = category.articles[index]!;
    const link = (neighbour: PreparedArticle | undefined) =>
      neighbour ? { slug: neighbour.slug, title: neighbour.title } : null;
    return {
      lang,
      category: { slug: category.slug, title: category.title },
      slug: article.slug,
      title: article.title,
      summary: article.summary,
      body: article.body,
      previous: link(category.articles[index - 1]),
      next: link(category.articles[index + 1]),
    };
  }

  private categoryAnswer(category: LanguageContent['kb'][number], articles: PreparedArticle[]) {
    return {
      category: category.slug,
      icon: category.icon,
      title: category.title,
      description: category.description,
      articles: articles.map(({ slug, title, summary }) => ({ slug, title, summary })),
    };
  }
}
