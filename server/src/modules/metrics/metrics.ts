/**
 * `/metrics` in Prometheus's text format, for an operator to scrape: off unless
 * METRICS_TOKEN is set, and then only for `Authorization: Bearer <METRICS_TOKEN>`. One registry
 * per app (tests build many apps in one process). What it holds:
 *
 * - requests by method, route (the route's pattern, never its ids) and status, and their latency;
 * - the process's own (prom-client's defaults: CPU, memory, event-loop delay, GC, handles);
 * - the database pool (PostgreSQL: connections in use, idle, waiting);
 * - live streams open here, Redis up or down, live messages queued and dropped;
 * - the mail outbox: mails waiting, being sent, given up; reminders fired.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db';
import type { Engine } from '../../db/dialect';
import type { LiveHub } from '../../lib/live';

export interface MetricsParts {
  token: string;
  db: Db;
  engine: Engine;
  live: LiveHub;
}

/** Counters other parts of the server move. */
export interface AppMetrics {
  remindersFired(count: number): void;
}

export const noMetrics: AppMetrics = { remindersFired: () => undefined };

export function registerMetrics(app: FastifyInstance, parts: MetricsParts): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'cadence_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'cadence_http_request_duration_seconds',
    help: 'Time to answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/projects/:boardId`), so that ids never become labels; unmatched → none.
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'cadence_db_pool_connections',
    help: 'Database connections by state (PostgreSQL; SQLite has one, always in use)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = parts.engine.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'cadence_live_streams',
    help: 'Live streams (GET /api/live) open on this instance',
    registers: [registry],
    collect() {
      this.set(parts.live.stats.streams);
    },
  });
  new Gauge({
    name: 'cadence_live_redis_up',
    help: '1 while the live hub’s Redis connections are ready, 0 while down; absent without Redis',
    registers: [registry],
    collect() {
      const { redis } = parts.live.stats;
      if (redis !== 'off') this.set(redis === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'cadence_live_queued',
    help: 'Live messages waiting for Redis',
    registers: [registry],
    collect() {
      this.set(parts.live.stats.queued);
    },
  });
  new Gauge({
    name: 'cadence_live_dropped',
    help: 'Live messages dropped from a full queue since the start',
    registers: [registry],
    collect() {
      this.set(parts.live.stats.dropped);
    },
  });
  new Gauge({
    name: 'cadence_mail_outbox',
    help: 'Mails in the outbox by state: pending (to send or to retry), sending, failed (given up)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const rows = await parts.db
        .selectFrom('mail_outbox')
        .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
        .where('state', '!=', 'sent')
        .groupBy('state')
        .execute();
      const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
      for (const state of ['pending', 'sending', 'failed'] as const)
        this.set({ state }, counts.get(state) ?? 0);
    },
  });
  const reminders = new Counter({
    name: 'cadence_reminders_fired_total',
    help: 'Notifications written by the reminders’ clock on this instance',
    registers: [registry],
  });

  const expected = Buffer.from(`Bearer ${parts.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('The metrics need the bearer token METRICS_TOKEN.\n');
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });

  return { remindersFired: (count) => reminders.inc(count) };
}
