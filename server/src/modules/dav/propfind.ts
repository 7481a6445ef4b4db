/**
 * PROPFIND and PROPPATCH: where a user's principal and calendars are, each resource's properties
 * (depth 0 and 1, a collection's members streamed), and the names and colours given to collections.
 */
import { deviceCalendarDefaultNames, type Language } from '@cadence/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import type { DavUser } from '../auth/app-passwords';
import type { CollectionName, CollectionSettings, Member } from './collections';
import { bodyXml, PROPERTIES_MAX, propNames, sliced, streamed, type Target, tooMany, xmlReply } from './http';
import { allProperties, type PropContext, paths, propResponse, type ResourceKind } from './properties';
import {
  APPLE,
  CALDAV,
  child,
  childElements,
  d,
  DAV,
  element,
  escapeXml,
  isNamed,
  multistatus,
  type QName,
  qnameOf,
  status,
  textOf,
} from './xml';

/** The handlers of PROPFIND and PROPPATCH, and the members' responses a REPORT answers with too. */
export function propertyHandlers(context: AppContext) {
  const collections = context.services.davCollections;
  const base = context.config.PUBLIC_URL;

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

  return { propfind, proppatch, memberResponses };
}

export type PropertyHandlers = ReturnType<typeof propertyHandlers>;
