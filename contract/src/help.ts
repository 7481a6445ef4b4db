/**
 * The help centre (spec part 1, D26, D35): the FAQ and the knowledge base, real content kept in
 * the repository per language (server/content/help/<lang>/) and served by the API. The same
 * schemas check the files when the server starts and describe the answers.
 */
import { z } from 'zod';
import { helpMessages as m } from './help-messages';

export { helpMessages } from './help-messages';

/** The languages the content is written in; any other `lang` is answered in English. */
export const helpLanguages = ['en', 'fr', 'de', 'pt'] as const;
export type HelpLanguage = (typeof helpLanguages)[number];

/** The icons a category may name; the web app maps each to a drawing. */
export const helpIcons = [
  'rocket',
  'kanban',
  'target',
  'checklist',
  'calendar',
  'meeting',
  'users',
  'billing',
  'account',
  'shield',
] as const;

export const HELP_QUERY_MAX = 200;
const slugPattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$';
const slug = z.string().max(80).regex(new RegExp(slugPattern));

// ---- The content files -------------------------------------------------------------------------

export const faqFile = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        id: slug,
        icon: z.enum(helpIcons),
        title: z.string().min(1),
        subtitle: z.string().min(1),
        questions: z
          .array(z.strictObject({ id: slug, question: z.string().min(1), answer: z.string().min(1) }))
          .min(1),
      }),
    )
    .min(1),
});
export type FaqFile = z.infer<typeof faqFile>;

export const kbFile = z.strictObject({
  categories: z
    .array(
      z.strictObject({
        slug,
        icon: z.enum(helpIcons),
        title: z.string().min(1),
        description: z.string().min(1),
        articles: z
          .array(
            z.strictObject({
              slug,
              title: z.string().min(1),
              summary: z.string().min(1),
              /** Paragraphs of plain text; a paragraph of lines starting with "- " is a list. */
              body: z.array(z.string().min(1)).min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});
export type KbFile = z.infer<typeof kbFile>;

// ---- The calls -----------------------------------------------------------------------------------

export const helpQuery = z.strictObject({
  lang: z
    .string()
    .max(35, m['help.langInvalid'])
    .optional()
    .describe('en, fr, de or pt; anything else is answered in English'),
  q: z
    .string()
    .max(HELP_QUERY_MAX, m['help.queryTooLong'])
    .optional()
    .describe('Words that must all appear in the title or the text, whatever their case or accents'),
});
export type HelpQuery = z.infer<typeof helpQuery>;

export const kbCategoryParams = z.strictObject({
  category: z.string().max(80).regex(new RegExp(slugPattern), m['help.slugInvalid']),
});
export const kbArticleParams = kbCategoryParams.extend({
  slug: z.string().max(80).regex(new RegExp(slugPattern), m['help.slugInvalid']),
});

export const faqAnswer = z
  .object({
    lang: z.enum(helpLanguages).describe('The language the content is in'),
    data: z.array(
      z.object({
        category: z.string(),
        icon: z.enum(helpIcons),
        title: z.string(),
        subtitle: z.string(),
        questions: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string() })),
      }),
    ),
  })
  .meta({ id: 'FaqAnswer' });
export type FaqAnswer = z.infer<typeof faqAnswer>;

const articleLink = z.object({ slug: z.string(), title: z.string(), summary: z.string() });

export const kbCategoryAnswer = z
  .object({
    lang: z.enum(helpLanguages),
    category: z.string(),
    icon: z.enum(helpIcons),
    title: z.string(),
    description: z.string(),
    articles: z.array(articleLink),
  })
  .meta({ id: 'KbCategory' });
export type KbCategoryAnswer = z.infer<typeof kbCategoryAnswer>;

export const kbAnswer = z
  .object({
    lang: z.enum(helpLanguages),
    data: z.array(kbCategoryAnswer.omit({ lang: true })),
  })
  .meta({ id: 'KbAnswer' });
export type KbAnswer = z.infer<typeof kbAnswer>;

const neighbour = z.object({ slug: z.string(), title: z.string() }).nullable();

export const kbArticle = z
  .object({
    lang: z.enum(helpLanguages),
    category: z.object({ slug: z.string(), title: z.string() }),
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    body: z.array(z.string()),
    previous: neighbour.describe('The article before it in its category'),
    next: neighbour,
  })
  .meta({ id: 'KbArticle' });
export type KbArticle = z.infer<typeof kbArticle>;
