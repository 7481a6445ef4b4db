/**
 * Pricing and billing (D25, D36): the spec's plans in the chosen currency (the same figures in
 * each), every account's trial of its first 15 days, and manual billing requests — recorded with
 * their amount, confirmed by the operator; nothing renews by itself, so nothing is cancelled.
 */
import {
  type Billing,
  type BillingRequest,
  cents,
  type CreateBillingRequestInput,
  type Currency,
  type PlanId,
  plans,
  type Pricing,
  TEAMS_MIN_USERS,
  TRIAL_DAYS,
} from '@cadence/contract';
import type { Selectable } from 'kysely';
import { cardPaymentOn } from '../../config';
import type { BillingRequestsTable } from '../../db/schema';
import type { ServiceDeps } from '../../deps';

const DAY_MS = 86_400_000;

/** The plans' words (the pricing page shows them translated by plan id). */
export const planTexts: Record<PlanId, { title: string; subtitle: string; benefits: string[] }> = {
  basic: {
    title: 'Basic',
    subtitle: 'For one person, month by month',
    benefits: ['Boards, goals, to-dos and calendar', 'Meetings with your friends', 'Billed every month'],
  },
  professional: {
    title: 'Professional',
    subtitle: 'For one person, the best price',
    benefits: ['Everything in Basic', 'The lowest monthly price', 'Billed once a year'],
  },
  standard: {
    title: 'Standard',
    subtitle: 'For one person, half a year at a time',
    benefits: ['Everything in Basic', 'A lower monthly price', 'Billed every six months'],
  },
  teams: {
    title: 'Teams',
    subtitle: 'For teams of five or more',
    benefits: [
      'Everything in Professional',
      'A price per user',
      `At least ${TEAMS_MIN_USERS} users, billed yearly`,
    ],
  },
};

const money = (amountCents: number) => amountCents / 100;

function presentRequest(row: Selectable<BillingRequestsTable>): BillingRequest {
  return {
    _id: String(row.id),
    plan: row.plan,
    currency: row.currency,
    users: row.users,
    amount: money(row.amount_cents),
    status: row.status,
    paidUntil: row.paid_until,
    createdAt: row.created_at,
  };
}

export class BillingService {
  constructor(private readonly deps: Pick<ServiceDeps, 'db' | 'config'>) {}

  pricing(currency: Currency): Pricing {
    return {
      currency,
      trialDays: TRIAL_DAYS,
      data: plans.map((plan) => ({
        id: plan.id,
        title: planTexts[plan.id].title,
        subtitle: planTexts[plan.id].subtitle,
        monthlyPrice: plan.monthlyPrice,
        yearlyPlan: { perMonth: plan.monthlyPrice, totalAnual: money(cents(plan.monthlyPrice) * 12) },
        billingMonths: plan.billingMonths,
        billedAmount: money(cents(plan.monthlyPrice) * plan.billingMonths),
        minUsers: plan.minUsers,
        currency,
        planBenefits: planTexts[plan.id].benefits,
        popular: plan.popular,
      })),
    };
  }

  /** The trial (the account's first 15 days), the plan paid for now, and the requests. */
  async billing(userId: number, now = Date.now()): Promise<Billing> {
    const { db } = this.deps;
    const user = await db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('billing_requests')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
    const trialEnds = Date.parse(user.created_at) + TRIAL_DAYS * DAY_MS;
    const current = rows
      .filter((row) => row.status === 'paid' && row.paid_until !== null && Date.parse(row.paid_until) > now)
      .sort((a, b) => (a.paid_until! < b.paid_until! ? 1 : -1))[0];
    return {
      trialEndsAt: new Date(trialEnds).toISOString(),
      trialDaysLeft: Math.max(0, Math.ceil((trialEnds - now) / DAY_MS)),
      plan: current?.plan ?? null,
      paidUntil: current?.paid_until ?? null,
      requests: rows.map(presentRequest),
      cardPayment: cardPaymentOn(this.deps.config),
    };
  }

  /** A manual request for a plan: its bill fixed now (Teams: per user, at least five). */
  async request(userId: number, input: CreateBillingRequestInput): Promise<BillingRequest> {
    const plan = plans.find((candidate) => candidate.id === input.plan)!;
    const users = input.users ?? plan.minUsers;
    const row = await this.deps.db
      .insertInto('billing_requests')
      .values({
        user_id: userId,
        plan: plan.id,
        currency: input.currency,
        users,
        amount_cents: cents(plan.monthlyPrice) * plan.billingMonths * users,
        status: 'requested',
        paid_until: null,
        created_at: new Date().toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentRequest(row);
  }
}
