/** A meeting's people: the organiser, then each invitee with their answer and when they gave it. */
import type { Meeting } from '@cadence/contract';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonLine } from '../../../components/person-line';
import { formatMoment } from '../lib/meeting-times';
import { statusColors, statusLabels } from './meeting-labels';

interface ParticipantsProps {
  meeting: Meeting;
  /** The reader's time zone, for the answers' dates. */
  timeZone: string;
  /** Shows when each invitee answered. */
  withAnsweredAt?: boolean;
}

export function Participants({ meeting, timeZone, withAnsweredAt }: ParticipantsProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid="participants">
      <PersonLine person={meeting.organiser}>
        <Badge variant="light" color="violet">
          {t('meetings.participants.organiser')}
        </Badge>
      </PersonLine>
      {meeting.invitations.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('meetings.participants.none')}
        </Text>
      )}
      {meeting.invitations.map((invitation) => (
        <PersonLine key={invitation.user} person={invitation.person}>
          {withAnsweredAt && (
            <Text size="sm" c="dimmed" visibleFrom="sm">
              {invitation.answeredAt
                ? t('meetings.participants.answeredAt', {
                    date: formatMoment(invitation.answeredAt, timeZone, i18n.language),
                  })
                : t('meetings.participants.notAnswered')}
            </Text>
          )}
          <Badge variant="light" color={statusColors[invitation.status]} data-status={invitation.status}>
            {t(statusLabels[invitation.status])}
          </Badge>
        </PersonLine>
      ))}
    </Stack>
  );
}
