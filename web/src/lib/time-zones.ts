/**
 * The IANA time zones the browser knows, as the account's, the working hours' and a booking
 * visitor's choice (D15): each labelled as calendars label them — "(GMT−05:00) Eastern Time – New
 * York", the offset as of today and the zone's name in the interface's language — sorted by offset
 * then name, and found by city, by name or by IANA id. The value kept is always the IANA id.
 */

export interface TimeZoneOption {
  /** The IANA id, as stored. */
  value: string;
  label: string;
  /** Minutes east of UTC, today. */
  offset: number;
  /** What a search looks in (searchText): the label, the id, and the zone's English name. */
  search: string;
}

const DAY_MS = 86_400_000;

/** The IANA time zones the browser knows, UTC first. */
export const timeZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

/** Lower case, accents and punctuation gone, so "sao paulo" finds "São Paulo" and "new york" "New_York". */
export function searchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+−-]+/gu, ' ')
    .trim();
}

/** A zone's name in a style ("Eastern Time"), or null where the language has none but an offset. */
function nameIn(zone: string, language: string, style: 'longGeneric' | 'long', at: Date): string | null {
  const name = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: style })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  // With no name of its own a zone is named by its offset ("GMT-03:00"), which the label shows already.
  return !name || /^(GMT|UTC)([+−-]\d|$)/.test(name) ? null : name;
}

/** The zone's generic name ("Eastern Time"), else its name of the day ("Coordinated Universal Time"). */
function zoneName(zone: string, language: string, at: Date): string | null {
  return nameIn(zone, language, 'longGeneric', at) ?? nameIn(zone, language, 'long', at);
}

/** "GMT−05:00" as the language's offsets read: its word for GMT ("GMT", "UTC") and the offset. */
function offsetParts(zone: string, language: string, at: Date): { minutes: number; prefix: string } {
  const text =
    new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^(\D*?)\s*(?:([+−-])(\d{1,2})(?::?(\d{2}))?)?$/.exec(text);
  const prefix = match?.[1] || 'GMT';
  if (!match?.[2]) return { minutes: 0, prefix };
  const minutes = Number(match[3]) * 60 + Number(match[4] ?? 0);
  return { minutes: match[2] === '+' ? minutes : -minutes, prefix };
}

/** "−05:00" (a true minus sign, as typeset offsets have it). */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** "New York" for America/New_York, "Buenos Aires" for America/Argentina/Buenos_Aires. */
function cityOf(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

function optionOf(zone: string, minutes: number, prefix: string, name: string | null): TimeZoneOption {
  const city = cityOf(zone);
  const label = `(${prefix}${formatOffset(minutes)}) ${name && name !== city ? `${name} – ${city}` : city}`;
  return { value: zone, label, offset: minutes, search: searchText(`${label} ${zone}`) };
}

/** One zone's option in a language, with its offset at `at`. */
export function timeZoneOption(zone: string, language: string, at: Date = new Date()): TimeZoneOption {
  const { minutes, prefix } = offsetParts(zone, language, at);
  return optionOf(zone, minutes, prefix, zoneName(zone, language, at));
}

/**
 * A zone's offset and name at `at` from one formatter (a formatter per zone is the cost, some
 * 0.3 ms each): the name, and the wall-clock time whose distance from `at` is the offset.
 */
function offsetAndName(zone: string, language: string, at: Date): { minutes: number; name: string | null } {
  const parts = new Intl.DateTimeFormat(language, {
    timeZone: zone,
    timeZoneName: 'longGeneric',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
  const minutes = Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
  const generic = parts.find((p) => p.type === 'timeZoneName')?.value;
  const name =
    !generic || /^(GMT|UTC)([+−-]\d|$)/.test(generic) ? nameIn(zone, language, 'long', at) : generic;
  return { minutes, name };
}

/** Each language's zones (offsets and names) and options, computed once per day. */
let today: {
  day: number;
  zones: Map<string, Map<string, { minutes: number; name: string | null }>>;
  options: Map<string, TimeZoneOption[]>;
} | null = null;

function computedOn(now: number) {
  const day = Math.floor(now / DAY_MS);
  if (today?.day !== day) today = { day, zones: new Map(), options: new Map() };
  return today;
}

function zonesIn(language: string, now: number) {
  const kept = computedOn(now);
  let zones = kept.zones.get(language);
  if (!zones) {
    const at = new Date(now);
    zones = new Map(timeZones.map((zone) => [zone, offsetAndName(zone, language, at)]));
    kept.zones.set(language, zones);
  }
  return zones;
}

/**
 * Every zone's option in a language, by offset then label: computed once per language and day, so
 * a picker costs nothing per render.
 */
export function timeZoneOptions(language: string, now: number = Date.now()): TimeZoneOption[] {
  const kept = computedOn(now);
  const known = kept.options.get(language);
  if (known) return known;
  const { prefix } = offsetParts('UTC', language, new Date(now));
  const zones = zonesIn(language, now);
  const collator = new Intl.Collator(language);
  const options = timeZones
    .map((zone) => {
      const { minutes, name } = zones.get(zone)!;
      return optionOf(zone, minutes, prefix, name);
    })
    .sort((a, b) => a.offset - b.offset || collator.compare(a.label, b.label));
  kept.options.set(language, options);
  return options;
}

/** The options, with a stored zone the browser names differently (an alias) kept as a choice, first. */
export function timeZoneOptionsWith(current: string | null | undefined, language: string): TimeZoneOption[] {
  const options = timeZoneOptions(language);
  if (!current || options.some((option) => option.value === current)) return options;
  let alias: TimeZoneOption;
  try {
    alias = timeZoneOption(current, language);
  } catch {
    // A zone this browser does not know at all: shown as it is stored.
    alias = { value: current, label: current, offset: 0, search: searchText(current) };
  }
  return [alias, ...options];
}

/**
 * Whether every word searched is in the option's label or IANA id — or, in another language, in
 * the zone's English name ("Eastern" finds New York in French too; computed at the first search).
 */
export function matchesTimeZone(option: TimeZoneOption, query: string, language = 'en'): boolean {
  const words = searchText(query).split(' ').filter(Boolean);
  if (words.every((word) => option.search.includes(word))) return true;
  if (language.startsWith('en') || words.length === 0) return false;
  const english = englishSearch(option.value);
  return words.every((word) => option.search.includes(word) || english.includes(word));
}

/** A zone's English name as searched, made once per zone rather than per option per key typed. */
const englishNames = new Map<string, string>();
function englishSearch(zone: string): string {
  let found = englishNames.get(zone);
  if (found === undefined) {
    found = searchText(zonesIn('en', Date.now()).get(zone)?.name ?? '');
    englishNames.set(zone, found);
  }
  return found;
}
