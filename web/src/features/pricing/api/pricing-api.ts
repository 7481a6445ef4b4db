/** The pricing page's calls (D25, D36): the plans in a currency, a billing request, a card checkout. */
import {
  type BillingRequest,
  type CreateBillingRequestInput,
  type Currency,
  currencies,
  type Pricing,
} from '@cadence/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys, pricingKey } from '../../../shared/queries/keys';

export { getBillingQueryOptions } from '../../../shared/queries/billing';

/** The address's `?currency=`: EUR unless it names another of the three. */
export function currencyOf(search: URLSearchParams): Currency {
  const value = search.get('currency');
  return currencies.find((currency) => currency === value) ?? 'EUR';
}

/** The prices change only with a release: read once per currency and session. */
export const getPricingQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: pricingKey(currency),
    queryFn: () => api.get<Pricing>(`/pricing?currency=${currency}`),
    staleTime: Infinity,
  });

export function useCreateBillingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateBillingRequestInput) => api.post<BillingRequest>('/billing/requests', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}

/** A card payment's checkout page (D36): the browser leaves for it. */
export function useCardCheckout() {
  return useMutation({
    mutationFn: (input: CreateBillingRequestInput) => api.post<{ url: string }>('/billing/checkout', input),
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
