/** The /api/tags calls (D14): list, add, change and delete the signed-in user's tags. */
import { createTagInput, errorBody, tag, tagIdParams, tagList, updateTagInput } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');

export function tagsRoutes(app: FastifyInstance, context: AppContext): void {
  const { tags } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['tags'] };

  api.get('/tags', {
    schema: {
      ...common,
      summary: 'The five built-in tags, then your own by name',
      response: { 200: tagList },
    },
    handler: (request) => tags.list(userOf(request).id),
  });

  api.post('/tags', {
    schema: {
      ...common,
      summary: 'Add a tag of your own',
      body: createTagInput,
      response: { 201: tag, 400: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tags.create(userOf(request).id, request.body)),
  });

  api.put('/tags/:id', {
    schema: {
      ...common,
      summary: 'Rename or recolour one of your tags (built-in tags answer 403)',
      params: tagIdParams,
      body: updateTagInput,
      response: { 200: tag, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: (request) => tags.update(userOf(request).id, request.params.id, request.body),
  });

  api.delete('/tags/:id', {
    schema: {
      ...common,
      summary: 'Delete one of your tags (built-in tags answer 403)',
      params: tagIdParams,
      response: { 204: noContent, 400: errorBody, 403: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await tags.remove(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
