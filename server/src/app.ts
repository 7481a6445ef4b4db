/**
 * Builds the Fastify application in layers: framework plugins (security headers, rate limits,
 * OpenAPI) → the app's services (database, tokens, mailer) → the API routes → the SPA.
 */
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import pretty from 'pino-pretty';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { AppContext } from './context';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db';
import { tooManyRequests } from './errors';
import { LiveHub } from './lib/live';
import { sessionCacheFor } from './lib/session-cache';
import { redisOrMemoryStore } from './lib/rate-limit-store';
import { createMailer, type Mailer } from './lib/mailer';
import { MailOutbox } from './lib/outbox';
import { AccessTokens, LinkTokens, loadOrCreateSecret } from './lib/tokens';
import { createAuthenticate, requireSignIn } from './modules/auth/authenticate';
import { accountRoutes, avatarRoutes } from './modules/account/routes';
import { appPasswordRoutes } from './modules/auth/app-password-routes';
import { deviceCalendarRoutes } from './modules/account/device-calendar-routes';
import { authRoutes, sessionRoutes } from './modules/auth/routes';
import { friendsRoutes } from './modules/friends/routes';
import { goalsRoutes } from './modules/goals/routes';
import { groupsRoutes } from './modules/groups/routes';
import { healthRoutes } from './modules/health/routes';
import { chatRoutes } from './modules/chat/routes';
import { liveRoutes } from './modules/live/routes';
import { projectsRoutes } from './modules/projects/routes';
import { tagsRoutes } from './modules/tags/routes';
import { todosRoutes } from './modules/todos/routes';
import { calendarFeedRoutes, calendarRoutes } from './modules/calendar/routes';
import { meetingAnswerRoutes, meetingsRoutes } from './modules/meetings/routes';
import { billingRoutes, billingWebhookRoutes, pricingRoutes } from './modules/billing/routes';
import { helpRoutes } from './modules/help/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { noMetrics, registerMetrics } from './modules/metrics/metrics';
import { scheduleReminders } from './modules/notifications/scheduler';
import { usersRoutes } from './modules/users/routes';
import { davRoutes } from './modules/dav/routes';
import { bookingRoutes, publicBookingRoutes } from './modules/booking/routes';
import { yourDataRoutes } from './modules/your-data/routes';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { OneLinePerRequest } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { responseSerializer } from './plugins/response-serializer';
import { serveWebApp } from './plugins/web-app';
import { seedDemo } from './seed';
import { buildServices } from './services';
import { onEffectError } from './db/transaction';
import { closeIdleGently } from './lib/gentle-close';
import { HandlersRunning } from './lib/handlers-running';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** When a stopping instance ends the live streams, clients come back after about this long. */
const SHUTDOWN_RETRY_MS = 1000;

type RouteModule = (api: FastifyInstance, context: AppContext) => void;

/** Route modules anyone may call: each route decides for itself (rate limits, tokens in the body). */
const openRoutes: RouteModule[] = [
  healthRoutes,
  authRoutes,
  avatarRoutes,
  calendarFeedRoutes,
  pricingRoutes,
  billingWebhookRoutes,
  helpRoutes,
  meetingAnswerRoutes,
  publicBookingRoutes,
];

/**
 * Route modules behind sign-in: `requireSignIn` authenticates every one of their routes in
 * `onRequest`, before the body is read or validated, so a stranger learns nothing from them.
 */
const signedInRoutes: RouteModule[] = [
  sessionRoutes,
  accountRoutes,
  appPasswordRoutes,
  deviceCalendarRoutes,
  usersRoutes,
  friendsRoutes,
  groupsRoutes,
  tagsRoutes,
  projectsRoutes,
  goalsRoutes,
  todosRoutes,
  calendarRoutes,
  notificationsRoutes,
  meetingsRoutes,
  billingRoutes,
  dashboardRoutes,
  yourDataRoutes,
  chatRoutes,
  liveRoutes,
  bookingRoutes,
];

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every documented /api route, as registered: the OpenAPI test checks each is described. */
    apiRoutes: RouteEntry[];
  }
}

export interface BuildOptions {
  /** An open database; by default the one the configuration names. */
  database?: DatabaseHandle;
  /** The built SPA; by default web/dist. Absent → only the API is served. */
  webDir?: string;
  /** Pino options, or false for none. */
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
}

/**
 * JSON lines for log collectors; in a terminal (or with LOG_FORMAT=pretty), one readable line per
 * event. LOG_FORMAT=json forces JSON in a terminal.
 */
function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const redact = ['req.headers.authorization', 'req.headers.cookie'];
  const format = config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json');
  if (format === 'json') return { level: config.LOG_LEVEL, redact };
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { level: config.LOG_LEVEL, redact, stream };
}

const defaultWebDir = path.resolve(import.meta.dirname, '../../web/dist');

/**
 * Behind a proxy without TRUST_PROXY every client has the proxy's address, so one person's wrong
 * passwords refuse everyone: said once in the log, at the first request a proxy forwarded.
 */
function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return done();
    warned = true;
    app.log.warn(
      'requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is not set: every client has the ' +
        "proxy's address for the rate limits and the sign-in protection; set TRUST_PROXY to the number of " +
        'proxies in front (such as 1) or their addresses',
    );
    done();
  });
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // A number of proxies: the hops before that many are the client's own writing (proxy-addr's
    // reading of a count, which Fastify's types leave out).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // Stopping, a request that reaches this instance on a connection already open is served (with
    // `Connection: close`), not refused: a proxy cannot tell a refused write from a failed one.
    return503OnClosing: false,
  });
  closeIdleGently(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(config.RESPONSE_VALIDATION));
  registerErrorHandling(app);
  registerInputGuard(app);
  if (config.TRUST_PROXY === false) warnOfUntrustedProxy(app);
  // Before any route: a stop waits for their handlers before closing what they use.
  const handlers = new HandlersRunning();
  handlers.track(app);
  const apiRoutes: RouteEntry[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
    }
  });

  const database =
    options.database ??
    openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      onConnectionError: (error) => app.log.warn({ err: error }, 'a database connection was dropped'),
    });
  // Stopping: the handlers of requests whose clients hung up may still be running (the server
  // waited for connections, not for them): the database, the mailer and Redis close after them.
  app.addHook(
    'onClose',
    handlers.thenClose(() => (options.database ? undefined : database.close())),
  );
  const applied = await migrateToLatest(database);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  if (config.SEED_DEMO && (await seedDemo(database.db))) app.log.info('demo accounts created');

  const mailer = options.mailer ?? createMailer(config.SMTP_URL, config.MAIL_FROM, app.log);
  app.addHook(
    'onClose',
    handlers.thenClose(() => mailer.close()),
  );
  const secret = loadOrCreateSecret(config.JWT_SECRET, config.DATA_DIR);
  const accessTokens = new AccessTokens(secret, config.ACCESS_TOKEN_TTL);
  const links = new LinkTokens(secret);
  const live = new LiveHub({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    heartbeatMs: config.LIVE_HEARTBEAT,
    log: app.log,
  });
  // Stopping: the streams end (with a retry hint) before the server waits for its connections to
  // close; Redis closes once the requests in flight have finished, so that their events go out.
  // Each answer sent meanwhile (to a request begun before) closes its connection, so that the
  // server need not wait for clients to let go of idle kept-alive ones.
  let stopping = false;
  app.addHook('preClose', (done) => {
    stopping = true;
    live.endStreams(SHUTDOWN_RETRY_MS);
    done();
  });
  // An answer that follows a revocation or a change of a user leaves once Redis has taken the
  // invalidation: the client's next request, to any instance, is not answered from a forgotten copy.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) void reply.header('connection', 'close');
    if (!live.invalidationsPending) return done(null, payload);
    void live.invalidationsSent().then(() => done(null, payload));
  });
  app.addHook(
    'onClose',
    handlers.thenClose(() => live.close()),
  );
  await live.ready();
  const outbox = new MailOutbox({
    db: database.db,
    engine: database.engine.name,
    mailer,
    log: app.log,
    staleAfterMs: config.MAIL_STALE_AFTER,
  });
  // Stopping: the mail being sent finishes before the mailer and the database close.
  app.addHook('preClose', () => outbox.stop());
  // An effect after a commit (a live event, the outbox's kick) that throws is told in the log.
  onEffectError((error) => app.log.error({ err: error }, 'an effect after a commit failed'));
  const services = buildServices({
    db: database.db,
    engine: database.engine,
    config,
    mailer,
    outbox,
    log: app.log,
    accessTokens,
    links,
    live,
  });
  const context: AppContext = { config, database, services };
  // Before the routes, so that its hook sees every request.
  const metrics = config.METRICS_TOKEN
    ? registerMetrics(app, { token: config.METRICS_TOKEN, db: database.db, engine: database.engine, live })
    : noMetrics;
  if (config.REMINDERS) {
    scheduleReminders(app, services.reminders, outbox, config.REMINDERS_EVERY, (fired) =>
      metrics.remindersFired(fired),
    );
  }

  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => tooManyRequests(),
    // With Redis, every instance counts in one place, so a limit holds behind a load balancer.
    // While Redis is away, each instance counts on its own in memory: a limit holds per instance
    // rather than every request passing or every sign-in failing.
    ...(live.redis && {
      store: redisOrMemoryStore(live.redis, `${config.REDIS_PREFIX}rate:`, app.log),
      skipOnError: true,
    }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Cadence API',
        version: '0.1.0',
        description: 'Every call of the Cadence web app. Errors have the shape ErrorBody (D10).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      // File uploads are read as streams, not validated bodies; describe them for the docs.
      // Routes without a schema have none to describe.
      // Each route says what its file is (`uploadFile`).
      const schema = route.schema as { consumes?: string[]; uploadFile?: string } | undefined;
      if (schema?.consumes?.includes('multipart/form-data')) {
        (transformed.schema as Record<string, unknown>).body = {
          type: 'object',
          required: ['file'],
          properties: {
            file: { type: 'string', format: 'binary', description: schema.uploadFile ?? 'One file' },
          },
        };
      }
      return transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const authenticate = createAuthenticate(
    database.db,
    accessTokens,
    sessionCacheFor(database, live, Boolean(config.REDIS_URL)),
  );
  await app.register(
    async (api) => {
      for (const routes of openRoutes) routes(api, context);
      api.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
      await api.register((signedIn, _options, done) => {
        requireSignIn(signedIn, authenticate);
        for (const routes of signedInRoutes) routes(signedIn, context);
        done();
      });
    },
    { prefix: '/api' },
  );

  // CalDAV (D43): its own paths, methods and sign-in (app passwords over HTTP Basic).
  davRoutes(app, context);
  await serveWebApp(app, options.webDir ?? defaultWebDir);
  return app;
}
