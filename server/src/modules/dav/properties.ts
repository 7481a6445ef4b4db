/**
 * The properties each kind of DAV resource has (RFC 4918, 4791, 6578, 6638, calendarserver's
 * getctag): one table, read by PROPFIND (named properties, allprop, propname) and by the
 * REPORTs' `<d:prop>`. A getter answers the property's inner XML; a property a resource does not
 * have is answered 404 in its own propstat, as RFC 4918 §9.1 asks.
 */
import { deviceCalendarDefaultColors } from '@cadence/contract';
import type { CollectionName, CollectionSettings, Member } from './collections';
import { APPLE, CALDAV, CALSERVER, d, DAV, element, escapeXml, escapeXmlKeepingCr, type QName } from './xml';

/** What a getter may read: the signed-in user, where things are, and the resource's own facts. */
export interface PropContext {
  userId: number;
  displayName: string;
  /** Translated names of the collections, in the user's language. */
  titles: Record<CollectionName, string>;
  base: string;
  version?: number;
  collection?: CollectionName;
  member?: Member;
  /** The member's iCalendar text, when calendar-data was asked for. */
  data?: string;
  /** The names and colours the user gave the collections. */
  settings?: Map<CollectionName, CollectionSettings>;
}

export type ResourceKind = 'root' | 'principal' | 'home' | 'collection' | 'member';

type Getter = (context: PropContext) => string | undefined;

const href = (path: string) => d('href', escapeXml(path));

export const paths = {
  root: () => '/dav/',
  principal: (userId: number) => `/dav/principals/${userId}/`,
  home: (userId: number) => `/dav/calendars/${userId}/`,
  collection: (userId: number, collection: CollectionName) => `/dav/calendars/${userId}/${collection}/`,
  member: (userId: number, collection: CollectionName, name: string) =>
    `/dav/calendars/${userId}/${collection}/${encodeURIComponent(name)}`,
};

export const syncTokenOf = (base: string, collection: CollectionName, version: number) =>
  `${base}/dav/sync/${collection}/${version}`;

const principal: Getter = (c) => href(paths.principal(c.userId));
const report = (ns: string, name: string) => d('supported-report', d('report', element({ ns, name })));
/** What the user may do here: everything, but only read what they are a guest of. */
const privileges: Getter = (c) =>
  (c.collection === 'shared'
    ? ['read', 'read-current-user-privilege-set']
    : [
        'read',
        'write',
        'write-content',
        'write-properties',
        'bind',
        'unbind',
        'read-current-user-privilege-set',
      ]
  )
    .map((name) => d('privilege', d(name)))
    .join('');

const common: Array<[QName, Getter]> = [
  [{ ns: DAV, name: 'current-user-principal' }, principal],
  [{ ns: DAV, name: 'current-user-privilege-set' }, privileges],
];

/** Each kind's properties, by `{ns}name`. */
const table: Record<ResourceKind, Array<[QName, Getter]>> = {
  root: [
    ...common,
    [{ ns: DAV, name: 'resourcetype' }, () => d('collection')],
    [{ ns: DAV, name: 'displayname' }, () => 'Cadence'],
  ],
  principal: [
    ...common,
    [{ ns: DAV, name: 'resourcetype' }, () => d('collection') + d('principal')],
    [{ ns: DAV, name: 'displayname' }, (c) => escapeXml(c.displayName)],
    [{ ns: DAV, name: 'principal-URL' }, principal],
    [{ ns: CALDAV, name: 'calendar-home-set' }, (c) => href(paths.home(c.userId))],
    [{ ns: CALDAV, name: 'calendar-user-address-set' }, (c) => href(paths.principal(c.userId))],
  ],
  home: [
    ...common,
    [{ ns: DAV, name: 'resourcetype' }, () => d('collection')],
    [{ ns: DAV, name: 'displayname' }, (c) => escapeXml(c.displayName)],
    [{ ns: DAV, name: 'owner' }, principal],
  ],
  collection: [
    ...common,
    [{ ns: DAV, name: 'resourcetype' }, () => d('collection') + element({ ns: CALDAV, name: 'calendar' })],
    [
      { ns: DAV, name: 'displayname' },
      (c) => escapeXml(c.settings?.get(c.collection!)?.displayName ?? c.titles[c.collection!]),
    ],
    [{ ns: DAV, name: 'owner' }, principal],
    [{ ns: DAV, name: 'sync-token' }, (c) => escapeXml(syncTokenOf(c.base, c.collection!, c.version ?? 0))],
    [{ ns: CALSERVER, name: 'getctag' }, (c) => String(c.version ?? 0)],
    [
      { ns: DAV, name: 'supported-report-set' },
      () =>
        report(CALDAV, 'calendar-query') +
        report(CALDAV, 'calendar-multiget') +
        report(DAV, 'sync-collection'),
    ],
    [
      { ns: CALDAV, name: 'supported-calendar-component-set' },
      (c) => `<cal:comp name="${c.collection === 'tasks' ? 'VTODO' : 'VEVENT'}"/>`,
    ],
    [
      { ns: CALDAV, name: 'supported-calendar-data' },
      () => '<cal:calendar-data content-type="text/calendar" version="2.0"/>',
    ],
    [{ ns: CALDAV, name: 'max-resource-size' }, () => String(DAV_RESOURCE_MAX_BYTES)],
    [
      { ns: APPLE, name: 'calendar-color' },
      (c) => escapeXml(c.settings?.get(c.collection!)?.color ?? deviceCalendarDefaultColors[c.collection!]),
    ],
  ],
  member: [
    ...common,
    [{ ns: DAV, name: 'resourcetype' }, () => ''],
    [{ ns: DAV, name: 'getetag' }, (c) => escapeXml(c.member!.etag)],
    [
      { ns: DAV, name: 'getcontenttype' },
      (c) => `text/calendar; charset=utf-8; component=${c.member!.kind === 'task' ? 'vtodo' : 'vevent'}`,
    ],
    [
      { ns: CALDAV, name: 'calendar-data' },
      (c) => (c.data === undefined ? undefined : escapeXmlKeepingCr(c.data)),
    ],
  ],
};

/** The largest iCalendar resource a PUT takes. */
export const DAV_RESOURCE_MAX_BYTES = 1024 * 1024;

const keyOf = (qname: QName) => `{${qname.ns}}${qname.name}`;
const indexed = Object.fromEntries(
  Object.entries(table).map(([kind, entries]) => [
    kind,
    new Map(entries.map(([qname, get]) => [keyOf(qname), { qname, get }])),
  ]),
) as Record<ResourceKind, Map<string, { qname: QName; get: Getter }>>;

/** Every property of the kind (allprop, propname), calendar-data aside: it is asked for by name. */
export const allProperties = (kind: ResourceKind): QName[] =>
  [...indexed[kind].values()].map((entry) => entry.qname).filter((q) => q.name !== 'calendar-data');

/**
 * One `<d:response>` for a resource: a 200 propstat with the properties it has, a 404 propstat
 * with those it has not; `namesOnly` (propname) answers the names empty.
 */
export function propResponse(
  path: string,
  kind: ResourceKind,
  wanted: QName[],
  context: PropContext,
  namesOnly = false,
): string {
  const found: string[] = [];
  const missing: string[] = [];
  for (const qname of wanted) {
    const entry = indexed[kind].get(keyOf(qname));
    const value = entry?.get(context);
    if (value === undefined) missing.push(element(qname));
    else found.push(namesOnly ? element(qname) : element(qname, value));
  }
  const propstats = [
    found.length > 0 ? d('propstat', d('prop', found.join('')) + d('status', 'HTTP/1.1 200 OK')) : '',
    missing.length > 0
      ? d('propstat', d('prop', missing.join('')) + d('status', 'HTTP/1.1 404 Not Found'))
      : '',
  ].join('');
  return d('response', href(path) + propstats);
}
