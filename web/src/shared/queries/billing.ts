/**
 * My billing (D25, D36): the trial, the plan paid for and my requests. Shared by the navbar's
 * trial badge, the pricing page and the account's Billing tab, so they read one cached copy.
 */
import type { Billing, BillingRequest, PlanId } from '@cadence/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { billingKeys } from './keys';

export const getBillingQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: billingKeys.mine(userId),
    queryFn: () => api.get<Billing>('/billing'),
    staleTime: 60_000,
  });

/**
 * The plans' words by id (the API writes them in English only), as whole keys so that the
 * translations' test sees each one used.
 */
export const planTextKeys: Record<PlanId, { title: string; subtitle: string; benefits: string[] }> = {
  basic: {
    title: 'pricing.plans.basic.title',
    subtitle: 'pricing.plans.basic.subtitle',
    benefits: [
      'pricing.plans.basic.benefits.0',
      'pricing.plans.basic.benefits.1',
      'pricing.plans.basic.benefits.2',
    ],
  },
  professional: {
    title: 'pricing.plans.professional.title',
    subtitle: 'pricing.plans.professional.subtitle',
    benefits: [
      'pricing.plans.professional.benefits.0',
      'pricing.plans.professional.benefits.1',
      'pricing.plans.professional.benefits.2',
    ],
  },
  standard: {
    title: 'pricing.plans.standard.title',
    subtitle: 'pricing.plans.standard.subtitle',
    benefits: [
      'pricing.plans.standard.benefits.0',
      'pricing.plans.standard.benefits.1',
      'pricing.plans.standard.benefits.2',
    ],
  },
  teams: {
    title: 'pricing.plans.teams.title',
    subtitle: 'pricing.plans.teams.subtitle',
    benefits: [
      'pricing.plans.teams.benefits.0',
      'pricing.plans.teams.benefits.1',
      'pricing.plans.teams.benefits.2',
    ],
  },
};

export const requestStatusKeys: Record<BillingRequest['status'], string> = {
  requested: 'pricing.billing.statuses.requested',
  paid: 'pricing.billing.statuses.paid',
};
