/**
 * Meetings (D22–D24, D31–D34) as two friends in different time zones use them, in Chromium: A (in
 * Paris) sets working hours in the meetings page's dialog, adds a meeting with B (in New York) and
 * sees the times when both are free in Paris time, grouped by A's days, and picks one; B finds the
 * invitation on /apps/requests (the menu counts it), opens its preview and accepts; the meeting is
 * on both calendars at the same instant, in each one's own time; A searches again and that time is
 * no longer offered. No serious accessibility violation on the page of times, in either skin.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, callAs, makeFriends } from '../support/people';
import { addDays, wallTime } from '../support/time';
import { choose, shown, shownTimes } from '../support/calendar';
import { useAppServer } from '../support/server';
import { toastShown } from '../support/app';

const server = useAppServer();

const arrive = (name: string) => arriveAt(server.url, name);

const PARIS = 'Europe/Paris';
const NEW_YORK = 'America/New_York';
const TOKYO = 'Asia/Tokyo';

/** How far a time zone's clocks are ahead of UTC at an instant, in milliseconds. */
function offsetOf(instant: number, timeZone: string) {
  const { day, time } = wallTime(instant, timeZone);
  return Date.parse(`${day}T${time}:00Z`) - Math.floor(instant / 60_000) * 60_000;
}

/** The instant (ISO, UTC) of a wall clock on a day in a time zone (not in a DST change). */
function instantOf(day: string, time: string, timeZone: string) {
  const guess = Date.parse(`${day}T${time}:00Z`);
  return new Date(guess - offsetOf(guess, timeZone)).toISOString();
}

/**
 * The Monday of a week at least a week ahead whose working days have Paris six hours ahead of New
 * York (both on winter time or both on summer time), so that B's 09:00–17:00 is 15:00–23:00 in
 * Paris all week.
 */
function meetingWeek() {
  let monday = addDays(new Date().toISOString().slice(0, 10), 8);
  while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
  const sixHoursApart = (day: string) => {
    const noon = Date.parse(`${day}T12:00:00Z`);
    return offsetOf(noon, PARIS) - offsetOf(noon, NEW_YORK) === 6 * 3_600_000;
  };
  while (![0, 1, 2, 3, 4, 5].every((days) => sixHoursApart(addDays(monday, days)))) {
    monday = addDays(monday, 7);
  }
  return monday;
}

/** A clock time as the English pages write it ("3:00 PM"), whatever space ICU puts before PM. */
const clock = (text: string) => text.replace(/\s+/g, ' ').trim();

/** "Tuesday, January 12" as a day's heading reads in English, with the year when not this one. */
function dayHeading(day: string) {
  const thisYear = wallTime(Date.now(), PARIS).day.slice(0, 4);
  return new Intl.DateTimeFormat('en', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(day.startsWith(thisYear) ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The times offered on a day, as their buttons read, in order. */
const timesOn = (page: Page, day: string) =>
  page
    .getByRole('region', { name: 'Available times' })
    .getByRole('group', { name: dayHeading(day), exact: true })
    .getByRole('button')
    .allTextContents()
    .then((texts) => texts.map(clock));

/** Waits until the times shown are the answer to the form as it is (no search under way). */
const searched = (page: Page) =>
  expect.poll(() => page.getByTestId('available-times').getAttribute('aria-busy')).toBe('false');

/** Fills "Add meeting": the name, an hour, the week's working days and B as invitee. */
async function fillMeeting(page: Page, name: string, monday: string, invitee: string) {
  const form = page.locator('form');
  const field = (label: string) => form.getByRole('textbox', { name: label, exact: true });
  await field('Name').fill(name);
  await choose(page, form, 'Duration', /^1 h$/);
  await field('From').fill(monday);
  await field('To').fill(addDays(monday, 4));
  await choose(page, form, 'Invitees', new RegExp(`^${invitee}`));
  await field('Name').click();
}

/** Opens the calendar through the menu, in the week view, on the week of a day. */
async function openCalendarWeek(page: Page, day: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }).click();
  await page.waitForURL('**/apps/calendar');
  const calendar = page.getByTestId('calendar');
  await calendar.getByRole('tab', { name: 'Week view' }).click();
  const column = calendar.getByRole('columnheader').and(page.locator(`[data-date="${day}"]`));
  while ((await column.count()) === 0) {
    const first = await calendar.getByRole('columnheader').first().getAttribute('data-date');
    await calendar.getByRole('button', { name: /^Next week$/i }).click();
    await expect
      .poll(() => calendar.getByRole('columnheader').first().getAttribute('data-date'))
      .not.toBe(first);
  }
}

describe('meetings', () => {
  it('finds a time two friends in different time zones share, and puts it on both calendars', async () => {
    const a = await arrive('meetings-organiser');
    const b = await arrive('meetings-invitee');
    await makeFriends(a, b);
    const { page } = a;
    const guest = b.page;
    await callAs(page, 'put', '/api/account', { timeZone: PARIS });
    await callAs(guest, 'put', '/api/account', { timeZone: NEW_YORK });
    await page.reload();
    await guest.reload();

    const monday = meetingWeek();
    const tuesday = addDays(monday, 1);
    const wednesday = addDays(monday, 2);
    const meetingName = 'Quarterly review';

    // A opens the meetings through the menu and sets Monday to Friday, 14:00–18:00.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Meetings' }).click();
    await page.waitForURL('**/apps/meetings');
    await page.getByRole('heading', { level: 1, name: 'Meetings' }).waitFor();
    await page.getByRole('button', { name: 'Working hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Working hours' });
    await dialog.getByTestId('working-hours-default').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(
      /^\(GMT\+0[12]:00\) Central European Time – Paris$/,
    );
    await dialog.getByLabel('Monday, interval 1: start').selectOption('14:00');
    await dialog.getByLabel('Monday, interval 1: end').selectOption('18:00');
    await dialog.getByRole('button', { name: 'Copy to other days from Monday' }).click();
    await page.getByRole('menuitem', { name: 'Monday to Friday' }).click();
    await expect.poll(() => dialog.getByLabel('Friday, interval 1: start').inputValue()).toBe('14:00');
    expect(await dialog.getByLabel('Friday, interval 1: end').inputValue()).toBe('18:00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastShown(page, 'Working hours saved.');
    await dialog.waitFor({ state: 'hidden' });
    const hours = await callAs(page, 'get', '/api/working-hours');
    expect(hours).toEqual({
      timeZone: PARIS,
      isDefault: false,
      data: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
        day,
        from: '14:00',
        to: '18:00',
      })),
    });

    // "Add meeting": an hour with B in that week; the times when both are free, in Paris time.
    await page.getByRole('link', { name: 'Add meeting' }).click();
    await page.waitForURL('**/apps/meetings/add-meeting');
    await fillMeeting(page, meetingName, monday, b.person.fullName);
    const times = page.getByRole('region', { name: 'Available times' });
    await times.getByText(`Times in your time zone (${PARIS}).`).waitFor();
    // A 14:00–18:00 and B 09:00–17:00 in New York (15:00–23:00 in Paris): an hour from 15:00 to 17:00.
    const shared = ['3:00', '3:15', '3:30', '3:45', '4:00', '4:15', '4:30', '4:45', '5:00'].map(
      (time) => `${time} PM`,
    );
    await expect.poll(() => timesOn(page, monday)).toEqual(shared);
    await searched(page);
    const headings = await times.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual([0, 1, 2, 3, 4].map((days) => dayHeading(addDays(monday, days))));
    for (const day of [tuesday, wednesday, addDays(monday, 4)]) {
      expect(await timesOn(page, day)).toEqual(shared);
    }
    const threePm = instantOf(tuesday, '15:00', PARIS);
    const chip = times
      .getByRole('group', { name: dayHeading(tuesday) })
      .getByRole('button', { name: /^3:00\sPM$/ });
    expect(Date.parse((await chip.getAttribute('data-time'))!)).toBe(Date.parse(threePm));

    // No serious accessibility violation with the times shown, in the light skin.
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    await page.getByText('Working hours saved.', { exact: true }).waitFor({ state: 'hidden' });
    expect(await seriousViolations(page)).toEqual([]);

    // A picks Tuesday 15:00 and saves: the meeting starts at that instant.
    await chip.click();
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => clock((await times.getByTestId('chosen-time').textContent()) ?? ''))
      .toMatch(/^Chosen time: .*3:00/);
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/meetings') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save meeting' }).click();
    const created = await saving;
    expect(created.status()).toBe(201);
    const meeting = (await created.json()) as { _id: string; time: string; end: string };
    expect(meeting.time).toBe(threePm);
    expect(meeting.end).toBe(new Date(Date.parse(threePm) + 3_600_000).toISOString());
    await page.waitForURL('**/apps/meetings');
    await toastShown(page, 'Meeting added');

    // B comes back to the app: the menu counts the invitation, and /apps/requests shows it in New
    // York time.
    await guest.reload();
    const menu = guest.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByTestId('requests-badge').textContent()).toBe('1');
    await menu.getByRole('link', { name: /^Requests/ }).click();
    await guest.waitForURL('**/apps/requests');
    const invitation = guest.getByRole('group', { name: meetingName });
    await invitation.waitFor();
    expect(await invitation.getByText(`Organised by ${a.person.fullName}`).isVisible()).toBe(true);
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeZone: NEW_YORK }).format(
      new Date(threePm),
    );
    const text = clock((await invitation.textContent()) ?? '');
    expect(text).toContain(`${when} at 9:00 AM`);
    expect(text).toContain('Duration: 1 hr');

    // The preview, and Accept.
    await invitation.getByRole('link', { name: `Details of ${meetingName}` }).click();
    await guest.waitForURL(`**/apps/meetings/preview?id=${meeting._id}`);
    const preview = guest.getByTestId('meeting-preview');
    await preview.getByRole('heading', { level: 1, name: meetingName }).waitFor();
    const shortDay = new Intl.DateTimeFormat('en', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: NEW_YORK,
    }).format(new Date(threePm));
    expect(clock((await preview.getByTestId('meeting-time').textContent()) ?? '')).toBe(
      `${shortDay}, 9:00 – 10:00 AM`,
    );
    const accept = preview.getByRole('button', { name: 'Accept' });
    expect(await accept.getAttribute('aria-pressed')).toBe('false');
    await accept.click();
    await expect
      .poll(() => guest.getByText(`You accepted the invitation to “${meetingName}”.`).isVisible())
      .toBe(true);
    await expect.poll(() => accept.getAttribute('aria-pressed')).toBe('true');
    const participants = preview.getByTestId('participants');
    await expect
      .poll(() => participants.locator('[data-status]').getAttribute('data-status'))
      .toBe('accepted');
    expect(await participants.locator('[data-status]').textContent()).toBe('Accepted');
    // Back in the app, nothing waits for B's answer any more.
    await guest.getByRole('link', { name: 'Back to meetings' }).click();
    await guest.waitForURL('**/apps/meetings');
    await guest.getByRole('heading', { level: 1, name: 'Meetings' }).waitFor();
    await expect.poll(() => menu.getByTestId('requests-badge').count()).toBe(0);

    // Both calendars: the same instant, at 15:00 in Paris for A and at 09:00 in New York for B.
    await openCalendarWeek(page, tuesday);
    await openCalendarWeek(guest, tuesday);
    for (const [person, zone, time, slot, text] of [
      [page, PARIS, '15:00', '3pm', '3:00 – 4:00'],
      [guest, NEW_YORK, '09:00', '9am', '9:00 – 10:00'],
    ] as const) {
      await expect.poll(() => shownTimes(person, meetingName, zone)).toEqual([`${tuesday} ${time}`]);
      expect(await shown(person, meetingName).getAttribute('data-start')).toBe(meeting.time);
      // On screen: in Tuesday's column, from the row of that hour, its times in the person's clock.
      const calendar = person.getByTestId('calendar');
      const entry = calendar
        .locator(`[role="cell"][data-date="${tuesday}"]`)
        .getByRole('button', { name: new RegExp(meetingName) });
      // What shows: the times and the title (a read-only entry also says whose it is, to screen readers only).
      const visible = (await entry.locator('bdi, .cadence-event-title').allTextContents()).join('');
      expect(clock(visible)).toBe(`${text}${meetingName}`);
      expect(await entry.textContent()).toContain('read-only');
      const row = calendar.locator(`[data-time="${time}:00"]`).filter({ hasText: new RegExp(`^${slot}$`) });
      const [top, rowTop] = [(await entry.boundingBox())!.y, (await row.boundingBox())!.y];
      expect(Math.abs(top - rowTop)).toBeLessThan(2);
    }

    // A searches again: Tuesday's 15:00 is gone (an hour from 16:00 still fits), Wednesday's is not.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Meetings' }).click();
    await page.waitForURL('**/apps/meetings');
    await page.getByRole('link', { name: 'Add meeting' }).click();
    await page.waitForURL('**/apps/meetings/add-meeting');
    await fillMeeting(page, 'Follow-up', monday, b.person.fullName);
    // (The first search's copy may show a moment while the times are read again.)
    await expect
      .poll(() => timesOn(page, tuesday))
      .toEqual(['4:00 PM', '4:15 PM', '4:30 PM', '4:45 PM', '5:00 PM']);
    await searched(page);
    expect(await timesOn(page, tuesday)).not.toContain('3:00 PM');
    expect(await timesOn(page, wednesday)).toEqual(shared);
    expect(await timesOn(page, monday)).toEqual(shared);

    // And in the dark skin, no serious accessibility violation either.
    await page.getByRole('button', { name: 'Switch to the dark skin' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to the light skin' }).click();

    // Leaving without saving adds nothing.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/apps/meetings');
    const mine = (await callAs(page, 'get', '/api/meetings')).data as Array<{ name: string }>;
    expect(mine.map((item) => item.name)).toEqual([meetingName]);
  });

  it('says why New York and Tokyo share no working hours, and offers the nearest times outside them', async () => {
    const a = await arrive('meetings-new-york');
    const b = await arrive('meetings-tokyo');
    await makeFriends(a, b);
    const { page } = a;
    await callAs(page, 'put', '/api/account', { timeZone: NEW_YORK });
    await callAs(b.page, 'put', '/api/account', { timeZone: TOKYO });
    await page.reload();

    // Both on 09:00–17:00: New York's day ends when Tokyo's next one starts less two hours (three
    // in summer), so the working hours are widened by an hour and a half (two) before an hour fits.
    let monday = addDays(new Date().toISOString().slice(0, 10), 8);
    while (new Date(`${monday}T12:00:00Z`).getUTCDay() !== 1) monday = addDays(monday, 1);
    const winter = offsetOf(Date.parse(`${monday}T12:00:00Z`), NEW_YORK) === -5 * 3_600_000;
    const [widened, start] = winter ? ['1 h 30 min', '17:30'] : ['2 h', '18:00'];

    await page.goto('/apps/meetings/add-meeting');
    await fillMeeting(page, 'Across the Pacific', monday, b.person.fullName);
    const times = page.getByRole('region', { name: 'Available times' });
    const none = times.getByTestId('no-times');
    await expect
      .poll(() => none.textContent())
      .toContain('The participants’ working hours do not overlap long enough for this meeting on these days');
    await none.getByRole('button', { name: 'Search outside working hours' }).click();

    const outside = times.getByTestId('outside-working-hours');
    await expect
      .poll(() => outside.textContent())
      .toContain(`These are the nearest ones, up to ${widened} before or after someone’s working hours.`);
    const clockTime = clock(
      new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
        new Date(`2000-01-01T${start}:00Z`),
      ),
    );
    await expect.poll(() => timesOn(page, monday)).toEqual([clockTime]);
    expect(await seriousViolations(page)).toEqual([]);

    // Picked and saved: the meeting takes that time, outside New York's working hours.
    await times
      .getByRole('group', { name: dayHeading(monday), exact: true })
      .getByRole('button', { name: new RegExp(`^${clockTime.replace(' ', '\\s')}$`) })
      .click();
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/meetings') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save meeting' }).click();
    const created = await saving;
    expect(created.status()).toBe(201);
    expect(((await created.json()) as { time: string }).time).toBe(instantOf(monday, start, NEW_YORK));

    // Back to working hours only: the reason again.
    await page.goto('/apps/meetings/add-meeting');
    await fillMeeting(page, 'Across the Pacific again', monday, b.person.fullName);
    await none.getByRole('button', { name: 'Search outside working hours' }).click();
    await outside.getByRole('button', { name: 'Show working hours only' }).click();
    await none.getByRole('button', { name: 'Search outside working hours' }).waitFor();
  });
});
