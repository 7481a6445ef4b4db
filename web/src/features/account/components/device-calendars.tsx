/**
 * Calendars on your devices (D49): the name and colour a calendar app shows for each of the three
 * calendars it syncs. A calendar app can change them too (PROPPATCH): both change the same setting.
 */
import {
  type DeviceCalendar,
  type DeviceCalendarCollection,
  DEVICE_CALENDAR_NAME_MAX,
  type UpdateDeviceCalendarInput,
  updateDeviceCalendarInput,
} from '@cadence/contract';
import { Button, ColorInput, Fieldset, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { getDeviceCalendarsQueryOptions, useUpdateDeviceCalendar } from '../api/device-calendars-api';

const collectionLabels: Record<DeviceCalendarCollection, string> = {
  events: 'account.calendars.events',
  shared: 'account.calendars.shared',
  tasks: 'account.calendars.tasks',
};

/** The defaults' colours first, then a few of the theme's. */
const swatches = ['#1C7ED6', '#F08C00', '#2F9E44', '#E03131', '#AE3EC9', '#7048E8', '#0CA678', '#868E96'];

export function DeviceCalendars() {
  const { t } = useTranslation();
  const calendars = useQuery(getDeviceCalendarsQueryOptions());
  return (
    <Stack gap="sm" data-testid="device-calendars">
      <Title order={3} fz="h5">
        {t('account.calendars.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.calendars.intro')}
      </Text>
      {calendars.isPending ? (
        <Skeleton h={240} />
      ) : calendars.isError ? (
        <ErrorAlert error={calendars.error} />
      ) : (
        calendars.data.map((calendar) => (
          // A new answer starts the row's form again from what the server holds.
          <CalendarRow
            key={`${calendar.collection} ${calendar.name} ${calendar.color}`}
            calendar={calendar}
          />
        ))
      )}
    </Stack>
  );
}

function CalendarRow({ calendar }: { calendar: DeviceCalendar }) {
  const { t } = useTranslation();
  const update = useUpdateDeviceCalendar();
  const save = async (change: UpdateDeviceCalendarInput) => {
    if (change.name === undefined && change.color === undefined) return;
    await update.mutateAsync({ collection: calendar.collection, change });
    toastSuccess(t, t('account.calendars.saved'));
  };
  const binding = useContractForm(
    updateDeviceCalendarInput,
    { name: calendar.name, color: calendar.color },
    {
      // Only what changed: an untouched default stays the default (and follows the language).
      onSubmit: (values) =>
        save({
          ...(values.name.trim() !== calendar.name ? { name: values.name } : {}),
          ...(values.color.toUpperCase() !== calendar.color.toUpperCase() ? { color: values.color } : {}),
        }),
    },
  );
  const { form } = binding;
  const reset = async () => {
    try {
      await save({ name: null, color: null });
    } catch (error) {
      toastError(t, error);
    }
  };
  return (
    <Fieldset legend={t(collectionLabels[calendar.collection])} p="sm">
      <FormShell
        binding={binding}
        submitLabel={t('account.calendars.save')}
        submitDisabled={!form.isDirty()}
        secondaryAction={
          <Button
            variant="subtle"
            disabled={!calendar.custom}
            loading={update.isPending}
            onClick={() => void reset()}
          >
            {t('account.calendars.reset')}
          </Button>
        }
      >
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label={t('account.calendars.name')}
            required
            maxLength={DEVICE_CALENDAR_NAME_MAX}
            dir="auto"
            miw={200}
            {...form.getInputProps('name')}
          />
          <ColorInput
            label={t('account.calendars.color')}
            required
            format="hexa"
            swatches={swatches}
            swatchesPerRow={8}
            withEyeDropper={false}
            // A colour is written left to right, whatever the page's direction.
            dir="ltr"
            miw={200}
            {...form.getInputProps('color')}
          />
        </Group>
      </FormShell>
    </Fieldset>
  );
}
