/**
 * Account settings → Billing (D25, D36): the trial, the plan paid for and until when, and my
 * billing requests with their amount in their currency; the pricing page is one link away.
 */
import type { Billing, BillingRequest } from '@cadence/contract';
import { Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getBillingQueryOptions, planTextKeys, requestStatusKeys } from '../../../shared/queries/billing';
import { formatMoney } from '../../../lib/money';
import { useSessionUser } from '../../../lib/session';
import classes from './billing-tab.module.css';

const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));

export function BillingTab() {
  const me = useSessionUser();
  const billing = useQuery({ ...getBillingQueryOptions(me?._id ?? ''), enabled: Boolean(me) });

  if (billing.isError) return <ErrorAlert error={billing.error} />;
  if (!billing.data) return <Skeleton h={240} data-testid="billing-loading" />;
  return <BillingDetails billing={billing.data} />;
}

function BillingDetails({ billing }: { billing: Billing }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const planName = (plan: BillingRequest['plan']) => t(planTextKeys[plan].title);

  return (
    <Stack gap="lg" className={classes.tab} data-testid="billing-tab">
      <section aria-labelledby="billing-trial">
        <Title order={2} fz="h4" id="billing-trial" mb={4}>
          {t('pricing.billing.trialTitle')}
        </Title>
        <Text data-testid="billing-trial-line">
          {billing.trialDaysLeft > 0
            ? t(billing.trialDaysLeft === 1 ? 'pricing.billing.trialLeftOne' : 'pricing.billing.trialLeft', {
                count: billing.trialDaysLeft,
                date: date(billing.trialEndsAt),
              })
            : t('pricing.billing.trialOver', { date: date(billing.trialEndsAt) })}
        </Text>
      </section>
      <section aria-labelledby="billing-plan">
        <Title order={2} fz="h4" id="billing-plan" mb={4}>
          {t('pricing.billing.planTitle')}
        </Title>
        <Text data-testid="billing-plan-line">
          {billing.plan && billing.paidUntil
            ? t('pricing.billing.plan', { plan: planName(billing.plan), date: date(billing.paidUntil) })
            : t('pricing.billing.noPlan')}
        </Text>
        <Anchor component={Link} to="/pages/pricing" size="sm">
          {t('pricing.billing.seePlans')}
        </Anchor>
      </section>
      <section aria-labelledby="billing-requests">
        <Title order={2} fz="h4" id="billing-requests" mb="xs">
          {t('pricing.billing.requestsTitle')}
        </Title>
        {billing.requests.length === 0 ? (
          <Stack align="center" gap={4} py="lg" data-testid="billing-empty">
            <IconReceipt size={28} aria-hidden />
            <Text c="dimmed">{t('pricing.billing.empty')}</Text>
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-labelledby="billing-requests" data-testid="billing-requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('pricing.billing.date')}</Table.Th>
                  <Table.Th>{t('pricing.billing.planColumn')}</Table.Th>
                  <Table.Th>{t('pricing.billing.users')}</Table.Th>
                  <Table.Th>{t('pricing.billing.amount')}</Table.Th>
                  <Table.Th>{t('pricing.billing.status')}</Table.Th>
                  <Table.Th>{t('pricing.billing.paidUntil')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {billing.requests.map((request) => (
                  <Table.Tr key={request._id} data-testid="billing-request">
                    <Table.Td>{date(request.createdAt)}</Table.Td>
                    <Table.Td>{planName(request.plan)}</Table.Td>
                    <Table.Td>{request.users}</Table.Td>
                    <Table.Td>{formatMoney(request.amount, request.currency, i18n.language)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={request.status === 'paid' ? 'teal.9' : 'gray.7'}
                        variant="filled"
                        tt="none"
                      >
                        {t(requestStatusKeys[request.status])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{request.paidUntil ? date(request.paidUntil) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </section>
    </Stack>
  );
}
