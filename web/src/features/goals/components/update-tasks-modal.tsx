/**
 * "Update sub-goal tasks" (spec parts 2 and 5, D19): add tasks to a goal's sub-goals (or a new
 * sub-goal), tick and weigh the others. It saves only with at least one new task: "Updating a goal
 * requires adding new tasks".
 */
import { type Objective, updateObjectiveInput } from '@cadence/contract';
import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateGoal } from '../api/goals-api';
import { newTaskCount, type SubGoalValues, treeInput, treeOf } from '../model/goal';
import { SubGoalsEditor } from './sub-goals-editor';

interface UpdateTasksModalProps {
  goal: Objective | null;
  onClose: () => void;
}

export function UpdateTasksModal({ goal, onClose }: UpdateTasksModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={goal !== null}
      onClose={onClose}
      title={t('goals.tasks.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {goal && <TasksForm key={goal._id} goal={goal} onDone={onClose} />}
    </Modal>
  );
}

function TasksForm({ goal, onDone }: { goal: Objective; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateGoal();
  const binding = useContractForm<{ subObjectives: SubGoalValues[] }>(
    updateObjectiveInput,
    { subObjectives: treeOf(goal) },
    {
      onSubmit: async ({ subObjectives }) => {
        if (newTaskCount(subObjectives) === 0) return;
        await update.mutateAsync({ id: goal._id, input: { subObjectives: treeInput(subObjectives) } });
        toastSuccess(t, t('goals.toast.updated'));
        onDone();
      },
    },
  );
  const added = newTaskCount(binding.form.getValues().subObjectives);

  return (
    <FormShell
      binding={binding}
      submitLabel={t('goals.tasks.save')}
      submitDisabled={added === 0}
      onCancel={onDone}
    >
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {goal.title}
      </Text>
      <Text size="sm" c="dimmed">
        {t('goals.tasks.intro')}
      </Text>
      <SubGoalsEditor form={binding.form} lockExisting />
    </FormShell>
  );
}
