/**
 * iCalendar's content lines and values (RFC 5545 §3.1, §3.3), as everything that writes or edits
 * iCalendar text here needs them: folding at 75 octets, TEXT escaping and its reverse, UTC and
 * date values, a rule's UNTIL in UTC, and the VTIMEZONE of an IANA zone.
 */
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';

export const CRLF = '\r\n';

/** VTIMEZONE blocks by zone, with CRLF line ends: the library builds each anew (a CalDAV full sync asks thousands of times). */
const vtimezones = new Map<string, string | null>();

/** The VTIMEZONE of an IANA zone (CRLF after each line), or null for one the library does not know. */
export function vtimezone(zone: string): string | null {
  let known = vtimezones.get(zone);
  if (known === undefined) {
    const block = tzlib_get_ical_block(zone)[0];
    known =
      block && block.startsWith('BEGIN:VTIMEZONE')
        ? block.replace(/\r?\n/g, CRLF).replace(/(\r\n)?$/, CRLF)
        : null;
    // Zones are a few hundred names at most; an unknown one is kept as null too.
    if (vtimezones.size < 2000) vtimezones.set(zone, known);
  }
  return known;
}

/**
 * A logical line folded at 75 octets, then a space and 74, never inside a character's UTF-8 bytes.
 * Most lines are short ASCII and are taken as they are: 25 UTF-16 units are at most 75 octets, and
 * up to 75 units one byte count decides.
 */
export function foldLine(text: string): string {
  if (text.length <= 25 || (text.length <= 75 && Buffer.byteLength(text) <= 75)) return text;
  const bytes = Buffer.byteLength(text);
  if (bytes === text.length) {
    // ASCII: a character is an octet.
    let out = text.slice(0, 75);
    for (let at = 75; at < text.length; at += 74) out += `${CRLF} ${text.slice(at, at + 74)}`;
    return out;
  }
  const utf8 = Buffer.from(text, 'utf8');
  let out = '';
  let start = 0;
  let room = 75;
  while (utf8.length - start > room) {
    let end = start + room;
    // A continuation byte (10xxxxxx) is inside a character: cut before that character.
    while ((utf8[end]! & 0xc0) === 0x80) end -= 1;
    out += `${utf8.toString('utf8', start, end)}${CRLF} `;
    start = end;
    room = 74;
  }
  return out + utf8.toString('utf8', start);
}

const TEXT_SPECIAL = /[\\;,\r\n]/;
const TEXT_ESCAPED = /\r\n|[\\;,\r\n]/g;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, each line break as \n. */
export function escapeText(value: string): string {
  if (!TEXT_SPECIAL.test(value)) return value;
  return value.replace(TEXT_ESCAPED, (found) =>
    found === '\\' || found === ';' || found === ',' ? `\\${found}` : '\\n',
  );
}

/** A TEXT value read: its escapes undone. */
export const unescapeText = (value: string): string =>
  value.replace(/\\([\\;,nN])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));

/** yyyymmddThhmmss of a date's UTC fields. */
export function dateTime(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

/** An instant as a UTC DATE-TIME value. */
export const utcValue = (ms: number) => `${dateTime(new Date(ms))}Z`;
/** The UTC day of an instant as a DATE value (an all-day event's days are 00:00Z). */
export const dayValue = (ms: number) => dateTime(new Date(ms)).slice(0, 8);

/**
 * A rule's UNTIL as RFC 5545 wants it beside a zoned start: a UTC date-time (our rules may give a
 * day, meaning the whole of it in the event's zone). All-day events keep a day.
 */
export function rfcRule(rule: string, allDay: boolean, zone: string): string {
  return rule.replace(/UNTIL=([0-9TZ]+)/i, (_, value: string) => {
    if (allDay) return `UNTIL=${value.slice(0, 8)}`;
    if (value.endsWith('Z')) return `UNTIL=${value}`;
    const time = value.length > 8 ? value.slice(9, 15) : '235959';
    const local = DateTime.fromFormat(`${value.slice(0, 8)}${time}`, 'yyyyLLddHHmmss', { zone });
    return `UNTIL=${utcValue(local.toMillis())}`;
  });
}
