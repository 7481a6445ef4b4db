/**
 * One task as a row, as Todoist shows it: a checkbox to complete it, the title (struck through once
 * completed), the due date (red when overdue), the repeat (one a calendar app wrote that the app
 * cannot draw is an icon that says it in words, D49), its tags in their colours, who assigned it
 * when that is someone else, the assignees' avatars, and a star for important. The owner edits,
 * stars and deletes; a deleted task offers restore and delete forever; an assignee only completes.
 */
import type { PublicUser, Task, TagList } from '@cadence/contract';
import { Avatar, Checkbox, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconCalendar,
  IconPencil,
  IconRepeat,
  IconRestore,
  IconStar,
  IconStarFilled,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomRepetitionIcon } from '../../../components/custom-repetition';
import { IconAction } from '../../../components/icon-action';
import { TagBadge } from '../../../components/tag-badge';
import { formatDay } from '../../../lib/format-day';
import { tagColorOf } from '../../../shared/queries/tags';
import type { TaskFlags } from '../api/todos-api';
import { repeatLabels } from './labels';

export interface TodoRowActions {
  onFlags: (task: Task, flags: TaskFlags) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onRestore: (task: Task) => void;
  onPurge: (task: Task) => void;
}

interface TodoRowProps extends TodoRowActions {
  task: Task;
  tags: TagList | undefined;
  meId: string;
  /** Today in the user's time zone (YYYY-MM-DD), for overdue; unknown until the summary answers. */
  today: string | undefined;
  /** The task a notification's link is about: marked, and scrolled to. */
  highlighted?: boolean;
}

const MAX_AVATARS = 3;

function Assignees({ people }: { people: PublicUser[] }) {
  const { t } = useTranslation();
  if (people.length === 0) return null;
  const shown = people.slice(0, MAX_AVATARS);
  const names = people.map((person) => person.fullName).join(', ');
  return (
    <Tooltip label={t('todos.row.assignees', { names })}>
      <Avatar.Group spacing="xs" aria-label={t('todos.row.assignees', { names })} role="img">
        {shown.map((person) => (
          <Avatar
            key={person._id}
            src={person.avatar}
            name={person.fullName}
            color="violet"
            size="sm"
            alt=""
          />
        ))}
        {people.length > shown.length && <Avatar size="sm">+{people.length - shown.length}</Avatar>}
      </Avatar.Group>
    </Tooltip>
  );
}

export function TodoRow({ task, tags, meId, today, highlighted, ...actions }: TodoRowProps) {
  const { t, i18n } = useTranslation();
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const mine = task.user === meId;
  const overdue = !task.isCompleted && today !== undefined && task.dueDate !== null && task.dueDate < today;
  const dueToday = task.dueDate !== null && task.dueDate === today;
  const repeat = task.repeat;

  const title = (
    <Text
      fw={500}
      td={task.isCompleted ? 'line-through' : undefined}
      c={task.isCompleted ? 'dimmed' : undefined}
    >
      {task.title}
    </Text>
  );

  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      data-testid="task"
      data-title={task.title}
      data-completed={task.isCompleted}
      ref={row}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted ? 'true' : undefined}
      style={
        highlighted
          ? {
              borderColor: 'var(--mantine-primary-color-filled)',
              boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)',
            }
          : undefined
      }
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <Checkbox
          mt={3}
          radius="xl"
          checked={task.isCompleted}
          disabled={task.isDeleted}
          aria-label={t(task.isCompleted ? 'todos.row.uncomplete' : 'todos.row.complete', {
            title: task.title,
          })}
          onChange={(event) => actions.onFlags(task, { isCompleted: event.currentTarget.checked })}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          {mine && !task.isDeleted ? (
            <UnstyledButton onClick={() => actions.onEdit(task)}>{title}</UnstyledButton>
          ) : (
            title
          )}
          {task.description && (
            // dir="auto": an English description in a right-to-left page ends with its full stop.
            <Text size="sm" c="dimmed" lineClamp={1} dir="auto">
              {task.description}
            </Text>
          )}
          <Group gap="xs" mt={4}>
            {task.dueDate && (
              <Group
                gap={4}
                wrap="nowrap"
                c={overdue ? 'var(--mantine-color-error)' : dueToday ? 'green' : 'dimmed'}
                data-testid="task-due"
                data-overdue={overdue}
              >
                <IconCalendar size={14} aria-hidden />
                {/* <bdi>: a date keeps its order in a right-to-left page ("25 nov. 2026"). */}
                <Text size="xs" fw={overdue || dueToday ? 600 : undefined} inherit>
                  <bdi>
                    {overdue
                      ? t('todos.row.overdue', { date: formatDay(task.dueDate, i18n.language) })
                      : dueToday
                        ? t('todos.row.today')
                        : formatDay(task.dueDate, i18n.language)}
                  </bdi>
                </Text>
              </Group>
            )}
            {repeat && (
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconRepeat size={14} aria-hidden />
                <Text size="xs" inherit>
                  {t(repeat.every === 1 ? repeatLabels[repeat.unit].one : repeatLabels[repeat.unit].other, {
                    count: repeat.every,
                  })}
                </Text>
              </Group>
            )}
            {task.customRepeat && <CustomRepetitionIcon rule={task.customRepeat} />}
            {task.tags.map((name) => (
              <TagBadge key={name} name={name} color={tagColorOf(tags, name)} size="sm" />
            ))}
            {!mine && (
              <Text size="xs" c="dimmed" data-testid="task-from">
                {t('todos.row.from', { name: task.owner.fullName })}
              </Text>
            )}
          </Group>
        </div>
        <Assignees people={task.assignees} />
        <Group gap={2} wrap="nowrap">
          {task.isDeleted && mine ? (
            <>
              <IconAction
                tooltip={t('todos.row.restore')}
                label={t('todos.row.restoreLabel', { title: task.title })}
                icon={<IconRestore size={18} />}
                onClick={() => actions.onRestore(task)}
              />
              <IconAction
                tooltip={t('todos.row.purge')}
                label={t('todos.row.purgeLabel', { title: task.title })}
                icon={<IconTrashX size={18} />}
                color="red"
                onClick={() => actions.onPurge(task)}
              />
            </>
          ) : mine && !task.isDeleted ? (
            <>
              <IconAction
                tooltip={t(task.isImportant ? 'todos.row.unstar' : 'todos.row.star')}
                label={t(task.isImportant ? 'todos.row.unstarLabel' : 'todos.row.starLabel', {
                  title: task.title,
                })}
                icon={task.isImportant ? <IconStarFilled size={18} /> : <IconStar size={18} />}
                color={task.isImportant ? 'yellow.8' : 'gray'}
                onClick={() => actions.onFlags(task, { isImportant: !task.isImportant })}
              />
              <IconAction
                tooltip={t('todos.row.edit')}
                label={t('todos.row.editLabel', { title: task.title })}
                icon={<IconPencil size={18} />}
                onClick={() => actions.onEdit(task)}
              />
              <IconAction
                tooltip={t('todos.row.delete')}
                label={t('todos.row.deleteLabel', { title: task.title })}
                icon={<IconTrash size={18} />}
                color="red"
                onClick={() => actions.onDelete(task)}
              />
            </>
          ) : (
            task.isImportant &&
            !task.isDeleted && (
              <Tooltip label={t('todos.row.important')}>
                <IconStarFilled
                  size={18}
                  color="var(--mantine-color-yellow-8)"
                  aria-label={t('todos.row.important')}
                />
              </Tooltip>
            )
          )}
        </Group>
      </Group>
    </Paper>
  );
}
