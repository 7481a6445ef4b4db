/**
 * "Add goal" and "Edit goal", in a drawer (spec part 5): title, description, start and end dates,
 * timeline, when, dedicated hours, tags, and sub-goals with their weighted tasks. Checked with the
 * contract's schema the server uses; the server's field messages show on their fields.
 */
import {
  createObjectiveInput,
  GOAL_HOURS_MAX,
  GOAL_TAGS_MAX,
  GOAL_TITLE_MAX,
  type GoalTime,
  type GoalTimeline,
  goalTimelines,
  goalTimes,
  lastDayOf,
  type Objective,
  type TagList,
  updateObjectiveInput,
} from '@cadence/contract';
import { Divider, Drawer, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DescriptionField, TagsField, TitleField } from '../../../components/form-kit';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { useLayoutSettings } from '../../../lib/layout-settings';
import { toastSuccess } from '../../../lib/toast';
import { useCreateGoal, useUpdateGoal } from '../api/goals-api';
import { type SubGoalValues, today, treeInput, treeOf } from '../model/goal';
import { timeLabels, timelineLabels } from './labels';
import { SubGoalsEditor } from './sub-goals-editor';

export type GoalFormValues = {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  timeline: GoalTimeline | null;
  time: GoalTime | null;
  dedicatedHours: number | string;
  tags: string[];
  subObjectives: SubGoalValues[];
};

function initialValues(goal: Objective | null): GoalFormValues {
  if (!goal) {
    // Only the title is asked for: the rest starts as the server's defaults would be.
    const start = today();
    return {
      title: '',
      description: '',
      startDate: start,
      endDate: lastDayOf(start, 'week'),
      timeline: 'week',
      time: 'anytime',
      dedicatedHours: 0,
      tags: [],
      subObjectives: [],
    };
  }
  return {
    title: goal.title,
    description: goal.description,
    startDate: goal.startDate,
    endDate: goal.endDate,
    timeline: goal.timeline,
    time: goal.time,
    dedicatedHours: goal.dedicatedHours,
    tags: goal.tags,
    subObjectives: treeOf(goal),
  };
}

/** The form's values as the API takes them, once the schema has accepted them (so none is null). */
function toInput(values: GoalFormValues) {
  return {
    ...values,
    timeline: values.timeline!,
    time: values.time!,
    dedicatedHours: Number(values.dedicatedHours),
    subObjectives: treeInput(values.subObjectives),
  };
}

interface GoalFormDrawerProps {
  opened: boolean;
  /** The goal to change; none to add one. */
  goal: Objective | null;
  tags: TagList | undefined;
  onClose: () => void;
}

export function GoalFormDrawer({ opened, goal, tags, onClose }: GoalFormDrawerProps) {
  const { t } = useTranslation();
  const { rtl } = useLayoutSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={goal ? t('goals.form.editTitle') : t('goals.form.addTitle')}
      position={rtl ? 'left' : 'right'}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* A new form for each opening, so it starts from the goal as it is now. */}
      {opened && <GoalForm key={goal?._id ?? 'new'} goal={goal} tags={tags} onDone={onClose} />}
    </Drawer>
  );
}

function GoalForm({
  goal,
  tags,
  onDone,
}: {
  goal: Objective | null;
  tags: TagList | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const binding = useContractForm(goal ? updateObjectiveInput : createObjectiveInput, initialValues(goal), {
    onSubmit: async (values) => {
      const input = toInput(values);
      if (goal) {
        await update.mutateAsync({ id: goal._id, input });
        toastSuccess(t, t('goals.toast.updated'));
      } else {
        await create.mutateAsync(input);
        toastSuccess(t, t('goals.toast.added'));
      }
      onDone();
    },
  });
  const { form } = binding;

  return (
    <FormShell
      binding={binding}
      submitLabel={goal ? t('goals.form.save') : t('goals.form.add')}
      onCancel={onDone}
    >
      <TitleField label={t('goals.form.title')} maxLength={GOAL_TITLE_MAX} {...form.getInputProps('title')} />
      <DescriptionField
        label={t('goals.form.description')}
        maxLength={2000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput type="date" label={t('goals.form.startDate')} {...form.getInputProps('startDate')} />
        <TextInput type="date" label={t('goals.form.endDate')} {...form.getInputProps('endDate')} />
        <Select
          label={t('goals.form.timeline')}
          placeholder={t('goals.form.choose')}
          data={goalTimelines.map((value) => ({ value, label: t(timelineLabels[value]) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('timeline')}
        />
        <Select
          label={t('goals.form.time')}
          placeholder={t('goals.form.choose')}
          data={goalTimes.map((value) => ({ value, label: t(timeLabels[value]) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('time')}
        />
        <NumberInput
          label={t('goals.form.hours')}
          min={0}
          max={GOAL_HOURS_MAX}
          clampBehavior="none"
          {...form.getInputProps('dedicatedHours')}
        />
        <TagsField
          label={t('goals.form.tags')}
          tags={tags}
          current={goal?.tags}
          placeholder={form.getValues().tags.length === 0 ? t('goals.form.tagsPlaceholder') : undefined}
          maxValues={GOAL_TAGS_MAX}
          {...form.getInputProps('tags')}
        />
      </SimpleGrid>
      <Divider label={t('goals.form.subGoals')} />
      <SubGoalsEditor form={form} />
    </FormShell>
  );
}
