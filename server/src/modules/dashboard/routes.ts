/** The dashboard: one call for /dashboard/analytics, of the caller's own data. */
import { dashboard } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { userOf } from '../auth/authenticate';

export function dashboardRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/dashboard', {
    schema: {
      tags: ['dashboard'],
      summary:
        'My tasks with those completed per week, my goals, my next events and meetings, what waits for my answer and my latest boards',
      response: { 200: dashboard },
    },
    handler: (request) => context.services.dashboard.dashboard(userOf(request)),
  });
}
