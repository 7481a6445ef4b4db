/**
 * A meeting in the lists of /apps/meetings: its name, chosen time in my time zone, duration, the
 * invitees' answers and whether it is completed; the organiser's actions (settings, advanced,
 * complete, archive, delete) or the invitee's (accept, decline), and the preview.
 */
import type { InvitationStatus, Meeting } from '@cadence/contract';
import { Avatar, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconArchive,
  IconArchiveOff,
  IconCircleCheck,
  IconCircleDashed,
  IconClock,
  IconEye,
  IconHourglass,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { formatMeetingTime } from '../lib/meeting-times';
import { AnswerButtons } from './answer-buttons';
import { durationLabel, statusColors, statusLabels } from './meeting-labels';

/** How many invitees' avatars show before "+n". */
const AVATARS_SHOWN = 5;

export interface MeetingCardActions {
  onToggleCompleted: (meeting: Meeting) => void;
  onToggleArchived: (meeting: Meeting) => void;
  onDelete: (meeting: Meeting) => void;
  /** The meeting whose change is on its way, whose buttons wait. */
  busyId: string | null;
}

interface MeetingCardProps extends MeetingCardActions {
  meeting: Meeting;
  timeZone: string;
}

export function MeetingCard({ meeting, timeZone, ...actions }: MeetingCardProps) {
  const { t, i18n } = useTranslation();
  const { name } = meeting;
  const preview = `/apps/meetings/preview?id=${meeting._id}`;

  return (
    <Card withBorder padding="lg" component="section" aria-label={name} data-testid="meeting">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Text size="sm" c="dimmed">
              {meeting.isOrganiser
                ? t('meetings.card.mine')
                : t('meetings.card.organisedBy', { name: meeting.organiser.fullName })}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            {meeting.completed && (
              <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} />}>
                {t('meetings.card.completed')}
              </Badge>
            )}
            {meeting.state === 'archived' && (
              <Badge color="gray" variant="light">
                {t('meetings.state.archived')}
              </Badge>
            )}
          </Group>
        </Group>

        <Group gap="lg" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <IconClock size={16} aria-hidden />
            <Text size="sm" data-testid="meeting-time">
              {meeting.time ? (
                <bdi>{formatMeetingTime(meeting.time, meeting.end, timeZone, i18n.language)}</bdi>
              ) : (
                t('meetings.time.none')
              )}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconHourglass size={16} aria-hidden />
            <Text size="sm">{durationLabel(t, meeting.duration)}</Text>
          </Group>
        </Group>

        <Answers meeting={meeting} />

        <Group justify="space-between" mt="auto" gap="xs">
          {meeting.isOrganiser ? <span /> : <AnswerButtons meeting={meeting} />}
          <Group gap={4} wrap="nowrap">
            <IconAction
              tooltip={t('meetings.actions.preview')}
              label={t('meetings.actions.previewLabel', { name })}
              icon={<IconEye size={18} />}
              to={preview}
            />
            {meeting.isOrganiser && <OrganiserActions meeting={meeting} {...actions} />}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

function OrganiserActions({
  meeting,
  onToggleCompleted,
  onToggleArchived,
  onDelete,
  busyId,
}: MeetingCardActions & { meeting: Meeting }) {
  const { t } = useTranslation();
  const { name } = meeting;
  const busy = busyId === meeting._id;
  const archived = meeting.state === 'archived';
  return (
    <>
      <IconAction
        tooltip={t('meetings.actions.edit')}
        label={t('meetings.actions.editLabel', { name })}
        icon={<IconPencil size={18} />}
        to={`/apps/meetings/${meeting._id}`}
      />
      <IconAction
        tooltip={t('meetings.actions.advanced')}
        label={t('meetings.actions.advancedLabel', { name })}
        icon={<IconAdjustments size={18} />}
        to={`/apps/meetings/advanced/${meeting._id}`}
      />
      <IconAction
        tooltip={meeting.completed ? t('meetings.actions.reopen') : t('meetings.actions.complete')}
        label={
          meeting.completed
            ? t('meetings.actions.reopenLabel', { name })
            : t('meetings.actions.completeLabel', { name })
        }
        icon={meeting.completed ? <IconCircleDashed size={18} /> : <IconCircleCheck size={18} />}
        color="green"
        loading={busy}
        onClick={() => onToggleCompleted(meeting)}
      />
      <IconAction
        tooltip={archived ? t('meetings.actions.restore') : t('meetings.actions.archive')}
        label={
          archived
            ? t('meetings.actions.restoreLabel', { name })
            : t('meetings.actions.archiveLabel', { name })
        }
        icon={archived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
        loading={busy}
        onClick={() => onToggleArchived(meeting)}
      />
      <IconAction
        tooltip={t('meetings.actions.delete')}
        label={t('meetings.actions.deleteLabel', { name })}
        icon={<IconTrash size={18} />}
        color="red"
        onClick={() => onDelete(meeting)}
      />
    </>
  );
}

/** The invitees' avatars, each named with their answer, and the count of each answer. */
function Answers({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const { invitations } = meeting;
  if (invitations.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('meetings.participants.none')}
      </Text>
    );
  }
  const counts = { pending: 0, accepted: 0, refused: 0 } satisfies Record<InvitationStatus, number>;
  for (const invitation of invitations) counts[invitation.status] += 1;
  const shown = invitations.slice(0, AVATARS_SHOWN);
  return (
    <Group gap="sm" wrap="wrap" data-testid="meeting-answers">
      <Tooltip.Group openDelay={200} closeDelay={100}>
        <Avatar.Group spacing="sm">
          {shown.map((invitation) => {
            const label = t('meetings.card.answer', {
              name: invitation.person.fullName,
              status: t(statusLabels[invitation.status]),
            });
            return (
              <Tooltip key={invitation.user} label={label} withArrow>
                <Avatar
                  src={invitation.person.avatar}
                  name={invitation.person.fullName}
                  color={statusColors[invitation.status]}
                  radius="xl"
                  size="sm"
                  alt={label}
                  role="img"
                  aria-label={label}
                  style={{
                    outline: `2px solid var(--mantine-color-${statusColors[invitation.status]}-filled)`,
                  }}
                />
              </Tooltip>
            );
          })}
          {invitations.length > shown.length && (
            <Avatar radius="xl" size="sm">
              +{invitations.length - shown.length}
            </Avatar>
          )}
        </Avatar.Group>
      </Tooltip.Group>
      <Group gap={4}>
        {(['accepted', 'pending', 'refused'] as const)
          .filter((status) => counts[status] > 0)
          .map((status) => (
            <Badge key={status} size="sm" variant="light" color={statusColors[status]} tt="none">
              {t('meetings.card.count', { count: counts[status], status: t(statusLabels[status]) })}
            </Badge>
          ))}
      </Group>
    </Group>
  );
}
