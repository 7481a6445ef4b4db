/**
 * "Add event" and "Edit event", in a drawer: title, all day, start and end (days only when all
 * day), URL, location, guests (friends, or groups expanded to their members, D13), description,
 * category, reminder and repetition. An occurrence of a repeating event opens as itself, and saving
 * asks whether the change is for it, it and the following ones, or all (D39). A guest sees the
 * event read-only, with no save or delete. Checked with the contract's schema the server uses; the
 * server's field messages show on their fields.
 */
import {
  type CalendarEvent,
  EVENT_TITLE_MAX,
  eventCategories,
  type EventCategory,
  type EventScope,
} from '@cadence/contract';
import {
  Alert,
  Button,
  ColorSwatch,
  Drawer,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { IconLock, IconTrash } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionField, GroupsField, TitleField } from '../../../components/form-kit';
import { FormShell } from '../../../components/form-shell';
import { FriendsSelect } from '../../../components/friends-select';
import { type ContractForm, useContractForm } from '../../../lib/contract-form';
import { useLayoutSettings } from '../../../lib/layout-settings';
import { toastSuccess } from '../../../lib/toast';
import { useCreateEvent, useUpdateEvent } from '../api/calendar-api';
import {
  type EventDraft,
  eventFormSchema,
  type EventFormValues,
  initialEventValues,
  reminderChoices,
  toEventInput,
} from '../lib/event-form';
import { categoryLabels, eventColors } from './event-colors';
import { reminderLabels } from './labels';
import { scopedChange } from '../lib/event-scope';
import { RepeatFields } from './repeat-fields';
import { asksScope, type ScopeAction } from './scope-dialog';

interface EventDrawerProps {
  opened: boolean;
  /** The event to show or change; none to add one from the draft. */
  event: CalendarEvent | null;
  draft: EventDraft;
  timeZone: string;
  onClose: () => void;
  onDelete: (event: CalendarEvent) => void;
  /** Asks which occurrences a change of a repeating event is for (D39). */
  askScope: (action: ScopeAction) => Promise<EventScope | null>;
}

export function EventDrawer({
  opened,
  event,
  draft,
  timeZone,
  onClose,
  onDelete,
  askScope,
}: EventDrawerProps) {
  const { t } = useTranslation();
  const { rtl } = useLayoutSettings();
  const title = !event
    ? t('calendar.form.addTitle')
    : event.editable
      ? t('calendar.form.editTitle')
      : t('calendar.form.viewTitle');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={title}
      position={rtl ? 'left' : 'right'}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* A new form for each opening, so it starts from the event as it is now. */}
      {opened && (
        <EventForm
          key={event?._id ?? 'new'}
          event={event}
          draft={draft}
          timeZone={timeZone}
          onDone={onClose}
          onDelete={onDelete}
          askScope={askScope}
        />
      )}
    </Drawer>
  );
}

interface EventFormProps {
  event: CalendarEvent | null;
  draft: EventDraft;
  timeZone: string;
  onDone: () => void;
  onDelete: (event: CalendarEvent) => void;
  askScope: (action: ScopeAction) => Promise<EventScope | null>;
}

function EventForm({ event, draft, timeZone, onDone, onDelete, askScope }: EventFormProps) {
  const { t } = useTranslation();
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const binding = useContractForm(
    eventFormSchema(timeZone, Boolean(event)),
    initialEventValues(event, draft, timeZone),
    {
      onSubmit: async (values) => {
        const input = toEventInput(values, timeZone);
        if (event && asksScope(event)) {
          const scope = await askScope('edit');
          if (!scope) return;
          await update.mutateAsync({ id: event._id, ...scopedChange(event, values, timeZone, scope) });
          toastSuccess(t, t('calendar.toast.updated'));
        } else if (event) {
          await update.mutateAsync({ id: event._id, input });
          toastSuccess(t, t('calendar.toast.updated'));
        } else {
          await create.mutateAsync(input);
          toastSuccess(t, t('calendar.toast.added'));
        }
        onDone();
      },
    },
  );

  if (event && !event.editable) {
    return (
      <Stack gap="sm">
        <Alert icon={<IconLock size={18} />} color="gray">
          {t('calendar.form.readOnly', { owner: event.owner.fullName })}
        </Alert>
        <Fieldset disabled variant="unstyled">
          <EventFields form={binding.form} event={event} />
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <FormShell
      binding={binding}
      submitLabel={event ? t('calendar.form.save') : t('calendar.form.add')}
      onCancel={onDone}
      secondaryAction={
        event && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onDelete(event)}
          >
            {t('calendar.form.delete')}
          </Button>
        )
      }
    >
      <EventFields form={binding.form} event={event} />
    </FormShell>
  );
}

function EventFields({
  form,
  event,
}: {
  form: ContractForm<EventFormValues>['form'];
  event: CalendarEvent | null;
}) {
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const values = form.getValues();
  const wall = (edge: 'start' | 'end', part: 'date' | 'time') => ({
    value: values[edge][part],
    onChange: (change: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(`${edge}.${part}`, change.currentTarget.value),
  });
  const categoryOptions = eventCategories.map((category) => ({
    value: category,
    label: t(categoryLabels[category]),
  }));

  return (
    <>
      <TitleField
        label={t('calendar.form.title')}
        maxLength={EVENT_TITLE_MAX}
        {...form.getInputProps('title')}
      />
      <Switch label={t('calendar.form.allDay')} {...form.getInputProps('allDay', { type: 'checkbox' })} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label={t('calendar.form.startDate')}
          required
          {...wall('start', 'date')}
          error={form.errors.start}
        />
        {!values.allDay && (
          <TextInput type="time" label={t('calendar.form.startTime')} required {...wall('start', 'time')} />
        )}
        <TextInput
          type="date"
          label={t('calendar.form.endDate')}
          required
          {...wall('end', 'date')}
          error={form.errors.end}
        />
        {!values.allDay && (
          <TextInput type="time" label={t('calendar.form.endTime')} required {...wall('end', 'time')} />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="url"
          label={t('calendar.form.url')}
          placeholder="https://"
          maxLength={2000}
          {...form.getInputProps('url')}
        />
        <TextInput label={t('calendar.form.location')} maxLength={200} {...form.getInputProps('location')} />
      </SimpleGrid>
      <FriendsSelect
        label={t('calendar.form.guests')}
        description={t('calendar.form.guestsHint')}
        chosen={event?.guestUsers}
        {...form.getInputProps('guests')}
      />
      <GroupsField
        label={t('calendar.form.groups')}
        description={t('calendar.form.groupsHint')}
        {...form.getInputProps('groups')}
      />
      <DescriptionField
        label={t('calendar.form.description')}
        maxLength={5000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('calendar.form.category')}
          data={categoryOptions}
          allowDeselect={false}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <ColorSwatch
                color={eventColors(theme, { category: option.value as EventCategory, editable: true }).color}
                size={12}
                withShadow={false}
              />
              {option.label}
            </Group>
          )}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('category')}
        />
        <Select
          label={t('calendar.form.reminder')}
          data={(['none', ...reminderChoices] as const).map((choice) => ({
            value: String(choice),
            label: t(reminderLabels[choice]),
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('reminder')}
        />
      </SimpleGrid>
      <RepeatFields
        value={values.recurrence}
        onChange={(recurrence) => form.setFieldValue('recurrence', recurrence)}
        startDay={values.start.date}
        error={form.errors.recurrence as string | undefined}
      />
    </>
  );
}
