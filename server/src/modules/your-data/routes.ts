/** "Your data": GET /api/account/export, the file of everything the user owns; DELETE /api/account. */
import { deleteAccountInput, errorBody, yourDataExport } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

const noContent = z.null().describe('No content');

export function yourDataRoutes(app: FastifyInstance, context: AppContext): void {
  const { yourData } = context.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/account/export', {
    schema: {
      tags: ['account'],
      summary: 'Download everything I own as one JSON file (format cadence-export/1)',
      response: { 200: yourDataExport },
    },
    handler: async (request, reply) => {
      const { username, data } = await yourData.export(userOf(request).id);
      // Usernames are letters, digits, dots, dashes and underscores: safe in a header as they are.
      const day = data.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="cadence-${username}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  });

  api.delete('/account', {
    // Guessing the password is held back per address, as sign-in is (D8).
    config: { rateLimit: { max: context.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
    schema: {
      tags: ['account'],
      summary:
        'Delete my account and everything I own, once my password is confirmed (the operator cannot: 403)',
      body: deleteAccountInput,
      response: { 204: noContent, 400: errorBody, 403: errorBody, 429: errorBody },
    },
    handler: async (request, reply) => {
      await yourData.deleteAccount(userOf(request).id, request.body);
      return reply.code(204).send(null);
    },
  });
}
