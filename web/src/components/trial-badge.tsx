/**
 * The navbar's "n days left in your trial" (D25), for a user in their trial without a paid plan;
 * it leads to the pricing page. Loaded after the page with the `pricing` strings, so neither weighs
 * on the first download.
 */
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getBillingQueryOptions } from '../shared/queries/billing';
import { useSessionUser } from '../lib/session';

export function TrialBadge() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const billing = useQuery({ ...getBillingQueryOptions(me?._id ?? ''), enabled: Boolean(me) });
  const data = billing.data;
  if (!data || data.plan !== null || data.trialDaysLeft <= 0) return null;
  return (
    <Badge
      component={Link}
      to="/pages/pricing"
      variant="filled"
      size="lg"
      tt="none"
      visibleFrom="sm"
      style={{ cursor: 'pointer' }}
      data-testid="trial-badge"
    >
      {/* Its own direction, from its words: "15 days left in your trial" stays in that order in a
          right-to-left page. */}
      <bdi>
        {t(data.trialDaysLeft === 1 ? 'pricing.badge.dayLeft' : 'pricing.badge.daysLeft', {
          count: data.trialDaysLeft,
        })}
      </bdi>
    </Badge>
  );
}
