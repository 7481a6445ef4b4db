/**
 * "Add task" and "Edit task", in a drawer: title, description, due date, tags, assignees (me and my
 * friends) and groups (expanded to their members by the server, D13), important, and a repeat
 * (every n days, weeks, months or years); a repeat a calendar app wrote that these fields cannot draw
 * shows in words, read-only (D49). Checked with the contract's schema the server uses; the server's
 * field messages show on their fields.
 */
import {
  createTaskInput,
  type PublicUser,
  repeatUnits,
  type TagList,
  type Task,
  TODO_TITLE_MAX,
  type TodoRepeat,
  updateTaskInput,
} from '@cadence/contract';
import { Checkbox, Drawer, MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DescriptionField, GroupsField, TagsField, TitleField } from '../../../components/form-kit';
import { CustomRepetitionField } from '../../../components/custom-repetition';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { getFriendsQueryOptions } from '../../../shared/queries/friends';
import { useLayoutSettings } from '../../../lib/layout-settings';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useCreateTask, useUpdateTask } from '../api/todos-api';
import { initialTodoValues, type TodoDefaults, todoInput } from '../lib/todo-form';
import { repeatLabels } from './labels';

interface TodoFormDrawerProps {
  opened: boolean;
  /** The task to change; none to add one. */
  task: Task | null;
  defaults: TodoDefaults;
  tags: TagList | undefined;
  onClose: () => void;
}

export function TodoFormDrawer({ opened, task, defaults, tags, onClose }: TodoFormDrawerProps) {
  const { t } = useTranslation();
  const { rtl } = useLayoutSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={task ? t('todos.form.editTitle') : t('todos.form.addTitle')}
      position={rtl ? 'left' : 'right'}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* A new form for each opening, so it starts from the task as it is now. */}
      {opened && (
        <TodoForm key={task?._id ?? 'new'} task={task} defaults={defaults} tags={tags} onDone={onClose} />
      )}
    </Drawer>
  );
}

/** Me, my friends, and anyone the task already has, as assignee choices. */
function usePeopleOptions(task: Task | null) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const friends = useQuery(getFriendsQueryOptions());
  const people = new Map<string, Pick<PublicUser, '_id' | 'fullName' | 'username'>>();
  if (me) people.set(me._id, { _id: me._id, fullName: t('todos.form.me'), username: me.username });
  for (const person of [...(task?.assignees ?? []), ...(friends.data?.data ?? [])]) {
    if (!people.has(person._id)) people.set(person._id, person);
  }
  return [...people.values()].map((person) => ({
    value: person._id,
    label: `${person.fullName} (@${person.username})`,
  }));
}

function TodoForm({
  task,
  defaults,
  tags,
  onDone,
}: {
  task: Task | null;
  defaults: TodoDefaults;
  tags: TagList | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTask();
  const update = useUpdateTask();
  const people = usePeopleOptions(task);
  const binding = useContractForm(
    task ? updateTaskInput : createTaskInput,
    initialTodoValues(task, defaults),
    {
      onSubmit: async (values) => {
        if (task) {
          await update.mutateAsync({ id: task._id, input: todoInput(values, task) });
          toastSuccess(t, t('todos.toast.updated'));
        } else {
          await create.mutateAsync(todoInput(values, task));
          toastSuccess(t, t('todos.toast.added'));
        }
        onDone();
      },
    },
  );
  const { form } = binding;
  const values = form.getValues();
  const repeat = values.repeat;
  const setRepeat = (next: TodoRepeat) => form.setFieldValue('repeat', next);

  return (
    <FormShell
      binding={binding}
      submitLabel={task ? t('todos.form.save') : t('todos.form.add')}
      onCancel={onDone}
    >
      <TitleField label={t('todos.form.title')} maxLength={TODO_TITLE_MAX} {...form.getInputProps('title')} />
      <DescriptionField
        label={t('todos.form.description')}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('todos.form.dueDate')}
          {...form.getInputProps('dueDate')}
          value={values.dueDate ?? ''}
          onChange={(event) => form.setFieldValue('dueDate', event.currentTarget.value || null)}
        />
        <TagsField
          label={t('todos.form.tags')}
          tags={tags}
          current={task?.tags}
          {...form.getInputProps('tags')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('todos.form.assignees')}
        description={t('todos.form.assigneesHint')}
        searchable
        clearable
        data={people}
        nothingFoundMessage={t('common.friendsSelect.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('assignee')}
      />
      <GroupsField
        label={t('todos.form.groups')}
        description={t('todos.form.groupsHint')}
        {...form.getInputProps('groups')}
      />
      {task?.customRepeat ? (
        <CustomRepetitionField label={t('todos.form.repeat')} rule={task.customRepeat} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('todos.form.repeat')}
            data={[
              { value: 'never', label: t('todos.repeat.never') },
              ...repeatUnits.map((unit) => ({ value: unit, label: t(repeatLabels[unit].one) })),
            ]}
            allowDeselect={false}
            value={repeat?.unit ?? 'never'}
            onChange={(unit) =>
              setRepeat(unit && unit !== 'never' ? { every: repeat?.every ?? 1, unit: unit } : null)
            }
            error={form.errors.repeat}
            comboboxProps={{ withinPortal: true }}
          />
          {repeat && (
            <NumberInput
              label={t('todos.form.repeatEvery')}
              min={1}
              max={365}
              allowDecimal={false}
              clampBehavior="none"
              value={repeat.every}
              onChange={(every) =>
                setRepeat({ ...repeat, every: typeof every === 'number' ? every : Number(every) })
              }
              error={form.errors['repeat.every']}
            />
          )}
        </SimpleGrid>
      )}
      <Checkbox
        label={t('todos.form.important')}
        {...form.getInputProps('isImportant', { type: 'checkbox' })}
      />
    </FormShell>
  );
}
