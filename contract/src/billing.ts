/**
 * Pricing and billing (spec parts 1, 3, 9; D25, D36): the four plans at the spec's prices, the same
 * figures in euros, dollars or pounds; every account's 15-day trial; manual billing requests (no
 * automatic renewal, nothing to cancel).
 */
import { z } from 'zod';
import { billingMessages as m } from './billing-messages';

export { billingMessages } from './billing-messages';

export const currencies = ['EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof currencies)[number];
export const planIds = ['basic', 'professional', 'standard', 'teams'] as const;
export type PlanId = (typeof planIds)[number];

/** Every new account's free trial, without payment details (spec part 9). */
export const TRIAL_DAYS = 15;
/** The fewest users a Teams plan is bought for (spec part 9). */
export const TEAMS_MIN_USERS = 5;
export const BILLING_USERS_MAX = 10_000;

/**
 * The plans as the spec states them: the price per month, how many months one bill covers, and
 * the fewest users. A bill is the monthly price × its months (× the users, for Teams).
 */
export const plans: ReadonlyArray<{
  id: PlanId;
  monthlyPrice: number;
  billingMonths: number;
  minUsers: number;
  popular: boolean;
}> = [
  { id: 'basic', monthlyPrice: 3.99, billingMonths: 1, minUsers: 1, popular: false },
  { id: 'professional', monthlyPrice: 1.99, billingMonths: 12, minUsers: 1, popular: true },
  { id: 'standard', monthlyPrice: 2.99, billingMonths: 6, minUsers: 1, popular: false },
  { id: 'teams', monthlyPrice: 3.99, billingMonths: 12, minUsers: TEAMS_MIN_USERS, popular: false },
];

/** An amount in cents, rounded as money is: 1.99 × 12 = 23.88 exactly. */
export const cents = (amount: number) => Math.round(amount * 100);

export const currencyQuery = z.strictObject({
  currency: z
    .enum(currencies, { error: m['billing.currencyInvalid'] })
    .default('EUR')
    .describe('EUR (the default), USD or GBP: the same figures in each'),
});
export type CurrencyQuery = z.infer<typeof currencyQuery>;

export const pricingPlan = z
  .object({
    id: z.enum(planIds),
    title: z.string(),
    subtitle: z.string(),
    monthlyPrice: z.number().describe('Per month (per user for Teams)'),
    yearlyPlan: z.object({
      perMonth: z.number(),
      totalAnual: z.number().describe('Twelve months (the spec’s spelling)'),
    }),
    billingMonths: z.number().int().describe('The months one bill covers: 1, 6 or 12'),
    billedAmount: z.number().describe('One bill: monthlyPrice × billingMonths (per user for Teams)'),
    minUsers: z.number().int(),
    currency: z.enum(currencies),
    planBenefits: z.array(z.string()),
    popular: z.boolean(),
  })
  .meta({ id: 'PricingPlan' });
export type PricingPlan = z.infer<typeof pricingPlan>;

export const pricing = z
  .object({
    currency: z.enum(currencies),
    trialDays: z.number().int(),
    data: z.array(pricingPlan),
  })
  .meta({ id: 'Pricing' });
export type Pricing = z.infer<typeof pricing>;

export const billingRequest = z
  .object({
    _id: z.string(),
    plan: z.enum(planIds),
    currency: z.enum(currencies),
    users: z.number().int(),
    amount: z.number().describe('The bill: billedAmount × users'),
    status: z.enum(['requested', 'paid']),
    paidUntil: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'BillingRequest' });
export type BillingRequest = z.infer<typeof billingRequest>;

export const billing = z
  .object({
    trialEndsAt: z.string().describe('The account’s creation + 15 days'),
    trialDaysLeft: z.number().int().min(0),
    plan: z.enum(planIds).nullable().describe('The plan paid until a later date, or null'),
    paidUntil: z.string().nullable(),
    requests: z.array(billingRequest).describe('Newest first'),
    cardPayment: z
      .boolean()
      .describe('Whether POST /api/billing/checkout takes a card payment on this instance (D36)'),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof billing>;

export const createBillingRequestInput = z
  .strictObject({
    plan: z.enum(planIds, { error: m['billing.planInvalid'] }),
    currency: z.enum(currencies, { error: m['billing.currencyInvalid'] }).default('EUR'),
    users: z
      .number({ error: m['billing.usersInvalid'] })
      .int(m['billing.usersInvalid'])
      .min(1, m['billing.usersInvalid'])
      .max(BILLING_USERS_MAX, m['billing.usersInvalid'])
      .optional()
      .describe('Teams: at least 5 (the default); the other plans: 1'),
  })
  .superRefine((input, ctx) => {
    if (input.users === undefined) return;
    if (input.plan === 'teams' && input.users < TEAMS_MIN_USERS) {
      ctx.addIssue({ code: 'custom', message: m['billing.teamsMinimum'], path: ['users'] });
    }
    if (input.plan !== 'teams' && input.users !== 1) {
      ctx.addIssue({ code: 'custom', message: m['billing.usersTeamsOnly'], path: ['users'] });
    }
  })
  .meta({ id: 'CreateBillingRequestInput' });
export type CreateBillingRequestInput = z.infer<typeof createBillingRequestInput>;

/** Card payment (D36): where to send the user to pay the request by card, once. */
export const checkoutAnswer = z
  .object({
    url: z.string().describe('The payment provider’s one-time checkout page for this request'),
  })
  .meta({ id: 'CheckoutAnswer' });
export type CheckoutAnswer = z.infer<typeof checkoutAnswer>;

/**
 * The payment provider's event as it posts it (for the API description): the server reads the
 * exact bytes and checks the provider's signature over them, which is the only validation.
 */
export const paymentProviderEvent = z
  .looseObject({
    id: z.string(),
    object: z.literal('event'),
    type: z.string().describe('e.g. checkout.session.completed'),
    data: z.looseObject({
      object: z.looseObject({}).describe('The object of the event, e.g. the Checkout Session'),
    }),
  })
  .meta({ id: 'PaymentProviderEvent' });

/** The answer to the payment provider's event, handled or ignored. */
export const webhookAnswer = z.object({ received: z.literal(true) }).meta({ id: 'WebhookAnswer' });
export type WebhookAnswer = z.infer<typeof webhookAnswer>;
