/**
 * Pricing and billing (spec parts 1, 3, 9; D25, D36) in Chromium: a new account sees its trial's
 * days in the navbar, the pricing page shows the plans at the API's prices in euros then dollars,
 * a Teams request is refused below five users and sent with five, and the account's Billing tab
 * lists it with its amount and status. No serious accessibility violation on the pricing page, in
 * either skin.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { arrive as arriveAt, callAs } from '../support/people';
import { useAppServer } from '../support/server';

const server = useAppServer();

const arrive = (name: string) => arriveAt(server.url, name);

const plan = (page: Page, id: string) => page.getByTestId(`plan-${id}`);

describe('pricing and billing', () => {
  it('shows the trial, the prices in two currencies, and takes a Teams request to the Billing tab', async () => {
    const { page } = await arrive('pricing-teams');

    // A new account: 15 days of trial, no plan; the navbar says so and leads to the prices.
    const badge = page.getByRole('link', { name: '15 days left in your trial' });
    await badge.waitFor();
    await badge.click();
    await page.waitForURL('**/pages/pricing');
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    expect(await page.getByTestId('trial-line').textContent()).toBe(
      'Every account starts with a 15-day free trial, without payment details.',
    );

    // Euros by default, the API's figures written as English writes them.
    await plan(page, 'basic').waitFor();
    expect(await plan(page, 'basic').getByTestId('plan-price').textContent()).toBe('€3.99');
    expect(await plan(page, 'basic').getByTestId('plan-bill').textContent()).toBe('billed monthly');
    expect(await plan(page, 'professional').getByTestId('plan-price').textContent()).toBe('€1.99');
    expect(await plan(page, 'professional').getByTestId('plan-bill').textContent()).toBe(
      'billed €23.88 a year',
    );
    expect(await plan(page, 'professional').getByTestId('popular-plan').textContent()).toBe('Most popular');
    expect(await plan(page, 'standard').getByTestId('plan-bill').textContent()).toBe(
      'billed €17.94 every six months',
    );
    expect(await plan(page, 'teams').getByTestId('plan-bill').textContent()).toBe(
      '€47.88 per user a year, at least 5 users',
    );
    expect(await page.getByTestId('current-plan').count()).toBe(0);

    // Dollars: the same figures, kept in the address.
    // The segmented control's radio is hidden under its label, which takes the click.
    await page.locator('label', { hasText: /^USD$/ }).click();
    await page.waitForURL(/[?&]currency=USD/);
    await expect.poll(() => page.getByRole('radio', { name: 'USD' }).isChecked()).toBe(true);
    await expect.poll(() => plan(page, 'basic').getByTestId('plan-price').textContent()).toBe('$3.99');
    expect(await plan(page, 'professional').getByTestId('plan-bill').textContent()).toBe(
      'billed $23.88 a year',
    );

    // Teams: four users are refused with the minimum's message, five are sent.
    await plan(page, 'teams').getByRole('button', { name: 'Choose Teams' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose Teams' });
    await dialog.waitFor();
    const users = dialog.getByRole('textbox', { name: 'Users' });
    expect(await users.inputValue()).toBe('5');
    expect(await dialog.getByTestId('request-bill').textContent()).toBe('$239.40');
    await users.fill('4');
    await expect.poll(() => dialog.getByTestId('request-bill').textContent()).toBe('$191.52');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByText('The Teams plan is for at least 5 users.').waitFor();
    expect(await users.getAttribute('aria-invalid')).toBe('true');
    // This instance takes no cards (no keys): the card button is not offered.
    expect(await dialog.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    await users.fill('5');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.getByTestId('request-sent').waitFor();
    const billing = await callAs(page, 'get', '/api/billing');
    expect(billing.requests).toMatchObject([{ plan: 'teams', currency: 'USD', users: 5, amount: 239.4 }]);

    // The Billing tab lists it.
    await dialog.getByRole('link', { name: 'See it in Account settings → Billing' }).click();
    await page.waitForURL('**/pages/account-setting?tab=billing');
    expect(await page.getByRole('tab', { name: 'Billing' }).getAttribute('aria-selected')).toBe('true');
    const row = page.getByTestId('billing-request');
    await row.waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.locator('td').allTextContents()).toEqual([
      expect.any(String),
      'Teams',
      '5',
      '$239.40',
      'Requested',
      '—',
    ]);
    expect(await page.getByTestId('billing-trial-line').textContent()).toMatch(
      /^Your free trial ends on .+: 15 days left\.$/,
    );
    expect(await page.getByTestId('billing-plan-line').textContent()).toBe('No paid plan yet.');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows an empty Billing tab to a new account, with a link to the prices', async () => {
    const { page } = await arrive('pricing-billing-empty');
    await page.goto('/pages/account-setting?tab=billing');
    await page.getByTestId('billing-empty').waitFor();
    expect(await page.getByTestId('billing-empty').textContent()).toBe('No billing requests yet.');
    await page.getByRole('link', { name: 'See the plans and prices' }).click();
    await page.waitForURL('**/pages/pricing');
    await plan(page, 'teams').waitFor();
  });

  it.each(['light', 'dark'] as const)(
    'has no serious accessibility violation on the pricing page in the %s skin',
    async (skin) => {
      const { page } = await arrive(`pricing-axe-${skin}`);
      await page.evaluate((value) => {
        const stored = JSON.parse(localStorage.getItem('layoutSettings') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('layoutSettings', JSON.stringify({ ...stored, skin: value }));
      }, skin);
      await page.goto('/pages/pricing');
      await plan(page, 'teams').waitFor();
      await page.getByTestId('trial-badge').waitFor();
      expect(
        await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')),
      ).toBe(skin);
      expect(await seriousViolations(page)).toEqual([]);
      // And with the request dialog open.
      await plan(page, 'basic').getByRole('button', { name: 'Choose Basic' }).click();
      await page.getByRole('dialog', { name: 'Choose Basic' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    },
  );
});
