/** The host cancels a booking: a confirmation with an optional reason that the visitor is sent. */
import { cancelBookingInput, type HostBooking } from '@cadence/contract';
import { Button, Modal, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { toastSuccess } from '../../../lib/toast';
import { useHostCancelBooking } from '../api/booking-api';
import { formatBookingTime } from './booking-time';

interface HostCancelModalProps {
  booking: HostBooking | null;
  timeZone: string;
  onClose: () => void;
}

export function HostCancelModal({ booking, timeZone, onClose }: HostCancelModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={t('booking.cancel.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {booking && <CancelForm key={booking._id} booking={booking} timeZone={timeZone} onDone={onClose} />}
    </Modal>
  );
}

function CancelForm({
  booking,
  timeZone,
  onDone,
}: {
  booking: HostBooking;
  timeZone: string;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useHostCancelBooking();
  const binding = useContractForm(
    cancelBookingInput,
    { reason: '' },
    {
      onSubmit: async ({ reason }) => {
        await cancel.mutateAsync({ id: booking._id, reason });
        toastSuccess(t, t('booking.toast.cancelled'));
        onDone();
      },
    },
  );
  return (
    <FormShell
      binding={binding}
      submitLabel={t('booking.cancel.confirm')}
      submitColor="red"
      // "Cancel" beside "Cancel booking" would say two things at once: the way back keeps the booking.
      secondaryAction={
        <Button variant="default" onClick={onDone}>
          {t('booking.cancel.keep')}
        </Button>
      }
    >
      <Text>
        {t('booking.cancel.message', {
          name: booking.name,
          when: formatBookingTime(booking.start, booking.end, timeZone, i18n.language),
        })}
      </Text>
      <Textarea
        label={t('booking.cancel.reason')}
        description={t('booking.cancel.reasonHint')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={500}
        data-autofocus
        {...binding.form.getInputProps('reason')}
      />
    </FormShell>
  );
}
