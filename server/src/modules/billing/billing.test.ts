/** Pricing and billing (D36) through HTTP: the spec's prices, the trial, manual requests, refusals. */
import { type Billing, type BillingRequest, messages, type Pricing } from '@cadence/contract';
import { describe, expect, it } from 'vitest';
import { buildUser, call, expectError, expectSignInRequired, ok } from '../../test/factories';
import { fingerprint, useTestApp } from '../../test/harness';

const t = useTestApp();

/** The prices, read without signing in. */
async function prices(query = ''): Promise<Pricing> {
  const response = await call(t, 'GET', `/api/pricing${query}`, undefined);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Pricing>();
}

describe('GET /api/pricing', () => {
  it('answers the four plans at the spec’s prices, in euros by default, to anyone', async () => {
    const answer = await prices();
    expect(answer.currency).toBe('EUR');
    expect(answer.trialDays).toBe(15);
    expect(
      answer.data.map((plan) => [
        plan.id,
        plan.monthlyPrice,
        plan.billingMonths,
        plan.billedAmount,
        plan.yearlyPlan.totalAnual,
        plan.minUsers,
        plan.popular,
        plan.currency,
      ]),
    ).toEqual([
      ['basic', 3.99, 1, 3.99, 47.88, 1, false, 'EUR'],
      ['professional', 1.99, 12, 23.88, 23.88, 1, true, 'EUR'],
      ['standard', 2.99, 6, 17.94, 35.88, 1, false, 'EUR'],
      ['teams', 3.99, 12, 47.88, 47.88, 5, false, 'EUR'],
    ]);
    expect(answer.data.every((plan) => plan.title && plan.subtitle && plan.planBenefits.length > 0)).toBe(
      true,
    );
  });

  it('answers the same figures in dollars and pounds, and refuses another currency', async () => {
    const euros = await prices();
    for (const currency of ['USD', 'GBP'] as const) {
      const answer = await prices(`?currency=${currency}`);
      expect(answer.data.map((plan) => plan.currency)).toEqual(Array(4).fill(currency));
      expect(answer.data.map((plan) => plan.monthlyPrice)).toEqual(
        euros.data.map((plan) => plan.monthlyPrice),
      );
    }
    const refused = await call(t, 'GET', '/api/pricing?currency=JPY', undefined);
    expect(expectError(refused, 400, 'VALIDATION_ERROR').fields).toEqual({
      currency: messages['billing.currencyInvalid'],
    });
  });
});

describe('GET /api/billing', () => {
  it('gives a new account its 15-day trial, no plan and no request', async () => {
    await expectSignInRequired(t, 'GET', '/api/billing');
    const user = await buildUser(t);
    const before = Date.now();
    const answer = await ok<Billing>(t, 'GET', '/api/billing', user.token);
    expect(answer).toMatchObject({ trialDaysLeft: 15, plan: null, paidUntil: null, requests: [] });
    const ends = Date.parse(answer.trialEndsAt);
    expect(ends).toBeGreaterThan(before + 15 * 86_400_000 - 60_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 15 * 86_400_000);
  });

  it('counts the days left from the account’s creation', async () => {
    const user = await buildUser(t);
    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 10.5 * 86_400_000).toISOString() })
      .where('id', '=', Number(user.id))
      .execute();
    expect((await ok<Billing>(t, 'GET', '/api/billing', user.token)).trialDaysLeft).toBe(5);
    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', Number(user.id))
      .execute();
    expect((await ok<Billing>(t, 'GET', '/api/billing', user.token)).trialDaysLeft).toBe(0);
  });
});

describe('POST /api/billing/requests', () => {
  it('records each plan’s bill in the chosen currency, newest first, for the caller only', async () => {
    await expectSignInRequired(t, 'POST', '/api/billing/requests', { plan: 'basic' });
    const user = await buildUser(t);
    const other = await buildUser(t);
    const bills: Array<[Record<string, unknown>, number, number]> = [
      [{ plan: 'basic' }, 3.99, 1],
      [{ plan: 'professional', currency: 'USD' }, 23.88, 1],
      [{ plan: 'standard', currency: 'GBP' }, 17.94, 1],
      [{ plan: 'teams' }, 239.4, 5],
      [{ plan: 'teams', users: 12 }, 574.56, 12],
    ];
    for (const [body, amount, users] of bills) {
      const request = await ok<BillingRequest>(t, 'POST', '/api/billing/requests', user.token, body, 201);
      expect(request).toMatchObject({ plan: body.plan, amount, users, status: 'requested', paidUntil: null });
      expect(request.currency).toBe(body.currency ?? 'EUR');
    }
    const mine = await ok<Billing>(t, 'GET', '/api/billing', user.token);
    expect(mine.requests.map((request) => request.plan)).toEqual([
      'teams',
      'teams',
      'standard',
      'professional',
      'basic',
    ]);
    expect(mine.plan).toBeNull();
    expect((await ok<Billing>(t, 'GET', '/api/billing', other.token)).requests).toEqual([]);
  });

  it('refuses Teams under 5 users, several users on another plan and unknown plans, recording nothing', async () => {
    const user = await buildUser(t);
    const before = await fingerprint(t.database);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ plan: 'teams', users: 4 }, 'users', messages['billing.teamsMinimum']],
      [{ plan: 'basic', users: 2 }, 'users', messages['billing.usersTeamsOnly']],
      [{ plan: 'teams', users: 5.5 }, 'users', messages['billing.usersInvalid']],
      [{ plan: 'gold' }, 'plan', messages['billing.planInvalid']],
      [{ plan: 'basic', currency: 'JPY' }, 'currency', messages['billing.currencyInvalid']],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(t, 'POST', '/api/billing/requests', user.token, body);
      expect(expectError(response, 400, 'VALIDATION_ERROR').fields, JSON.stringify(body)).toEqual({
        [field]: message,
      });
    }
    expect(await fingerprint(t.database)).toEqual(before);
  });
});
