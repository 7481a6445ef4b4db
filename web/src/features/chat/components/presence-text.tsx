import type { ChatPresence } from '@cadence/contract';
import { useTranslation } from 'react-i18next';
import { formatAgo } from '../lib/chat-times';

/** "Online", "Last seen 5 minutes ago", or "Offline" when they have never been seen. */
export function PresenceText({ presence }: { presence: ChatPresence }) {
  const { t, i18n } = useTranslation();
  if (presence.online) return t('chat.presence.online');
  if (presence.lastSeenAt) {
    return t('chat.presence.lastSeen', { time: formatAgo(presence.lastSeenAt, i18n.language, new Date()) });
  }
  return t('chat.presence.offline');
}
