/** Field schemas several resources share. */
import { z } from 'zod';
import { messages } from './messages';

/** Text: missing → `required`; present but not text → the shared "must be text". */
export function requiredText(required: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? required : messages['validation.text']) });
}

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** The body of a call that takes none: absent, null or `{}`. */
export const emptyBody = z.strictObject({}).nullish().describe('Nothing');

/**
 * An IANA time zone this runtime knows (the account's, D15): the account settings and a new
 * account's registration (D46) check it alike.
 */
export const timeZone = z.string().refine(isTimeZone, messages['account.timeZoneInvalid']);

/** Zones already found known: building a formatter per check costs more than a public page's read. */
const knownZones = new Set<string>();

/** Whether this runtime knows the IANA zone. */
export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  if (value.length === 0) return false;
  if (knownZones.size < 1_000) knownZones.add(value);
  return true;
}
