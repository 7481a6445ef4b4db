/**
 * "Choose" on the pricing page: the plan and currency, the users for Teams (at least five, checked
 * with the contract's schema), the bill as it will be, then a billing request — or, where the
 * instance takes cards (D36), a card payment.
 */
import { createBillingRequestInput, type PricingPlan } from '@cadence/contract';
import { Alert, Anchor, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { billFor, formatMoney } from '../../../lib/money';
import { toastSuccess } from '../../../lib/toast';
import { useCardCheckout, useCreateBillingRequest } from '../api/pricing-api';
import { planTitle } from '../lib/plan-text';

interface ChoosePlanModalProps {
  plan: PricingPlan | null;
  cardPayment: boolean;
  onClose: () => void;
}

export function ChoosePlanModal({ plan, cardPayment, onClose }: ChoosePlanModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={plan !== null}
      onClose={onClose}
      title={plan ? t('pricing.modal.title', { plan: planTitle(t, plan) }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {plan && (
        <RequestForm
          key={`${plan.id}-${plan.currency}`}
          plan={plan}
          cardPayment={cardPayment}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

interface RequestValues extends Record<string, unknown> {
  plan: PricingPlan['id'];
  currency: PricingPlan['currency'];
  users?: number | string;
}

function RequestForm({
  plan,
  cardPayment,
  onDone,
}: {
  plan: PricingPlan;
  cardPayment: boolean;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const perUser = plan.minUsers > 1;
  const create = useCreateBillingRequest();
  const checkout = useCardCheckout();
  const [sent, setSent] = useState(false);
  const input = (values: RequestValues) => ({
    plan: values.plan,
    currency: values.currency,
    ...(perUser ? { users: values.users as number } : {}),
  });
  const binding = useContractForm<RequestValues>(
    createBillingRequestInput,
    { plan: plan.id, currency: plan.currency, ...(perUser ? { users: plan.minUsers } : {}) },
    {
      onSubmit: async (values) => {
        await create.mutateAsync(input(values));
        toastSuccess(t, t('pricing.modal.sent'));
        setSent(true);
      },
    },
  );
  const money = (amount: number) => formatMoney(amount, plan.currency, i18n.language);
  const users = binding.form.getValues().users;
  const count = typeof users === 'number' && Number.isInteger(users) && users > 0 ? users : null;

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="green" title={t('pricing.modal.sentTitle')} data-testid="request-sent">
          {t('pricing.modal.sent')}
        </Alert>
        <Group justify="space-between">
          <Anchor component={Link} to="/pages/account-setting?tab=billing">
            {t('pricing.modal.seeBilling')}
          </Anchor>
          <Button variant="default" onClick={onDone}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const payByCard = () => {
    if (binding.form.validate().hasErrors) return;
    checkout.mutate(input(binding.form.getValues()));
  };

  return (
    <FormShell
      binding={binding}
      submitLabel={t('pricing.modal.send')}
      onCancel={onDone}
      secondaryAction={
        cardPayment ? (
          <Button variant="outline" onClick={payByCard} loading={checkout.isPending}>
            {t('pricing.modal.card')}
          </Button>
        ) : undefined
      }
    >
      <dl style={{ margin: 0 }}>
        <Group gap="xs">
          <Text component="dt" fw={600} size="sm">
            {t('pricing.modal.plan')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {planTitle(t, plan)}
          </Text>
        </Group>
        <Group gap="xs">
          <Text component="dt" fw={600} size="sm">
            {t('pricing.modal.currency')}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {plan.currency}
          </Text>
        </Group>
      </dl>
      {perUser && (
        <NumberInput
          label={t('pricing.modal.users')}
          description={t('pricing.modal.usersHint', { count: plan.minUsers })}
          min={plan.minUsers}
          clampBehavior="none"
          step={1}
          allowDecimal={false}
          allowNegative={false}
          {...binding.form.getInputProps('users')}
        />
      )}
      <div aria-live="polite">
        <Text size="sm" fw={600}>
          {t('pricing.modal.bill')}
        </Text>
        {perUser && count !== null && (
          <Text size="sm">
            {t('pricing.modal.billTeams', { users: count, amount: money(plan.billedAmount) })}
          </Text>
        )}
        <Text fz="h3" fw={700} data-testid="request-bill">
          {money(billFor(plan, perUser ? (count ?? plan.minUsers) : 1))}
        </Text>
        <Text size="xs" c="dimmed">
          {t('pricing.modal.manual')}
        </Text>
      </div>
      <ErrorAlert error={checkout.error} />
    </FormShell>
  );
}
