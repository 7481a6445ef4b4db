/**
 * A card's history, newest first, as Trello words it: "Maria moved this card from To do to Done",
 * "Ana added the tag high", with how long ago. "Hide details" folds it away, as Trello does.
 */
import type { ActivityKind, ItemActivity } from '@cadence/contract';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PersonAvatar } from '../../../components/person-line';
import { formatAgo } from '../../../lib/relative-time';
import { getActivityQueryOptions } from '../api/projects-api';
import { useMinuteClock } from '../model/clock';
import { formatDue } from './card-due';

/** Each kind's sentence; `detail` gives its names ({{from}}, {{to}}, {{name}}) and date ({{date}}). */
const sentences: Record<ActivityKind, string> = {
  created: 'projects.item.activity.created',
  moved: 'projects.item.activity.moved',
  renamed: 'projects.item.activity.renamed',
  'due-set': 'projects.item.activity.dueSet',
  'due-removed': 'projects.item.activity.dueRemoved',
  'member-added': 'projects.item.activity.memberAdded',
  'member-removed': 'projects.item.activity.memberRemoved',
  'tag-added': 'projects.item.activity.tagAdded',
  'tag-removed': 'projects.item.activity.tagRemoved',
  archived: 'projects.item.activity.archived',
  restored: 'projects.item.activity.restored',
  imported: 'projects.item.activity.imported',
};

/** One line of history in words, in the language and the account's time zone. */
export function activitySentence(
  t: TFunction,
  line: ItemActivity,
  language: string,
  timeZone: string,
): string {
  const { from = '', to = '', name = '', at } = line.detail;
  return t(sentences[line.kind], {
    actor: line.actor.fullName,
    from,
    to,
    name,
    date: at ? formatDue(at, language, timeZone, 'full') : '',
  });
}

interface CardActivityProps {
  boardId: string;
  itemId: string;
  timeZone: string;
}

export function CardActivity({ boardId, itemId, timeZone }: CardActivityProps) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(true);
  const activity = useQuery(getActivityQueryOptions(boardId, itemId));
  const now = useMinuteClock();
  const titleId = useId();
  const listId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Title order={3} fz="h5" id={titleId}>
          {t('projects.item.activity.title')}
        </Title>
        <Button
          size="compact-sm"
          variant="default"
          aria-expanded={shown}
          aria-controls={listId}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? t('projects.item.activity.hide') : t('projects.item.activity.show')}
        </Button>
      </Group>
      <div id={listId} hidden={!shown}>
        {!shown ? null : activity.isPending ? (
          <Loader size="sm" aria-label={t('projects.item.activity.loading')} />
        ) : activity.error ? (
          <ErrorAlert error={activity.error} />
        ) : (
          <Stack gap={8} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {activity.data.data.map((line) => (
              <Group key={line._id} component="li" gap="sm" wrap="nowrap" data-testid="activity">
                <PersonAvatar person={line.actor} size="sm" />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {activitySentence(t, line, i18n.language, timeZone)}
                  </Text>
                  <Text size="xs" c="dimmed" component="time" dateTime={line.createdAt}>
                    {formatAgo(line.createdAt, i18n.language, new Date(now))}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}
