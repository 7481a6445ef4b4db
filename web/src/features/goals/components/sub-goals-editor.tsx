/**
 * The sub-goals of a goal form and of the "Update sub-goal tasks" dialog: each sub-goal's title and
 * its tasks (done, text, weight in %). In the dialog (`lockExisting`), what the goal already has
 * keeps its title and text and stays; its tasks can be ticked and weighed, and new tasks added.
 */
import { GOAL_SUB_OBJECTIVES_MAX, GOAL_TASKS_MAX, GOAL_TITLE_MAX } from '@cadence/contract';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { defaultWeight, type SubGoalValues, type TaskValues, totalWeight } from '../model/goal';

interface SubGoalsEditorProps<V extends { subObjectives: SubGoalValues[] }> {
  form: UseFormReturnType<V>;
  lockExisting?: boolean;
}

export function SubGoalsEditor<V extends { subObjectives: SubGoalValues[] }>({
  form,
  lockExisting = false,
}: SubGoalsEditorProps<V>) {
  const { t } = useTranslation();
  const subs = form.getValues().subObjectives;
  const newTask = (): TaskValues => ({ text: '', done: false, percentage: defaultWeight(subs) });
  const listError = form.errors.subObjectives;
  // Mantine's list helpers cannot see through the generic values type; the paths are the tree's own.
  const append = (path: string, item: TaskValues | SubGoalValues) => form.insertListItem(path, item as never);

  return (
    <Stack gap="sm">
      {subs.map((sub, subIndex) => {
        const subNumber = subIndex + 1;
        const locked = lockExisting && sub._id !== undefined;
        const path = `subObjectives.${subIndex}`;
        const tasksError = form.errors[`${path}.tasks`];
        return (
          // Sub-goals and tasks are only appended and removed, and every field is controlled.
          <Paper key={subIndex} withBorder p="sm" radius="md" data-testid="sub-goal-editor">
            <Stack gap="xs">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                {locked ? (
                  <Text fw={600} flex={1} style={{ overflowWrap: 'anywhere' }}>
                    {sub.title}
                  </Text>
                ) : (
                  <TextInput
                    flex={1}
                    label={t('goals.form.subGoalTitle', { sub: subNumber })}
                    placeholder={t('goals.form.subGoalPlaceholder')}
                    required
                    maxLength={GOAL_TITLE_MAX}
                    {...form.getInputProps(`${path}.title`)}
                  />
                )}
                {!locked && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={28}
                    aria-label={t('goals.form.removeSubGoal', { sub: subNumber })}
                    onClick={() => form.removeListItem('subObjectives', subIndex)}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
              {sub.tasks.map((task, taskIndex) => {
                const names = { sub: subNumber, task: taskIndex + 1 };
                const taskPath = `${path}.tasks.${taskIndex}`;
                const taskLocked = lockExisting && task._id !== undefined;
                return (
                  <Group key={taskIndex} gap="xs" align="flex-start" wrap="nowrap" ps="xs">
                    {taskLocked ? (
                      <Checkbox
                        flex={1}
                        mt={8}
                        label={task.text}
                        {...form.getInputProps(`${taskPath}.done`, { type: 'checkbox' })}
                      />
                    ) : (
                      <>
                        <Checkbox
                          mt={8}
                          aria-label={t('goals.form.taskDone', names)}
                          {...form.getInputProps(`${taskPath}.done`, { type: 'checkbox' })}
                        />
                        <TextInput
                          flex={1}
                          aria-label={t('goals.form.task', names)}
                          placeholder={t('goals.form.taskPlaceholder')}
                          maxLength={500}
                          {...form.getInputProps(`${taskPath}.text`)}
                        />
                      </>
                    )}
                    <NumberInput
                      w={96}
                      aria-label={t('goals.form.weight', names)}
                      min={0}
                      max={100}
                      clampBehavior="none"
                      rightSection={<Text size="sm">%</Text>}
                      rightSectionPointerEvents="none"
                      {...form.getInputProps(`${taskPath}.percentage`)}
                    />
                    {!taskLocked && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={t('goals.form.removeTask', names)}
                        onClick={() => form.removeListItem(`${path}.tasks`, taskIndex)}
                      >
                        <IconX size={16} />
                      </ActionIcon>
                    )}
                  </Group>
                );
              })}
              {typeof tasksError === 'string' && (
                <Text size="sm" c="red">
                  {tasksError}
                </Text>
              )}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPlus size={14} />}
                  aria-label={t('goals.form.addTaskTo', { sub: subNumber })}
                  disabled={sub.tasks.length >= GOAL_TASKS_MAX}
                  onClick={() => append(`${path}.tasks`, newTask())}
                >
                  {t('goals.form.addTask')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {typeof listError === 'string' && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={subs.length >= GOAL_SUB_OBJECTIVES_MAX}
          onClick={() => append('subObjectives', { title: '', tasks: [newTask()] })}
        >
          {t('goals.form.addSubGoal')}
        </Button>
        {subs.some((sub) => sub.tasks.length > 0) && (
          <Text size="xs" c="dimmed" data-testid="total-weight">
            {t('goals.form.totalWeight', { total: totalWeight(subs) })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
