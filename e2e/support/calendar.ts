/** The calendar page and Mantine's selects, as the browser tests read and drive them. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { sessionOf } from './people';

/** The occurrences of an event shown in the calendar, by title. */
export const shown = (page: Page, title: string): Locator =>
  page
    .getByTestId('calendar')
    .getByTestId('calendar-event')
    .and(page.locator(`[data-title="${title}"]`));

/** The days and times (YYYY-MM-DD HH:mm, in a time zone) of the occurrences shown. */
export const shownTimes = (page: Page, title: string, timeZone: string): Promise<string[]> =>
  shown(page, title).evaluateAll(
    (elements, zone) =>
      elements.map((element) =>
        new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(element.getAttribute('data-start') ?? ''),
        ),
      ),
    timeZone,
  );

/** Chooses an option of a Mantine select or multiselect. */
export async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Drags an element's middle to the middle of another's column, at the same height. */
export async function dragTo(page: Page, element: Locator, column: Locator) {
  const from = (await element.boundingBox())!;
  const to = (await column.boundingBox())!;
  const y = from.y + from.height / 2;
  await page.mouse.move(from.x + from.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, y, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, y, { steps: 10 });
  await page.mouse.up();
}

/** Imports an .ics file from account settings → Calendar and waits for the result's toast. */
export async function importIcs(page: Page, file: string, result: string) {
  await page.goto('/pages/account-setting?tab=calendar');
  const chooser = page.waitForEvent('filechooser');
  await page.getByLabel('iCalendar file').click();
  await (await chooser).setFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(result, { exact: true }).waitFor();
}

/** An event of the page's signed-in person, made through the API (201): its id and fields. */
export async function addEvent(page: Page, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { token } = await sessionOf(page);
  const response = await page.request.post('/api/calender/add-event/', {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Record<string, unknown>;
}
