/**
 * The chat page's list (D37): a search over names, then my chats (newest activity first), the
 * friends without a chat yet and the groups without one. Choosing a contact or a group opens its
 * chat on the server, then shows it.
 */
import type { ChatContact, ChatList, ChatSummary } from '@cadence/contract';
import { Badge, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HighlightedText } from '../../../components/highlighted-text';
import { fold, searchWords } from '../../../lib/highlight';
import { useSessionUser } from '../../../lib/session';
import { toastError } from '../../../lib/toast';
import { useOpenChat } from '../api/chat-api';
import { formatListTime } from '../lib/chat-times';
import { ChatAvatar, ContactAvatar, GroupAvatar } from './chat-avatar';
import classes from './chat.module.css';
import { PresenceText } from './presence-text';

/** Whether a name holds every word of the search, whatever their case and accents. */
function matcher(search: string) {
  const words = searchWords(search);
  return (name: string) => {
    const folded = fold(name);
    return words.every((word) => folded.includes(word));
  };
}

interface ChatListPaneProps {
  list: ChatList;
  selectedId: string | null;
  onSelect: (chatId: string) => void;
}

export function ChatListPane({ list, selectedId, onSelect }: ChatListPaneProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const open = useOpenChat();
  const matches = matcher(search);
  const chats = list.chats.filter((chat) => matches(chat.name));
  const contacts = list.contacts.filter((contact) => matches(contact.fullName));
  const groups = list.groups.filter((group) => matches(group.name));

  const start = async (input: { friend: string } | { group: string }) => {
    try {
      onSelect((await open.mutateAsync(input))._id);
    } catch (error) {
      toastError(t, error);
    }
  };

  return (
    <>
      <div className={classes.listSearch}>
        <TextInput
          aria-label={t('chat.list.search')}
          placeholder={t('chat.list.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
        />
      </div>
      <div className={classes.listScroll} data-testid="chat-list">
        {chats.length + contacts.length + groups.length === 0 && (
          <Text c="dimmed" size="sm" p="sm">
            {t('chat.list.noMatch')}
          </Text>
        )}
        <Section title={t('chat.list.chats')} testId="chats" show={chats.length > 0}>
          {chats.map((chat) => (
            <li key={chat._id}>
              <ChatItem
                chat={chat}
                search={search}
                selected={chat._id === selectedId}
                onClick={() => onSelect(chat._id)}
              />
            </li>
          ))}
        </Section>
        <Section title={t('chat.list.contacts')} testId="contacts" show={contacts.length > 0}>
          {contacts.map((contact) => (
            <li key={contact._id}>
              <ContactItem
                contact={contact}
                search={search}
                disabled={open.isPending}
                onClick={() => void start({ friend: contact._id })}
              />
            </li>
          ))}
        </Section>
        <Section title={t('chat.list.groups')} testId="groups" show={groups.length > 0}>
          {groups.map((group) => (
            <li key={group._id}>
              <UnstyledButton
                className={classes.item}
                disabled={open.isPending}
                onClick={() => void start({ group: group._id })}
                data-testid="group-item"
              >
                <GroupAvatar />
                <div className={classes.itemText}>
                  <Text fw={600} size="sm" truncate>
                    <HighlightedText text={group.name} query={search} />
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {t('chat.list.startGroup')}
                  </Text>
                </div>
              </UnstyledButton>
            </li>
          ))}
        </Section>
      </div>
    </>
  );
}

function Section({
  title,
  testId,
  show,
  children,
}: {
  title: string;
  testId: string;
  show: boolean;
  children: ReactNode;
}) {
  if (!show) return null;
  return (
    <div data-testid={testId}>
      <Text component="h2" size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.sectionTitle}>
        {title}
      </Text>
      <ul className={classes.items}>{children}</ul>
    </div>
  );
}

/** The last message in one line: "You: …", or "Ann Lee: …" in a group. */
function usePreview(chat: ChatSummary): string {
  const { t } = useTranslation();
  const me = useSessionUser();
  const last = chat.lastMessage;
  if (!last) return t('chat.list.noMessages');
  const message = last.message.slice(0, 140).replace(/\s+/g, ' ');
  if (last.senderId === me?._id) return t('chat.list.mine', { message });
  if (chat.kind === 'group') {
    const sender = chat.participants.find((person) => person._id === last.senderId);
    if (sender) return t('chat.list.theirs', { name: sender.fullName, message });
  }
  return message;
}

function ChatItem({
  chat,
  search,
  selected,
  onClick,
}: {
  chat: ChatSummary;
  search: string;
  selected: boolean;
  onClick: () => void;
}) {
  const { t, i18n } = useTranslation();
  const preview = usePreview(chat);
  return (
    <UnstyledButton
      className={classes.item}
      aria-current={selected || undefined}
      onClick={onClick}
      data-testid="chat-item"
      data-chat-id={chat._id}
    >
      <ChatAvatar chat={chat} />
      <div className={classes.itemText}>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text fw={600} size="sm" truncate>
            <HighlightedText text={chat.name} query={search} />
          </Text>
          {chat.lastMessage && (
            <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="chat-time">
              <bdi>{formatListTime(chat.lastMessage.createdAt, i18n.language, new Date())}</bdi>
            </Text>
          )}
        </Group>
        <Group justify="space-between" wrap="nowrap" gap={6}>
          <Text size="xs" c="dimmed" truncate data-testid="chat-preview">
            {preview}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            {chat.closed && (
              <Badge size="xs" variant="default" data-testid="chat-closed">
                {t('chat.list.closed')}
              </Badge>
            )}
            {chat.unseen > 0 && (
              <Badge
                size="sm"
                circle
                role="img"
                aria-label={t('chat.list.unseen', { count: chat.unseen })}
                data-testid="chat-unseen"
              >
                {chat.unseen}
              </Badge>
            )}
          </Group>
        </Group>
      </div>
    </UnstyledButton>
  );
}

function ContactItem({
  contact,
  search,
  disabled,
  onClick,
}: {
  contact: ChatContact;
  search: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <UnstyledButton
      className={classes.item}
      disabled={disabled}
      onClick={onClick}
      data-testid="contact-item"
      data-username={contact.username}
    >
      <ContactAvatar person={contact} announce={false} />
      <div className={classes.itemText}>
        <Text fw={600} size="sm" truncate>
          <HighlightedText text={contact.fullName} query={search} />
        </Text>
        <Text size="xs" c="dimmed" truncate>
          <PresenceText presence={contact.presence} />
        </Text>
      </div>
    </UnstyledButton>
  );
}
