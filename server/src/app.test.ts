import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { errorBody } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_ANSWER_KEPT_MS } from './modules/health/routes';
import { call } from './test/factories';
import { createTestApp, type TestApp, usePostgres } from './test/harness';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Cadence</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp(
    {},
    {
      webDir,
      // A route that fails the way a bug would, with SQL and a hash in its message.
      beforeReady: (app) =>
        app.get('/api/boom', () => {
          throw new Error('select password_hash from users where id = 1: $argon2id$v=19$secret');
        }),
    },
  );
});
afterAll(async () => {
  await t.close({ allowErrors: true });
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('answers 200 after asking the database', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: usePostgres ? 'postgres' : 'sqlite',
    });
  });

  it('answers 503 once the database stops answering, keeping its last answer for at most a second', async () => {
    const own = await createTestApp();
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      expect((await own.app.inject('/api/health')).statusCode).toBe(200);
      await own.database.db.destroy();
      // Within the second: the database's last answer stands.
      vi.advanceTimersByTime(HEALTH_ANSWER_KEPT_MS - 1);
      expect((await own.app.inject('/api/health')).statusCode).toBe(200);
      vi.advanceTimersByTime(1);
      for (let check = 0; check < 2; check += 1) {
        const response = await own.app.inject('/api/health');
        expect(response.statusCode).toBe(503);
        expect(errorBody.parse(response.json())).toMatchObject({ code: 'UNAVAILABLE' });
      }
    } finally {
      vi.useRealTimers();
      await own.close({ allowErrors: true });
    }
  });
});

describe('the web app', () => {
  it.each(['/', '/some/deep/link', '/apps/project/12?tab=lists'])('serves index.html at %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await t.app.inject('/assets/app-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject('/');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/jwt/me', 401],
    ['GET', '/api/nowhere', 404],
    ['GET', '/api/boom', 500],
  ] as const)(
    'gives the API answer to %s %s (%i) the headers of an answer that is no document',
    async (method, url, status) => {
      const response = await call(t, method, url);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'])
        expect(response.headers[documentOnly]).toBeUndefined();
    },
  );

  it("gives the API docs' page the headers of a document", async () => {
    const response = await t.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers 404 in the D10 shape to other methods on unknown paths', async () => {
    const response = await call(t, 'POST', '/some/page');
    expect(response.statusCode).toBe(404);
    expect(errorBody.parse(response.json()).code).toBe('NOT_FOUND');
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nowhere'],
    ['GET', '/api'],
    ['POST', '/api/jwt/nothing'],
    ['DELETE', '/api/health'],
  ] as const)('%s %s answers 404 in the D10 shape', async (method, url) => {
    const response = await call(t, method, url);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'NOT_FOUND',
      message: 'Not found.',
    });
  });
});

describe('errors of our own', () => {
  it('never show their text in a 500, and are logged', async () => {
    const response = await t.app.inject('/api/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toMatch(/argon2|password_hash|select/);
    expect(t.errors().some((line) => JSON.stringify(line).includes('password_hash'))).toBe(true);
  });
});

describe('the API description', () => {
  it('serves OpenAPI 3.1 describing every route with its request and response schemas', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      components: { schemas: Record<string, unknown> };
      paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    const routes = t.app.apiRoutes.filter((route) => route.url !== '/api/boom');
    expect(routes.length).toBeGreaterThanOrEqual(8);
    for (const route of routes) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(
        Object.keys(operation?.responses ?? {}).length,
        `${route.method} ${route.url} responses`,
      ).toBeGreaterThan(0);
      if (route.method === 'POST' || route.method === 'PUT') {
        expect(operation?.requestBody, `${route.method} ${route.url} body`).toBeDefined();
      }
    }
    // Schemas with an id are components; follow the references.
    const resolved = (value: unknown) =>
      JSON.stringify(value).replace(/\{"\$ref":"#\/components\/schemas\/(\w+)"\}/g, (_all, name: string) =>
        JSON.stringify(document.components.schemas[name]),
      );
    const login = document.paths['/api/jwt/login']?.post;
    expect(resolved(login?.requestBody)).toContain('"password"');
    expect(resolved(login?.responses?.['200'])).toContain('"accessToken"');
    expect(resolved(login?.responses?.['400'])).toContain('"statusCode"');
  });

  it('describes each upload route’s own file: an iCalendar file for the import, an image for the picture', async () => {
    const document = (await t.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    const fileOf = (url: string) => {
      const body = document.paths[url]?.post?.requestBody as
        | { content?: Record<string, { schema?: { properties?: { file?: { description?: string } } } }> }
        | undefined;
      return body?.content?.['multipart/form-data']?.schema?.properties?.file?.description ?? '';
    };
    const calendarFile = fileOf('/api/calender/import');
    expect(calendarFile).toMatch(/iCalendar/);
    expect(calendarFile).toMatch(/10 MB/);
    expect(calendarFile).not.toMatch(/PNG|JPEG|WebP|2 MB/);
    expect(fileOf('/api/account/avatar')).toMatch(/PNG, JPEG or WebP.*2 MB/);
  });

  it('renders the docs page at /api/docs', async () => {
    const page = await t.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    const spec = await t.app.inject('/api/docs/json');
    expect(spec.json()).toMatchObject({ openapi: '3.1.0' });
  });
});
