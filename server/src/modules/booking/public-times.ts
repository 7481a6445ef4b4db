/**
 * The public page's free times (D44), kept as whole JSON answers by everything they depend on, so
 * that an unchanged page is served from memory after a few indexed reads.
 */
import type { PublicTimes, PublicTimesQuery } from '@cadence/contract';
import type { Db } from '../../db';
import type { ServiceDeps } from '../../deps';
import { type CachedJson, VersionedCache } from '../../lib/cached-json';
import { byLocalDate, dayStart } from '../../lib/zoned-time';
import type { AvailabilityService } from '../availability/service';
import { bookableStarts, type BookingRules, unionStarts } from '../availability/engine';
import {
  type Host,
  hostsOf,
  latestOf,
  MINUTE_MS,
  participants,
  publicType,
  rulesOf,
  stepOf,
} from './hosts-and-rules';
import type { TypeRow } from './policy';
import { presentPublicType } from './presenter';

export type PublicTimesServiceDeps = Pick<ServiceDeps, 'db'> & {
  availability: Pick<AvailabilityService, 'busyOf'>;
};

/**
 * The free times come from the availability engine (working hours, busy times across zones and DST)
 * with the type's rules — buffers, minimum notice, a daily maximum per host. The answers carry
 * public users only (D11): never a host's e-mail, never another event.
 */
export class PublicTimesService {
  /** The public pages' answers as JSON bytes, by everything they depend on (see publicTimesJson). */
  private readonly answers = new VersionedCache<string>(1_000, 32 * 1024 * 1024);

  constructor(private readonly deps: PublicTimesServiceDeps) {}

  /**
   * D44's free times of a type over the visitor's days, grouped by the visitor's dates, as JSON
   * bytes kept by everything the answer depends on: the type, the hosts (their zone and hours — a
   * user's row changes with them — and their calendar's version, which every event, meeting and
   * booking moves on), the visitor's days and zone, and the grid step that now plus the notice
   * falls in. Any instance's write makes the key new; an unchanged page costs four indexed reads.
   */
  async publicTimesJson(username: string, slug: string, query: PublicTimesQuery): Promise<CachedJson> {
    const { db } = this.deps;
    const type = await publicType(db, username, slug);
    const hosts = await hostsOf(db, type);
    const versions = await db
      .selectFrom('list_versions')
      .select(['user_id', 'version'])
      .where('list', '=', 'calendar')
      .where(
        'user_id',
        'in',
        hosts.map((host) => host.id),
      )
      .execute();
    const versionOf = new Map(versions.map((row) => [row.user_id, row.version]));
    const at = Date.now();
    const step = stepOf(type.duration) * MINUTE_MS;
    const key = [
      type.id,
      type.updated_at,
      query.timeZone,
      query.start,
      query.end,
      Math.floor((at + type.min_notice * MINUTE_MS) / step),
      Math.floor(latestOf(type, at) / step),
      ...hosts.map((host) => `${host.id}:${host.user.updated_at}:${versionOf.get(host.id) ?? 0}`),
    ].join('|');
    return this.answers.through(key, 0, () => this.publicTimes(type, hosts, query, at));
  }

  private async publicTimes(
    type: TypeRow,
    hosts: Host[],
    query: PublicTimesQuery,
    at: number,
  ): Promise<PublicTimes> {
    const from = dayStart(query.start, query.timeZone);
    const to = dayStart(query.end, query.timeZone, 1);
    const rules = rulesOf(type, at);
    const window = { from: Math.max(from, rules.earliest), to: Math.min(to, latestOf(type, at)) };
    const starts =
      window.from >= window.to
        ? []
        : await this.startsOf(this.deps.db, type, hosts, window.from, window.to, rules);
    return {
      type: presentPublicType(
        type,
        hosts.map((host) => host.user),
      ),
      timeZone: query.timeZone,
      data: byLocalDate(starts, query.timeZone, from, to),
    };
  }

  /** The start instants within [from, to) as the type's mode reads them. */
  private async startsOf(
    db: Db,
    type: TypeRow,
    hosts: Host[],
    from: number,
    to: number,
    rules: BookingRules,
  ): Promise<number[]> {
    const people = await participants(this.deps.availability, db, type, hosts, from, to);
    const duration = type.duration * MINUTE_MS;
    const step = stepOf(type.duration) * MINUTE_MS;
    if (type.mode !== 'round-robin') return bookableStarts(people, from, to, duration, step, rules);
    return unionStarts(people.map((person) => bookableStarts([person], from, to, duration, step, rules)));
  }
}
