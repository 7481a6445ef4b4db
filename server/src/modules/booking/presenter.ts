/** Booking types as their owner and as a visitor see them (D44, D11: no e-mail, no secret). */
import type { BookingHosts, BookingType, PublicBookingType, PublicUser } from '@cadence/contract';
import { presentPublicUser, type PublicUserRow } from '../users/public-presenter';
import type { TypeRow } from './policy';

/** A type as its owner sees it, with its public page's path. */
export function presentType(row: TypeRow, username: string): BookingType {
  const hosts: BookingHosts = {
    mode: row.mode,
    group: row.group_id === null ? null : String(row.group_id),
  };
  return {
    _id: String(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    duration: row.duration,
    bufferBefore: row.buffer_before,
    bufferAfter: row.buffer_after,
    minNotice: row.min_notice,
    maxPerDay: row.max_per_day,
    rangeDays: row.range_days,
    location: row.location,
    hosts,
    path: `/book/${encodeURIComponent(username)}/${row.slug}`,
    createdAt: row.created_at,
  };
}

/** A type as a visitor sees it: its hosts as public users (D11), the link's owner first. */
export function presentPublicType(type: TypeRow, hostRows: PublicUserRow[]): PublicBookingType {
  const people: PublicUser[] = hostRows.map(presentPublicUser);
  return {
    title: type.title,
    description: type.description,
    duration: type.duration,
    location: type.location,
    host: people[0]!,
    mode: type.mode,
    hosts: people,
    minNotice: type.min_notice,
    rangeDays: type.range_days,
  };
}
