/**
 * One goal as a card: title, state, description, dates, timeline, when, dedicated hours, tags in
 * their colours, the progress bar, and the sub-goals with their tasks (tick to move the progress).
 * Actions: edit, update the tasks, change the state, delete; for a deleted goal, restore or delete
 * it for good.
 */
import type { Objective, TagList } from '@cadence/contract';
import { Badge, Button, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendar,
  IconCircleCheck,
  IconClock,
  IconHourglass,
  IconListCheck,
  IconPencil,
  IconPlayerPlay,
  IconRestore,
  IconRotate,
  IconTimeline,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../../components/icon-action';
import { TagBadge } from '../../../components/tag-badge';
import { formatDay } from '../../../lib/format-day';
import { tagColorOf } from '../../../shared/queries/tags';
import { type GoalStatus, shownStatusOf, statusOf } from '../model/goal';
import { statusLabels, timeLabels, timelineLabels } from './labels';

const statusColors: Record<GoalStatus, string> = { open: 'gray', progress: 'blue', done: 'green' };

export interface GoalCardActions {
  onEdit: (goal: Objective) => void;
  onTasks: (goal: Objective) => void;
  onStatus: (goal: Objective, status: GoalStatus) => void;
  onDelete: (goal: Objective) => void;
  onRestore: (goal: Objective) => void;
  onPurge: (goal: Objective) => void;
  onToggleTask: (goal: Objective, taskId: string, done: boolean) => void;
}

interface GoalCardProps extends GoalCardActions {
  goal: Objective;
  tags: TagList | undefined;
  /** A change of this goal's state is on its way. */
  busy: boolean;
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" c="dimmed">
      {icon}
      <Text size="sm">{children}</Text>
    </Group>
  );
}

export function GoalCard({ goal, tags, busy, ...actions }: GoalCardProps) {
  const { t, i18n } = useTranslation();
  const status = statusOf(goal);
  const shown = shownStatusOf(goal);
  const deleted = goal.isDeleted;
  const title = goal.title;

  const stateButton = (target: GoalStatus, label: string, icon: ReactNode) =>
    status !== target && (
      <Button
        size="compact-sm"
        variant="default"
        leftSection={icon}
        loading={busy}
        onClick={() => actions.onStatus(goal, target)}
      >
        {label}
      </Button>
    );

  return (
    <Card withBorder padding="lg" component="section" aria-label={title} data-testid="goal">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Title order={3} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            <Group gap={6}>
              <Badge variant="dot" color={statusColors[shown]} data-testid="goal-status">
                {t(statusLabels[shown])}
              </Badge>
              {deleted && (
                <Badge variant="dot" color="red">
                  {t('goals.status.deleted')}
                </Badge>
              )}
            </Group>
          </Stack>
          {!deleted && (
            <Group gap={4} wrap="nowrap">
              <IconAction
                tooltip={t('goals.card.edit')}
                label={t('goals.card.editLabel', { title })}
                icon={<IconPencil size={18} />}
                onClick={() => actions.onEdit(goal)}
              />
              <IconAction
                tooltip={t('goals.tasks.title')}
                label={t('goals.card.tasksLabel', { title })}
                icon={<IconListCheck size={18} />}
                onClick={() => actions.onTasks(goal)}
              />
              <IconAction
                tooltip={t('goals.delete.title')}
                label={t('goals.delete.label', { title })}
                icon={<IconTrash size={18} />}
                color="red"
                onClick={() => actions.onDelete(goal)}
              />
            </Group>
          )}
        </Group>

        {goal.description && (
          // dir="auto": words people write read in their own direction, whatever the page's (RTL).
          <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {goal.description}
          </Text>
        )}

        <Stack gap={4}>
          <Fact icon={<IconCalendar size={16} />}>
            {t('goals.card.dates', {
              start: formatDay(goal.startDate, i18n.language),
              end: formatDay(goal.endDate, i18n.language),
            })}
          </Fact>
          <Fact icon={<IconTimeline size={16} />}>
            {t('goals.card.timeline', { value: t(timelineLabels[goal.timeline]) })}
          </Fact>
          <Fact icon={<IconClock size={16} />}>
            {t('goals.card.when', { value: t(timeLabels[goal.time]) })}
          </Fact>
          <Fact icon={<IconHourglass size={16} />}>
            {t('goals.card.hours', {
              hours: new Intl.NumberFormat(i18n.language).format(goal.dedicatedHours),
            })}
          </Fact>
        </Stack>

        {goal.tags.length > 0 && (
          <Group gap={6}>
            {goal.tags.map((name) => (
              <TagBadge key={name} name={name} color={tagColorOf(tags, name)} />
            ))}
          </Group>
        )}

        <Group gap="sm" wrap="nowrap">
          <Progress
            flex={1}
            size="lg"
            value={goal.progress}
            color={shown === 'done' ? 'green' : undefined}
            aria-label={t('goals.card.progressLabel', { title })}
          />
          <Text size="sm" fw={600} miw={40} ta="end" data-testid="goal-progress">
            {t('goals.card.percent', { value: goal.progress })}
          </Text>
        </Group>

        {goal.subObjectives.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('goals.card.noSubGoals')}
          </Text>
        ) : (
          <Stack gap="xs">
            {goal.subObjectives.map((sub) => (
              <Stack key={sub._id} gap={4} data-testid="sub-goal">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {sub.title}
                </Text>
                {sub.tasks.length === 0 ? (
                  <Text size="sm" c="dimmed" ps="sm">
                    {t('goals.card.noTasks')}
                  </Text>
                ) : (
                  sub.tasks.map((task) => (
                    <Group key={task._id} gap="xs" wrap="nowrap" justify="space-between" ps="sm">
                      <Checkbox
                        label={task.text}
                        checked={task.done}
                        disabled={deleted}
                        onChange={(event) =>
                          actions.onToggleTask(goal, task._id, event.currentTarget.checked)
                        }
                        styles={{ label: { overflowWrap: 'anywhere' } }}
                      />
                      <Badge variant="default" size="sm" style={{ flexShrink: 0 }}>
                        {t('goals.card.percent', { value: task.percentage })}
                      </Badge>
                    </Group>
                  ))
                )}
              </Stack>
            ))}
          </Stack>
        )}

        <Group gap={6}>
          {deleted ? (
            <>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconRestore size={14} />}
                loading={busy}
                onClick={() => actions.onRestore(goal)}
              >
                {t('goals.card.restore')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconTrashX size={14} color="var(--mantine-color-red-filled)" />}
                onClick={() => actions.onPurge(goal)}
              >
                {t('goals.purge.title')}
              </Button>
            </>
          ) : (
            <>
              {stateButton(
                'progress',
                t('goals.card.markProgress'),
                <IconPlayerPlay size={14} color="var(--mantine-color-blue-filled)" />,
              )}
              {stateButton(
                'done',
                t('goals.card.markDone'),
                <IconCircleCheck size={14} color="var(--mantine-color-green-filled)" />,
              )}
              {stateButton('open', t('goals.card.markUndone'), <IconRotate size={14} />)}
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
