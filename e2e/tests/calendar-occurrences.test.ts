/**
 * One occurrence, the following ones, or all (D39), as people use it in Chromium: A (in Berlin)
 * drags one Monday of a weekly review with B as guest to the Tuesday and chooses "This event" —
 * only that week's moves, for A and for B; renames the second week's from the drawer for "All
 * events" (the moved one keeps its own title); then deletes "This and following events" from the
 * third week and the series ends there. A Google-style file with a moved occurrence, imported from
 * account settings, shows it moved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { transitionsOver } from '../support/axe';
import { arrive as arriveAt, callAs, makeFriends, sessionOf } from '../support/people';
import { addDays, wallTime } from '../support/time';
import { addEvent, dragTo, importIcs, shown, shownTimes } from '../support/calendar';
import { useAppServer } from '../support/server';
import { deleteSent } from '../support/undo';

const server = useAppServer();
const arrive = (name: string) => arriveAt(server.url, name);
const BERLIN = 'Europe/Berlin';

/** The Monday after today in Berlin (at least a day ahead), as YYYY-MM-DD. */
function nextMonday(): string {
  const today = wallTime(new Date(), BERLIN).day;
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, (8 - weekday) % 7 || 7);
}

/** The week view showing `day`, from this week. */
async function weekOf(page: Page, day: string) {
  const calendar = page.getByTestId('calendar');
  await calendar.getByRole('tab', { name: 'Week view' }).click();
  for (let step = 0; step < 8; step += 1) {
    if ((await calendar.locator(`[role="columnheader"][data-date="${day}"]`).count()) > 0) return;
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
  }
  throw new Error(`the week of ${day} never showed`);
}

describe('one occurrence of a repeating event', () => {
  it('moves alone when "This event" is chosen, for the owner and the guest; "This and following" ends the series', async () => {
    const a = await arrive('occurrence-owner');
    const b = await arrive('occurrence-guest');
    await makeFriends(a, b);
    const { page } = a;
    await callAs(page, 'put', '/api/account', { timeZone: BERLIN });
    const monday = nextMonday();
    const guestId = (await sessionOf(b.page)).id;
    const created = await addEvent(page, {
      title: 'Weekly review',
      start: `${monday}T10:00:00${offsetOf(monday)}`,
      end: `${monday}T11:00:00${offsetOf(monday)}`,
      recurrence: 'FREQ=WEEKLY;COUNT=4',
      guests: [guestId],
    });

    await page.goto('/apps/calendar');
    const calendar = page.getByTestId('calendar');
    await calendar.waitFor();
    await weekOf(page, monday);
    await expect.poll(() => shownTimes(page, 'Weekly review', BERLIN)).toEqual([`${monday} 10:00`]);

    // Drag Monday's to Tuesday and choose "This event".
    const tuesday = addDays(monday, 1);
    const saved = page.waitForResponse((response) => response.url().includes('/api/calender/modify-event/'));
    await dragTo(
      page,
      calendar.getByRole('button', { name: /Weekly review/ }),
      calendar.locator(`[role="cell"][data-date="${tuesday}"]`).last(),
    );
    const which = page.getByRole('dialog', { name: 'Move repeating event' });
    expect(await which.getByRole('radio', { name: 'This event' }).isChecked()).toBe(true);
    await which.getByRole('radio', { name: 'This and following events' }).waitFor();
    await which.getByRole('button', { name: 'OK' }).click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(response.url()).toContain('scope=this');
    await expect.poll(() => shownTimes(page, 'Weekly review', BERLIN)).toEqual([`${tuesday} 10:00`]);
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
    await expect
      .poll(() => shownTimes(page, 'Weekly review', BERLIN))
      .toEqual([`${addDays(monday, 7)} 10:00`]);

    // B, in UTC, sees the same: only the first week's moved.
    const guest = b.page;
    await guest.goto('/apps/calendar');
    await guest.getByTestId('calendar').waitFor();
    await weekOf(guest, monday);
    await expect.poll(() => shownTimes(guest, 'Weekly review', BERLIN)).toEqual([`${tuesday} 10:00`]);
    await guest
      .getByTestId('calendar')
      .getByRole('button', { name: /^Next week$/i })
      .click();
    await expect
      .poll(() => shownTimes(guest, 'Weekly review', BERLIN))
      .toEqual([`${addDays(monday, 7)} 10:00`]);

    // A renames the second week's from the drawer, for all events: the moved one keeps its own title.
    await shown(page, 'Weekly review').click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    expect(await edit.getByLabel('Start date').inputValue()).toBe(addDays(monday, 7));
    await edit.getByLabel('Title').fill('Team review');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const change = page.getByRole('dialog', { name: 'Change repeating event' });
    // Chosen once the dialog has opened: a click while it still fades in can be lost.
    await change.waitFor();
    await transitionsOver(page);
    await change.getByRole('radio', { name: 'All events' }).check();
    await change.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('Event updated', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => shownTimes(page, 'Team review', BERLIN)).toEqual([`${addDays(monday, 7)} 10:00`]);
    await calendar.getByRole('button', { name: /^Previous week$/i }).click();
    await expect.poll(() => shownTimes(page, 'Weekly review', BERLIN)).toEqual([`${tuesday} 10:00`]);
    await calendar.getByRole('button', { name: /^Next week$/i }).click();

    // A deletes the third week's "and the following ones": the series ends after the second.
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
    await expect
      .poll(() => shownTimes(page, 'Team review', BERLIN))
      .toEqual([`${addDays(monday, 14)} 10:00`]);
    await shown(page, 'Team review').click();
    const drawer = page.getByRole('dialog', { name: 'Edit event' });
    await drawer.getByRole('button', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete repeating event' });
    // Chosen once the dialog has opened: a click while it still fades in can be lost.
    await remove.waitFor();
    await transitionsOver(page);
    await remove.getByRole('radio', { name: 'This and following events' }).check();
    // Sent when the toast (with Undo, D48) closes; meanwhile the weeks read leave them out.
    const sent = deleteSent(page, '/api/calender/');
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Event deleted', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => shown(page, 'Team review').count()).toBe(0);
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
    await expect.poll(() => shown(page, 'Team review').count()).toBe(0);
    await calendar.getByRole('button', { name: /^Previous week$/i }).click();
    await calendar.getByRole('button', { name: /^Previous week$/i }).click();
    await expect.poll(() => shownTimes(page, 'Team review', BERLIN)).toEqual([`${addDays(monday, 7)} 10:00`]);
    expect((await sent).status()).toBe(204);
    const series = await callAs(page, 'get', `/api/calender/events/${created._id as string}`);
    expect(series.recurrence).toMatch(/UNTIL=/);
  });

  it('an imported Google file with a moved occurrence shows it moved', async () => {
    const { page } = await arrive('occurrence-import');
    await callAs(page, 'put', '/api/account', { timeZone: BERLIN });
    const monday = nextMonday();
    const day = (d: string) => d.replace(/-/g, '');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-ics-')), 'google.ics');
    fs.writeFileSync(
      file,
      [
        'BEGIN:VCALENDAR',
        'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
        'VERSION:2.0',
        'X-WR-TIMEZONE:Europe/Berlin',
        'BEGIN:VEVENT',
        `DTSTART;TZID=Europe/Berlin:${day(monday)}T090000`,
        `DTEND;TZID=Europe/Berlin:${day(monday)}T093000`,
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'UID:planning@google.com',
        'SUMMARY:Planning',
        'END:VEVENT',
        'BEGIN:VEVENT',
        `DTSTART;TZID=Europe/Berlin:${day(addDays(monday, 9))}T140000`,
        `DTEND;TZID=Europe/Berlin:${day(addDays(monday, 9))}T143000`,
        `RECURRENCE-ID;TZID=Europe/Berlin:${day(addDays(monday, 7))}T090000`,
        'UID:planning@google.com',
        'SUMMARY:Planning (moved)',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await importIcs(page, file, 'Imported: 1. Updated: 0. Unchanged: 0. Not imported: 0.');
    await page.goto('/apps/calendar');
    await page.getByTestId('calendar').waitFor();
    await weekOf(page, addDays(monday, 7));
    await expect
      .poll(() => shownTimes(page, 'Planning (moved)', BERLIN))
      .toEqual([`${addDays(monday, 9)} 14:00`]);
    expect(await shown(page, 'Planning').count()).toBe(0);
  });
});

/** Berlin's offset on a day, as +01:00 or +02:00. */
function offsetOf(day: string): string {
  const name = new Intl.DateTimeFormat('en', { timeZone: BERLIN, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')!.value;
  return name.replace('GMT', '') || '+00:00';
}
