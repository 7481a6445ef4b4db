/**
 * What every CalDAV method shares: the resource a path names, the request's XML body, refusals as
 * clients read them (D49), and 207 Multi-Status answers written whole or a slice at a time.
 */
import { Readable } from 'node:stream';
import { messages } from '@cadence/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../errors';
import { WorkSlicer } from '../../lib/work-slicer';
import { type CollectionName, isCollectionName, type Member } from './collections';
import {
  BadXml,
  childElements,
  DAV,
  multistatusHead,
  multistatusTail,
  parseXml,
  type QName,
  qnameOf,
  type XmlElement,
  XmlTooLarge,
} from './xml';

/** The most properties one PROPFIND or PROPPATCH names, and hrefs one multiget names. */
export const PROPERTIES_MAX = 200;

/** Where a path points. */
export type Target =
  | { kind: 'root' }
  | { kind: 'principal' }
  | { kind: 'home' }
  | { kind: 'collection'; collection: CollectionName }
  | { kind: 'member'; collection: CollectionName; name: string };

/** The path's target, for the signed-in user; undefined (404) for anything else, another user's included. */
export function targetOf(url: string, userId: number): Target | undefined {
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

export const xmlReply = (reply: FastifyReply, code: number, body: string) =>
  reply.code(code).header('content-type', 'application/xml; charset=utf-8').send(body);

/** A refusal as CalDAV clients read it (D49): the precondition, and why in words. */
export class DavRefusal extends Error {
  constructor(
    readonly status: number,
    readonly condition: QName,
    readonly reason: string,
    readonly inner = '',
  ) {
    super(reason);
  }
}

export const tooMany = () =>
  new DavRefusal(
    403,
    { ns: DAV, name: 'number-of-matches-within-limits' },
    messages['dav.tooManyProperties'],
  );

/** The body as XML, or undefined when there is none; 400 when it is not well-formed. */
export async function bodyXml(request: FastifyRequest): Promise<XmlElement | undefined> {
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

/** How many members' responses are written between two turns of the event loop, at most. */
const RESPONSE_SLICE = 50;

/** The responses of pages of members, a slice at a time, the event loop turning between slices. */
export async function* sliced(
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
export function streamed(
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
export const propNames = (prop: XmlElement | undefined): QName[] =>
  prop ? childElements(prop).map(qnameOf) : [];
