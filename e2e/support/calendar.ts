/** The calendar page and Mantine's selects, as the browser tests read and drive them. */
import type { Locator, Page } from 'playwright-core';

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
