/**
 * An invitee's Accept and Decline (D24): the current answer is pressed; both are disabled, with the
 * reason, once the meeting is archived or completed.
 */
import type { Meeting } from '@cadence/contract';
import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAnswerInvitation } from '../api/meetings-api';

/** Whether an invitee may still answer: the server refuses once archived or completed (409). */
export const isAnswerOpen = (meeting: Meeting) => meeting.state === 'active' && !meeting.completed;

export function AnswerButtons({ meeting, size = 'compact-sm' }: { meeting: Meeting; size?: string }) {
  const { t } = useTranslation();
  const answer = useAnswerInvitation();
  const open = isAnswerOpen(meeting);
  const pendingStatus = answer.isPending ? answer.variables.status : null;
  // The shared mutation says how it went in a toast.
  const send = (status: 'accepted' | 'refused') => answer.mutate({ meeting, status });
  const reasonId = `answer-closed-${meeting._id}`;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size={size}
        color="green"
        variant={meeting.myStatus === 'accepted' ? 'filled' : 'light'}
        leftSection={<IconCheck size={16} />}
        aria-pressed={meeting.myStatus === 'accepted'}
        aria-describedby={open ? undefined : reasonId}
        disabled={!open || (answer.isPending && pendingStatus !== 'accepted')}
        loading={pendingStatus === 'accepted'}
        onClick={() => send('accepted')}
      >
        {t('meetings.actions.accept')}
      </Button>
      <Button
        size={size}
        color="red"
        variant={meeting.myStatus === 'refused' ? 'filled' : 'light'}
        leftSection={<IconX size={16} />}
        aria-pressed={meeting.myStatus === 'refused'}
        aria-describedby={open ? undefined : reasonId}
        disabled={!open || (answer.isPending && pendingStatus !== 'refused')}
        loading={pendingStatus === 'refused'}
        onClick={() => send('refused')}
      >
        {t('meetings.actions.decline')}
      </Button>
      {!open && (
        <Text size="sm" c="dimmed" id={reasonId}>
          {t('meetings.answerClosed')}
        </Text>
      )}
    </Group>
  );
}
