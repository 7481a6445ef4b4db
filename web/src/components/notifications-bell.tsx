/**
 * The navbar's bell (issue 11): unread reminders counted on it; its list shows each with what it
 * is about and when, marks one read when opened (and goes to the calendar or the to-dos), or all.
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
import { IconBell, IconCalendarEvent, IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  getNotificationsQueryOptions,
  useMarkNotificationRead,
  useReadAllNotifications,
} from '../lib/notifications';
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

function NotificationLine({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    ...(item.kind === 'event' ? { timeStyle: 'short' } : {}),
  }).format(new Date(item.at));
  const what = item.kind === 'event' ? t('notifications.eventStarts', { when }) : t('notifications.taskDue');

  const open = () => {
    if (!item.isRead) markRead.mutate(item._id);
    onOpen();
    void navigate(item.kind === 'event' ? '/apps/calendar' : '/apps/todo');
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
        <ThemeIcon variant="light" color={item.kind === 'event' ? 'violet' : 'teal'} radius="xl">
          {item.kind === 'event' ? <IconCalendarEvent size={16} /> : <IconChecklist size={16} />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={item.isRead ? 400 : 600} truncate>
            {item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {what}
          </Text>
        </Stack>
        {!item.isRead && <span className={classes.dot} aria-label={t('notifications.unread')} role="img" />}
      </Group>
    </UnstyledButton>
  );
}
