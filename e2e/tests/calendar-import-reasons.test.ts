/**
 * Account settings → Calendar, in French: an import that leaves things out says why in French —
 * an event whose date cannot be read, a to-do (a calendar takes events only) — and a file with no
 * event it can take says so with the reason of the event it could not read, never a raw key
 * (`api.calendar.skip.badDate`) nor the server's English.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { arrive } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

const calendar = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//FR', ...lines, 'END:VCALENDAR', ''].join('\r\n');

const event = (uid: string, summary: string, start: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  `DTSTART:${start}`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];

function icsFile(name: string, content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-ics-')), name);
  fs.writeFileSync(file, content);
  return file;
}

/** Chooses the file in the import's field and presses “Importer”, as a person would. */
async function importFrench(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('Fichier iCalendar').click();
  await (await chooser).setFiles(file);
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
}

describe('the reasons of an import, in French', () => {
  it('lists what was not imported and why, and says why a file with no readable event is refused', async () => {
    const { page, allowConsole } = await arrive(server.url, 'import-reasons-fr');
    // The refused file's answer (400), which the browser reports.
    allowConsole(/status of 400/);
    await page.getByTestId('language-menu').selectOption('fr');
    await page.locator('html[lang="fr"]').waitFor();
    await page.goto('/pages/account-setting?tab=calendar');
    await page.getByRole('heading', { name: 'Importer des événements' }).waitFor();

    // 30 February cannot be read; a to-do is no event.
    await importFrench(
      page,
      icsFile(
        'mixte.ics',
        calendar(
          ...event('good@example.com', 'Réunion d’équipe', '20270115T090000Z'),
          ...event('bad@example.com', 'Date impossible', '20270230T090000Z'),
          'BEGIN:VTODO',
          'UID:todo@example.com',
          'DTSTAMP:20260101T000000Z',
          'SUMMARY:Acheter du pain',
          'END:VTODO',
        ),
      ),
    );
    const skipped = page.getByTestId('import-skipped');
    await skipped.getByText('Non importés').waitFor();
    const items = skipped.getByRole('listitem');
    await expect
      .poll(() => items.allInnerTexts())
      .toEqual([
        'Date impossible — Une date ou une heure de l’événement est illisible.',
        'Acheter du pain — Il s’agit d’une tâche ou d’une entrée de journal, pas d’un événement : seuls les événements sont importés.',
      ]);

    // Nothing the calendar can take: refused, with the reason of the event it could not read.
    await importFrench(
      page,
      icsFile('illisible.ics', calendar(...event('bad2@example.com', 'Rien', '20270230T090000Z'))),
    );
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'Ce calendrier ne contient aucun événement à importer.' });
    await refusal.waitFor();
    await expect
      .poll(() => refusal.innerText())
      .toContain('Une date ou une heure de l’événement est illisible.');
    expect(await page.locator('main').innerText()).not.toMatch(/api\.calendar|cannot be read|holds no event/);
  });
});
