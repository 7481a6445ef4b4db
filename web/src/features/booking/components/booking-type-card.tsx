/**
 * A booking type on /apps/booking: its title, duration, who is booked, and its public link with
 * "Copy link" and "Open"; Edit opens the form (whose Delete removes it).
 */
import type { BookingType } from '@cadence/contract';
import { Badge, Button, Card, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconClock, IconCopy, IconExternalLink, IconPencil, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../lib/toast';
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
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="light"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                aria-label={t('booking.card.copyLabel', { title: type.title })}
                onClick={copy}
              >
                <CopiedToast copied={copied} />
                {t('booking.card.copy')}
              </Button>
            )}
          </CopyButton>
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

/** Says "Link copied" once the clipboard has it (the button's tick alone is not read out). */
function CopiedToast({ copied }: { copied: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (copied) toastSuccess(t, t('booking.toast.copied'));
  }, [copied, t]);
  return null;
}
