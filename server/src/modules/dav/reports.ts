/**
 * The REPORTs a calendar collection answers (RFC 4791 §7.8–7.9, RFC 6578), one entry each in
 * `reports`: the request's root element names the report; each answers a status and its body.
 */
import type { Db } from '../../db';
import { davChangesSince } from '../../lib/list-versions';
import { type CollectionName, type DavCollections, listOf, type Member } from './collections';
import { messages } from '@cadence/contract';
import { passes, readFilter, todoMeets, todoTimes } from './filters';
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
  type XmlElement,
} from './xml';

export interface ReportInput {
  root: XmlElement;
  userId: number;
  /** Where a to-do's floating times and dates are. */
  timeZone: string;
  collection: CollectionName;
  /** The server's public address, which sync tokens start with. */
  base: string;
  db: Db;
  collections: DavCollections;
  /** The `<d:response>` of each member, with the properties the report's `<d:prop>` asks for. */
  respond: (members: Member[]) => Promise<string[]>;
  /** The same, for pages of members, a slice at a time. */
  respondAll: (pages: AsyncIterable<Member[]> | Iterable<Member[]>) => AsyncIterable<string>;
}

/** A report's answer: a whole body, or a 207 streamed: its responses, then what `after` gives. */
export type ReportAnswer =
  { status: number; body: string } | { parts: AsyncIterable<string>; after?: () => string };

type Report = (input: ReportInput) => Promise<ReportAnswer>;

/** The most hrefs one calendar-multiget names. */
export const MULTIGET_HREFS_MAX = 5_000;

/** calendar-multiget (RFC 4791 §7.9): the members named by href; a name not there answers its own 404. */
const multiget: Report = async ({ root, userId, collection, collections, respondAll }) => {
  const prefix = paths.collection(userId, collection);
  const hrefs = childElements(root)
    .filter((e) => isNamed(e, DAV, 'href'))
    .map((e) => textOf(e));
  if (hrefs.length > MULTIGET_HREFS_MAX)
    return {
      status: 403,
      body: davError({ ns: DAV, name: 'number-of-matches-within-limits' }, messages['dav.tooManyProperties']),
    };
  const nameOf = (href: string): string | undefined => {
    const path = href.replace(/^https?:\/\/[^/]+/, '');
    try {
      return path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : undefined;
    } catch {
      return undefined;
    }
  };
  const names = hrefs.map(nameOf);
  const ids = await collections.idsNamed(
    userId,
    collection,
    names.filter((name): name is string => name !== undefined),
  );
  const found = new Set<string>();
  async function* noted(): AsyncGenerator<Member[]> {
    for await (const page of collections.pages(userId, collection, { ids })) {
      for (const member of page) found.add(member.name);
      yield page;
    }
  }
  // Each href the collection has not: its own 404, after the others.
  const missing = () =>
    hrefs
      .filter((_, index) => names[index] === undefined || !found.has(names[index]))
      .map((href) => d('response', d('href', escapeXml(href)) + status(404, 'Not Found')))
      .join('');
  return { parts: respondAll(noted()), after: missing };
};

/** calendar-query (RFC 4791 §7.8): the members that pass the filter (filters.ts). */
const calendarQuery: Report = ({ root, userId, timeZone, collection, collections, respondAll }) => {
  const query = readFilter(child(root, CALDAV, 'filter'));
  const kind = collection === 'tasks' ? 'VTODO' : 'VEVENT';
  if (query.component && query.component !== kind)
    return Promise.resolve({ status: 207, body: multistatus([]) });
  const from = query.from ? Date.parse(query.from) : -Infinity;
  const to = query.to ? Date.parse(query.to) : Infinity;
  const ranged = collection === 'tasks' && (query.from !== undefined || query.to !== undefined);
  async function* passing(): AsyncGenerator<Member[]> {
    const selection = collection === 'tasks' ? {} : { from: query.from, to: query.to };
    for await (const page of collections.pages(userId, collection, selection)) {
      if (!ranged && query.props.length === 0) {
        yield page;
        continue;
      }
      const texts = await collections.data(page, collection);
      yield page.filter((member) => {
        const text = texts.get(member.id) ?? '';
        if (ranged && !todoMeets(todoTimes(text, timeZone), from, to)) return false;
        return passes(query, text);
      });
    }
  }
  return Promise.resolve({ parts: respondAll(passing()) });
};

/**
 * sync-collection (RFC 6578): with no token, every member and the current token; with one of
 * ours, what changed since (a member gone or no longer the user's to see: its own 404); with any
 * other, or one older than a change not told resource by resource, 403 valid-sync-token.
 */
const sync: Report = async ({ root, userId, collection, base, db, collections, respondAll }) => {
  const token = textOf(child(root, DAV, 'sync-token'));
  const current = await collections.version(userId, collection);
  const newToken = d('sync-token', escapeXml(syncTokenOf(base, collection, current)));
  if (token === '')
    return { parts: respondAll(collections.pages(userId, collection)), after: () => newToken };
  const prefix = `${base}/dav/sync/${collection}/`;
  const since = token.startsWith(prefix) ? Number(token.slice(prefix.length)) : Number.NaN;
  const changes =
    Number.isSafeInteger(since) && since >= 0 && since <= current
      ? await davChangesSince(db, userId, listOf(collection), since)
      : 'invalid';
  if (changes === 'invalid') return { status: 403, body: davError({ ns: DAV, name: 'valid-sync-token' }) };
  if (changes.length === 0) return { status: 207, body: multistatus([], newToken) };
  // Each href once (RFC 6578 §3.5): a name a deleted resource had and a present one has now is the
  // present one's, and two deleted resources under one name are one 404.
  const changed = changes;
  const present = new Set<number>();
  const told = new Set<string>();
  async function* noted(): AsyncGenerator<Member[]> {
    for await (const page of collections.pages(userId, collection, {
      ids: changed.map((c) => c.source_id),
    })) {
      for (const member of page) {
        present.add(member.id);
        told.add(member.name);
      }
      yield page;
    }
  }
  const gone = () => {
    const responses: string[] = [];
    for (const change of changed) {
      if (present.has(change.source_id) || told.has(change.name)) continue;
      told.add(change.name);
      responses.push(
        d(
          'response',
          d('href', escapeXml(paths.member(userId, collection, change.name))) + status(404, 'Not Found'),
        ),
      );
    }
    return responses.join('') + newToken;
  };
  return { parts: respondAll(noted()), after: gone };
};

export const reports: Array<{ name: QName; report: Report }> = [
  { name: { ns: CALDAV, name: 'calendar-multiget' }, report: multiget },
  { name: { ns: CALDAV, name: 'calendar-query' }, report: calendarQuery },
  { name: { ns: DAV, name: 'sync-collection' }, report: sync },
];
