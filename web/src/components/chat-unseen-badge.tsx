import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getChatListQueryOptions } from '../shared/queries/chats';

/** The menu's count of chat messages I have not read yet; nothing when there are none. */
export function ChatUnseenBadge() {
  const { t } = useTranslation();
  const chats = useQuery(getChatListQueryOptions());
  const count = chats.data?.unseen ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle role="img" aria-label={t('menu.chatBadge', { count })} data-testid="chat-badge">
      {count}
    </Badge>
  );
}
