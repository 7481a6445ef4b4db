/**
 * The REPORTs a calendar collection answers (RFC 4791 §7.8–7.9, RFC 6578), one entry each in
 * `reports`: the request's root element names the report; each answers a status and its body.
 */
import type { Element } from '@xmldom/xmldom';
import type { Db } from '../../db';
import { davChangesSince } from '../../lib/list-versions';
import { type CollectionName, type DavCollections, listOf, type Member } from './collections';
import { passes, readFilter } from './filters';
import { paths, syncTokenOf } from './properties';
import {
  CALDAV,
  child,
  childElements,
  d,
  DAV,
  davError,
  escapeXml,
  isNamed,
  multistatus,
  type QName,
  status,
  textOf,
} from './xml';

export interface ReportInput {
  root: Element;
  userId: number;
  collection: CollectionName;
  /** The server's public address, which sync tokens start with. */
  base: string;
  db: Db;
  collections: DavCollections;
  /** The `<d:response>` of each member, with the properties the report's `<d:prop>` asks for. */
  respond: (members: Member[]) => Promise<string[]>;
}

type Report = (input: ReportInput) => Promise<{ status: number; body: string }>;

/** calendar-multiget (RFC 4791 §7.9): the members named by href; a name not there answers its own 404. */
const multiget: Report = async ({ root, userId, collection, collections, respond }) => {
  const prefix = paths.collection(userId, collection);
  const names = childElements(root)
    .filter((e) => isNamed(e, DAV, 'href'))
    .map((e) => textOf(e));
  const members = await collections.members(userId, collection);
  const byName = new Map(members.map((member) => [member.name, member]));
  const found: Member[] = [];
  const missing: string[] = [];
  for (const href of names) {
    const path = href.replace(/^https?:\/\/[^/]+/, '');
    let name: string | undefined;
    try {
      name = path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : undefined;
    } catch {
      name = undefined;
    }
    const member = name === undefined ? undefined : byName.get(name);
    if (member) found.push(member);
    else missing.push(d('response', d('href', escapeXml(href)) + status(404, 'Not Found')));
  }
  return { status: 207, body: multistatus([...(await respond(found)), ...missing]) };
};

/** calendar-query (RFC 4791 §7.8): the members that pass the filter (filters.ts). */
const calendarQuery: Report = async ({ root, userId, collection, collections, respond }) => {
  const query = readFilter(child(root, CALDAV, 'filter'));
  const kind = collection === 'tasks' ? 'VTODO' : 'VEVENT';
  if (query.component && query.component !== kind) return { status: 207, body: multistatus([]) };
  let members = await collections.members(
    userId,
    collection,
    collection === 'tasks' ? {} : { from: query.from, to: query.to },
  );
  if (collection === 'tasks' && (query.from || query.to)) {
    // A to-do without a due day meets every range (RFC 4791 §9.9).
    members = members.filter((member) => {
      const due = member.kind === 'task' ? member.task.dueDate : null;
      if (!due) return true;
      return (
        (!query.to || `${due}T00:00:00.000Z` < query.to) &&
        (!query.from || `${due}T23:59:59.999Z` >= query.from)
      );
    });
  }
  if (query.props.length > 0) {
    const texts = await collections.data(members);
    members = members.filter((member) => passes(query, texts.get(member.id) ?? ''));
  }
  return { status: 207, body: multistatus(await respond(members)) };
};

/**
 * sync-collection (RFC 6578): with no token, every member and the current token; with one of
 * ours, what changed since (a member gone or no longer the user's to see: its own 404); with any
 * other, or one older than a change not told resource by resource, 403 valid-sync-token.
 */
const sync: Report = async ({ root, userId, collection, base, db, collections, respond }) => {
  const token = textOf(child(root, DAV, 'sync-token'));
  const current = await collections.version(userId, collection);
  const newToken = d('sync-token', escapeXml(syncTokenOf(base, collection, current)));
  if (token === '')
    return {
      status: 207,
      body: multistatus(await respond(await collections.members(userId, collection)), newToken),
    };
  const prefix = `${base}/dav/sync/${collection}/`;
  const since = token.startsWith(prefix) ? Number(token.slice(prefix.length)) : Number.NaN;
  const changes =
    Number.isSafeInteger(since) && since >= 0 && since <= current
      ? await davChangesSince(db, userId, listOf(collection), since)
      : 'invalid';
  if (changes === 'invalid') return { status: 403, body: davError({ ns: DAV, name: 'valid-sync-token' }) };
  if (changes.length === 0) return { status: 207, body: multistatus([], newToken) };
  const members = await collections.members(userId, collection, {
    ids: changes.map((c) => c.source_id),
  });
  const present = new Set(members.map((member) => member.id));
  const gone = changes
    .filter((change) => !present.has(change.source_id))
    .map((change) =>
      d(
        'response',
        d('href', escapeXml(paths.member(userId, collection, change.name))) + status(404, 'Not Found'),
      ),
    );
  return { status: 207, body: multistatus([...(await respond(members)), ...gone], newToken) };
};

export const reports: Array<{ name: QName; report: Report }> = [
  { name: { ns: CALDAV, name: 'calendar-multiget' }, report: multiget },
  { name: { ns: CALDAV, name: 'calendar-query' }, report: calendarQuery },
  { name: { ns: DAV, name: 'sync-collection' }, report: sync },
];
