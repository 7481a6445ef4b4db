/**
 * Answers read far more often than they change (a board, a user's list of goals) are kept as JSON
 * bytes per version: serialised once, compressed at most once per encoding, and sent as they are
 * while the version stored in the database is unchanged — whichever instance changed it. A client
 * that already holds the version's ETag gets 304 before anything is read.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressOnce, type Encoding, preferredEncoding } from '../plugins/compression';
import type { LRUCache } from 'lru-cache';
import { keptCache } from './caches';
import { WorkSlicer } from './work-slicer';

/** Items of a top-level array serialised between two chances for the event loop to turn. */
const SLICE_ITEMS = 250;

/**
 * `JSON.stringify(value)`'s bytes, the long arrays of an object's top level (a month's 5,000
 * occurrences, a thousand goals) written a slice at a time, the event loop turning between slices
 * every 15 ms (D41): written whole, a 1–2 MB answer held it 20–45 ms at once here. Anything else
 * is written whole.
 */
export async function jsonInSlices(value: unknown): Promise<Buffer> {
  const long = (field: unknown): field is unknown[] => Array.isArray(field) && field.length > SLICE_ITEMS;
  if (
    value === null ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function' ||
    !Object.values(value).some(long)
  ) {
    return Buffer.from(JSON.stringify(value));
  }
  const slicer = new WorkSlicer();
  const parts: Buffer[] = [];
  let separator = '{';
  for (const [key, field] of Object.entries(value)) {
    // As JSON.stringify: such fields are left out.
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
    parts.push(Buffer.from(`${separator}${JSON.stringify(key)}:`));
    separator = ',';
    if (!long(field)) {
      parts.push(Buffer.from(JSON.stringify(field)));
      continue;
    }
    for (let at = 0; at < field.length; at += SLICE_ITEMS) {
      // A slice as an array, its brackets taken off: its items exactly as the whole array's.
      const items = JSON.stringify(field.slice(at, at + SLICE_ITEMS)).slice(1, -1);
      parts.push(Buffer.from(`${at === 0 ? '[' : ','}${items}`));
      await slicer.pause();
    }
    parts.push(Buffer.from(']'));
  }
  // A long array was written, so the object's brace is open.
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/** One answer's JSON at one version, with its compressed forms made the first time each is asked for. */
export class CachedJson {
  private readonly encoded = new Map<Exclude<Encoding, 'identity'>, Buffer>();
  private size: number;

  constructor(
    readonly version: number,
    private readonly json: Buffer,
  ) {
    this.size = json.length;
  }

  get bytes(): number {
    return this.size;
  }

  body(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.json;
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressOnce(this.json, encoding);
      this.encoded.set(encoding, body);
      this.size += body.length;
    }
    return body;
  }
}

/**
 * The most recently used answers by key, valid while their version holds, within a number of
 * entries and of bytes (a user's thousand goals are about a megabyte), each gone once unused for
 * a while (caches.ts). An answer's bytes are counted with room for its compressed forms, made
 * later, which are a fraction of it.
 */
export class VersionedCache<K extends string | number> {
  private readonly entries: LRUCache<K, CachedJson>;
  private readonly flights = new Map<string, Promise<CachedJson>>();

  constructor(capacity: number, maxBytes = 16 * 1024 * 1024) {
    this.entries = keptCache<K, CachedJson>({
      max: capacity,
      maxBytes,
      bytesOf: (entry) => entry.bytes * 1.5,
    });
  }

  get(key: K, version: number): CachedJson | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    return entry;
  }

  async through(key: K, version: number, load: () => Promise<unknown>): Promise<CachedJson> {
    const entry = this.get(key, version);
    if (entry) return entry;
    // Requests for the same bytes at the same version while they are being made wait for them.
    const flightKey = JSON.stringify([key, version]);
    let flight = this.flights.get(flightKey);
    if (!flight) {
      flight = (async () => {
        // Stored under the version read before the load: a concurrent write only makes it stale.
        const made = new CachedJson(version, await jsonInSlices(await load()));
        this.set(key, made);
        return made;
      })().finally(() => this.flights.delete(flightKey));
      this.flights.set(flightKey, flight);
    }
    return flight;
  }

  set(key: K, entry: CachedJson): void {
    this.entries.set(key, entry);
  }
}

/** `If-None-Match` holds a list of tags, or `*`; weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/**
 * Sends a versioned answer: the ETag (weak — one tag names the version in every encoding), 304
 * when the client holds it, else the cached bytes in the encoding the client accepts. The route
 * must send Buffers as they are (`serializerCompiler: passBytes`).
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  load: () => Promise<CachedJson>,
): Promise<FastifyReply> {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request);
  const body = (await load()).body(encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends kept bytes with no ETag (an answer that also moves on with the clock): the encoding the
 * client accepts, compressed once per encoding. The route sends Buffers as they are (`passBytes`).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedJson): FastifyReply {
  const encoding = preferredEncoding(request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply
    .header('vary', 'Accept-Encoding')
    .header('cache-control', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(cached.body(encoding));
}

/** A serializer for routes that send cached bytes: Buffers and strings pass, objects are stringified. */
export const passBytes = () => (data: unknown) =>
  typeof data === 'string' || Buffer.isBuffer(data) ? (data as string) : JSON.stringify(data);
