/**
 * /apps/meetings (spec parts 2 and 4, D24, D34): my meetings, active or archived, and my
 * invitations, pending, accepted or refused — the tab and the filter in the address (`?tab=`,
 * `?state=`, `?status=`). The organiser completes, archives, restores and deletes from here; an
 * invitee accepts or declines. The header adds a meeting and opens my working hours.
 */
import {
  type InvitationStatus,
  invitationStatuses,
  type Meeting,
  type MeetingState,
  meetingStates,
} from '@cadence/contract';
import { Badge, Group, SegmentedControl, Stack, Tabs } from '@mantine/core';
import { IconCalendarUser, IconMailOpened } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListBody, PageHeader } from '../../../components/list-page';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  getInvitationsQueryOptions,
  getMeetingsQueryOptions,
  meetingsView,
  useDeleteMeeting,
  useUpdateMeeting,
} from '../api/meetings-api';
import { MeetingCard, type MeetingCardActions } from '../components/meeting-card';
import { stateLabels, statusLabels } from '../components/meeting-labels';
import { WorkingHoursButton } from '../components/working-hours-button';

const cardColumns = { base: 1, lg: 2 };

/** The empty lists' words (i18n keys). */
const emptyStateKeys: Record<MeetingState, { title: string; description: string }> = {
  active: { title: 'meetings.empty.active.title', description: 'meetings.empty.active.description' },
  archived: { title: 'meetings.empty.archived.title', description: 'meetings.empty.archived.description' },
};
const emptyStatusKeys: Record<InvitationStatus, { title: string; description: string }> = {
  pending: { title: 'meetings.empty.pending.title', description: 'meetings.empty.pending.description' },
  accepted: { title: 'meetings.empty.accepted.title', description: 'meetings.empty.accepted.description' },
  refused: { title: 'meetings.empty.refused.title', description: 'meetings.empty.refused.description' },
};

export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [search, setSearch] = useSearchParams();
  const view = meetingsView(search);
  // Not after signing out: the page is about to go, and the server would refuse.
  const signedIn = me !== null;
  const account = useQuery({ ...getAccountQueryOptions(), enabled: signedIn });
  const meetings = useQuery({
    ...getMeetingsQueryOptions(view.state),
    enabled: signedIn && view.tab === 'meetings',
  });
  const invitations = useQuery({
    ...getInvitationsQueryOptions(view.status),
    enabled: signedIn && view.tab === 'invitations',
  });
  // The tab's count of invitations waiting, whichever list is open.
  const pending = useQuery({ ...getInvitationsQueryOptions('pending'), enabled: signedIn });
  const update = useUpdateMeeting();
  const remove = useDeleteMeeting();
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const timeZone = account.data?.timeZone;

  /** Changes the address's tab or filter; the default values stay out of it. */
  const show = (name: 'tab' | 'state' | 'status', value: string, fallback: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const actions: MeetingCardActions = {
    busyId: update.isPending ? update.variables.id : null,
    onToggleCompleted: (meeting) =>
      update.mutate(
        { id: meeting._id, input: { completed: !meeting.completed } },
        {
          onSuccess: () =>
            toastSuccess(t, meeting.completed ? t('meetings.toast.reopened') : t('meetings.toast.completed')),
          onError: (error) => toastError(t, error),
        },
      ),
    onToggleArchived: (meeting) =>
      update.mutate(
        { id: meeting._id, input: { state: meeting.state === 'archived' ? 'active' : 'archived' } },
        {
          onSuccess: () =>
            toastSuccess(
              t,
              meeting.state === 'archived' ? t('meetings.toast.restored') : t('meetings.toast.archived'),
            ),
          onError: (error) => toastError(t, error),
        },
      ),
    onDelete: setDeleting,
  };

  /** The list waits for the account's time zone, in which its times read. */
  const waitForZone = <D,>(query: { data: D | undefined; error: unknown }) =>
    timeZone ? query : { data: undefined, error: account.error ?? query.error };
  const card = (meeting: Meeting) => (
    <MeetingCard meeting={meeting} timeZone={timeZone ?? 'UTC'} {...actions} />
  );
  const pendingCount = pending.data?.pending ?? 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('meetings.title')}
        intro={t('meetings.intro')}
        extra={<WorkingHoursButton />}
        action={{ label: t('meetings.add.button'), to: '/apps/meetings/add-meeting' }}
      />
      <Tabs value={view.tab} onChange={(tab) => tab && show('tab', tab, 'meetings')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="meetings" leftSection={<IconCalendarUser size={16} />}>
            {t('meetings.tabs.meetings')}
          </Tabs.Tab>
          <Tabs.Tab
            value="invitations"
            leftSection={<IconMailOpened size={16} />}
            rightSection={
              pendingCount > 0 ? (
                <Badge size="sm" circle aria-label={t('meetings.tabs.pendingCount', { count: pendingCount })}>
                  {pendingCount}
                </Badge>
              ) : undefined
            }
          >
            {t('meetings.tabs.invitations')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="meetings" pt="md">
          <Stack gap="md">
            <Group>
              <SegmentedControl
                aria-label={t('meetings.filters.state')}
                value={view.state}
                onChange={(state) => show('state', state, 'active')}
                data={meetingStates.map((state) => ({ value: state, label: t(stateLabels[state]) }))}
              />
            </Group>
            <ListBody
              query={waitForZone(meetings)}
              items={(data) => data.data}
              layout="cards"
              cardColumns={cardColumns}
              testId="meetings"
              empty={{
                icon: <IconCalendarUser size={28} />,
                title: t(emptyStateKeys[view.state].title),
                description: t(emptyStateKeys[view.state].description),
              }}
              renderItem={card}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="invitations" pt="md">
          <Stack gap="md">
            <Group>
              <SegmentedControl
                aria-label={t('meetings.filters.status')}
                value={view.status}
                onChange={(status) => show('status', status, 'pending')}
                data={invitationStatuses.map((status) => ({ value: status, label: t(statusLabels[status]) }))}
              />
            </Group>
            <ListBody
              query={waitForZone(invitations)}
              items={(data) => data.data.map((invitation) => invitation.meeting)}
              layout="cards"
              cardColumns={cardColumns}
              testId="invitations"
              empty={{
                icon: <IconMailOpened size={28} />,
                title: t(emptyStatusKeys[view.status].title),
                description: t(emptyStatusKeys[view.status].description),
              }}
              renderItem={card}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <ConfirmDialog
        subject={deleting}
        title={t('meetings.delete.title')}
        message={(meeting) => t('meetings.delete.confirm', { name: meeting.name })}
        confirmLabel={t('meetings.delete.submit')}
        onConfirm={(meeting) => remove.mutateAsync(meeting._id)}
        success={() => t('meetings.toast.deleted')}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
