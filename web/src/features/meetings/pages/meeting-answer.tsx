/**
 * /meeting-answer/:token — where an invitation mail's Accept and Decline links lead (D42). No
 * sign-in: the token in the address names one invitee of one meeting and may only answer it. The
 * page speaks the invitee's language and shows the time in their zone; the answer in the link
 * (`?status=`) is sent once on arrival, and either answer can be chosen again while the meeting is
 * open.
 */
import type { Language, MeetingAnswerView } from '@cadence/contract';
import { languagesList } from '@cadence/contract';
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { api, ApiError } from '../../../lib/api-client';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { meetingAnswerKey } from '../../../shared/queries/keys';
import { translateApiMessage } from '../../../lib/translate-message';

type Answer = 'accepted' | 'refused';
const isAnswer = (value: string | null): value is Answer => value === 'accepted' || value === 'refused';

export function Component() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const wanted = search.get('status');
  const path = `/meeting-answers/${encodeURIComponent(token)}`;

  const view = useQuery({
    queryKey: meetingAnswerKey(token),
    queryFn: () => api.get<MeetingAnswerView>(path),
    retry: false,
  });
  const answer = useMutation({
    mutationFn: (status: Answer) => api.post<MeetingAnswerView>(path, { status }),
    onSuccess: (next) => queryClient.setQueryData(meetingAnswerKey(token), next),
  });

  // The invitee's language, for a visitor who is not signed in (a signed-in user keeps theirs).
  const language = view.data?.invitee.language;
  useEffect(() => {
    if (!language || session.user()) return;
    if ((languagesList as readonly string[]).includes(language) && language !== currentLanguage()) {
      void changeLanguage(language as Language);
    }
  }, [language]);

  // The answer of the link, sent once when it is not already the answer.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !view.data || !view.data.open || !isAnswer(wanted)) return;
    sent.current = true;
    if (view.data.status !== wanted) answer.mutate(wanted);
  }, [view.data, wanted, answer]);

  const error = view.error ?? answer.error;
  const data = view.data;
  const when =
    data?.meeting.time &&
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: data.invitee.timeZone,
    }).format(new Date(data.meeting.time));

  return (
    <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={480} component="main">
      <Stack gap="md">
        <Anchor component={Link} to="/" underline="never" fw={700} fz="xl" c="violet">
          Cadence
        </Anchor>
        {view.isPending && <Loader size="sm" aria-label={t('meetings.answerPage.loading')} />}
        {error && (
          <Alert color="red" role="alert" title={t('meetings.answerPage.problem')}>
            {error instanceof ApiError && error.status === 404
              ? t('meetings.answerPage.invalid')
              : translateApiMessage(t, error.message)}
          </Alert>
        )}
        {data && (
          <>
            <div>
              <Text size="sm" c="dimmed">
                {t('meetings.answerPage.invitedBy', {
                  organiser: data.meeting.organiser.fullName || data.meeting.organiser.username,
                })}
              </Text>
              <Title order={1} fz="h3">
                {data.meeting.name}
              </Title>
              <Text mt={4}>
                {when ? (
                  <>
                    <bdi>{when}</bdi> ({data.invitee.timeZone})
                  </>
                ) : (
                  t('meetings.time.none')
                )}
              </Text>
              {data.meeting.description && (
                <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  {data.meeting.description}
                </Text>
              )}
            </div>
            <Group gap="xs" role="status" aria-live="polite">
              <Text size="sm">{t('meetings.answerPage.yourAnswer')}</Text>
              <Badge
                color={data.status === 'accepted' ? 'teal.9' : data.status === 'refused' ? 'red.9' : 'gray.8'}
                variant="filled"
              >
                {t(`meetings.status.${data.status}`)}
              </Badge>
              {answer.isSuccess && <Text size="sm">{t('meetings.answerPage.saved')}</Text>}
            </Group>
            {data.open ? (
              <Group gap="xs">
                <Button
                  color="teal"
                  variant={data.status === 'accepted' ? 'filled' : 'outline'}
                  leftSection={<IconCheck size={16} />}
                  aria-pressed={data.status === 'accepted'}
                  loading={answer.isPending && answer.variables === 'accepted'}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate('accepted')}
                >
                  {t('meetings.actions.accept')}
                </Button>
                <Button
                  color="red"
                  variant={data.status === 'refused' ? 'filled' : 'outline'}
                  leftSection={<IconX size={16} />}
                  aria-pressed={data.status === 'refused'}
                  loading={answer.isPending && answer.variables === 'refused'}
                  disabled={answer.isPending}
                  onClick={() => answer.mutate('refused')}
                >
                  {t('meetings.actions.decline')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('meetings.answerClosed')}
              </Text>
            )}
            {data.meeting.link && (
              <Anchor href={data.meeting.link} target="_blank" rel="noreferrer" size="sm">
                {t('meetings.answerPage.join')}
              </Anchor>
            )}
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">
          {t('meetings.answerPage.open')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
