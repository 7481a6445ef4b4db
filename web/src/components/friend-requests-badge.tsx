import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getFriendRequestsQueryOptions } from '../lib/friends';

/** The menu's count of friend requests waiting for an answer; nothing when there are none. */
export function FriendRequestsBadge() {
  const { t } = useTranslation();
  const requests = useQuery(getFriendRequestsQueryOptions());
  const count = requests.data?.incoming.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle aria-label={t('menu.requestsBadge', { count })} data-testid="requests-badge">
      {count}
    </Badge>
  );
}
