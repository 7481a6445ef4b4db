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
import { Readable } from 'node:stream';
import {
  createTaskInput,
  deviceCalendarDefaultNames,
  type Language,
  messages,
  type Task,
  updateTaskInput,
} from '@cadence/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError, badRequest, notFound } from '../../errors';
import { afterCommit } from '../../db/transaction';
import { davNameOf } from '../../lib/list-versions';
import { WorkSlicer } from '../../lib/work-slicer';
import type { TodoRow } from '../todos/presenter';
import type { DavUser } from '../auth/app-passwords';
import { LoginRefused } from '../auth/service';
import { ImportTooLarge, NotICalendar, readIcs } from '../calendar/ics-import';
import { type CollectionName, type CollectionSettings, isCollectionName, type Member } from './collections';
import { reports } from './reports';
import {
  allProperties,
  DAV_RESOURCE_MAX_BYTES,
  type PropContext,
  paths,
  propResponse,
  type ResourceKind,
} from './properties';
import { eventFieldsOf, todoFieldsOf } from './kept';
import { parseIcalText } from './ical-text';
import { NotVtodo, readVtodo, todoUid } from './vtodo';
import {
  BadXml,
  CALDAV,
  child,
  childElements,
  d,
  DAV,
  davError,
  element,
  escapeXml,
  isNamed,
  multistatus,
  multistatusHead,
  multistatusTail,
  parseXml,
  type QName,
  qnameOf,
  status,
  textOf,
  APPLE,
  type XmlElement,
  XmlTooLarge,
} from './xml';

const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'MKCALENDAR'] as const;
/** The most properties one PROPFIND or PROPPATCH names, and hrefs one multiget names. */
const PROPERTIES_MAX = 200;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT';

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

/** A refusal as CalDAV clients read it (D49): the precondition, and why in words. */
class DavRefusal extends Error {
  constructor(
    readonly status: number,
    readonly condition: QName,
    readonly reason: string,
    readonly inner = '',
  ) {
    super(reason);
  }
}

const tooMany = () =>
  new DavRefusal(
    403,
    { ns: DAV, name: 'number-of-matches-within-limits' },
    messages['dav.tooManyProperties'],
  );

/** The body as XML, or undefined when there is none; 400 when it is not well-formed. */
async function bodyXml(request: FastifyRequest): Promise<XmlElement | undefined> {
  const body = typeof request.body === 'string' ? request.body : '';
  if (body.trim() === '') return undefined;
  try {
    return await parseXml(body);
  } catch (error) {
    if (error instanceof BadXml) throw badRequest('BAD_XML', 'dav.badXml');
    if (error instanceof XmlTooLarge) throw tooMany();
    throw error;
  }
}

/**
 * A client's text as it is kept: CRLF line ends (RFC 5545 §3.1), a final one, no byte order mark.
 * Anything else is kept as sent.
 */
function storedForm(text: string): string {
  const body = (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n|\r|\n/g, '\r\n');
  return body.endsWith('\r\n') ? body : `${body}\r\n`;
}

/** How many members' responses are written between two turns of the event loop, at most. */
const RESPONSE_SLICE = 50;

/** The responses of pages of members, a slice at a time, the event loop turning between slices. */
async function* sliced(
  pages: AsyncIterable<Member[]> | Iterable<Member[]>,
  respond: (members: Member[]) => Promise<string[]>,
): AsyncGenerator<string> {
  const slicer = new WorkSlicer(8);
  for await (const page of pages) {
    for (let at = 0; at < page.length; at += RESPONSE_SLICE) {
      yield (await respond(page.slice(at, at + RESPONSE_SLICE))).join('');
      await slicer.pause();
    }
  }
}

/**
 * A 207 Multi-Status written as its responses are made: a full sync of tens of thousands of
 * objects neither waits for the last one nor holds the others' requests meanwhile.
 */
function streamed(
  reply: FastifyReply,
  first: string,
  parts: AsyncIterable<string>,
  after: () => string = () => '',
) {
  async function* body(): AsyncGenerator<string> {
    yield multistatusHead + first;
    for await (const part of parts) yield part;
    yield after() + multistatusTail;
  }
  return reply.code(207).header('content-type', 'application/xml; charset=utf-8').send(Readable.from(body()));
}

/** The properties a `<d:prop>` names. */
const propNames = (prop: XmlElement | undefined): QName[] => (prop ? childElements(prop).map(qnameOf) : []);

export function davRoutes(app: FastifyInstance, context: AppContext): void {
  const { appPasswords, calendar, todos } = context.services;
  const collections = context.services.davCollections;
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

  /**
   * The services tell the others a write concerns (D45); the one who made it over CalDAV has the
   * web app open elsewhere, so their own pages are told too, once the write is committed.
   */
  function changedHere(user: DavUser, collection: CollectionName) {
    afterCommit(context.database.db, () =>
      context.services.live.publish([user.id], {
        type: collection === 'tasks' ? 'todos' : 'calendar',
        data: {},
      }),
    );
  }

  function propContext(user: DavUser, extra: Partial<PropContext> = {}): PropContext {
    const language = (user.language in deviceCalendarDefaultNames ? user.language : 'en') as Language;
    return {
      userId: user.id,
      displayName: user.username,
      titles: deviceCalendarDefaultNames[language],
      base,
      ...extra,
    };
  }

  async function propfind(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    const root = await bodyXml(request);
    if (root && !isNamed(root, DAV, 'propfind')) throw badRequest('BAD_XML', 'dav.badXml');
    const prop = root && child(root, DAV, 'prop');
    const namesOnly = root !== undefined && child(root, DAV, 'propname') !== undefined;
    const depth = request.headers.depth === '0' ? 0 : 1;
    const wantedOf = (kind: ResourceKind) => (prop ? propNames(prop) : allProperties(kind));
    if (prop && childElements(prop).length > PROPERTIES_MAX) throw tooMany();
    const responses: string[] = [];
    const settings =
      target.kind === 'home' || target.kind === 'collection'
        ? await collections.settings(user.id)
        : undefined;
    const add = (path: string, kind: ResourceKind, extra: Partial<PropContext> = {}) =>
      responses.push(
        propResponse(path, kind, wantedOf(kind), propContext(user, { settings, ...extra }), namesOnly),
      );

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
        const wanted = wantedOf('member');
        const respond = (members: Member[]) => memberResponses(user, collection, members, wanted, namesOnly);
        return streamed(reply, responses.join(''), sliced(collections.pages(user.id, collection), respond));
      }
    } else {
      const member = await collections.named(user.id, target.collection, target.name);
      if (!member) throw notFound();
      const data = propNames(prop).some((q) => q.name === 'calendar-data')
        ? (await collections.data([member], target.collection)).get(member.id)
        : undefined;
      add(paths.member(user.id, target.collection, member.name), 'member', {
        collection: target.collection,
        member,
        data,
      });
    }
    return xmlReply(reply, 207, multistatus(responses));
  }

  /**
   * A collection's name and colour are the user's to set (D49), as a property update holds them:
   * all of it or nothing (RFC 4918 §9.2: the others 424). Anything else is refused, 403 each.
   */
  async function proppatch(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    const root = await bodyXml(request);
    if (!root || !isNamed(root, DAV, 'propertyupdate')) throw badRequest('BAD_XML', 'dav.badXml');
    const changes: Array<{ qname: QName; value: string | null }> = [];
    for (const action of childElements(root)) {
      const removing = isNamed(action, DAV, 'remove');
      if (!removing && !isNamed(action, DAV, 'set')) continue;
      const prop = child(action, DAV, 'prop');
      for (const property of prop ? childElements(prop) : []) {
        changes.push({ qname: qnameOf(property), value: removing ? null : textOf(property) });
      }
    }
    if (changes.length > PROPERTIES_MAX) throw tooMany();
    const settable = target.kind === 'collection';
    const update: CollectionSettings = {};
    const refused = new Set<number>();
    changes.forEach(({ qname, value }, index) => {
      if (settable && qname.ns === DAV && qname.name === 'displayname') {
        const name = value?.trim() ?? null;
        if (name !== null && (name.length < 1 || name.length > 100)) refused.add(index);
        else update.displayName = name;
      } else if (settable && qname.ns === APPLE && qname.name === 'calendar-color') {
        const color = value?.trim() ?? null;
        if (color !== null && !/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(color)) refused.add(index);
        else update.color = color;
      } else refused.add(index);
    });
    if (refused.size === 0 && target.kind === 'collection') {
      await collections.setSettings(user.id, target.collection, update);
    }
    const props = (wanted: (index: number) => boolean) =>
      changes.flatMap((change, index) => (wanted(index) ? [element(change.qname)] : [])).join('');
    const propstats =
      refused.size === 0
        ? d(
            'propstat',
            d(
              'prop',
              props(() => true),
            ) + status(200, 'OK'),
          )
        : d(
            'propstat',
            d(
              'prop',
              props((i) => refused.has(i)),
            ) + status(403, 'Forbidden'),
          ) +
          (refused.size < changes.length
            ? d(
                'propstat',
                d(
                  'prop',
                  props((i) => !refused.has(i)),
                ) + status(424, 'Failed Dependency'),
              )
            : '');
    return xmlReply(
      reply,
      207,
      multistatus([d('response', d('href', escapeXml(request.url.split('?')[0]!)) + propstats)]),
    );
  }

  /** Each member's `<d:response>` with the properties asked for (calendar-data read only when asked). */
  async function memberResponses(
    user: DavUser,
    collection: CollectionName,
    members: Member[],
    wanted: QName[],
    namesOnly = false,
  ): Promise<string[]> {
    const data =
      !namesOnly && wanted.some((q) => q.ns === CALDAV && q.name === 'calendar-data')
        ? await collections.data(members, collection)
        : undefined;
    return members.map((member) =>
      propResponse(
        paths.member(user.id, collection, member.name),
        'member',
        wanted,
        propContext(user, { collection, member, data: data?.get(member.id) }),
        namesOnly,
      ),
    );
  }

  async function report(
    request: FastifyRequest,
    reply: FastifyReply,
    user: DavUser,
    collection: CollectionName,
  ) {
    const root = await bodyXml(request);
    if (!root) throw badRequest('BAD_XML', 'dav.badXml');
    const wanted = propNames(child(root, DAV, 'prop'));
    if (wanted.length > PROPERTIES_MAX) throw tooMany();
    const respond = (members: Member[]) => memberResponses(user, collection, members, wanted);

    const run = reports.find((entry) => isNamed(root, entry.name.ns, entry.name.name));
    if (!run) throw badRequest('BAD_XML', 'dav.badXml');
    const answer = await run.report({
      root,
      userId: user.id,
      timeZone: user.timeZone,
      collection,
      base,
      db: context.database.db,
      collections,
      respond,
      respondAll: (pages) => sliced(pages, respond),
    });
    if ('body' in answer) return xmlReply(reply, answer.status, answer.body);
    return streamed(reply, '', answer.parts, answer.after);
  }

  async function get(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') {
      // A collection read as a page: say what it is.
      return reply.code(200).header('content-type', 'text/plain; charset=utf-8').send('Cadence CalDAV\n');
    }
    const member = await collections.named(user.id, target.collection, target.name);
    if (!member) throw notFound();
    const text = (await collections.data([member], target.collection)).get(member.id)!;
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

  const tooMany = () =>
    new DavRefusal(
      403,
      { ns: DAV, name: 'number-of-matches-within-limits' },
      messages['dav.tooManyProperties'],
    );
  const invalid = (reason: string) =>
    new DavRefusal(403, { ns: CALDAV, name: 'valid-calendar-data' }, reason);

  async function put(request: FastifyRequest, reply: FastifyReply, user: DavUser, target: Target) {
    if (target.kind !== 'member') throw new AppError(405, 'METHOD_NOT_ALLOWED', messages['request.bad']);
    if (target.collection === 'shared')
      throw new DavRefusal(403, { ns: DAV, name: 'need-privileges' }, messages['dav.readOnly']);
    const type = String(request.headers['content-type'] ?? '');
    if (!/^text\/calendar\b/i.test(type)) {
      throw new DavRefusal(415, { ns: CALDAV, name: 'supported-calendar-data' }, messages['dav.notCalendar']);
    }
    const sent = typeof request.body === 'string' ? request.body : '';
    const text = storedForm(sent);
    const existing = await collections.named(user.id, target.collection, target.name);
    checkPreconditions(request, existing);
    try {
      parseIcalText(text);
    } catch {
      throw invalid(messages['dav.notCalendar']);
    }
    const wrongComponent = (key: 'dav.wrongComponent' | 'dav.wrongTodoComponent') =>
      new DavRefusal(403, { ns: CALDAV, name: 'supported-calendar-component' }, messages[key]);
    const uidConflict = (name: string) =>
      new DavRefusal(
        409,
        { ns: CALDAV, name: 'no-uid-conflict' },
        messages['dav.uidTaken'],
        d('href', escapeXml(paths.member(user.id, target.collection, name))),
      );

    let id: number;
    if (target.collection === 'events') {
      if (/^BEGIN:VTODO/im.test(text) && !/^BEGIN:VEVENT/im.test(text))
        throw wrongComponent('dav.wrongComponent');
      let parsed;
      try {
        parsed = await readIcs(text, user.timeZone, new WorkSlicer());
      } catch (error) {
        if (error instanceof NotICalendar || error instanceof ImportTooLarge)
          throw invalid(messages['dav.notCalendar']);
        throw error;
      }
      if (parsed.events.length !== 1) {
        const skipped = parsed.skipped[0];
        throw invalid(
          parsed.events.length > 1
            ? messages['dav.oneObject']
            : skipped
              ? messages[skipped.reason]
              : messages['dav.notCalendar'],
        );
      }
      const event = parsed.events[0]!;
      if (!event.uid) throw invalid(messages['dav.noUid']);
      const other = await calendar.uidTaken(user.id, event.uid, existing?.id);
      if (other !== undefined) throw uidConflict(other);
      const row = await calendar.putDavEvent(
        user.id,
        event,
        existing ? { id: existing.id } : { name: target.name },
        {
          text,
          fieldsOf: (stored, exceptions) => JSON.stringify(eventFieldsOf(stored, exceptions)),
        },
      );
      id = row.id;
    } else {
      if (/^BEGIN:VEVENT/im.test(text) && !/^BEGIN:VTODO/im.test(text))
        throw wrongComponent('dav.wrongTodoComponent');
      const known = new Map(
        (await context.services.tags.list(user.id)).data.map((tag) => [tag.name.toLowerCase(), tag.name]),
      );
      let read;
      try {
        read = readVtodo(text, user.timeZone, (name) => known.get(name.toLowerCase()));
      } catch (error) {
        if (error instanceof NotVtodo) throw invalid(messages[error.reason]);
        throw error;
      }
      if (existing?.kind === 'task' && todoUid(existing.row) !== read.uid) throw uidConflict(existing.name);
      const other = await todos.davTaskWithUid(user.id, read.uid, existing?.id);
      if (other) throw uidConflict(davNameOf(other));
      const { assignee: _assignee, groups: _groups, isCompleted, ...fields } = read.input;
      const dav = {
        text,
        repeatRule: read.repeatRule,
        completedAt: read.completedAt,
        fieldsOf: (row: TodoRow, task: Task) => JSON.stringify(todoFieldsOf(row, task, user.timeZone)),
      };
      if (existing) {
        await todos.update(user.id, existing.id, checked(updateTaskInput, { ...fields, isCompleted }), dav);
        id = existing.id;
      } else {
        const created = await todos.create(user.id, checked(createTaskInput, fields), {
          ...dav,
          uid: read.uid,
          name: target.name,
        });
        id = Number(created._id);
        if (isCompleted) await todos.update(user.id, id, { isCompleted: true }, dav);
      }
    }
    // An ETag only for an object stored byte for byte as sent (RFC 4791 §5.3.4): otherwise the
    // client reads back what was kept.
    const stored = (await collections.members(user.id, target.collection, { ids: [id] }))[0];
    if (stored && text === sent) void reply.header('etag', stored.etag);
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
