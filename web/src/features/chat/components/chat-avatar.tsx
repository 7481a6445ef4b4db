/** A chat's picture: the friend's avatar with a dot for their presence, or a group's icon. */
import type { ChatContact, ChatSummary } from '@cadence/contract';
import { Avatar, Indicator, VisuallyHidden } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A person's avatar with a green dot when they are online, a grey one otherwise (and the words for screen readers). */
export function ContactAvatar({ person, announce = true }: { person: ChatContact; announce?: boolean }) {
  const { t } = useTranslation();
  const { online } = person.presence;
  return (
    <>
      <Indicator
        position="bottom-end"
        offset={5}
        size={11}
        withBorder
        color={online ? 'green' : 'gray'}
        data-testid="presence"
        data-online={online}
      >
        <Avatar src={person.avatar} name={person.fullName} color="violet" radius="xl" alt="" />
      </Indicator>
      {announce && (
        <VisuallyHidden>{online ? t('chat.presence.online') : t('chat.presence.offline')}</VisuallyHidden>
      )}
    </>
  );
}

export function GroupAvatar() {
  return (
    <Avatar color="violet" radius="xl" alt="">
      <IconUsersGroup size={20} aria-hidden />
    </Avatar>
  );
}

export function ChatAvatar({ chat, announce }: { chat: ChatSummary; announce?: boolean }) {
  return chat.friend ? <ContactAvatar person={chat.friend} announce={announce} /> : <GroupAvatar />;
}
