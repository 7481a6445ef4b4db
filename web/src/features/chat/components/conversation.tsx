/**
 * One chat (D37): its header (name, presence or participants), the messages oldest first with a
 * line for each day, older pages on demand, and the message box. The view follows new messages
 * while it is at the bottom, and keeps its place when older ones are put above.
 */
import type { ChatMessage, ChatSummary } from '@cadence/contract';
import { ActionIcon, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSessionUser } from '../../../lib/session';
import { getChatMessagesQueryOptions } from '../api/chat-api';
import { dayOf, formatFullDay, formatTime, localDay } from '../lib/chat-times';
import { ChatAvatar } from './chat-avatar';
import classes from './chat.module.css';
import { Composer } from './composer';
import { MessageText } from './message-text';
import { PresenceText } from './presence-text';

/** Closer to the bottom than this (px) counts as at the bottom. */
const BOTTOM_SLACK = 48;

interface ConversationProps {
  chatId: string;
  /** The chat as the list knows it, shown until its messages arrive. */
  summary: ChatSummary | undefined;
  onBack: () => void;
}

export function Conversation({ chatId, summary, onBack }: ConversationProps) {
  const { t } = useTranslation();
  const messages = useInfiniteQuery(getChatMessagesQueryOptions(chatId));
  const chat = messages.data?.pages[0]?.chat ?? summary;
  // Pages run from the latest back; a message shows once even if a refetch shifted the pages.
  const all = useMemo(() => {
    const byId = new Map<string, ChatMessage>();
    for (const page of [...(messages.data?.pages ?? [])].reverse()) {
      for (const message of page.data) if (!byId.has(message._id)) byId.set(message._id, message);
    }
    return [...byId.values()];
  }, [messages.data]);

  const log = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** While older messages load: the distance from the bottom to keep once they are in. */
  const keepFromBottom = useRef<number | null>(null);
  const shown = useRef<{ first?: string; last?: string }>({});
  const loaded = messages.data !== undefined;
  const first = all[0]?._id;
  const last = all.at(-1)?._id;

  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const before = shown.current;
    shown.current = { first, last };
    if (keepFromBottom.current !== null && before.first !== undefined && first !== before.first) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [first, last, all.length]);

  // The box growing or the window shrinking keeps the newest message in view.
  useEffect(() => {
    const element = log.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);

  const loadOlder = async () => {
    const element = log.current;
    if (element) keepFromBottom.current = element.scrollHeight - element.scrollTop;
    const result = await messages.fetchNextPage();
    // The button goes with the last page: the focus stays in the conversation.
    if (!result.hasNextPage) log.current?.focus({ preventScroll: true });
  };

  let body: ReactNode;
  if (messages.data) {
    body = (
      <div
        ref={log}
        className={classes.log}
        role="log"
        aria-live="polite"
        aria-label={t('chat.conversation.messages', { name: chat?.name ?? '' })}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK;
        }}
        data-testid="messages"
      >
        {messages.hasNextPage && (
          <Button
            variant="default"
            size="xs"
            style={{ alignSelf: 'center', flex: 'none' }}
            loading={messages.isFetchingNextPage}
            onClick={() => void loadOlder()}
          >
            {t('chat.conversation.loadOlder')}
          </Button>
        )}
        {messages.isFetchNextPageError && <ErrorAlert error={messages.error} />}
        {all.length === 0 ? (
          <Text c="dimmed" ta="center" m="auto">
            {t('chat.conversation.empty')}
          </Text>
        ) : (
          chat && <MessageRows messages={all} chat={chat} />
        )}
      </div>
    );
  } else if (messages.error) {
    body = (
      <div className={classes.placeholder}>
        <ErrorAlert error={messages.error} />
      </div>
    );
  } else {
    body = (
      <Stack gap="sm" p="md" style={{ flex: 1 }} data-testid="messages-loading">
        <Skeleton h={36} w="50%" />
        <Skeleton h={36} w="40%" style={{ alignSelf: 'end' }} />
        <Skeleton h={36} w="60%" />
      </Stack>
    );
  }

  return (
    <>
      <div className={classes.header}>
        <ActionIcon
          hiddenFrom="sm"
          variant="subtle"
          color="gray"
          aria-label={t('chat.conversation.back')}
          onClick={onBack}
        >
          <IconArrowLeft size={20} className={classes.backIcon} />
        </ActionIcon>
        {chat && <ChatAvatar chat={chat} announce={false} />}
        <div className={classes.itemText}>
          <Title order={2} fz="md" lineClamp={1} data-testid="conversation-name">
            {chat?.name}
          </Title>
          {chat && (
            <Text size="xs" c="dimmed" truncate data-testid="conversation-status">
              <ChatStatus chat={chat} />
            </Text>
          )}
        </div>
      </div>
      {body}
      {messages.data && chat && (
        <Composer chatId={chatId} closed={chat.closed} onSend={() => (atBottom.current = true)} />
      )}
    </>
  );
}

/** Under the name: the friend's presence, or who is in the group. */
function ChatStatus({ chat }: { chat: ChatSummary }) {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  if (chat.friend) return <PresenceText presence={chat.friend.presence} />;
  const names = [
    ...chat.participants.filter((person) => person._id !== me?._id).map((person) => person.fullName),
    t('chat.conversation.youInList'),
  ];
  return t('chat.conversation.participants', {
    names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names),
  });
}

/** The messages with a line before each new day ("Today", "Yesterday" or the date). */
function MessageRows({ messages, chat }: { messages: ChatMessage[]; chat: ChatSummary }) {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  const now = new Date();
  const names = new Map(chat.participants.map((person) => [person._id, person.fullName]));
  const rows: ReactNode[] = [];
  let previousDay = '';
  for (const message of messages) {
    const day = localDay(new Date(message.createdAt));
    if (day !== previousDay) {
      previousDay = day;
      const when = dayOf(message.createdAt, now);
      rows.push(
        <Text key={`day-${day}`} className={classes.day} size="xs" c="dimmed" fw={600} data-testid="day">
          {when === 'today'
            ? t('chat.conversation.today')
            : when === 'yesterday'
              ? t('chat.conversation.yesterday')
              : formatFullDay(message.createdAt, i18n.language)}
        </Text>,
      );
    }
    const mine = message.senderId === me?._id;
    const sender = mine
      ? t('chat.conversation.you')
      : (names.get(message.senderId) ?? t('chat.conversation.formerMember'));
    rows.push(
      <div key={message._id} className={classes.message} data-mine={mine || undefined} data-testid="message">
        {chat.kind === 'group' && !mine ? (
          <Text size="xs" fw={600} c="dimmed" data-testid="message-sender">
            {sender}
          </Text>
        ) : (
          <VisuallyHidden>{sender}</VisuallyHidden>
        )}
        <div className={classes.bubble} dir="auto" data-testid="message-text">
          <MessageText text={message.message} />
        </div>
        <Text component="time" dateTime={message.createdAt} size="xs" c="dimmed">
          <bdi>{formatTime(message.createdAt, i18n.language)}</bdi>
        </Text>
      </div>,
    );
  }
  return rows;
}
