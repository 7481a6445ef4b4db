/**
 * A plan's words in the interface's language, by its id (the API writes them in English only), and
 * the line that says how it is billed, with the API's figures.
 */
import type { PricingPlan } from '@cadence/contract';
import type { TFunction } from 'i18next';
import { planTextKeys } from '../../../shared/queries/billing';
import { formatMoney } from '../../../lib/money';

export function planTitle(t: TFunction, plan: Pick<PricingPlan, 'id'>): string {
  return t(planTextKeys[plan.id].title);
}

export function planSubtitle(t: TFunction, plan: Pick<PricingPlan, 'id'>): string {
  return t(planTextKeys[plan.id].subtitle);
}

export function planBenefits(t: TFunction, plan: Pick<PricingPlan, 'id' | 'minUsers'>): string[] {
  return planTextKeys[plan.id].benefits.map((key) => t(key, { users: plan.minUsers }));
}

/** "billed monthly", "billed €23.88 a year", "billed €17.94 every six months", Teams' per user line. */
export function billLine(t: TFunction, plan: PricingPlan, language: string): string {
  const amount = formatMoney(plan.billedAmount, plan.currency, language);
  if (plan.minUsers > 1) return t('pricing.bill.teams', { amount, users: plan.minUsers });
  if (plan.billingMonths === 1) return t('pricing.bill.monthly');
  if (plan.billingMonths === 6) return t('pricing.bill.sixMonths', { amount });
  return t('pricing.bill.yearly', { amount });
}
