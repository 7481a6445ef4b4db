/** One plan on the pricing page: its words, its price per month, how it is billed, and "Choose". */
import type { PricingPlan } from '@cadence/contract';
import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/money';
import { billLine, planBenefits, planSubtitle, planTitle } from '../lib/plan-text';
import classes from './pricing.module.css';

interface PlanCardProps {
  plan: PricingPlan;
  current: boolean;
  onChoose: (plan: PricingPlan) => void;
}

export function PlanCard({ plan, current, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation();
  const title = planTitle(t, plan);
  const headingId = `plan-${plan.id}-title`;

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={headingId}
      className={plan.popular ? classes.popular : undefined}
      data-testid={`plan-${plan.id}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" mih={26}>
          <Title order={2} fz="h3" id={headingId}>
            {title}
          </Title>
          <Group gap={4}>
            {current && (
              <Badge color="teal.9" variant="filled" tt="none" data-testid="current-plan">
                {t('pricing.current')}
              </Badge>
            )}
            {plan.popular && (
              <Badge variant="filled" tt="none" data-testid="popular-plan">
                {t('pricing.popular')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text c="dimmed" size="sm">
          {planSubtitle(t, plan)}
        </Text>
        <div>
          <Text className={classes.price} data-testid="plan-price">
            {formatMoney(plan.monthlyPrice, plan.currency, i18n.language)}
          </Text>
          <Text size="sm">{plan.minUsers > 1 ? t('pricing.perUserMonth') : t('pricing.perMonth')}</Text>
          <Text size="sm" fw={500} mt={4} data-testid="plan-bill">
            {billLine(t, plan, i18n.language)}
          </Text>
        </div>
        <List
          spacing={6}
          size="sm"
          aria-label={t('pricing.benefits', { plan: title })}
          icon={
            <ThemeIcon size={18} radius="xl" color="teal" variant="filled" aria-hidden>
              <IconCheck size={12} />
            </ThemeIcon>
          }
          style={{ flexGrow: 1 }}
        >
          {planBenefits(t, plan).map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List>
        <Button
          variant={plan.popular ? 'filled' : 'default'}
          onClick={() => onChoose(plan)}
          aria-label={t('pricing.chooseNamed', { plan: title })}
        >
          {t('pricing.choose')}
        </Button>
      </Stack>
    </Card>
  );
}
