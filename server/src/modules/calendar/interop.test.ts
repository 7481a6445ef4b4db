/**
 * The iCalendar corpus (server/fixtures/ics-corpus, 552 files others wrote) compared
 * occurrence by occurrence with an independent implementation, Debian's python3-recurring-ical-events
 * (scripts/ics-reference.py, all files in one python process). Each file is imported over HTTP into
 * an account of its own (time zone UTC, as the reference's floating zone) and its occurrences are
 * read back over HTTP (GET /api/calender/events, in windows of 400 days); for each UID of the file,
 * the earliest 50 occurrences starting in 2000–2030 are compared with the reference's: start, end,
 * all-day and title. A UID the reference cannot expand is not compared (counted).
 *
 * Each difference must be explained by a named limitation (`limitations`, the same list as
 * docs/decisions.md §59): the events the import skips for a reason that is one (D40's rules, D41's
 * years, a broken value in a file SOURCES.md marks malformed), or a file listed in `explained`. The
 * test fails on any other difference, on any 5xx, on an import taking more than 2 s, and when fewer
 * than 100 files are compared; it prints the counts. Without python3 and the module it fails: no
 * silent skip.
 */
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  type Account,
  type CalendarEvents,
  type CalendarImportResult,
  type ErrorBody,
  messages,
} from '@cadence/contract';
import { expect, it } from 'vitest';
import { buildUser, call, multipartFile } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const t = useTestApp();
const corpus = path.join(import.meta.dirname, '../../../fixtures/ics-corpus');
const files = path.join(corpus, 'files');
const reference = path.join(import.meta.dirname, '../../../../scripts/ics-reference.py');
const PYTHON = '/usr/bin/python3';
const FROM = '2000-01-01';
const TO = '2031-01-01';
const PER_UID = 50;
const WINDOW_DAYS = 400;
const DAY_MS = 86_400_000;
const IMPORT_MS_MAX = 2000;
const COMPARED_MIN = 100;

/**
 * What differs, and why: ours (deliberate), then the reference's (python's recurring-ical-events
 * 2.0.1 and icalendar 4.0.3 where they depart from RFC 5545 or from what calendars do).
 */
const limitations = {
  'rule-unsupported':
    'D40: a rule by the second, by week number or day of the year, by the minute within some hours at an interval that does not divide an hour, or in another calendar scale (RFC 7529 RSCALE, SKIP) is refused; the reference expands it',
  'year-range': 'D41: an event starting before 1900 or after 2200 is skipped; the reference expands it',
  'one-event-per-uid':
    'two VEVENTs with one UID and no RECURRENCE-ID are one event (the highest SEQUENCE, then the latest change, wins); the reference shows both, mixing their EXDATEs',
  'zone-as-iana':
    "a series in a file's own VTIMEZONE repeats in the IANA zone agreeing with it on 3 samples in 4 (else its July offset, fixed): where the file's rules differ (US rules before 2007, a made-up zone) occurrences are an hour or more off the reference, which keeps the file's rules",
  malformed:
    'a value that breaks RFC 5545 (an absurd DURATION, FREQ=FOO, COUNT=-1 with UNTIL, PT1W, VALUE=DATE-TIME on a date, a rule with a trailing space) skips its event or is read as its value says; the reference drops or reads it otherwise',
  'ref-count-dtstart':
    'COUNT with a DTSTART the rule does not make: RFC 5545 (and we) count DTSTART as the first of COUNT; the reference adds it to COUNT occurrences of the rule',
  'ref-exdate-date':
    "EXDATE;VALUE=DATE on a timed series: we exclude that day's occurrence (as Google does); the reference excludes nothing",
  'ref-undefined-tzid':
    'a TZID the file does not define that ends in an IANA name (Evolution, Thunderbird: /softwarestudio.org/…/Pacific/Auckland): we read that zone; the reference reads the time as floating (X-WR-TIMEZONE, else UTC)',
  'ref-floating-until':
    "a floating UNTIL on a series in a zone (RFC 5545 wants UTC): we read it in the series' zone (as sabre/vobject does); the reference in UTC, losing the last day",
  'ref-until-dst':
    "UNTIL compared in DTSTART's UTC offset (pytz): a series that crosses a DST change loses its occurrence at exactly UNTIL in the reference",
  'ref-spaced-byday': 'Exchange\'s "BYDAY=MO, TU, WE": we read every day; the reference only DTSTART',
  'ref-thisandfuture':
    'RANGE=THISANDFUTURE: we change that occurrence and the later ones (RFC 5545); the reference only that one',
  'ref-rid-by-date':
    "a RECURRENCE-ID naming no occurrence (another time of that day): we keep the series' occurrence and show the instance at its own time; the reference matches by date and replaces that day's",
  'ref-mixed-date-types':
    "a DATE DTSTART with a DATE-TIME DTEND: we keep an all-day event up to DTEND's date; the reference makes it timed, from midnight UTC",
} as const;
type LimitationId = keyof typeof limitations;

/**
 * Files whose differences a limitation explains (besides the events skipped for one): all of the
 * file's, or by UID.
 */
const explained = new Map<string, LimitationId | Record<string, LimitationId>>([
  ['allenporter-ical--google_calendar_invalid_offset.ics', 'ref-exdate-date'],
  ['icaljs--rdate_exdate.ics', 'ref-exdate-date'],
  ['ical4j--korganizer_sample.ics', 'ref-count-dtstart'],
  // Feast of Christ the King: COUNT=1 from a DTSTART that is not the 4th Sunday of November
  ['ical4j--christian32holidays.ics', { '9C89EE14-4E3C-11D9-A619-000A958A3252': 'ref-count-dtstart' }],
  ['ical4j--talios.ics', 'ref-undefined-tzid'],
  [
    'ical4j--phpicalendar_sample.ics',
    {
      '20030425T023455Z-5454-500-1-0@lbt-laplinux.voiping.com': 'ref-undefined-tzid',
      // "RRULE:FREQ=MONTHLY;INTERVAL=1;BYDAY=1MO " with a trailing space: icalendar drops the rule
      'D9040425-RID': 'malformed',
    },
  ],
  ['icalendar--issue_313_globally_unique_tzid.ics', 'ref-undefined-tzid'],
  ['icalendar--issue_466_convert_tzid_with_slash.ics', 'ref-undefined-tzid'],
  ['node-ical--non-utc-until-ny.ics', 'ref-floating-until'],
  ['vobject--untilrespectstimezonetest.ics', 'ref-floating-until'],
  ['recurring-ical-events--issue_107_omitting_last_event.ics', 'ref-until-dst'],
  ['icalendar--issue_165_missing_event.ics', 'ref-spaced-byday'],
  ['recurring-ical-events--issue_75_range_parameter.ics', 'ref-thisandfuture'],
  ['node-ical--recurrence-sequence.ics', 'ref-rid-by-date'],
  ['recurring-ical-events--issue_201_mixed_datetime_and_date.ics', 'ref-mixed-date-types'],
  ['recurring-ical-events--issue_201_test_matrix.ics', 'ref-mixed-date-types'],
  ['icalendar--example.ics', 'one-event-per-uid'],
  ['khal--event_dt_multi_uid.ics', 'one-event-per-uid'],
  ['node-ical--tv-show-episode.ics', 'one-event-per-uid'],
  ['recurring-ical-events--issue_148_ignored_exdate.ics', 'one-event-per-uid'],
  ['recurring-ical-events--issue_148_exdate_and_rdate_updated.ics', 'one-event-per-uid'],
  ['icalnet--categories1.ics', 'zone-as-iana'],
  ['icalnet--monthlybymonthday1.ics', 'zone-as-iana'],
  ['icalnet--yearlybymonth2.ics', 'zone-as-iana'],
  ['icalnet--yearlyinterval1.ics', 'zone-as-iana'],
  ['ical4j--schedule-unstable.ics', 'malformed'],
  ['recurring-ical-events--issue_128_only_first_event.ics', 'malformed'],
  ['node-ical--test_date_duration.ics', 'malformed'],
]);

/** Skip reasons that are a limitation in any file, and those that are one in a malformed file. */
const skipLimitations: Partial<Record<string, LimitationId>> = {
  'calendar.skip.ruleUnsupported': 'rule-unsupported',
  'calendar.skip.calendarScale': 'rule-unsupported',
  'calendar.skip.yearRange': 'year-range',
};
const malformedSkips = new Set([
  'calendar.skip.badDate',
  'calendar.skip.unreadable',
  'calendar.skip.noStart',
  'calendar.skip.zoneUnknown',
]);

interface ReferenceOccurrence {
  uid: string | null;
  summary: string | null;
  start: string;
  end: string;
  allDay: boolean;
}
interface ReferenceFile {
  ok: boolean;
  occurrences?: ReferenceOccurrence[];
  skipped?: Array<{ uid: string | null; error: string }>;
  error?: string;
}
/** An occurrence as both sides are compared: UTC instants to the second, or dates when all-day. */
interface Compared {
  start: string;
  end: string;
  allDay: boolean;
  title: string;
}

const NO_UID = '(no UID)';
const keyOf = (occurrence: Compared) =>
  `${occurrence.start} → ${occurrence.end}${occurrence.allDay ? ' all day' : ''} “${occurrence.title}”`;
const startMs = (occurrence: Compared) => Date.parse(occurrence.start);
const byStart = (a: Compared, b: Compared) => startMs(a) - startMs(b) || keyOf(a).localeCompare(keyOf(b));

/** Throws, telling what to install, when python or the module is missing. */
function checkReference(): void {
  const check = spawnSync(PYTHON, ['-c', 'import icalendar, recurring_ical_events'], { encoding: 'utf8' });
  if (check.error || check.status !== 0) {
    throw new Error(
      `The interoperability test needs ${PYTHON} with Debian's recurring-ical-events: ` +
        `apt-get install python3-recurring-ical-events python3-icalendar ` +
        `(${check.error?.message ?? check.stderr.trim().split('\n').at(-1)})`,
    );
  }
}

/** The reference over the whole corpus. */
function runReference(): Promise<Record<string, ReferenceFile>> {
  const args = [reference, '--batch', files, '--from', FROM, '--to', TO];
  args.push('--max-per-uid', String(PER_UID), '--floating-zone', 'UTC');
  return new Promise((resolve, reject) => {
    execFile(PYTHON, args, { maxBuffer: 256 * 1024 * 1024, timeout: 300_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${reference} failed: ${error.message}\n${stderr.slice(-2000)}`));
      else resolve(JSON.parse(stdout) as Record<string, ReferenceFile>);
    });
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const second = (instant: string) => instant.replace(/\.\d{3}Z$/, 'Z');
/** The file's UID of an event: a split's or an orphan instance's is `uid#occurrence`. */
const fileUid = (uid: string) => uid.replace(/#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, '');

/**
 * The imported events' occurrences, by the file's UID: each event's earliest 50 starting in the
 * window, read in windows of 400 days from the earliest start of an event or a change (from the last
 * start read when an answer is truncated) until every event has 50 or none can start later.
 */
async function occurrencesOf(token: string, userId: number, fileUids: Set<string>) {
  const { db } = t.database;
  const events = await db
    .selectFrom('events')
    .select(['id', 'uid', 'start_at', 'last_start_at', 'recurrence'])
    .where('owner_id', '=', userId)
    .execute();
  const last = new Map<number, number>();
  // No occurrence starts before its series' start or a change's own start: the reads begin there.
  let first = Date.parse(TO);
  for (const event of events) {
    last.set(event.id, event.recurrence ? Date.parse(event.last_start_at ?? TO) : Date.parse(event.start_at));
    first = Math.min(first, Date.parse(event.start_at));
  }
  if (events.length > 0) {
    for (const exception of await db
      .selectFrom('event_exceptions')
      .select(['event_id', 'start_at'])
      .where(
        'event_id',
        'in',
        events.map((event) => event.id),
      )
      .execute()) {
      if (exception.start_at) {
        last.set(exception.event_id, Math.max(last.get(exception.event_id)!, Date.parse(exception.start_at)));
        first = Math.min(first, Date.parse(exception.start_at));
      }
    }
  }
  const found = new Map<number, Map<string, Compared>>();
  let reads = 0;
  // From the day before the earliest start (whole days, as an all-day event's start is a date).
  let cursor = Math.max(Date.parse(FROM), Math.floor(first / DAY_MS) * DAY_MS - DAY_MS);
  const end = Date.parse(TO);
  const pending = () =>
    events.some((event) => last.get(event.id)! >= cursor && (found.get(event.id)?.size ?? 0) < PER_UID);
  while (cursor < end && pending()) {
    const to = Math.min(end, cursor + WINDOW_DAYS * DAY_MS);
    const response = await call(t, 'GET', `/api/calender/events?start=${iso(cursor)}&end=${iso(to)}`, token);
    reads += 1;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const answer = response.json<CalendarEvents>();
    let next = to;
    if (answer.truncated) {
      // The earliest 5,000: complete up to the last start answered.
      next = Date.parse(answer.data.at(-1)!.start);
      expect(next, 'a truncated answer moves on').toBeGreaterThan(cursor);
    }
    for (const occurrence of answer.data) {
      const start = Date.parse(occurrence.start);
      if (start < cursor || start >= next) continue;
      const id = Number(occurrence._id);
      const list = found.get(id) ?? new Map<string, Compared>();
      list.set(occurrence.occurrence, {
        start: occurrence.allDay ? occurrence.start.slice(0, 10) : second(occurrence.start),
        end: occurrence.allDay ? occurrence.end.slice(0, 10) : second(occurrence.end),
        allDay: occurrence.allDay,
        title: occurrence.title,
      });
      found.set(id, list);
    }
    cursor = next;
  }
  const byUid = new Map<string, Compared[]>();
  for (const event of events) {
    let uid = fileUid(event.uid);
    // An event without UID gets one of ours (an instance without one: "#" and its occurrence).
    if (uid === '' || (!fileUids.has(uid) && uid.endsWith('@cadence'))) uid = NO_UID;
    const list = byUid.get(uid) ?? [];
    list.push(...[...(found.get(event.id)?.values() ?? [])].sort(byStart).slice(0, PER_UID));
    byUid.set(uid, list);
  }
  return { byUid, reads };
}

/**
 * The occurrences only one side has, up to where both lists are complete (each side's 50th, when
 * it has 50: beyond it, the other side's occurrences may simply be past its own 50th).
 */
function differences(ours: Compared[], theirs: Compared[], capped: boolean) {
  ours.sort(byStart);
  theirs.sort(byStart);
  let horizon = Infinity;
  if (capped && ours.length >= PER_UID) horizon = Math.min(horizon, startMs(ours[PER_UID - 1]!));
  if (capped && theirs.length >= PER_UID) horizon = Math.min(horizon, startMs(theirs[PER_UID - 1]!));
  const within = (list: Compared[]) => list.filter((o) => startMs(o) <= horizon).map(keyOf);
  const [a, b] = [within(ours), within(theirs)];
  const left = new Map<string, number>();
  for (const key of b) left.set(key, (left.get(key) ?? 0) + 1);
  const onlyOurs: string[] = [];
  for (const key of a) {
    const count = left.get(key) ?? 0;
    if (count > 0) left.set(key, count - 1);
    else onlyOurs.push(key);
  }
  const onlyTheirs = [...left].flatMap(([key, count]) => Array<string>(count).fill(key));
  return { compared: Math.max(a.length, b.length), onlyOurs, onlyTheirs };
}

interface Indexed {
  file: string;
  malformed?: string;
}

it(
  'imports each file of the corpus and compares its occurrences with python’s recurring-ical-events',
  {
    timeout: 900_000,
  },
  async () => {
    const began = performance.now();
    checkReference();
    const referenceRun = runReference();
    // Python runs while the files are imported.
    referenceRun.catch(() => undefined);
    const malformed = new Set(
      (JSON.parse(fs.readFileSync(path.join(corpus, 'INDEX.json'), 'utf8')) as Indexed[])
        .filter((entry) => entry.malformed)
        .map((entry) => entry.file),
    );
    const names = fs
      .readdirSync(files)
      .filter((name) => name.endsWith('.ics'))
      .sort();
    const imports = new Map<
      string,
      { token: string; userId: number; status: number; result?: CalendarImportResult; error?: ErrorBody }
    >();
    const failures: string[] = [];
    let slowest = { file: '', ms: 0 };
    for (const name of names) {
      const user = await buildUser(t);
      if (imports.size === 0) {
        // Floating times are in the importer's zone: UTC, as the reference's --floating-zone.
        const account = await call(t, 'GET', '/api/account', user.token);
        expect(account.json<Account>().timeZone).toBe('UTC');
      }
      const { payload, contentType } = multipartFile(
        name,
        'text/calendar',
        fs.readFileSync(path.join(files, name)),
      );
      const started = performance.now();
      const response = await call(t, 'POST', '/api/calender/import', user.token, payload, {
        'content-type': contentType,
      });
      const ms = performance.now() - started;
      if (ms > slowest.ms) slowest = { file: name, ms };
      if (response.statusCode >= 500)
        failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (ms > IMPORT_MS_MAX) failures.push(`${name}: imported in ${ms.toFixed(0)} ms`);
      imports.set(name, {
        token: user.token,
        userId: Number(user.id),
        status: response.statusCode,
        ...(response.statusCode === 201
          ? { result: response.json<CalendarImportResult>() }
          : { error: response.json<ErrorBody>() }),
      });
    }
    const importedAfter = performance.now() - began;
    const references = await referenceRun;
    const referenceAfter = performance.now() - began;

    const counts = {
      unreadableByReference: 0,
      bothEmpty: 0,
      compared: 0,
      identical: 0,
      differsExplained: 0,
      refusedExplained: 0,
      uids: 0,
      uidsNotExpandedByReference: 0,
      occurrences: 0,
      reads: 0,
    };
    const byLimitation = new Map<LimitationId, number>();
    const unexplained: string[] = [];
    const listedButIdentical: string[] = [];
    for (const name of names) {
      const ref = references[name];
      const ours = imports.get(name)!;
      if (!ref?.ok) {
        counts.unreadableByReference += 1;
        continue;
      }
      const theirs = new Map<string, Compared[]>();
      for (const occurrence of ref.occurrences ?? []) {
        const uid = occurrence.uid?.trim() || NO_UID;
        const list = theirs.get(uid) ?? [];
        list.push({
          start: occurrence.start,
          end: occurrence.end,
          allDay: occurrence.allDay,
          title: (occurrence.summary ?? '').replace(/\0/g, '').trim().slice(0, 200) || 'Untitled',
        });
        theirs.set(uid, list);
      }
      const notExpanded = new Set((ref.skipped ?? []).map((skip) => skip.uid?.trim() || NO_UID));
      const table = explained.get(name);
      const listedFor = (uid: string) => (typeof table === 'object' ? table[uid] : table);
      const whyFile = new Set<LimitationId>();
      const notes: string[] = [];
      /** The limitation explaining a difference on `uid`, or null. */
      const why = (uid: string): LimitationId | null => {
        const listed = listedFor(uid);
        if (listed) return listed;
        const skip = ours.result?.skipped.find((skipped) => (skipped.uid.trim() || NO_UID) === uid);
        const bySkip = skip && skipLimitations[skip.reason];
        if (bySkip) return bySkip;
        return skip && malformed.has(name) && malformedSkips.has(skip.reason) ? 'malformed' : null;
      };

      if (ours.status !== 201) {
        if ((ref.occurrences ?? []).length === 0) {
          counts.bothEmpty += 1;
          continue;
        }
        const reason = ours.error?.fields?.file;
        const limitation =
          typeof table === 'string'
            ? table
            : reason === messages['calendar.skip.ruleUnsupported'] ||
                reason === messages['calendar.skip.calendarScale']
              ? 'rule-unsupported'
              : malformed.has(name) && reason !== messages['calendar.fileInvalid']
                ? 'malformed'
                : null;
        if (limitation) {
          counts.refusedExplained += 1;
          byLimitation.set(limitation, (byLimitation.get(limitation) ?? 0) + 1);
        } else
          unexplained.push(
            `${name}: refused (${ours.status} ${reason ?? ''}) though the reference expands it`,
          );
        continue;
      }

      const { byUid, reads } = await occurrencesOf(ours.token, ours.userId, new Set(theirs.keys()));
      counts.reads += reads;
      let compared = 0;
      for (const uid of new Set([...theirs.keys(), ...byUid.keys()])) {
        if (notExpanded.has(uid)) {
          counts.uidsNotExpandedByReference += 1;
          continue;
        }
        const diff = differences(byUid.get(uid) ?? [], theirs.get(uid) ?? [], uid !== NO_UID);
        counts.uids += 1;
        compared += diff.compared;
        if (diff.onlyOurs.length === 0 && diff.onlyTheirs.length === 0) continue;
        const limitation = why(uid);
        if (limitation) whyFile.add(limitation);
        else {
          notes.push(
            `  UID ${uid}: only ours ${JSON.stringify(diff.onlyOurs.slice(0, 3))}, only the reference's ${JSON.stringify(diff.onlyTheirs.slice(0, 3))}`,
          );
        }
      }
      counts.occurrences += compared;
      if (compared === 0) {
        counts.bothEmpty += 1;
        continue;
      }
      counts.compared += 1;
      if (notes.length > 0) unexplained.push(`${name}: differs\n${notes.join('\n')}`);
      else if (whyFile.size > 0) {
        counts.differsExplained += 1;
        for (const limitation of whyFile)
          byLimitation.set(limitation, (byLimitation.get(limitation) ?? 0) + 1);
      } else counts.identical += 1;
      const listed = typeof table === 'object' ? Object.values(table) : table ? [table] : [];
      for (const limitation of listed) {
        if (!whyFile.has(limitation)) listedButIdentical.push(`${name} (${limitation})`);
      }
    }

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      [
        `iCalendar interoperability with python's recurring-ical-events, ${FROM}–${TO}, the earliest ${PER_UID} per UID:`,
        `  ${names.length} files; the reference cannot read ${counts.unreadableByReference}; nothing in the window on either side in ${counts.bothEmpty}`,
        `  compared occurrence by occurrence: ${counts.compared} files (${counts.uids} UIDs, ${counts.occurrences} occurrences; ${counts.uidsNotExpandedByReference} UIDs the reference cannot expand left out)`,
        `    identical: ${counts.identical}; differing as a named limitation explains: ${counts.differsExplained}; refused as one explains: ${counts.refusedExplained}; unexplained: ${unexplained.length}`,
        ...[...byLimitation]
          .sort((a, b) => b[1] - a[1])
          .map(([id, count]) => `    ${id} × ${count}: ${limitations[id]}`),
        ...listedButIdentical.map(
          (line) => `  listed in \`explained\` but no longer differing that way: ${line}`,
        ),
        `  slowest import ${slowest.ms.toFixed(0)} ms (${slowest.file}); ${counts.reads} range reads`,
        `  imports done at ${seconds(importedAfter)}, the reference at ${seconds(referenceAfter)}, all in ${seconds(performance.now() - began)}`,
        ...failures.map((line) => `  FAILED ${line}`),
        ...unexplained.map((line) => `  UNEXPLAINED ${line}`),
      ].join('\n'),
    );
    expect(failures).toEqual([]);
    expect(unexplained).toEqual([]);
    expect(counts.compared).toBeGreaterThanOrEqual(COMPARED_MIN);
  },
);
