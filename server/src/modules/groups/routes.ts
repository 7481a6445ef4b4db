/** The /api/groups calls of D13: the signed-in user's own groups of friends. */
import { createGroupInput, errorBody, group, idParams, listOf, updateGroupInput } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');

export function groupsRoutes(app: FastifyInstance, context: AppContext): void {
  const { groups } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/groups', {
    schema: {
      tags: ['groups'],
      summary: "The signed-in user's groups, by name",
      response: { 200: listOf(group) },
    },
    handler: async (request) => {
      const data = await groups.list(userOf(request).id);
      return { data, count: data.length };
    },
  });

  api.get('/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'One of my groups',
      params: idParams,
      response: { 200: group, 400: errorBody, 404: errorBody },
    },
    handler: (request) => groups.get(userOf(request).id, request.params.id),
  });

  api.post('/groups', {
    schema: {
      tags: ['groups'],
      summary: 'Create a group of my friends',
      body: createGroupInput,
      response: { 201: group, 400: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await groups.create(userOf(request).id, request.body)),
  });

  api.put('/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Rename a group and/or replace its members',
      params: idParams,
      body: updateGroupInput,
      response: { 200: group, 400: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: (request) => groups.update(userOf(request).id, request.params.id, request.body),
  });

  api.delete('/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'Delete a group (its members stay friends)',
      params: idParams,
      response: { 204: noContent, 400: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await groups.remove(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
