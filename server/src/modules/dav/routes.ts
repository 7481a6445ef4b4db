/**
 * CalDAV's routes: discovery at /.well-known/caldav, and under /dav/ each request signed in with an
 * app password and handed to its method's handler (propfind.ts, report.ts, objects.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@cadence/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { DavUser } from '../auth/app-passwords';
import { LoginRefused } from '../auth/service';
import { DavRefusal, targetOf, xmlReply } from './http';
import { objectHandlers } from './objects';
import { DAV_RESOURCE_MAX_BYTES } from './properties';
import { propertyHandlers } from './propfind';
import { reportHandler } from './report';
import { CALDAV, davError } from './xml';

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'MKCALENDAR'] as const;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

declare module 'fastify' {
  interface FastifyRequest {
    davUser?: DavUser;
  }
}

/** `Basic base64(login:secret)`, or undefined. */
function basicCredentials(header: string | undefined): { login: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  return { login: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/**
 * The routes of CalDAV (RFC 4791, 6578; D43) under /dav/, discovered from /.well-known/caldav:
 *
 *   /dav/                                   the root: where the signed-in user's principal is
 *   /dav/principals/<id>/                   the principal: where their calendars are
 *   /dav/calendars/<id>/                    the calendar home, holding three collections:
 *   /dav/calendars/<id>/{events,shared,tasks}/<name>   their members, one .ics each
 *
 * Every request signs in with HTTP Basic and an app password (auth/app-passwords.ts); another
 * user's paths answer 404. Methods: OPTIONS, PROPFIND (depth 0 and 1), PROPPATCH (refused per
 * property), REPORT (calendar-query, calendar-multiget, sync-collection), GET/HEAD, PUT (with
 * If-Match / If-None-Match) and DELETE. A write goes through the calendar's and the to-dos'
 * services, so it is checked, authorized, live-published and reminded as a write from the app.
 */
export function davRoutes(app: FastifyInstance, context: AppContext): void {
  const { appPasswords } = context.services;
  const { propfind, proppatch, memberResponses } = propertyHandlers(context);
  const report = reportHandler(context, { memberResponses });
  const { get, put, remove } = objectHandlers(context);

  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }

  /** Bodies as text: XML for PROPFIND and REPORT, iCalendar for PUT; nothing larger than a resource. */
  const takeText = (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: DAV_RESOURCE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  };

  // Clients look here first (RFC 6764); the root answers where the user's calendars are.
  app.register((wellKnown, _options, done) => {
    takeText(wellKnown);
    wellKnown.route({
      method: ['GET', 'HEAD', 'PROPFIND', 'OPTIONS'],
      url: '/.well-known/caldav',
      schema: { hide: true },
      handler: (_request, reply) => reply.redirect('/dav/', 301),
    });
    // A client given only the server's address asks its root (python-caldav, some set-ups of DAVx5).
    wellKnown.route({
      method: ['PROPFIND'],
      url: '/',
      schema: { hide: true },
      handler: (_request, reply) => reply.redirect('/dav/', 301),
    });
    done();
  });

  app.register(
    (dav, _options, done) => {
      takeText(dav);

      // Refusals of a write are DAV error bodies (RFC 4918 §16) clients can show; the rest as the API's.
      dav.setErrorHandler((error, _request, reply) => {
        if (error instanceof DavRefusal)
          return xmlReply(reply, error.status, davError(error.condition, error.reason, error.inner));
        if ((error as { statusCode?: number }).statusCode === 413)
          return xmlReply(
            reply,
            413,
            davError({ ns: CALDAV, name: 'max-resource-size' }, messages['dav.tooLarge']),
          );
        throw error;
      });

      dav.addHook('onRequest', async (request, reply) => {
        if (request.method === 'OPTIONS') return;
        const credentials = basicCredentials(request.headers.authorization);
        const refuse = () =>
          reply.code(401).header('www-authenticate', 'Basic realm="Cadence CalDAV", charset="UTF-8"').send({
            statusCode: 401,
            error: 'Unauthorized',
            code: 'UNAUTHORIZED',
            message: messages['auth.required'],
          });
        if (!credentials) return refuse();
        let user: DavUser | undefined;
        try {
          user = await appPasswords.verify(credentials.login, credentials.secret, request.ip);
        } catch (error) {
          if (error instanceof LoginRefused)
            void reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
        if (!user) return refuse();
        request.davUser = user;
      });

      dav.route({
        method: ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_METHODS],
        url: '/*',
        schema: { hide: true },
        handler: (request, reply) => handle(request, reply),
      });
      dav.route({
        method: ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_METHODS],
        url: '/',
        schema: { hide: true },
        handler: (request, reply) => handle(request, reply),
      });
      done();
    },
    { prefix: '/dav' },
  );

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    void reply.header('dav', '1, 3, calendar-access').header('cache-control', 'no-store');
    if (request.method === 'OPTIONS') return reply.code(200).header('allow', ALLOW).send();
    const user = request.davUser!;
    const target = targetOf(request.url, user.id);
    if (!target) throw notFound();
    switch (request.method) {
      case 'PROPFIND':
        return propfind(request, reply, user, target);
      case 'REPORT':
        if (target.kind !== 'collection') throw notFound();
        return report(request, reply, user, target.collection);
      case 'PROPPATCH':
        return proppatch(request, reply, user, target);
      case 'GET':
      case 'HEAD':
        return get(request, reply, user, target);
      case 'PUT':
        return put(request, reply, user, target);
      case 'DELETE':
        return remove(request, reply, user, target);
      default:
        // MKCOL, MKCALENDAR: the collections are fixed.
        return reply.code(403).send({
          statusCode: 403,
          error: 'Forbidden',
          code: 'FORBIDDEN',
          message: messages['request.forbidden'],
        });
    }
  }
}
