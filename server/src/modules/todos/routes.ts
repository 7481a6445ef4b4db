/** The To-dos calls (spec part 7, D30): /api/todos, exactly those paths and payloads. */
import {
  createTaskInput,
  errorBody,
  task,
  taskList,
  taskParams,
  tasksQuery,
  taskSummary,
  updateTaskInput,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { passBytes, sendVersioned } from '../../lib/cached-json';
import { userOf } from '../auth/authenticate';
import { authorizeTasksOf } from './policy';

const noContent = z.null().describe('No content');
const common = { tags: ['todos'] };
const errors = { 400: errorBody, 403: errorBody, 404: errorBody };

/** Weak: one tag names the version of the user's to-dos in every encoding and for every query. */
const todosEtag = (userId: number, version: number) => `W/"todos-${userId}-v${version}"`;

export function todosRoutes(app: FastifyInstance, context: AppContext): void {
  const { todos } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof userOf>[0]) => userOf(request).id;

  api.get('/todos', {
    serializerCompiler: passBytes,
    schema: {
      ...common,
      summary:
        'Tasks I own or am assigned to (?user= my id): not deleted, important, completed or deleted; by tag and words; sorted; one page',
      querystring: tasksQuery,
      response: {
        200: taskList,
        304: z.null().describe('Not modified: the If-None-Match tag is the current version of your to-dos'),
        400: errorBody,
        403: errorBody,
      },
    },
    handler: async (request, reply) => {
      const userId = me(request);
      authorizeTasksOf(userId, request.query.user);
      const version = await todos.version(userId);
      return sendVersioned(request, reply, todosEtag(userId, version), () =>
        todos.listJson(userId, version, request.query),
      );
    },
  });

  api.get('/todos/summary', {
    schema: {
      ...common,
      summary: 'Open tasks, and those due today and overdue in my time zone (the menu badge)',
      response: { 200: taskSummary },
    },
    handler: (request) => todos.summary(me(request), userOf(request).time_zone),
  });

  api.get('/todos/:id', {
    schema: {
      ...common,
      summary: 'A task I own or am assigned to',
      params: taskParams,
      response: { 200: task, ...errors },
    },
    handler: (request) => todos.get(me(request), Number(request.params.id)),
  });

  api.post('/todos', {
    schema: {
      ...common,
      summary: 'Add a task, assigned to me and my friends or my groups’ members',
      body: createTaskInput,
      response: { 201: task, 400: errorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await todos.create(me(request), request.body)),
  });

  api.put('/todos/:id', {
    schema: {
      ...common,
      summary: 'Change a task: the owner anything (restore = isDeleted: false); an assignee isCompleted only',
      params: taskParams,
      body: updateTaskInput,
      response: { 200: task, ...errors },
    },
    handler: (request) => todos.update(me(request), Number(request.params.id), request.body),
  });

  api.delete('/todos/:id', {
    schema: {
      ...common,
      summary: 'Move a task to the deleted ones; a deleted task is removed for good — the owner only',
      params: taskParams,
      response: { 204: noContent, ...errors },
    },
    handler: async (request, reply) => {
      await todos.remove(me(request), Number(request.params.id));
      return reply.code(204).send(null);
    },
  });
}
