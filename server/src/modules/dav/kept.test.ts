/**
 * The kept text of a CalDAV object (D49): the line-level tree gives back every file of the public
 * corpus byte for byte, and a merge writes only what the app changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseIcalText, serializeIcal } from './ical-text';
import { type EventFields, mergeEvent, mergeTodo, type TodoFields } from './kept';

const corpus = path.join(import.meta.dirname, '../../../fixtures/ics-corpus/files');

const crlf = (text: string) => text.replace(/\r\n|\r|\n/g, '\r\n').replace(/(\r\n)?$/, '\r\n');
const lines = (text: string) =>
  text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

describe('the line-level tree', () => {
  it('gives back each file of the corpus that is one VCALENDAR, byte for byte', () => {
    let read = 0;
    for (const name of fs.readdirSync(corpus)) {
      const text = crlf(fs.readFileSync(path.join(corpus, name), 'utf8').replace(/^\uFEFF/, ''));
      let tree;
      try {
        tree = parseIcalText(text);
      } catch {
        continue;
      }
      read += 1;
      expect(serializeIcal(tree), name).toBe(text);
    }
    expect(read).toBeGreaterThan(300);
  });
});

const todoText = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Apple Inc.//iOS 17.0//EN',
  'BEGIN:VTODO',
  'UID:reminder-1',
  'DTSTAMP:20261101T080000Z',
  'CREATED:20261101T080000Z',
  'SUMMARY:Stretch',
  'DTSTART;TZID=Europe/Paris:20261102T080000',
  'DUE;TZID=Europe/Paris:20261102T080000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
  'PRIORITY:5',
  'CATEGORIES:Errand,Home',
  'X-APPLE-SORT-ORDER:785412345',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT10M',
  'END:VALARM',
  'END:VTODO',
  'END:VCALENDAR',
  '',
].join('\r\n');

const todoBefore: TodoFields = {
  at: '2026-11-01T08:00:00.000Z',
  title: 'Stretch',
  description: '',
  dueDate: '2026-11-02',
  isCompleted: false,
  completedAt: null,
  isImportant: false,
  tags: ['Home'],
  repeat: null,
  repeatRule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
  timeZone: 'Europe/Paris',
};
const later = '2026-11-05T10:00:00.000Z';

describe('a to-do changed in the app', () => {
  it('is the kept text itself when the app changed nothing', () => {
    expect(mergeTodo(todoText, todoBefore, todoBefore)).toBe(todoText);
  });

  it('changes its title and stamps only', () => {
    const merged = mergeTodo(todoText, todoBefore, { ...todoBefore, at: later, title: 'Stretch, then run' });
    const before = lines(todoText);
    const after = lines(merged);
    expect(after.filter((line) => !before.includes(line))).toEqual([
      'DTSTAMP:20261105T100000Z',
      'SUMMARY:Stretch\\, then run',
      'LAST-MODIFIED:20261105T100000Z',
    ]);
    expect(before.filter((line) => !after.includes(line))).toEqual([
      'DTSTAMP:20261101T080000Z',
      'SUMMARY:Stretch',
    ]);
  });

  it('completes it with the instant it was completed, keeping its due time and zone', () => {
    const merged = mergeTodo(todoText, todoBefore, {
      ...todoBefore,
      at: later,
      isCompleted: true,
      completedAt: '2026-11-05T09:59:00.000Z',
    });
    expect(lines(merged)).toEqual(
      expect.arrayContaining([
        'STATUS:COMPLETED',
        'COMPLETED:20261105T095900Z',
        'PERCENT-COMPLETE:100',
        'DUE;TZID=Europe/Paris:20261102T080000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30',
      ]),
    );
  });

  it('moves its due day at the same time of day, its start with it, and swaps only its own tags', () => {
    const merged = mergeTodo(todoText, todoBefore, {
      ...todoBefore,
      at: later,
      dueDate: '2026-11-09',
      tags: ['Work'],
    });
    expect(lines(merged)).toEqual(
      expect.arrayContaining([
        'DUE;TZID=Europe/Paris:20261109T080000',
        'DTSTART;TZID=Europe/Paris:20261109T080000',
        'CATEGORIES:Errand,Work',
      ]),
    );
  });
});

const eventText = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN',
  'BEGIN:VEVENT',
  'UID:rehearsal-1',
  'DTSTAMP:20261101T080000Z',
  'DTSTART;TZID=Europe/Paris:20261104T190000',
  'DTEND;TZID=Europe/Paris:20261104T210000',
  'RRULE:FREQ=WEEKLY;COUNT=6',
  'EXDATE;TZID=Europe/Paris:20261111T190000',
  'SUMMARY:Rehearsal',
  'ORGANIZER;CN=Ana:mailto:ana@example.org',
  'ATTENDEE;CN=Ben;PARTSTAT=ACCEPTED:mailto:ben@example.org',
  'CATEGORIES:Work,Music',
  'CLASS:PRIVATE',
  'X-MOZ-GENERATION:3',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'DESCRIPTION:Rehearsal',
  'TRIGGER:-PT30M',
  'END:VALARM',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:rehearsal-1',
  'DTSTAMP:20261101T080000Z',
  'RECURRENCE-ID;TZID=Europe/Paris:20261118T190000',
  'DTSTART;TZID=Europe/Paris:20261118T200000',
  'DTEND;TZID=Europe/Paris:20261118T220000',
  'SUMMARY:Rehearsal (late)',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

const eventBefore: EventFields = {
  at: '2026-11-01T08:00:00.000Z',
  title: 'Rehearsal',
  description: '',
  location: '',
  url: '',
  category: 'Personal',
  reminder: 30,
  allDay: false,
  start: '2026-11-04T18:00:00.000Z',
  end: '2026-11-04T20:00:00.000Z',
  timeZone: 'Europe/Paris',
  recurrence: 'FREQ=WEEKLY;COUNT=6',
  sequence: 0,
  exceptions: [
    { occurrence: '2026-11-11T18:00:00.000Z', kind: 'exclusion' },
    {
      occurrence: '2026-11-18T18:00:00.000Z',
      kind: 'override',
      title: 'Rehearsal (late)',
      description: '',
      location: '',
      url: '',
      category: 'Personal',
      reminder: null,
      allDay: false,
      start: '2026-11-18T19:00:00.000Z',
      end: '2026-11-18T21:00:00.000Z',
    },
  ],
};

describe('an event changed in the app', () => {
  it('keeps its attendees, class, categories, alarm and moved instance when its title changes', () => {
    const merged = mergeEvent(eventText, eventBefore, {
      ...eventBefore,
      at: later,
      title: 'Dress rehearsal',
    });
    const before = lines(eventText);
    const after = lines(merged);
    expect(before.filter((line) => !after.includes(line))).toEqual(['SUMMARY:Rehearsal']);
    expect(after.filter((line) => !before.includes(line))).toEqual([
      'DTSTAMP:20261105T100000Z',
      'SUMMARY:Dress rehearsal',
      'LAST-MODIFIED:20261105T100000Z',
    ]);
  });

  it('moves the series in its own zone, an hour later, and writes the sequence', () => {
    const merged = mergeEvent(eventText, eventBefore, {
      ...eventBefore,
      at: later,
      start: '2026-11-04T19:00:00.000Z',
      end: '2026-11-04T21:00:00.000Z',
      sequence: 1,
    });
    expect(lines(merged)).toEqual(
      expect.arrayContaining([
        'DTSTART;TZID=Europe/Paris:20261104T200000',
        'DTEND;TZID=Europe/Paris:20261104T220000',
        'SEQUENCE:1',
        'ATTENDEE;CN=Ben;PARTSTAT=ACCEPTED:mailto:ben@example.org',
      ]),
    );
  });

  it('adds an exclusion and drops the moved instance the app deleted', () => {
    const merged = mergeEvent(eventText, eventBefore, {
      ...eventBefore,
      at: later,
      exceptions: [
        { occurrence: '2026-11-11T18:00:00.000Z', kind: 'exclusion' },
        { occurrence: '2026-11-18T18:00:00.000Z', kind: 'exclusion' },
      ],
    });
    expect(lines(merged)).toContain('EXDATE;TZID=Europe/Paris:20261111T190000,20261118T190000');
    expect(merged).not.toContain('RECURRENCE-ID');
    expect(merged).not.toContain('Rehearsal (late)');
  });

  it('changes its reminder in the alarm it was read from', () => {
    const merged = mergeEvent(eventText, eventBefore, { ...eventBefore, at: later, reminder: 15 });
    expect(lines(merged)).toContain('TRIGGER:-PT15M');
    expect(merged).not.toContain('TRIGGER:-PT30M');
  });
});
