/** The Goals calls (spec part 7, D29): /api/objectifs, exactly those paths and payloads. */
import {
  createObjectiveInput,
  errorBody,
  objective,
  objectiveList,
  objectiveParams,
  objectivesQuery,
  updateObjectiveInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passBytes, sendVersioned } from '../../lib/cached-json';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');
const common = { tags: ['goals'] };
const errors = { 400: errorBody, 404: errorBody };

/** Weak: one tag names the version of the user's goals in every encoding and for every query. */
const goalsEtag = (userId: number, version: number) => `W/"goals-${userId}-v${version}"`;

export function goalsRoutes(app: FastifyInstance, context: AppContext): void {
  const { goals } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  api.get('/objectifs', {
    serializerCompiler: passBytes,
    schema: {
      ...common,
      summary:
        'My goals, newest first: not deleted; or done, in progress (not deleted), or deleted; by tag and words',
      querystring: objectivesQuery,
      response: {
        200: objectiveList,
        304: z.null().describe('Not modified: the If-None-Match tag is the current version of your goals'),
        400: errorBody,
      },
    },
    handler: async (request, reply) => {
      const userId = me(request);
      const version = await goals.version(userId);
      return sendVersioned(request, reply, goalsEtag(userId, version), () =>
        goals.listJson(userId, version, request.query),
      );
    },
  });

  api.get('/objectifs/:id', {
    schema: {
      ...common,
      summary: 'One of my goals',
      params: objectiveParams,
      response: { 200: objective, ...errors },
    },
    handler: (request) => goals.get(me(request), Number(request.params.id)),
  });

  api.post('/objectifs', {
    schema: {
      ...common,
      summary: 'Add a goal, with its sub-goals and weighted tasks',
      body: createObjectiveInput,
      response: { 201: objective, 400: errorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await goals.create(me(request), request.body)),
  });

  api.put('/objectifs/:id', {
    schema: {
      ...common,
      summary:
        'Change a goal: any field, done / in progress, restore (isDeleted: false); subObjectives replaces the tree',
      params: objectiveParams,
      body: updateObjectiveInput,
      response: { 200: objective, ...errors },
    },
    handler: (request) => goals.update(me(request), Number(request.params.id), request.body),
  });

  api.delete('/objectifs/:id', {
    schema: {
      ...common,
      summary: 'Move a goal to the deleted ones; a deleted goal is removed for good',
      params: objectiveParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await goals.remove(me(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  });
}
