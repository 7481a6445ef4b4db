/**
 * CalDAV (RFC 4791, 6578; D43) under /dav/, discovered from /.well-known/caldav:
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
import { createTaskInput, type Language, messages, updateTaskInput } from '@cadence/contract';
import type { Element } from '@xmldom/xmldom';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { WorkSlicer } from '../../lib/work-slicer';
import type { DavUser } from '../auth/app-passwords';
import { LoginRefused } from '../auth/service';
import { ImportTooLarge, NotICalendar, readIcs } from '../calendar/ics-import';
import { type CollectionName, DavCollections, isCollectionName, type Member } from './collections';
import { reports } from './reports';
import {
  allProperties,
  DAV_RESOURCE_MAX_BYTES,
  type PropContext,
  paths,
  propResponse,
  type ResourceKind,
} from './properties';
import { NotVtodo, readVtodo, todoUid } from './vtodo';
import {
  BadXml,
  CALDAV,
  child,
  childElements,
  d,
  DAV,
  escapeXml,
  isNamed,
  multistatus,
  parseXml,
  type QName,
  qnameOf,
  status,
} from './xml';

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'MKCALENDAR'] as const;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

/** The collections' names as a client shows them, in the user's language. */
const titles: Record<Language, Record<CollectionName, string>> = {
  en: { events: 'Cadence', shared: 'Cadence – shared with me', tasks: 'Cadence tasks' },
  fr: { events: 'Cadence', shared: 'Cadence – partagés avec moi', tasks: 'Tâches Cadence' },
  de: { events: 'Cadence', shared: 'Cadence – mit mir geteilt', tasks: 'Cadence-Aufgaben' },
  pt: { events: 'Cadence', shared: 'Cadence – partilhados comigo', tasks: 'Tarefas Cadence' },
};

declare module 'fastify' {
  interface FastifyRequest {
    davUser?: DavUser;
  }
}

/** Where a path points. */
type Target =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'collection'; collection: CollectionName }
  | { kind: 'member'; collection: CollectionName; name: string };

/** The path's target, for the signed-in user; undefined (404) for anything else, another user's included. */
function targetOf(url: string, userId: number): Target | undefined {
  const path = url.split('?')[0]!;
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'dav') return undefined;
  const [, area, owner, collection, name, ...rest] = parts;
  if (area === undefined) return { kind: 'root' };
  if (owner !== String(userId) || rest.length > 0) return undefined;
  if (area === 'principals') return collection === undefined ? { kind: 'principal' } : undefined;
  if (area !== 'calendars') return undefined;
  if (collection === undefined) return { kind: 'home' };
  if (!isCollectionName(collection)) return undefined;
  if (name === undefined) return { kind: 'collection', collection };
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return undefined;
  }
  const printable = [...decoded].every((c) => c.charCodeAt(0) >= 0x20 && c !== '/' && c !== '\\');
  return printable && decoded.length >= 1 && decoded.length <= 200
    ? { kind: 'member', collection, name: decoded }
    : undefined;
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

/** The value as the schema reads it, or 400 in the D10 shape naming each field that is wrong. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new AppError(
    400,
    'VALIDATION_ERROR',
    Object.values(fields)[0] ?? messages['dav.notCalendar'],
    fields,
  );
}

const xmlReply = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).header('content-type', 'application/xml; charset=utf-8').send(body);

/** The body as XML, or undefined when there is none; 400 when it is not well-formed. */
function bodyXml(request: FastifyRequest): Element | undefined {
  const body = typeof request.body === 'string' ? request.body : '';
  if (body.trim() === '') return undefined;
  try {
    return parseXml(body);
  } catch (error) {
    if (error instanceof BadXml) throw badRequest('BAD_XML', 'dav.badXml');
    throw error;
  }
}

/** The properties a `<d:prop>` names. */
const propNames = (prop: Element | undefined): QName[] => (prop ? childElements(prop).map(qnameOf) : []);

export function davRoutes(app: FastifyInstance, context: AppContext): void {
  const { appPasswords, calendar, todos } = context.services;
  const collections = new DavCollections({ db: context.database.db, calendar, todos });
  const base = context.config.PUBLIC_URL;

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
    done();
  });

  app.register(
    (dav, _options, done) => {
      takeText(dav);

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
        return proppatch(request, reply);
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

  /**
   * The services tell the others a write concerns (D45); the one who made it over CalDAV has the
   * web app open elsewhere, so their own pages are told too, once the write is committed.
   */
  function changedHere(user: DavUser, collection: CollectionName) {
    context.services.live.publish([user.id], {
      type: collection === 'tasks' ? 'todos' : 'calendar',
      data: {},
    });
  }

  function propContext(user: DavUser, extra: Partial<PropContext> = {}): PropContext {
    const language = (user.language in titles ? user.language : 'en') as Language;
    return { userId: user.id, displayName: user.username, titles: titles[language], base, ...extra };
  }

  async function propfind(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    const root = bodyXml(request);
    if (root && !isNamed(root, DAV, 'propfind')) throw badRequest('BAD_XML', 'dav.badXml');
    const prop = root && child(root, DAV, 'prop');
    const namesOnly = root !== undefined && child(root, DAV, 'propname') !== undefined;
    const depth = request.headers.depth === '0' ? 0 : 1;
    const wantedOf = (kind: ResourceKind) => (prop ? propNames(prop) : allProperties(kind));
    const responses: string[] = [];
    const add = (path: string, kind: ResourceKind, extra: Partial<PropContext> = {}) =>
      responses.push(propResponse(path, kind, wantedOf(kind), propContext(user, extra), namesOnly));

    if (target.kind === 'root') {
      add(paths.root(), 'root');
    } else if (target.kind === 'principal') {
      add(paths.principal(user.id), 'principal');
    } else if (target.kind === 'home') {
      add(paths.home(user.id), 'home');
      if (depth === 1) {
        for (const collection of ['events', 'shared', 'tasks'] as const) {
          add(paths.collection(user.id, collection), 'collection', {
            collection,
            version: await collections.version(user.id, collection),
          });
        }
      }
    } else if (target.kind === 'collection') {
      const { collection } = target;
      const version = await collections.version(user.id, collection);
      add(paths.collection(user.id, collection), 'collection', { collection, version });
      if (depth === 1) {
        const members = await collections.members(user.id, collection);
        const wantsData = propNames(prop).some((q) => q.ns === CALDAV && q.name === 'calendar-data');
        const data = wantsData ? await collections.data(members) : undefined;
        for (const member of members) {
          add(paths.member(user.id, collection, member.name), 'member', {
            collection,
            member,
            data: data?.get(member.id),
          });
        }
      }
    } else {
      const member = await collections.named(user.id, target.collection, target.name);
      if (!member) throw notFound();
      const data = propNames(prop).some((q) => q.name === 'calendar-data')
        ? (await collections.data([member])).get(member.id)
        : undefined;
      add(paths.member(user.id, target.collection, member.name), 'member', {
        collection: target.collection,
        member,
        data,
      });
    }
    return xmlReply(reply, 207, multistatus(responses));
  }

  /** Nothing of ours is set by a client: each property is refused (RFC 4918 §9.2). */
  function proppatch(request: FastifyRequest, reply: FastifyReply) {
    const root = bodyXml(request);
    if (!root || !isNamed(root, DAV, 'propertyupdate')) throw badRequest('BAD_XML', 'dav.badXml');
    const names = childElements(root).flatMap((action) => propNames(child(action, DAV, 'prop')));
    const props = names.map((q) => `<x:${q.name} xmlns:x="${escapeXml(q.ns)}"/>`).join('');
    return xmlReply(
      reply,
      207,
      multistatus([
        d(
          'response',
          d('href', escapeXml(request.url)) + d('propstat', d('prop', props) + status(403, 'Forbidden')),
        ),
      ]),
    );
  }

  async function report(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    collection: CollectionName,
  ) {
    const root = bodyXml(request);
    if (!root) throw badRequest('BAD_XML', 'dav.badXml');
    const wanted = propNames(child(root, DAV, 'prop'));
    const respond = async (members: Member[]) => {
      const data = wanted.some((q) => q.ns === CALDAV && q.name === 'calendar-data')
        ? await collections.data(members)
        : undefined;
      return members.map((member) =>
        propResponse(
          paths.member(user.id, collection, member.name),
          'member',
          wanted,
          propContext(user, { collection, member, data: data?.get(member.id) }),
        ),
      );
    };

    const run = reports.find((entry) => isNamed(root, entry.name.ns, entry.name.name));
    if (!run) throw badRequest('BAD_XML', 'dav.badXml');
    const answer = await run.report({
      root,
      userId: user.id,
      collection,
      base,
      db: context.database.db,
      collections,
      respond,
    });
    return xmlReply(reply, answer.status, answer.body);
  }

  async function get(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') {
      // A collection read as a page: say what it is.
      return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('Cadence CalDAV\n');
    }
    const member = await collections.named(user.id, target.collection, target.name);
    if (!member) throw notFound();
    const text = (await collections.data([member])).get(member.id)!;
    void reply.header('etag', member.etag).header('content-type', 'text/calendar; charset=utf-8');
    if (request.headers['if-none-match'] === member.etag) return reply.code(304).send();
    return reply.code(200).send(request.method === 'HEAD' ? undefined : text);
  }

  /** 412 when the request's If-Match / If-None-Match do not hold for the resource as it is. */
  function checkPreconditions(request: FastifyRequest, member: Member | undefined) {
    const ifMatch = request.headers['if-match'];
    const ifNoneMatch = request.headers['if-none-match'];
    const failed =
      (ifMatch !== undefined &&
        (!member ||
          (ifMatch.trim() !== '*' &&
            !ifMatch
              .split(',')
              .map((t) => t.trim())
              .includes(member.etag)))) ||
      (ifNoneMatch !== undefined &&
        member !== undefined &&
        (ifNoneMatch.trim() === '*' ||
          ifNoneMatch
            .split(',')
            .map((t) => t.trim())
            .includes(member.etag)));
    if (failed) throw new AppError(412, 'PRECONDITION_FAILED', messages['dav.preconditionFailed']);
  }

  async function put(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') throw new AppError(405, 'METHOD_NOT_ALLOWED', messages['request.bad']);
    if (target.collection === 'shared') throw new AppError(403, 'READ_ONLY', messages['dav.readOnly']);
    const type = String(request.headers['content-type'] ?? '');
    if (!/^text\/calendar\b/i.test(type)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages['dav.notCalendar']);
    }
    const text = typeof request.body === 'string' ? request.body : '';
    const existing = await collections.named(user.id, target.collection, target.name);
    checkPreconditions(request, existing);
    const notCalendar = (key: 'dav.notCalendar' | 'dav.wrongComponent' | 'dav.wrongTodoComponent') =>
      badRequest('VALIDATION_ERROR', key, { body: messages[key] });

    let id: number;
    if (target.collection === 'events') {
      if (/BEGIN:VTODO/i.test(text) && !/BEGIN:VEVENT/i.test(text)) throw notCalendar('dav.wrongComponent');
      let parsed;
      try {
        parsed = await readIcs(text, user.timeZone, new WorkSlicer());
      } catch (error) {
        if (error instanceof NotICalendar || error instanceof ImportTooLarge)
          throw notCalendar('dav.notCalendar');
        throw error;
      }
      if (parsed.events.length !== 1) {
        const why = parsed.skipped[0] ? messages[parsed.skipped[0].reason] : messages['dav.notCalendar'];
        throw new AppError(400, 'VALIDATION_ERROR', messages['dav.notCalendar'], { body: why });
      }
      const event = parsed.events[0]!;
      if (!event.uid || (await calendar.uidTaken(user.id, event.uid, existing?.id))) {
        throw new AppError(409, 'UID_CONFLICT', messages['dav.uidTaken']);
      }
      const row = await calendar.putDavEvent(
        user.id,
        event,
        existing ? { id: existing.id } : { name: target.name },
      );
      id = row.id;
    } else {
      if (/BEGIN:VEVENT/i.test(text) && !/BEGIN:VTODO/i.test(text))
        throw notCalendar('dav.wrongTodoComponent');
      const known = new Map(
        (await context.services.tags.list(user.id)).data.map((tag) => [tag.name.toLowerCase(), tag.name]),
      );
      let read;
      try {
        read = readVtodo(text, user.timeZone, (name) => known.get(name.toLowerCase()));
      } catch (error) {
        if (error instanceof NotVtodo) throw notCalendar('dav.notCalendar');
        throw error;
      }
      if (existing?.kind === 'task' && todoUid(existing.row) !== read.uid) {
        throw new AppError(409, 'UID_CONFLICT', messages['dav.uidTaken']);
      }
      const { assignee: _assignee, groups: _groups, isCompleted, ...fields } = read.input;
      if (existing) {
        await todos.update(user.id, existing.id, checked(updateTaskInput, { ...fields, isCompleted }));
        id = existing.id;
      } else {
        const created = await todos.create(user.id, checked(createTaskInput, fields), {
          uid: read.uid,
          name: target.name,
        });
        id = Number(created._id);
        if (isCompleted) await todos.update(user.id, id, { isCompleted: true });
      }
    }
    const stored = (await collections.members(user.id, target.collection, { ids: [id] }))[0];
    if (stored) void reply.header('etag', stored.etag);
    changedHere(user, target.collection);
    return reply.code(existing ? 204 : 201).send();
  }

  async function remove(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') throw new AppError(403, 'FORBIDDEN', messages['request.forbidden']);
    if (target.collection === 'shared') throw new AppError(403, 'READ_ONLY', messages['dav.readOnly']);
    const member = await collections.named(user.id, target.collection, target.name);
    if (!member) throw notFound();
    checkPreconditions(request, member);
    if (member.kind === 'task') await todos.remove(user.id, member.id);
    else await calendar.remove(user.id, member.id);
    changedHere(user, target.collection);
    return reply.code(204).send();
  }
}
