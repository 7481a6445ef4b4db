/** App passwords (D43): /api/account/app-passwords — list, make (the secret shown once), revoke. */
import {
  appPassword,
  appPasswordCreated,
  appPasswordParams,
  createAppPasswordInput,
  errorBody,
} from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from './authenticate';

const common = { tags: ['account'] };
const errors = { 400: errorBody, 404: errorBody };

export function appPasswordRoutes(app: FastifyInstance, context: AppContext): void {
  const { appPasswords } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/account/app-passwords', {
    schema: {
      ...common,
      summary: 'My app passwords for calendar apps (CalDAV): names and last use, never the secrets',
      response: { 200: z.array(appPassword), ...errors },
    },
    handler: (request) => appPasswords.list(userOf(request).id),
  });

  api.post('/account/app-passwords', {
    schema: {
      ...common,
      summary: 'Make an app password; its secret is in this answer only',
      body: createAppPasswordInput,
      response: { 201: appPasswordCreated, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await appPasswords.create(userOf(request).id, request.body)),
  });

  api.delete('/account/app-passwords/:id', {
    schema: {
      ...common,
      summary: 'Revoke an app password: a client using it is refused from its next request',
      params: appPasswordParams,
      response: { 204: z.null().describe('No content'), ...errors },
    },
    handler: async (request, reply) => {
      await appPasswords.revoke(userOf(request).id, Number(request.params.id));
      return reply.code(204).send(null);
    },
  });
}
