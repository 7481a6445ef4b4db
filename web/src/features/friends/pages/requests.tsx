import type { FriendRequest, Meeting } from '@cadence/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconMailOpened, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListBody, PageHeader } from '../../../components/list-page';
import { PersonAvatar, PersonLine } from '../../../components/person-line';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { getFriendRequestsQueryOptions } from '../../../shared/queries/friends';
import { getInvitationsQueryOptions, useAnswerInvitation } from '../../../shared/queries/meeting-invitations';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAcceptFriendRequest, useDeclineFriendRequest } from '../api/friends-api';

/**
 * /apps/requests (D12, D34): what waits for my answer — friend requests, and the meetings I am
 * invited to — with Accept and Decline.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader title={t('friends.requests.title')} intro={t('friends.requests.intro')} />
      <FriendRequests />
      <MeetingInvitations />
    </Stack>
  );
}

function FriendRequests() {
  const { t } = useTranslation();
  const requests = useQuery(getFriendRequestsQueryOptions());
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();

  const answer = async (request: FriendRequest, yes: boolean) => {
    const name = request.from.fullName;
    try {
      if (yes) {
        await accept.mutateAsync(request);
        toastSuccess(t, t('friends.toast.accepted', { name }));
      } else {
        await decline.mutateAsync(request);
        toastSuccess(t, t('friends.toast.declined', { name }));
      }
    } catch (error) {
      toastError(t, error);
    }
  };
  const busy = (request: FriendRequest) =>
    (accept.isPending && accept.variables._id === request._id) ||
    (decline.isPending && decline.variables._id === request._id);

  return (
    <ListBody
      query={requests}
      items={(data) => data.incoming}
      layout="rows"
      title={t('friends.requests.friendsTitle')}
      testId="incoming"
      empty={{ icon: <IconUserPlus size={28} />, title: t('friends.requests.empty') }}
      renderItem={(request) => (
        <PersonLine person={request.from}>
          <Button size="xs" disabled={busy(request)} onClick={() => void answer(request, true)}>
            {t('friends.requests.accept')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={busy(request)}
            onClick={() => void answer(request, false)}
          >
            {t('friends.requests.decline')}
          </Button>
        </PersonLine>
      )}
    />
  );
}

/** "1 hr 30 min", in the language's own units. */
function formatDuration(minutes: number, language: string): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? unit(hours, 'hour') : '', rest > 0 || hours === 0 ? unit(rest, 'minute') : '']
    .filter(Boolean)
    .join(' ');
}

function MeetingInvitations() {
  const { t, i18n } = useTranslation();
  const invitations = useQuery(getInvitationsQueryOptions('pending'));
  // The time reads in my time zone (D15); the browser's until the account has loaded.
  const timeZone = useQuery(getAccountQueryOptions()).data?.timeZone;
  const answer = useAnswerInvitation();
  const busy = (meeting: Meeting) => answer.isPending && answer.variables.meeting._id === meeting._id;
  const when = (time: string | null) =>
    time
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
          new Date(time),
        )
      : t('friends.invitations.noTime');

  return (
    <ListBody
      query={invitations}
      items={(data) => data.data.filter((item) => item.status === 'pending').map((item) => item.meeting)}
      layout="rows"
      title={t('friends.invitations.title')}
      testId="invitations"
      empty={{ icon: <IconMailOpened size={28} />, title: t('friends.invitations.empty') }}
      renderItem={(meeting) => (
        <Group
          justify="space-between"
          gap="sm"
          data-testid="invitation"
          data-meeting={meeting._id}
          aria-label={meeting.name}
          role="group"
        >
          <Stack gap={4} miw={0}>
            <Text fw={600} truncate>
              {meeting.name}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <PersonAvatar person={meeting.organiser} size="sm" />
              <Text size="sm">
                {t('friends.invitations.organiser', { name: meeting.organiser.fullName })}
              </Text>
            </Group>
            <Group gap="md">
              <Group gap={4} wrap="nowrap">
                <IconCalendarEvent size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {when(meeting.time)}
                </Text>
              </Group>
              <Group gap={4} wrap="nowrap">
                <IconClock size={16} aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('friends.invitations.duration', {
                    duration: formatDuration(meeting.duration, i18n.language),
                  })}
                </Text>
              </Group>
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              disabled={busy(meeting)}
              aria-label={t('friends.invitations.acceptLabel', { name: meeting.name })}
              onClick={() => answer.mutate({ meeting, status: 'accepted' })}
            >
              {t('friends.requests.accept')}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={busy(meeting)}
              aria-label={t('friends.invitations.declineLabel', { name: meeting.name })}
              onClick={() => answer.mutate({ meeting, status: 'refused' })}
            >
              {t('friends.requests.decline')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={`/apps/meetings/preview?id=${encodeURIComponent(meeting._id)}`}
              aria-label={t('friends.invitations.detailsLabel', { name: meeting.name })}
            >
              {t('friends.invitations.details')}
            </Button>
          </Group>
        </Group>
      )}
    />
  );
}
