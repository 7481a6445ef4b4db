/**
 * Repetitions a calendar app wrote that the app cannot draw (D49), in Chromium: a phone puts over
 * CalDAV an event repeating on the last Friday of every month and a to-do repeating on Monday,
 * Wednesday and Friday, 30 times. The calendar and the event's drawer say "Custom repetition" in
 * words, read-only; the to-do's row and drawer say the same; saving another change sends neither
 * rule back, and both stay as the phone wrote them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toastShown } from '../support/app';
import { seriousViolations, transitionsOver } from '../support/axe';
import { shown } from '../support/calendar';
import { arrive as arriveAt, callAs, sessionOf } from '../support/people';
import { useAppServer } from '../support/server';
import { addDays } from '../support/time';

const server = useAppServer();

const arrive = (name: string) => arriveAt(server.url, name);

/** A calendar app signed in with an app password made through the API (D43), as the phone would be. */
async function phoneOf(page: Page) {
  const { id } = await sessionOf(page);
  const made = (await callAs(page, 'post', '/api/account/app-passwords', { name: 'Phone' })) as {
    username: string;
    password: string;
  };
  const authorization = `Basic ${Buffer.from(`${made.username}:${made.password}`).toString('base64')}`;
  return {
    /** PUTs one calendar object into a collection (`events` or `tasks`): 201 when new. */
    put: async (collection: 'events' | 'tasks', uid: string, component: string[]) => {
      const response = await fetch(`${server.url}/dav/calendars/${id}/${collection}/${uid}.ics`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'text/calendar; charset=utf-8' },
        body: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Phone//EN',
          ...component,
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      });
      expect(response.status, await response.text()).toBe(201);
    },
  };
}

/** The last Friday of the month a day is in (YYYY-MM-DD, UTC). */
function lastFridayOf(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0));
  last.setUTCDate(last.getUTCDate() - ((last.getUTCDay() + 2) % 7));
  return last.toISOString().slice(0, 10);
}

const compact = (day: string) => day.replaceAll('-', '');

/** A rule's parts in one order: a calendar library may write them in its own (COUNT before BYDAY). */
const partsOf = (rule: string | null | undefined) => rule?.split(';').sort().join(';');

describe('a repetition the app cannot draw (D49)', () => {
  it('an event on the last Friday of each month: the calendar and its drawer say so, read-only', async () => {
    const { page } = await arrive('custom-event');
    await callAs(page, 'put', '/api/account', { timeZone: 'UTC' });
    const friday = lastFridayOf(new Date().toISOString().slice(0, 10));
    const rule = 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6';
    await (
      await phoneOf(page)
    ).put('events', 'monthly-review', [
      'BEGIN:VEVENT',
      'UID:monthly-review',
      'DTSTAMP:20260101T000000Z',
      `DTSTART:${compact(friday)}T100000Z`,
      `DTEND:${compact(friday)}T110000Z`,
      'SUMMARY:Monthly review',
      `RRULE:${rule}`,
      'END:VEVENT',
    ]);

    // The calendar, on the event's day: the event says its repetition on hover and to screen readers.
    const words = 'Custom repetition: every month on the last Friday, 6 times';
    await page.goto(`/apps/calendar?date=${friday}`);
    const event = shown(page, 'Monthly review');
    await event.first().waitFor();
    expect(await event.first().getAttribute('title')).toBe(`Monthly review\n${words}`);
    expect(await event.first().innerText()).toContain('Monthly review');

    // Its drawer: the words and where to change them, no repeat field to change it with.
    await event.first().click();
    const drawer = page.getByRole('dialog', { name: 'Edit event' });
    await drawer.waitFor();
    const repetition = drawer.getByRole('group', { name: 'Repeat' });
    await repetition.waitFor();
    expect(await repetition.innerText()).toContain(words);
    expect(await repetition.innerText()).toContain('Set in a calendar app: it can only be changed there.');
    expect(await drawer.getByRole('combobox', { name: 'Repeat' }).count()).toBe(0);
    expect(await repetition.getByRole('button', { name: 'Remove repetition' }).isVisible()).toBe(true);
    await transitionsOver(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Renaming every occurrence sends no rule: the phone's stays as it wrote it.
    await drawer.getByLabel('Title').fill('Monthly retrospective');
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/calender/'),
    );
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    const change = page.getByRole('dialog', { name: 'Change repeating event' });
    // Chosen once the dialog has opened: a click while it still fades in can be lost.
    await change.waitFor();
    await transitionsOver(page);
    await change.getByRole('radio', { name: 'All events' }).check();
    await change.getByRole('button', { name: 'OK' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Monthly retrospective' });
    expect(body).not.toHaveProperty('recurrence');
    await toastShown(page, 'Event updated');
    await shown(page, 'Monthly retrospective').first().waitFor();
    const { data } = (await callAs(
      page,
      'get',
      `/api/calender/events?start=${friday}&end=${addDays(friday, 1)}`,
    )) as { data: Array<{ title: string; recurrence: string | null }> };
    expect(data.map((row) => row.title)).toEqual(['Monthly retrospective']);
    expect(partsOf(data[0]!.recurrence)).toBe(partsOf(rule));
  });

  // Needs the server's side of D49: a to-do's rule kept and presented as `customRepeat`.
  it('a to-do on Monday, Wednesday and Friday, 30 times: its row and drawer say so, read-only', async () => {
    const { page } = await arrive('custom-todo');
    await callAs(page, 'put', '/api/account', { timeZone: 'UTC' });
    const rule = 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=30';
    await (
      await phoneOf(page)
    ).put('tasks', 'plants', [
      'BEGIN:VTODO',
      'UID:plants',
      'DTSTAMP:20260101T000000Z',
      'DTSTART;VALUE=DATE:20260504',
      'DUE;VALUE=DATE:20260504',
      'SUMMARY:Water the plants',
      `RRULE:${rule}`,
      'STATUS:NEEDS-ACTION',
      'END:VTODO',
    ]);

    // The row: a repeat icon that says the repetition.
    const words = 'Custom repetition: every week on Monday, Wednesday and Friday, 30 times';
    await page.goto('/apps/todo');
    const row = page.getByTestId('task').and(page.locator('[data-title="Water the plants"]'));
    await row.waitFor();
    await row.getByRole('img', { name: words }).waitFor();

    // The drawer: the words and where to change them, no repeat field.
    await row.getByRole('button', { name: 'Edit the task Water the plants' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit task' });
    await drawer.waitFor();
    const repetition = drawer.getByRole('group', { name: 'Repeat' });
    await repetition.waitFor();
    expect(await repetition.innerText()).toContain(words);
    expect(await repetition.innerText()).toContain('Set in a calendar app: it can only be changed there.');
    expect(await drawer.getByRole('combobox', { name: 'Repeat' }).count()).toBe(0);
    await transitionsOver(page);
    expect(await seriousViolations(page)).toEqual([]);

    // Another change sends no repeat, which would replace the rule: it stays as the phone wrote it.
    await drawer.getByLabel('Description').fill('The ones on the balcony too.');
    const sent = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/todos/'),
    );
    await drawer.getByRole('button', { name: 'Save changes' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ description: 'The ones on the balcony too.' });
    expect(body).not.toHaveProperty('repeat');
    await toastShown(page, 'Task updated');
    const { id } = await sessionOf(page);
    const { data } = (await callAs(page, 'get', `/api/todos?user=${id}`)) as {
      data: Array<{ title: string; repeat: unknown; customRepeat: string | null }>;
    };
    expect(data).toEqual([expect.objectContaining({ title: 'Water the plants', repeat: null })]);
    expect(partsOf(data[0]!.customRepeat)).toBe(partsOf(rule));
  });
});
