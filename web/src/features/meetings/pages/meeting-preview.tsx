/**
 * /apps/meetings/preview?id= (spec part 2, D24), in the full layout: a meeting as an invitee sees
 * it — name, organiser, time in my time zone, duration, link, description and the other invitees'
 * answers — with Accept and Decline for an invitee while the meeting is open.
 */
import type { Meeting } from '@cadence/contract';
import { Anchor, Card, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconClock, IconHourglass, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useSessionUser } from '../../../lib/session';
import { AnswerButtons } from '../components/answer-buttons';
import { durationLabel } from '../components/meeting-labels';
import { Participants } from '../components/participants';
import { formatMeetingTime, isWebLink } from '../lib/meeting-times';
import { useMeeting } from '../lib/use-meeting';

export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const me = useSessionUser();
  const { meeting, missing } = useMeeting(search.get('id'), { organiserOnly: false });
  const account = useQuery({ ...getAccountQueryOptions(), enabled: me !== null });
  const current = missing ? undefined : meeting.data;
  const timeZone = account.data?.timeZone;

  return (
    <Stack gap="md" w="100%" maw={680} py="xl">
      <Anchor component={Link} to="/apps/meetings" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('meetings.back')}
      </Anchor>
      <Card withBorder padding="xl" component="article">
        {current && timeZone ? (
          <Preview meeting={current} timeZone={timeZone} />
        ) : !missing && (meeting.isError || account.isError) ? (
          <ErrorAlert error={meeting.error ?? account.error} />
        ) : (
          <Stack gap="sm" data-testid="meeting-loading">
            <Skeleton h={32} w="60%" />
            <Skeleton h={20} />
            <Skeleton h={20} />
            <Skeleton h={120} />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

function Preview({ meeting, timeZone }: { meeting: Meeting; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid="meeting-preview">
      <div>
        <Text size="sm" c="dimmed">
          {t('meetings.preview.kicker')}
        </Text>
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {meeting.name}
        </Title>
        <Text c="dimmed">{t('meetings.card.organisedBy', { name: meeting.organiser.fullName })}</Text>
      </div>

      <Stack gap={6}>
        <Group gap={8} wrap="nowrap">
          <IconClock size={18} aria-hidden />
          <Text data-testid="meeting-time">
            {meeting.time ? (
              <bdi>{formatMeetingTime(meeting.time, meeting.end, timeZone, i18n.language)}</bdi>
            ) : (
              t('meetings.time.none')
            )}
          </Text>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconHourglass size={18} aria-hidden />
          <Text>{durationLabel(t, meeting.duration)}</Text>
        </Group>
        {meeting.link && (
          <Group gap={8} wrap="nowrap">
            <IconLink size={18} aria-hidden />
            {isWebLink(meeting.link) ? (
              <Anchor
                href={meeting.link}
                target="_blank"
                rel="noopener noreferrer"
                style={{ overflowWrap: 'anywhere' }}
              >
                {meeting.link}
              </Anchor>
            ) : (
              <Text style={{ overflowWrap: 'anywhere' }}>{meeting.link}</Text>
            )}
          </Group>
        )}
      </Stack>

      {meeting.description && (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{meeting.description}</Text>
      )}

      {meeting.myStatus !== null && (
        <>
          <Divider />
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {t('meetings.preview.yourAnswer')}
            </Title>
            <AnswerButtons meeting={meeting} size="sm" />
          </Stack>
        </>
      )}

      <Divider />
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {t('meetings.preview.people')}
        </Title>
        <Participants meeting={meeting} timeZone={timeZone} />
      </Stack>

      {meeting.isOrganiser && (
        <Anchor component={Link} to={`/apps/meetings/${meeting._id}`}>
          {t('meetings.preview.edit')}
        </Anchor>
      )}
    </Stack>
  );
}
