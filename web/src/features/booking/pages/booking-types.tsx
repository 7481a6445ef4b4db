/**
 * /apps/booking (D44): my booking types — each a public link anyone may open to book a time with
 * me or one of my groups — added, changed and deleted here, and the bookings made with me, to come,
 * past or cancelled (`?tab=`), which I may cancel. A booking made meanwhile shows without a reload.
 */
import type { BookingType, HostBooking } from '@cadence/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { IconCalendarShare, IconCalendarTime } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListBody, PageHeader } from '../../../components/list-page';
import { useSessionUser } from '../../../lib/session';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { getGroupsQueryOptions } from '../../../shared/queries/friends';
import {
  bookingListOf,
  bookingLists,
  getBookingTypesQueryOptions,
  getHostBookingsQueryOptions,
  useDeleteBookingType,
} from '../api/booking-api';
import { emptyListKeys, listLabels } from '../components/booking-labels';
import { BookingTypeCard } from '../components/booking-type-card';
import { BookingTypeDrawer } from '../components/booking-type-form';
import { HostBookingRow } from '../components/host-booking-row';
import { HostCancelModal } from '../components/host-cancel-modal';

const cardColumns = { base: 1, md: 2, xl: 3 };

/** The drawer's state: closed, a new type, or the type being changed. */
type Editing = { type: BookingType | null } | null;

export function BookingTypesPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  // Not after signing out: the page is about to go, and the server would refuse.
  const signedIn = me !== null;
  const [search, setSearch] = useSearchParams();
  const list = bookingListOf(search);
  const account = useQuery({ ...getAccountQueryOptions(), enabled: signedIn });
  const types = useQuery({ ...getBookingTypesQueryOptions(), enabled: signedIn });
  const bookings = useQuery({ ...getHostBookingsQueryOptions(list), enabled: signedIn });
  const groups = useQuery({ ...getGroupsQueryOptions(), enabled: signedIn });
  const remove = useDeleteBookingType();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BookingType | null>(null);
  const [cancelling, setCancelling] = useState<HostBooking | null>(null);
  const timeZone = account.data?.timeZone;

  const groupName = (type: BookingType) =>
    groups.data?.data.find((group) => group._id === type.hosts.group)?.name ?? null;
  const showList = (name: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (name === 'upcoming') next.delete('tab');
        else next.set('tab', name);
        return next;
      },
      { replace: true },
    );
  /** The bookings wait for my time zone, in which their times read. */
  const bookingsQuery = timeZone ? bookings : { data: undefined, error: account.error ?? bookings.error };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('booking.title')}
        intro={t('booking.intro')}
        action={{ label: t('booking.add'), onClick: () => setEditing({ type: null }) }}
      />

      <Stack gap="sm" component="section" aria-labelledby="booking-types-title">
        <Title order={2} fz="h3" id="booking-types-title">
          {t('booking.types.title')}
        </Title>
        <ListBody
          query={types}
          items={(data) => data.data}
          layout="cards"
          cardColumns={cardColumns}
          testId="booking-types"
          empty={{
            icon: <IconCalendarShare size={28} />,
            title: t('booking.types.emptyTitle'),
            description: t('booking.types.emptyDescription'),
          }}
          renderItem={(type) => (
            <BookingTypeCard
              type={type}
              groupName={groupName(type)}
              onEdit={(edited) => setEditing({ type: edited })}
            />
          )}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="bookings-title">
        <Title order={2} fz="h3" id="bookings-title">
          {t('booking.bookings.title')}
        </Title>
        <Tabs value={list} onChange={(name) => name && showList(name)} keepMounted={false}>
          <Tabs.List>
            {bookingLists.map((name) => (
              <Tabs.Tab key={name} value={name}>
                {t(listLabels[name])}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {bookingLists.map((name) => (
            <Tabs.Panel key={name} value={name} pt="md">
              <ListBody
                query={bookingsQuery}
                items={(data) => data.data}
                layout="rows"
                testId="bookings"
                empty={{ icon: <IconCalendarTime size={28} />, title: t(emptyListKeys[name]) }}
                renderItem={(booking) => (
                  <HostBookingRow
                    booking={booking}
                    timeZone={timeZone ?? 'UTC'}
                    onCancel={name === 'upcoming' ? setCancelling : undefined}
                  />
                )}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>

      <BookingTypeDrawer
        opened={editing !== null}
        type={editing?.type ?? null}
        linkPrefix={`${window.location.origin}/book/${me?.username ?? ''}/`}
        onClose={() => setEditing(null)}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        subject={deleting}
        title={t('booking.delete.title')}
        message={(type) => t('booking.delete.message', { title: type.title })}
        confirmLabel={t('booking.delete.confirm')}
        onConfirm={(type) => {
          setEditing(null);
          remove(type, t('booking.toast.deleted'));
        }}
        onClose={() => setDeleting(null)}
      />
      <HostCancelModal
        booking={cancelling}
        timeZone={timeZone ?? 'UTC'}
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}

/** React Router renders a lazy route's `Component`. */
export { BookingTypesPage as Component };
