/**
 * A booking made with me, in the lists of /apps/booking: when (in my zone), the type's title, the
 * visitor (name, e-mail to reply), their note and who is booked; Cancel while it is to come.
 */
import type { HostBooking } from '@cadence/contract';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBookingTime } from './booking-time';

interface HostBookingRowProps {
  booking: HostBooking;
  timeZone: string;
  /** Offered while the booking is confirmed and to come. */
  onCancel?: (booking: HostBooking) => void;
}

export function HostBookingRow({ booking, timeZone, onCancel }: HostBookingRowProps) {
  const { t, i18n } = useTranslation();
  const hosts = booking.hosts.map((host) => host.fullName || host.username).join(', ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={booking.title} data-testid="booking">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} data-testid="booking-time">
            <bdi>{formatBookingTime(booking.start, booking.end, timeZone, i18n.language)}</bdi>
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {booking.title}
            </Text>
            {booking.status === 'cancelled' && (
              <Badge color="gray" variant="light">
                {t('booking.bookings.cancelledBadge')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('booking.bookings.visitor')} <bdi>{booking.name}</bdi> ·{' '}
            <Anchor href={`mailto:${booking.email}`} size="sm" underline="always">
              {booking.email}
            </Anchor>
          </Text>
          {booking.note && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('booking.bookings.note')} {booking.note}
            </Text>
          )}
          {hosts && (
            <Text size="sm" c="dimmed">
              {t('booking.bookings.hosts', { names: hosts })}
            </Text>
          )}
        </Stack>
        {onCancel && booking.status === 'confirmed' && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconCalendarX size={14} />}
            aria-label={t('booking.bookings.cancelLabel', { name: booking.name })}
            onClick={() => onCancel(booking)}
          >
            {t('booking.bookings.cancel')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
