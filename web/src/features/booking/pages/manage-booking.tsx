/**
 * /booking/:token — a booking's manage link (D44), mailed to its visitor: no sign-in, the token in
 * the address is the key. It shows the booking in the visitor's zone (changeable) and, while the
 * booking is open (confirmed, not begun), moves it (the booking page in reschedule mode) or
 * cancels it with an optional reason.
 */
import { type BookingView, cancelBookingInput } from '@cadence/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconCircleCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PersonLine } from '../../../components/person-line';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { publicBookingKeys } from '../../../shared/queries/keys';
import { cancelBooking, getBookingQueryOptions } from '../api/public-booking-api';
import { formatBookingTime } from '../lib/booking-calendar';
import { Brand, type ManageBookingState, TypeSummary, ZoneSelect } from '../lib/public-booking-parts';

export function Component() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const location = useLocation();
  const done = (location.state as ManageBookingState | null)?.done;
  const view = useQuery(getBookingQueryOptions(token));
  const [zone, setZone] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelledNow, setCancelledNow] = useState(false);

  const data = view.data;
  const notFound = view.error instanceof ApiError && view.error.status === 404;
  const timeZone = zone ?? data?.timeZone ?? 'UTC';

  return (
    <Paper withBorder shadow="md" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={640} mt={40}>
      <Stack gap="lg">
        <Brand />
        {view.isPending && <Skeleton height={160} role="status" aria-label={t('bookingPublic.loading')} />}
        {notFound && (
          <Stack gap="xs">
            <Title order={1} fz="h2">
              {t('bookingPublic.bookingNotFoundTitle')}
            </Title>
            <Text>{t('bookingPublic.bookingNotFound')}</Text>
          </Stack>
        )}
        {view.error && !notFound && <ErrorAlert error={view.error} />}
        {data && (
          <>
            <div role="status" aria-live="polite">
              {done && data.status === 'confirmed' && !cancelledNow && (
                <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />}>
                  <Text fw={700}>
                    {t(done === 'booked' ? 'bookingPublic.bookedTitle' : 'bookingPublic.movedTitle')}
                  </Text>
                  <Text size="sm">{t('bookingPublic.bookedHint')}</Text>
                </Alert>
              )}
              {cancelledNow && <Alert color="gray">{t('bookingPublic.cancelledNow')}</Alert>}
            </div>
            <TypeSummary type={data.type} hosts={data.hosts} />
            <BookingDetails booking={data} timeZone={timeZone} language={i18n.language} />
            <ZoneSelect value={timeZone} onChange={setZone} />
            {data.open ? (
              <Group gap="sm">
                <Button
                  component={Link}
                  to={`/book/${encodeURIComponent(data.type.username)}/${encodeURIComponent(data.type.slug)}?reschedule=${encodeURIComponent(token)}`}
                  leftSection={<IconCalendarEvent size={18} aria-hidden />}
                >
                  {t('bookingPublic.reschedule')}
                </Button>
                <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                  {t('bookingPublic.cancelBooking')}
                </Button>
              </Group>
            ) : (
              data.status === 'confirmed' && (
                <Text size="sm" c="dimmed">
                  {t('bookingPublic.begun')}
                </Text>
              )
            )}
            {data.status === 'cancelled' && (
              <Anchor
                component={Link}
                to={`/book/${encodeURIComponent(data.type.username)}/${encodeURIComponent(data.type.slug)}`}
              >
                {t('bookingPublic.bookAgain')}
              </Anchor>
            )}
            <CancelDialog
              token={token}
              opened={cancelling}
              onClose={() => setCancelling(false)}
              onCancelled={() => {
                setCancelling(false);
                setCancelledNow(true);
              }}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** When, who, the status, the visitor's note and a cancellation's reason. */
function BookingDetails({
  booking,
  timeZone,
  language,
}: {
  booking: BookingView;
  timeZone: string;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Group gap="sm" align="center">
        <Title order={2} fz="h4">
          {t('bookingPublic.when')}
        </Title>
        <Badge color={booking.status === 'confirmed' ? 'teal.9' : 'red.9'} variant="filled">
          {t(
            booking.status === 'confirmed'
              ? 'bookingPublic.status.confirmed'
              : 'bookingPublic.status.cancelled',
          )}
        </Badge>
      </Group>
      <Text
        fw={500}
        td={booking.status === 'cancelled' ? 'line-through' : undefined}
        data-testid="booking-when"
      >
        <bdi>{formatBookingTime(booking.start, booking.end, timeZone, language)}</bdi> ({timeZone})
      </Text>
      {booking.status === 'cancelled' && booking.cancelReason && (
        <Text size="sm">{t('bookingPublic.cancelReasonShown', { reason: booking.cancelReason })}</Text>
      )}
      {booking.hosts.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h5">
            {t('bookingPublic.hosts')}
          </Title>
          {booking.hosts.map((host) => (
            <PersonLine key={host._id} person={host} />
          ))}
        </Stack>
      )}
      <Text size="sm">{t('bookingPublic.bookedAs', { name: booking.name })}</Text>
      {booking.note && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('bookingPublic.yourNote', { note: booking.note })}
        </Text>
      )}
    </Stack>
  );
}

interface CancelDialogProps {
  token: string;
  opened: boolean;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * Asks before cancelling, with room for a reason the hosts read in their mail. Not the app's
 * ConfirmDialog: that one asks a question only, and this one takes a field too.
 */
function CancelDialog({ token, opened, onClose, onCancelled }: CancelDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const binding = useContractForm(
    cancelBookingInput,
    { reason: '' },
    {
      onSubmit: async ({ reason }) => {
        const next = await cancelBooking(token, reason.trim());
        queryClient.setQueryData(publicBookingKeys.booking(token), next);
        onCancelled();
      },
      resetOnSuccess: true,
    },
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('bookingPublic.cancelTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={binding.onSubmit} noValidate>
        <Stack gap="md">
          <ErrorAlert error={binding.failure} />
          <Text size="sm">{t('bookingPublic.cancelQuestion')}</Text>
          <Textarea
            label={t('bookingPublic.cancelReason')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={500}
            data-autofocus
            {...binding.form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('bookingPublic.keepBooking')}
            </Button>
            <Button type="submit" color="red" loading={binding.submitting}>
              {t('bookingPublic.cancelBooking')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
