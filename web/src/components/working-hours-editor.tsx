/**
 * The working-hours editor (D22, D32): per weekday, the intervals in the user's time zone, the
 * day-part presets and a copy to other days; saved in one PUT with the time zone. Shown from the
 * meetings page and from account settings, hence shared.
 */
import {
  type DayPart,
  dayParts,
  updateWorkingHoursInput,
  type Weekday,
  WORKING_INTERVALS_MAX,
  type WorkingHours,
  type WorkingInterval,
  weekdays,
} from '@cadence/contract';
import { Alert, Button, Group, Menu, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconChevronDown, IconCopy, IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../lib/contract-form';
import { toastSuccess } from '../lib/toast';
import { getWorkingHoursQueryOptions, useSaveWorkingHours } from '../shared/queries/working-hours';
import { copyDay, freeSlot, timeChoices, weekdayName, withDayPart } from '../lib/working-hours-intervals';
import { ErrorAlert } from './error-alert';
import { FormShell } from './form-shell';
import { IconAction } from './icon-action';
import { TimeZoneSelect } from './time-zone-select';

const presetLabels = {
  anytime: 'workingHours.presets.anytime',
  morning: 'workingHours.presets.morning',
  afternoon: 'workingHours.presets.afternoon',
  evening: 'workingHours.presets.evening',
  night: 'workingHours.presets.night',
} as const satisfies Record<DayPart, string>;
const presets = Object.keys(presetLabels) as DayPart[];

type Values = { data: WorkingInterval[]; timeZone: string };

interface WorkingHoursEditorProps {
  /** Shows a Cancel button (in a dialog). */
  onCancel?: () => void;
  /** Called once the hours are saved. */
  onSaved?: () => void;
}

export function WorkingHoursEditor(props: WorkingHoursEditorProps) {
  const hours = useQuery(getWorkingHoursQueryOptions());
  if (hours.isPending) return <Skeleton h={420} />;
  if (hours.isError) return <ErrorAlert error={hours.error} />;
  return <WorkingHoursForm hours={hours.data} {...props} />;
}

function WorkingHoursForm({ hours, onCancel, onSaved }: WorkingHoursEditorProps & { hours: WorkingHours }) {
  const { t, i18n } = useTranslation();
  const save = useSaveWorkingHours();
  const initialValues: Values = { data: hours.data, timeZone: hours.timeZone };
  const binding = useContractForm(updateWorkingHoursInput, initialValues, {
    onSubmit: async (values) => {
      const saved = await save.mutateAsync(values);
      // The server keeps them by day and start: show them as they will read from now on.
      binding.form.setValues({ data: saved.data, timeZone: saved.timeZone });
      binding.form.resetDirty();
      toastSuccess(t, t('workingHours.saved'));
      onSaved?.();
    },
  });
  const { form } = binding;
  const { data } = form.getValues();
  const full = data.length >= WORKING_INTERVALS_MAX;

  const replaceAll = (next: WorkingInterval[]) => {
    form.clearErrors();
    form.setFieldValue('data', next);
  };

  return (
    <FormShell binding={binding} submitLabel={t('common.save')} onCancel={onCancel} maw={760}>
      <Text size="sm" c="dimmed">
        {t('workingHours.intro')}
      </Text>
      {hours.isDefault && (
        <Alert variant="light" icon={<IconInfoCircle size={18} />} data-testid="working-hours-default">
          {t('workingHours.defaultNote')}
        </Alert>
      )}
      <TimeZoneSelect
        label={t('workingHours.timeZone')}
        description={t('workingHours.timeZoneHint')}
        maw={360}
        {...form.getInputProps('timeZone')}
      />
      <Text size="sm" c="dimmed">
        {t('workingHours.presetsHint')}
      </Text>
      {weekdays.map((day) => (
        <DayHours
          key={day}
          day={day}
          name={weekdayName(day, i18n.language)}
          form={form}
          canAdd={!full}
          onPreset={(part) => replaceAll(withDayPart(data, day, part))}
          onCopy={(targets) => replaceAll(copyDay(data, day, targets))}
        />
      ))}
      {typeof form.errors.data === 'string' && (
        <Text size="sm" c="red" role="alert">
          {form.errors.data}
        </Text>
      )}
    </FormShell>
  );
}

interface DayHoursProps {
  day: Weekday;
  name: string;
  form: UseFormReturnType<Values>;
  canAdd: boolean;
  onPreset: (part: DayPart) => void;
  onCopy: (targets: readonly Weekday[]) => void;
}

function DayHours({ day, name, form, canAdd, onPreset, onCopy }: DayHoursProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = form.getValues();
  // Each row keeps its place in the list sent, so a message about `data.3.to` lands on its field.
  const rows = data.flatMap((interval, index) => (interval.day === day ? [{ interval, index }] : []));
  const slot = freeSlot(data, day);
  const timeData = (edge: 'from' | 'to', current: string) =>
    timeChoices(edge, current).map((value) => ({
      value,
      label: value === '24:00' ? t('workingHours.endOfDay') : value,
    }));

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="working-hours-day"
      data-day={day}
    >
      <Group justify="space-between" gap="xs">
        <Text fw={600} id={titleId} tt="capitalize">
          {name}
        </Text>
        <Group gap={4} role="group" aria-label={t('workingHours.presets.label', { day: name })}>
          {presets.map((part) => (
            <Button
              key={part}
              size="compact-xs"
              variant="light"
              title={`${dayParts[part].from}–${dayParts[part].to}`}
              aria-label={t('workingHours.presets.add', {
                part: t(presetLabels[part]),
                from: dayParts[part].from,
                to: dayParts[part].to,
                day: name,
              })}
              onClick={() => onPreset(part)}
            >
              {t(presetLabels[part])}
            </Button>
          ))}
        </Group>
      </Group>
      <Stack gap="xs" mt="xs">
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('workingHours.unavailable')}
          </Text>
        ) : (
          rows.map(({ interval, index }, position) => {
            const labels = { day: name, number: position + 1 };
            return (
              <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
                <NativeSelect
                  aria-label={t('workingHours.from', labels)}
                  data={timeData('from', interval.from)}
                  flex={1}
                  maw={220}
                  {...form.getInputProps(`data.${index}.from`)}
                />
                <Text mt={6} aria-hidden>
                  –
                </Text>
                <NativeSelect
                  aria-label={t('workingHours.to', labels)}
                  data={timeData('to', interval.to)}
                  flex={1}
                  maw={220}
                  {...form.getInputProps(`data.${index}.to`)}
                />
                <IconAction
                  tooltip={t('workingHours.remove')}
                  label={t('workingHours.removeLabel', { ...labels, from: interval.from, to: interval.to })}
                  icon={<IconTrash size={16} />}
                  color="red"
                  onClick={() => {
                    form.clearErrors();
                    form.removeListItem('data', index);
                  }}
                />
              </Group>
            );
          })
        )}
      </Stack>
      <Group gap="xs" mt="xs">
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          disabled={!canAdd || !slot}
          aria-label={t('workingHours.addLabel', { day: name })}
          onClick={() => {
            if (!slot) return;
            form.clearErrors();
            form.insertListItem('data', { day, ...slot });
          }}
        >
          {t('workingHours.add')}
        </Button>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconCopy size={14} />}
              rightSection={<IconChevronDown size={14} />}
              aria-label={t('workingHours.copy.label', { day: name })}
            >
              {t('workingHours.copy.button')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onCopy(weekdays.slice(0, 5))}>
              {t('workingHours.copy.weekdays')}
            </Menu.Item>
            <Menu.Item onClick={() => onCopy(weekdays)}>{t('workingHours.copy.everyDay')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
