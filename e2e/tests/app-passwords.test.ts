/**
 * Account settings → Apps and devices (D43) in Chromium: a person makes an app password for their
 * phone, sees it once with the user name and server address, a calendar app signs in with it over
 * CalDAV (an event made there shows on the calendar page), the list shows its last use, and
 * revoking it shuts the app out. No serious or critical accessibility violation, light and dark.
 */
import { expect, it } from 'vitest';
import { seriousViolations, transitionsOver } from '../support/axe';
import { arrive } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

it('makes an app password, syncs an event with it, shows its last use, and revokes it', async () => {
  const { page } = await arrive(server.url, 'app-passwords');
  await page.goto('/pages/account-setting?tab=apps');
  await page.getByLabel('Device name').fill('Anna’s iPhone');
  await page.getByRole('button', { name: 'Make an app password' }).click();
  const made = page.getByTestId('app-password-made');
  await made.waitFor();
  const codes = await made.locator('code').allInnerTexts();
  const [address, username, password] = codes as [string, string, string];
  // The server's public address (PUBLIC_URL), where its CalDAV root is.
  expect(new URL(address).pathname).toBe('/dav/');
  expect(new URL(address).port).toBe(new URL(server.url).port);
  expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){5}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A calendar app signs in with it and puts an event on the calendar.
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const principal = await fetch(`${server.url}/dav/`, {
    method: 'PROPFIND',
    headers: { authorization, depth: '0' },
  });
  expect(principal.status).toBe(207);
  const home = /<d:href>\/dav\/principals\/(\d+)\/<\/d:href>/.exec(await principal.text())![1]!;
  const put = await fetch(`${server.url}/dav/calendars/${home}/events/from-phone.ics`, {
    method: 'PUT',
    headers: { authorization, 'content-type': 'text/calendar' },
    body: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Phone//EN',
      'BEGIN:VEVENT',
      'UID:from-phone-1',
      'DTSTAMP:20261120T000000Z',
      `DTSTART:${new Date(Date.now() + 3_600_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
      `DTEND:${new Date(Date.now() + 7_200_000).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`,
      'SUMMARY:Booked from the phone',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  });
  expect(put.status).toBe(201);
  await page.goto('/apps/calendar');
  await page.getByText('Booked from the phone').first().waitFor();

  // Its last use shows (in the dark skin here); revoking it shuts the app out.
  await page.evaluate(() => localStorage.setItem('layoutSettings', JSON.stringify({ skin: 'dark' })));
  await page.goto('/pages/account-setting?tab=apps');
  expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
  const row = page.getByTestId('app-passwords').getByRole('row', { name: /Anna’s iPhone/ });
  await row.waitFor();
  expect(await row.innerText()).not.toContain('Never used');
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: 'Revoke Anna’s iPhone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this app password?' });
  await dialog.waitFor();
  // Once it has come in: a click aimed at its button while it scales in can land beside it.
  await transitionsOver(page);
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('You have no app passwords yet.').waitFor();
  const refused = await fetch(`${server.url}/dav/`, {
    method: 'PROPFIND',
    headers: { authorization, depth: '0' },
  });
  expect(refused.status).toBe(401);
});
