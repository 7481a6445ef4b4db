/** GET /api/health: 200 when the database answers, 503 when it does not. */
import { errorBody, health } from '@cadence/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { prepared } from '../../db/prepared';
import { AppError } from '../../errors';

/** The database's answer to `select 1`, compiled once (db/prepared.ts): health is polled often. */
const ping = prepared<{ one: number }, []>((db) => db.selectNoFrom(sql<number>`1`.as('one')));

/**
 * How long the database's last answer stands for the next checks: a load balancer's probes, or a
 * flood of them, ask the database at most once a second while it answers; a failed answer is
 * never kept (each check asks again, and says 503 until one answers).
 */
export const HEALTH_ANSWER_KEPT_MS = 1000;

export function healthRoutes(app: FastifyInstance, { database }: AppContext): void {
  const started = Date.now();
  let answeredAt = Number.NEGATIVE_INFINITY;
  app.withTypeProvider<ZodTypeProvider>().get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check',
      response: { 200: health, 503: errorBody },
    },
    handler: async (request) => {
      try {
        if (performance.now() - answeredAt >= HEALTH_ANSWER_KEPT_MS) {
          answeredAt = Number.NEGATIVE_INFINITY;
          await ping(database.db);
          answeredAt = performance.now();
        }
      } catch (error) {
        request.log.error({ err: error }, 'health check: the database does not answer');
        throw new AppError(503, 'UNAVAILABLE', 'The service is unavailable.');
      }
      return {
        status: 'ok' as const,
        database: database.engineName,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
    },
  });
}
