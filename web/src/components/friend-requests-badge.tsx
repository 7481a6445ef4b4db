import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getFriendRequestsQueryOptions } from '../shared/queries/friends';
import { getInvitationsQueryOptions } from '../shared/queries/meeting-invitations';

/**
 * The menu's count of what waits for my answer on /apps/requests: friend requests and meeting
 * invitations; nothing when there are none.
 */
export function FriendRequestsBadge() {
  const { t } = useTranslation();
  const requests = useQuery(getFriendRequestsQueryOptions());
  const invitations = useQuery(getInvitationsQueryOptions('pending'));
  const count = (requests.data?.incoming.length ?? 0) + (invitations.data?.pending ?? 0);
  if (count === 0) return null;
  return (
    <Badge size="sm" circle aria-label={t('menu.requestsBadge', { count })} data-testid="requests-badge">
      {count}
    </Badge>
  );
}
