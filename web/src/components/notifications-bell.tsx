/**
 * The navbar's bell: unread reminders counted on it; its list shows each with what it
 * is about and when, marks one read when opened (and goes to the calendar or the to-dos), or all.
 * D45: it tells of shared work too — invitations, new times and cancellations, answers, tasks
 * assigned and completed, boards shared, comments and due dates on one's cards — each opening the
 * thing it is about. D44: a visitor booked, moved or cancelled a time with the user — the booking
 * pages' list. And being made a member of a card (the card, open), a friend request (the
 * requests) and one's own accepted (the friends).
 */
import type { Notification } from '@cadence/contract';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconBell,
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarTime,
  IconCalendarUser,
  IconCalendarCancel,
  IconCalendarCheck,
  IconCalendarRepeat,
  IconCalendarX,
  IconUserCheck,
  IconUserX,
  IconChecklist,
  IconCircleCheck,
  IconClock,
  IconLayoutKanban,
  IconListCheck,
  IconMessageCircle,
  IconShare,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { todayIn } from '../lib/days';
import { useSessionUser } from '../lib/session';
import {
  getNotificationsQueryOptions,
  useMarkNotificationRead,
  useReadAllNotifications,
} from '../shared/queries/notifications';
import classes from './notifications-bell.module.css';

export function NotificationsBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const list = useQuery(getNotificationsQueryOptions());
  const readAll = useReadAllNotifications();
  const unread = list.data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell');

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('notifications.title')}>
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red"
            offset={6}
            disabled={unread === 0}
            data-testid="notifications-count"
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
              aria-expanded={opened}
              onClick={() => setOpened((open) => !open)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('notifications.title')} role="dialog">
        <Group justify="space-between" px="md" py="xs" className={classes.header}>
          <Text fw={600} size="sm">
            {t('notifications.title')}
          </Text>
          <Button variant="subtle" size="compact-xs" disabled={unread === 0} onClick={() => readAll.mutate()}>
            {t('notifications.readAll')}
          </Button>
        </Group>
        {list.data && list.data.data.length > 0 ? (
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0} role="list">
              {list.data.data.map((item) => (
                <NotificationLine key={item._id} item={item} onOpen={() => setOpened(false)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Text size="sm" c="dimmed" px="md" py="lg" ta="center">
            {list.isError ? t('notifications.unavailable') : t('notifications.empty')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

/** How each kind of notification looks, what it says and where it leads. */
const kinds = {
  event: {
    color: 'violet',
    Icon: IconCalendarEvent,
    what: 'notifications.eventStarts',
    to: calendarAt,
  },
  todo: { color: 'teal', Icon: IconChecklist, what: 'notifications.taskDue', to: taskOf },
  meeting: {
    color: 'blue',
    Icon: IconCalendarUser,
    what: 'notifications.meetingInvitation',
    to: (item: Notification) => `/apps/meetings/preview?id=${item.sourceId}`,
  },
  // An invitee answered the user's meeting (D42): who, in the line; the meeting on opening it.
  'meeting-accepted': {
    color: 'green',
    Icon: IconUserCheck,
    what: 'notifications.meetingAccepted',
    to: (item: Notification) => `/apps/meetings/preview?id=${item.sourceId}`,
  },
  'meeting-declined': {
    color: 'red',
    Icon: IconUserX,
    what: 'notifications.meetingDeclined',
    to: (item: Notification) => `/apps/meetings/preview?id=${item.sourceId}`,
  },
  // The board went with its owner's account: only the list of boards is left to show.
  'board-deleted': {
    color: 'gray',
    Icon: IconLayoutKanban,
    what: 'notifications.boardDeleted',
    to: () => '/apps/projects',
  },
  // D45: shared work. An event opens the calendar at its day with it open; a task, the to-dos with
  // it open; a card, its board with it open.
  'event-invited': {
    color: 'violet',
    Icon: IconCalendarPlus,
    what: 'notifications.eventInvited',
    to: calendarAt,
  },
  'event-changed': {
    color: 'violet',
    Icon: IconCalendarTime,
    what: 'notifications.eventChanged',
    to: calendarAt,
  },
  'event-cancelled': {
    color: 'gray',
    Icon: IconCalendarX,
    what: 'notifications.eventCancelled',
    to: calendarAt,
  },
  'meeting-changed': {
    color: 'blue',
    Icon: IconCalendarTime,
    what: 'notifications.meetingChanged',
    to: (item: Notification) => `/apps/meetings/preview?id=${item.sourceId}`,
  },
  // A cancelled meeting may be gone: the list of meetings.
  'meeting-cancelled': {
    color: 'gray',
    Icon: IconCalendarX,
    what: 'notifications.meetingCancelled',
    to: () => '/apps/meetings',
  },
  'todo-assigned': {
    color: 'teal',
    Icon: IconListCheck,
    what: 'notifications.todoAssigned',
    to: taskOf,
  },
  'todo-completed': {
    color: 'green',
    Icon: IconCircleCheck,
    what: 'notifications.todoCompleted',
    to: taskOf,
  },
  'board-shared': {
    color: 'indigo',
    Icon: IconShare,
    what: 'notifications.boardShared',
    to: boardOf,
  },
  'card-comment': {
    color: 'indigo',
    Icon: IconMessageCircle,
    what: 'notifications.cardComment',
    to: cardOf,
  },
  'card-due': {
    color: 'orange',
    Icon: IconClock,
    what: 'notifications.cardDue',
    to: cardOf,
  },
  'card-member': {
    color: 'indigo',
    Icon: IconUserPlus,
    what: 'notifications.cardMember',
    to: cardOf,
  },
  // The title is the person's name; the request is answered on the requests page.
  'friend-request': {
    color: 'blue',
    Icon: IconUserPlus,
    what: 'notifications.friendRequest',
    to: () => '/apps/requests',
  },
  'friend-accepted': {
    color: 'green',
    Icon: IconUsers,
    what: 'notifications.friendAccepted',
    to: () => '/friends',
  },
  // D44: a visitor's booking; the host's list of bookings shows it (a cancelled one too).
  'booking-new': {
    color: 'cyan',
    Icon: IconCalendarCheck,
    what: 'notifications.bookingNew',
    to: () => '/apps/booking',
  },
  'booking-rescheduled': {
    color: 'cyan',
    Icon: IconCalendarRepeat,
    what: 'notifications.bookingRescheduled',
    to: () => '/apps/booking',
  },
  'booking-cancelled': {
    color: 'gray',
    Icon: IconCalendarCancel,
    what: 'notifications.bookingCancelled',
    to: () => '/apps/booking?tab=cancelled',
  },
} as const;

/**
 * The calendar at the day of the event, in the account's zone as the calendar shows it (the
 * browser's before it is known), with the event open.
 */
function calendarAt(item: Notification, timeZone?: string): string {
  const day = new Date(item.at);
  const date = timeZone
    ? todayIn(timeZone, day.getTime())
    : [day.getFullYear(), day.getMonth() + 1, day.getDate()]
        .map((part) => String(part).padStart(2, '0'))
        .join('-');
  return `/apps/calendar?${new URLSearchParams({ date, event: item.sourceId })}`;
}

/** The to-dos with the task open. */
function taskOf(item: Notification): string {
  return `/apps/todo?${new URLSearchParams({ task: item.sourceId })}`;
}

/** The board the notice is about; the list of boards once it is gone. */
function boardOf(item: Notification): string {
  return item.boardId ? `/apps/project/${item.boardId}` : '/apps/projects';
}

/** The card the notice is about, open on its board; the list of boards once it is gone. */
function cardOf(item: Notification): string {
  return item.boardId ? `/apps/project/${item.boardId}?card=${item.sourceId}` : '/apps/projects';
}

function NotificationLine({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useSessionUser()?.timeZone;
  const markRead = useMarkNotificationRead();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    ...(item.kind === 'todo' ? {} : { timeStyle: 'short' }),
  }).format(new Date(item.at));
  const look = kinds[item.kind];

  const open = () => {
    if (!item.isRead) markRead.mutate(item._id);
    onOpen();
    void navigate(look.to(item, timeZone));
  };

  return (
    <UnstyledButton
      role="listitem"
      className={classes.line}
      data-unread={!item.isRead || undefined}
      onClick={open}
      data-testid="notification"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={look.color} radius="xl">
          <look.Icon size={16} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={item.isRead ? 400 : 600} truncate>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t(look.what, { when, name: item.actor ? item.actor.fullName || item.actor.username : '' })}
          </Text>
        </Stack>
        {!item.isRead && <span className={classes.dot} aria-label={t('notifications.unread')} role="img" />}
      </Group>
    </UnstyledButton>
  );
}
