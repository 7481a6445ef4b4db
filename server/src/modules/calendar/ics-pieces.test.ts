/**
 * An upload is read as the pieces it arrived in (lib/upload.ts `readUploadText`), never joined
 * into one string (D41): readIcs answers the same for a file whole and cut into pieces anywhere —
 * inside a CRLF, a fold, a property name, a multi-byte character's neighbours — over every file of
 * the corpus that others wrote (server/fixtures/ics-corpus).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkSlicer } from '../../lib/work-slicer';
import { readIcs } from './ics-import';

const corpus = path.join(import.meta.dirname, '../../../fixtures/ics-corpus');
const files = (
  JSON.parse(fs.readFileSync(path.join(corpus, 'INDEX.json'), 'utf8')) as { file: string }[]
).map((entry) => entry.file);

const cut = (text: string, size: number) => {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
};

/** What readIcs makes of the text, or the error it throws, comparable as JSON. */
async function read(text: string | string[]) {
  try {
    return await readIcs(text, 'Europe/Paris', new WorkSlicer());
  } catch (error) {
    return { error: (error as Error).constructor.name };
  }
}

describe('an iCalendar file read in pieces', () => {
  it(
    'reads as the whole file does, for every file of the corpus cut every 1, 7 and 4,096 characters',
    { timeout: 120_000 },
    async () => {
      let events = 0;
      for (const file of files) {
        const text = fs.readFileSync(path.join(corpus, 'files', file), 'utf8');
        const whole = await read(text);
        if ('events' in whole) events += whole.events.length;
        for (const size of [1, 7, 4096]) {
          expect(await read(cut(text, size)), `${file} cut every ${size}`).toEqual(whole);
        }
      }
      // The corpus was read, not refused whole.
      expect(events).toBeGreaterThan(1000);
    },
  );

  it('drops a byte order mark at the start of the first piece, folds across pieces, and keeps an empty piece harmless', async () => {
    const lines = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:pieces-1',
      'DTSTART:20270105T090000Z',
      'DTEND:20270105T100000Z',
      'SUMMARY:Café ',
      ' au lait',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ];
    const text = lines.join('\r\n');
    const pieces = [
      '\uFEFFBEGIN:VCAL',
      '',
      `${text.slice('BEGIN:VCAL'.length, text.indexOf('\n'))}`,
      text.slice(text.indexOf('\n')),
    ];
    const read = await readIcs(pieces, 'UTC', new WorkSlicer());
    expect(read.events.map((event) => [event.uid, event.title, new Date(event.start).toISOString()])).toEqual(
      [['pieces-1', 'Café au lait', '2027-01-05T09:00:00.000Z']],
    );
  });
});
