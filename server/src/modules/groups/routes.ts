/** The /api/groups calls of D13: the signed-in user's own groups of friends. */
import { createGroupInput, errorBody, group, idParams, listOf, updateGroupInput } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';
import { GroupsService } from './service';

const noContent = z.null().describe('No content');

export function groupsRoutes(app: FastifyInstance, context: AppContext): void {
  const groups = new GroupsService({ db: context.database.db, engine: context.database.engine });
  const api = app.withTypeProvider<ZodTypeProvider>();
  // onRequest: a stranger is refused before the body is read or validated.
  const signedIn = { onRequest: context.authenticate };
  const security = [{ bearerAuth: [] }];

  api.get('/groups', {
    ...signedIn,
    schema: {
      tags: ['groups'],
      summary: "The signed-in user's groups, by name",
      security,
      response: { 200: listOf(group), 401: errorBody },
    },
    handler: async (request) => {
      const data = await groups.list(userOf(request).id);
      return { data, count: data.length };
    },
  });

  api.get('/groups/:id', {
    ...signedIn,
    schema: {
      tags: ['groups'],
      summary: 'One of my groups',
      security,
      params: idParams,
      response: { 200: group, 400: errorBody, 401: errorBody, 404: errorBody },
    },
    handler: (request) => groups.get(userOf(request).id, request.params.id),
  });

  api.post('/groups', {
    ...signedIn,
    schema: {
      tags: ['groups'],
      summary: 'Create a group of my friends',
      security,
      body: createGroupInput,
      response: { 201: group, 400: errorBody, 401: errorBody, 409: errorBody },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await groups.create(userOf(request).id, request.body)),
  });

  api.put('/groups/:id', {
    ...signedIn,
    schema: {
      tags: ['groups'],
      summary: 'Rename a group and/or replace its members',
      security,
      params: idParams,
      body: updateGroupInput,
      response: { 200: group, 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody },
    },
    handler: (request) => groups.update(userOf(request).id, request.params.id, request.body),
  });

  api.delete('/groups/:id', {
    ...signedIn,
    schema: {
      tags: ['groups'],
      summary: 'Delete a group (its members stay friends)',
      security,
      params: idParams,
      response: { 204: noContent, 400: errorBody, 401: errorBody, 404: errorBody },
    },
    handler: async (request, reply) => {
      await groups.remove(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
