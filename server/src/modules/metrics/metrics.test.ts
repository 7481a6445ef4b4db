/**
 * `/metrics`: absent without METRICS_TOKEN; with it, 401 to anyone without the token,
 * and Prometheus's text format for the token: requests by route pattern (never an id) and
 * status with their latency, the process's event-loop delay and memory, the mail outbox by state,
 * live streams, and (on PostgreSQL) the pool's connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoard, buildUser, call } from '../../test/factories';
import { createTestApp, type TestApp, usePostgres } from '../../test/harness';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no /metrics', async () => {
    const response = await call(t, 'GET', '/metrics', undefined, undefined, {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('cadence_http_requests_total');
  });
});

describe('with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await call(t, 'GET', '/metrics', undefined, undefined, {
      authorization: `Bearer ${TOKEN}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await call(
        t,
        'GET',
        '/metrics',
        undefined,
        undefined,
        authorization ? { authorization } : {},
      );
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('cadence_');
    }
  });

  it('counts requests by route pattern and status, with their latency, and the outbox and the process', async () => {
    const user = await buildUser(t);
    const { board } = await buildBoard(t, user, { name: 'Metrics' });
    for (let n = 0; n < 3; n += 1) await call(t, 'GET', '/api/health');
    await call(t, 'GET', `/api/projects?id=${board._id}`, user.token);
    await call(t, 'GET', '/api/calender/events/999999', user.token);
    await t.database.db
      .insertInto('mail_outbox')
      .values({
        to_address: 'ops@example.com',
        subject: 'Given up',
        body: 'x',
        calendar_method: null,
        calendar_content: null,
        state: 'failed',
        attempts: 6,
        next_attempt_at: new Date().toISOString(),
        claimed_at: null,
        last_error: 'refused',
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .execute();

    const text = await scrape();
    const health =
      /^cadence_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m.exec(text);
    expect(Number(health?.[1])).toBeGreaterThanOrEqual(3);
    expect(text).toMatch(
      /^cadence_http_requests_total\{method="GET",route="\/api\/projects",status="200"\} \d+$/m,
    );
    expect(text).toMatch(
      /^cadence_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"\} \d+$/m,
    );
    // Ids never become labels.
    expect(text).not.toMatch(/route="[^"]*\/\d+/);
    expect(text).toMatch(
      /^cadence_http_requests_total\{method="GET",route="\/api\/calender\/events\/:id",status="404"\} 1$/m,
    );
    expect(text).toMatch(/^cadence_mail_outbox\{state="failed"\} 1$/m);
    expect(text).toMatch(/^cadence_mail_outbox\{state="pending"\} \d+$/m);
    expect(text).toMatch(/^cadence_live_streams 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^cadence_reminders_fired_total 0$/m);
    if (usePostgres) expect(text).toMatch(/^cadence_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    // The scrape itself is not counted.
    expect(text).not.toContain('route="/metrics"');
  });
});
