/**
 * A booking type on /apps/booking: its title, duration, who is booked, and its public link with
 * "Copy link" and "Open"; Edit opens the form (whose Delete removes it).
 */
import type { BookingType } from '@cadence/contract';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconCopy, IconExternalLink, IconPencil, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../lib/toast';
import { modeLabels } from './booking-labels';

interface BookingTypeCardProps {
  type: BookingType;
  /** The group's name, for a type booked with one of my groups. */
  groupName: string | null;
  onEdit: (type: BookingType) => void;
}

/** The public page's full address, for sharing. */
export const publicLink = (type: BookingType) => `${window.location.origin}${type.path}`;

export function BookingTypeCard({ type, groupName, onEdit }: BookingTypeCardProps) {
  const { t } = useTranslation();
  const link = publicLink(type);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toastSuccess(t, t('booking.toast.copied'));
    } catch (error) {
      toastError(t, error);
    }
  };
  const hosts =
    type.hosts.mode === 'alone'
      ? t(modeLabels.alone)
      : t('booking.card.withGroup', {
          mode: t(modeLabels[type.hosts.mode]),
          group: groupName ?? t('booking.form.unknownGroup'),
        });

  return (
    <Card withBorder padding="lg" component="section" aria-label={type.title} data-testid="booking-type">
      <Stack gap="sm" h="100%">
        <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
          {type.title}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" leftSection={<IconClock size={12} aria-hidden />}>
            {t('booking.card.minutes', { minutes: type.duration })}
          </Badge>
          <Badge variant="light" color="grape" leftSection={<IconUsers size={12} aria-hidden />}>
            {hosts}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="booking-link">
          <bdi dir="ltr">{link}</bdi>
        </Text>
        <Group gap="xs" mt="auto" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconCopy size={14} />}
            aria-label={t('booking.card.copyLabel', { title: type.title })}
            onClick={() => void copy()}
          >
            {t('booking.card.copy')}
          </Button>
          <Button
            size="xs"
            variant="default"
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternalLink size={14} />}
            aria-label={t('booking.card.openLabel', { title: type.title })}
          >
            {t('booking.card.open')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            aria-label={t('booking.card.editLabel', { title: type.title })}
            onClick={() => onEdit(type)}
          >
            {t('booking.card.edit')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
