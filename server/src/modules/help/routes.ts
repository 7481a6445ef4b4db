/**
 * The help centre's calls (D35). Open to all: the content is public help, the same for everyone,
 * and the help pages are read before signing in as well as after.
 */
import {
  errorBody,
  faqAnswer,
  helpQuery,
  kbAnswer,
  kbArticle,
  kbArticleParams,
  kbCategoryAnswer,
  kbCategoryParams,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

const common = { tags: ['help'] };

export function helpRoutes(app: FastifyInstance, context: AppContext): void {
  const { help } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/faq', {
    schema: {
      ...common,
      summary: 'The FAQ in a language (en, fr, de, pt; else en), searched with q',
      querystring: helpQuery,
      response: { 200: faqAnswer, 400: errorBody },
    },
    handler: (request) => help.faq(request.query.lang, request.query.q),
  });

  api.get('/kb', {
    schema: {
      ...common,
      summary: 'The knowledge base’s categories and articles, searched with q',
      querystring: helpQuery,
      response: { 200: kbAnswer, 400: errorBody },
    },
    handler: (request) => help.kb(request.query.lang, request.query.q),
  });

  api.get('/kb/:category', {
    schema: {
      ...common,
      summary: 'A knowledge-base category and its articles',
      params: kbCategoryParams,
      querystring: helpQuery.pick({ lang: true }),
      response: { 200: kbCategoryAnswer, 400: errorBody, 404: errorBody },
    },
    handler: (request) => help.kbCategory(request.query.lang, request.params.category),
  });

  api.get('/kb/:category/:slug', {
    schema: {
      ...common,
      summary: 'A knowledge-base article, with its neighbours in its category',
      params: kbArticleParams,
      querystring: helpQuery.pick({ lang: true }),
      response: { 200: kbArticle, 400: errorBody, 404: errorBody },
    },
    handler: (request) => help.kbArticle(request.query.lang, request.params.category, request.params.slug),
  });
}
