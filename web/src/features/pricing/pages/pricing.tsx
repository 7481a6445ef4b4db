/**
 * /pages/pricing (spec parts 1, 3 and 9; D25, D36): the four plans at the API's prices in euros,
 * dollars or pounds (the address's `?currency=`), the trial, the user's plan, and a request for a
 * plan — billed by hand, or paid by card where the instance takes cards.
 */
import { currencies, type Currency, type PricingPlan } from '@cadence/contract';
import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useSessionUser } from '../../../lib/session';
import { currencyOf, getBillingQueryOptions, getPricingQueryOptions } from '../api/pricing-api';
import { ChoosePlanModal } from '../components/choose-plan-modal';
import { PlanCard } from '../components/plan-card';

export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const currency = currencyOf(search);
  const pricing = useQuery(getPricingQueryOptions(currency));
  const me = useSessionUser();
  const billing = useQuery({ ...getBillingQueryOptions(me?._id ?? ''), enabled: Boolean(me) });
  const [chosen, setChosen] = useState<PricingPlan | null>(null);

  const chooseCurrency = (value: string) =>
    setSearch(value === 'EUR' ? {} : { currency: value }, { replace: true });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t('pricing.title')}
        </Title>
        <Text mt="xs">{t('pricing.intro')}</Text>
        <Text mt={4} fw={500} data-testid="trial-line">
          {t('pricing.trial', { days: pricing.data?.trialDays ?? 15 })}
        </Text>
      </div>
      <Group>
        <SegmentedControl
          aria-label={t('pricing.currency')}
          value={currency}
          onChange={chooseCurrency}
          data={currencies.map((value: Currency) => ({ value, label: value }))}
        />
      </Group>
      {pricing.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="pricing-loading">
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} h={380} radius="md" />
          ))}
        </SimpleGrid>
      ) : pricing.isError ? (
        <ErrorAlert error={pricing.error} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} data-testid="pricing-plans">
          {pricing.data.data.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={billing.data?.plan === plan.id}
              onChoose={setChosen}
            />
          ))}
        </SimpleGrid>
      )}
      <ChoosePlanModal
        plan={chosen}
        cardPayment={billing.data?.cardPayment ?? false}
        onClose={() => setChosen(null)}
      />
    </Stack>
  );
}
