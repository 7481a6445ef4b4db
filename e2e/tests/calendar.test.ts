/**
 * The calendar (D31) as people use it, in Chromium: A (whose account is in Berlin time) adds a
 * weekly event with B as guest through the drawer, finds it week after week, drags it to another
 * day choosing "All events" (the series moves, on screen at once and on the server), and reads the
 * calendar in German;
 * B sees it in B's own time zone, read-only. No serious accessibility violation in either skin.
 */
import { describe, expect, it } from 'vitest';
import { seriousViolations, transitionsOver } from '../support/axe';
import { arrive as arriveAt, callAs, makeFriends, sessionOf } from '../support/people';
import { addDays, wallTime } from '../support/time';
import { addEvent, choose, dragTo, shown, shownTimes } from '../support/calendar';
import { useAppServer } from '../support/server';
import { toastShown } from '../support/app';

const server = useAppServer();

const arrive = (name: string) => arriveAt(server.url, name);

const BERLIN = 'Europe/Berlin';

describe('the calendar', () => {
  it('adds a weekly event with a guest, moves it by drag, speaks German, and shows it read-only to the guest', async () => {
    const a = await arrive('calendar-owner');
    const b = await arrive('calendar-guest');
    await makeFriends(a, b);
    const { page } = a;
    await callAs(page, 'put', '/api/account', { timeZone: BERLIN });

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click();
    await page.waitForURL('**/apps/calendar');
    await page.getByRole('heading', { level: 1, name: 'Calendar' }).waitFor();
    const calendar = page.getByTestId('calendar');
    await calendar.waitFor();

    // The drawer: today 10:00–11:00 in Berlin, B as guest, every week on today's weekday.
    const today = wallTime(new Date(), BERLIN).day;
    await page.getByRole('button', { name: 'Add event' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add event' });
    await drawer.getByLabel('Title').fill('Team sync');
    await drawer.getByLabel('Start date').fill(today);
    await drawer.getByLabel('Start time').fill('10:00');
    await drawer.getByLabel('End date').fill(today);
    await drawer.getByLabel('End time').fill('11:00');
    await choose(page, drawer, 'Guests', new RegExp(`^${b.person.fullName}`));
    await drawer.getByLabel('Title').click();
    await choose(page, drawer, 'Category', 'Business');
    await choose(page, drawer, 'Reminder', '15 minutes before');
    await choose(page, drawer, 'Repeat', 'Weekly');
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(
      new Date(`${today}T12:00:00Z`),
    );
    expect(await drawer.getByRole('checkbox', { name: weekday }).isChecked()).toBe(true);
    await drawer.getByRole('button', { name: 'Add event' }).click();
    await toastShown(page, 'Event added');
    await drawer.waitFor({ state: 'hidden' });

    const [created] = (
      await callAs(page, 'get', `/api/calender/events?start=${today}&end=${addDays(today, 1)}`)
    ).data as Array<{
      _id: string;
      recurrence: string;
      guests: string[];
      reminder: number;
      category: string;
    }>;
    expect(created).toMatchObject({ recurrence: expect.stringMatching(/^FREQ=WEEKLY/), reminder: 15 });
    expect(created!.guests).toEqual([(await sessionOf(b.page)).id]);

    // Week after week, at 10:00 Berlin time.
    await calendar.getByRole('tab', { name: 'Week view' }).click();
    for (const week of [0, 1, 2]) {
      if (week > 0) await calendar.getByRole('button', { name: /^Next week$/i }).click();
      await expect
        .poll(() => shownTimes(page, 'Team sync', BERLIN))
        .toEqual([`${addDays(today, 7 * week)} 10:00`]);
    }
    await calendar.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => shownTimes(page, 'Team sync', BERLIN)).toEqual([`${today} 10:00`]);

    // Drag it to another day of the week: the series moves, on screen and on the server.
    const firstDay = await calendar.getByRole('columnheader').first().getAttribute('data-date');
    const target = today === addDays(firstDay!, 6) ? addDays(today, -1) : addDays(today, 1);
    const saved = page.waitForResponse((response) => response.url().includes('/api/calender/modify-event/'));
    const event = calendar.getByRole('button', { name: /Team sync/ });
    expect(await shown(page, 'Team sync').getAttribute('data-draggable')).toBe('true');
    await dragTo(page, event, calendar.locator(`[role="cell"][data-date="${target}"]`).last());
    // A repeating event asks which occurrences move (D39): all of them here.
    const which = page.getByRole('dialog', { name: 'Move repeating event' });
    // Chosen once the dialog has opened: a click while it still fades in can be lost.
    await which.waitFor();
    await transitionsOver(page);
    await which.getByRole('radio', { name: 'All events' }).check();
    await which.getByRole('button', { name: 'OK' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => shownTimes(page, 'Team sync', BERLIN)).toEqual([`${target} 10:00`]);
    const moved = await callAs(page, 'get', `/api/calender/events/${created!._id}`);
    expect(wallTime(new Date(moved.seriesStart as string), BERLIN)).toEqual({ day: target, time: '10:00' });
    expect(wallTime(new Date(moved.seriesEnd as string), BERLIN)).toEqual({ day: target, time: '11:00' });
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
    await expect.poll(() => shownTimes(page, 'Team sync', BERLIN)).toEqual([`${addDays(target, 7)} 10:00`]);

    // In German: the toolbar, the views and the weekdays, the week from Monday.
    await page.getByTestId('language-menu').selectOption('de');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
    await calendar.getByRole('button', { name: 'Heute' }).waitFor();
    expect(await calendar.getByRole('tab', { name: 'Monat anzeigen' }).textContent()).toBe('Monat');
    await expect
      .poll(() => calendar.getByRole('columnheader').allTextContents())
      .toEqual([
        expect.stringContaining('Mo.'),
        expect.stringContaining('Di.'),
        expect.stringContaining('Mi.'),
        expect.stringContaining('Do.'),
        expect.stringContaining('Fr.'),
        expect.stringContaining('Sa.'),
        expect.stringContaining('So.'),
      ]);
    await page.getByText('Event added', { exact: true }).waitFor({ state: 'hidden' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('language-menu').selectOption('en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');

    // B (in UTC) sees it read-only: nothing to drag or pull, and a drawer without save or delete.
    const guest = b.page;
    const changes: string[] = [];
    guest.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/calender')) changes.push(request.url());
    });
    await guest.goto('/apps/calendar');
    const theirs = guest.getByTestId('calendar');
    await theirs.getByRole('tab', { name: 'Week view' }).click();
    const visit = shown(guest, 'Team sync');
    await expect.poll(() => visit.getAttribute('data-editable')).toBe('false');
    expect(await visit.getAttribute('data-draggable')).toBe('false');
    expect(await visit.getAttribute('data-resizable')).toBe('false');
    expect(await visit.getAttribute('title')).toBe(`Team sync (read-only: an event of ${a.person.fullName})`);
    await expect
      .poll(() => shownTimes(guest, 'Team sync', 'UTC'))
      .toEqual([expect.stringMatching(/ 0[89]:00$/)]);
    const before = await shownTimes(guest, 'Team sync', 'UTC');
    // Onto another day's column: a drop on the event's own day would be a click on it.
    const itsDay = (await visit.getAttribute('data-start'))!.slice(0, 10);
    await dragTo(
      guest,
      theirs.getByRole('button', { name: /Team sync/ }),
      theirs.locator(`[role="cell"][data-date]:not([data-date="${itsDay}"])`).last(),
    );
    expect(await shownTimes(guest, 'Team sync', 'UTC')).toEqual(before);
    expect(await guest.getByRole('dialog').count()).toBe(0);
    await visit.click();
    const details = guest.getByRole('dialog', { name: 'Event' });
    await details.getByText(`only ${a.person.fullName} can change it`, { exact: false }).waitFor();
    expect(await details.getByLabel('Title').inputValue()).toBe('Team sync');
    expect(await details.getByLabel('Title').isDisabled()).toBe(true);
    expect(await details.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await details.waitFor({ state: 'hidden' });
    expect(changes).toEqual([]);
  });

  it('edits an event in the drawer and deletes it after confirming', async () => {
    const { page } = await arrive('calendar-edit');
    await page.goto('/apps/calendar');
    const calendar = page.getByTestId('calendar');
    await calendar.waitFor();
    const today = wallTime(new Date(), 'UTC').day;
    // A click on today's cell in the month view starts an all-day event there.
    await calendar
      .locator(`[role="gridcell"][data-date="${today}"], [role="cell"][data-date="${today}"]`)
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Add event' });
    expect(await drawer.getByLabel('All day').isChecked()).toBe(true);
    expect(await drawer.getByLabel('Start date').inputValue()).toBe(today);
    await drawer.getByLabel('Title').fill('Holiday');
    await drawer.getByRole('button', { name: 'Add event' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => shown(page, 'Holiday').count()).toBe(1);

    await shown(page, 'Holiday').click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Title').fill('Day off');
    await edit.getByLabel('End date').fill(addDays(today, 1));
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toastShown(page, 'Event updated');
    await expect.poll(() => shown(page, 'Day off').count()).toBeGreaterThan(0);

    // The filters hide and show a category's events.
    const filters = page.getByRole('complementary', { name: 'Calendar filters' });
    await filters.getByRole('checkbox', { name: 'Personal' }).click();
    await expect.poll(() => shown(page, 'Day off').count()).toBe(0);
    expect(await filters.getByRole('checkbox', { name: 'View all' }).isChecked()).toBe(false);
    await filters.getByRole('checkbox', { name: 'View all' }).click();
    await expect.poll(() => shown(page, 'Day off').count()).toBeGreaterThan(0);

    await shown(page, 'Day off').first().click();
    // As a person does, the drawer is in place before its button is pressed: a click aimed while it
    // slid in (a loaded CI machine, slow frames) could land where the button had been.
    await page.getByRole('dialog', { name: 'Edit event' }).waitFor();
    await transitionsOver(page);
    await page.getByRole('dialog', { name: 'Edit event' }).getByRole('button', { name: 'Delete' }).click();
    await toastShown(page, 'Event deleted');
    await expect.poll(() => shown(page, 'Day off').count()).toBe(0);
  });

  it.each(['light', 'dark'] as const)(
    'has no serious or critical accessibility violation in the %s skin',
    async (skin) => {
      const a = await arrive(`calendar-axe-${skin}`);
      const b = await arrive(`calendar-axe-${skin}-friend`);
      await makeFriends(a, b);
      const { page } = a;
      await page.evaluate(
        (value) => localStorage.setItem('layoutSettings', JSON.stringify({ skin: value })),
        skin,
      );
      const today = wallTime(new Date(), 'UTC').day;
      for (const category of ['Personal', 'Business', 'Family', 'Holiday', 'ETC']) {
        await addEvent(page, {
          title: `${category} time`,
          category,
          start: `${today}T09:00:00Z`,
          end: `${today}T10:00:00Z`,
        });
      }
      await addEvent(page, {
        title: 'Conference',
        allDay: true,
        start: today,
        end: today,
        recurrence: 'FREQ=DAILY;COUNT=2',
      });
      await addEvent(b.page, {
        title: 'Their party',
        category: 'Family',
        start: `${today}T12:00:00Z`,
        end: `${today}T13:00:00Z`,
        guests: [(await sessionOf(page)).id],
      });

      await page.goto('/apps/calendar');
      const calendar = page.getByTestId('calendar');
      await expect.poll(() => shown(page, 'Their party').count()).toBe(1);
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);
      for (const view of ['Week view', 'Day view', 'List view']) {
        await calendar.getByRole('tab', { name: view }).click();
        await expect.poll(() => shown(page, 'Their party').count()).toBe(1);
        expect(await seriousViolations(page), view).toEqual([]);
      }

      // The drawer with a field message, and a guest's read-only drawer.
      await page.getByRole('button', { name: 'Add event' }).click();
      const drawer = page.getByRole('dialog', { name: 'Add event' });
      await drawer.getByRole('button', { name: 'Add event' }).click();
      await drawer.getByText('Please enter a title.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await drawer.waitFor({ state: 'hidden' });
      await shown(page, 'Their party').click();
      await page.getByRole('dialog', { name: 'Event' }).getByText('You are a guest of this event').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
