/**
 * An event's repetition in the drawer: none, daily, weekly on chosen days, monthly or yearly, and
 * its end: never, on a day (UNTIL) or after a number of times (COUNT). A rule a calendar app wrote
 * that these fields cannot draw shows in words, read-only; it can only be removed (D49).
 */
import { RECURRENCE_COUNT_MAX, weekdayCodes } from '@cadence/contract';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomRepetitionField } from '../../../components/custom-repetition';
import {
  noRepetition,
  repeatEnds,
  type RepeatFrequency,
  type Repetition,
  weekdayOf,
} from '../lib/rrule-text';
import { frequencyLabels, repeatEndLabels, weekdayLabels } from './labels';

interface RepeatFieldsProps {
  value: Repetition;
  onChange: (value: Repetition) => void;
  /** The event's first day, whose weekday a new weekly repetition starts with. */
  startDay: string;
  error?: string;
}

export function RepeatFields({ value, onChange, startDay, error }: RepeatFieldsProps) {
  const { t } = useTranslation();
  const set = (change: Partial<Repetition>) => onChange({ ...value, ...change });
  if (value.frequency === 'custom' && value.custom) {
    return (
      <CustomRepetitionField
        label={t('calendar.form.repeat')}
        rule={value.custom}
        action={
          <Button variant="subtle" size="compact-sm" color="red" onClick={() => onChange(noRepetition)}>
            {t('calendar.repeat.remove')}
          </Button>
        }
      />
    );
  }
  const frequencies = Object.entries(frequencyLabels).map(([frequency, key]) => ({
    value: frequency,
    label: t(key),
  }));
  const choose = (frequency: RepeatFrequency) =>
    set({
      frequency,
      days: frequency === 'WEEKLY' && value.days.length === 0 ? [weekdayOf(startDay)] : value.days,
      custom: null,
    });

  return (
    <Stack gap="xs">
      <Select
        label={t('calendar.form.repeat')}
        data={frequencies}
        allowDeselect={false}
        value={value.frequency}
        onChange={(frequency) => frequency && choose(frequency as RepeatFrequency)}
        error={error}
        comboboxProps={{ withinPortal: true }}
      />
      {value.frequency === 'WEEKLY' && (
        <Checkbox.Group
          label={t('calendar.form.repeatOn')}
          value={value.days}
          onChange={(days) => set({ days })}
        >
          <Group gap="sm" mt={4}>
            {weekdayCodes.map((day) => (
              <Checkbox
                key={day}
                value={day}
                label={t(weekdayLabels[day].short)}
                title={t(weekdayLabels[day].long)}
              />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {value.frequency !== 'none' && value.frequency !== 'custom' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Radio.Group
            label={t('calendar.form.repeatEnds')}
            value={value.ends}
            onChange={(ends) => set({ ends })}
          >
            <Group gap="sm" mt={4}>
              {repeatEnds.map((end) => (
                <Radio key={end} value={end} label={t(repeatEndLabels[end])} />
              ))}
            </Group>
          </Radio.Group>
          {value.ends === 'on' && (
            <TextInput
              type="date"
              label={t('calendar.form.until')}
              min={startDay}
              value={value.until}
              onChange={(event) => set({ until: event.currentTarget.value })}
            />
          )}
          {value.ends === 'after' && (
            <NumberInput
              label={t('calendar.form.count')}
              min={1}
              max={RECURRENCE_COUNT_MAX}
              allowDecimal={false}
              clampBehavior="none"
              value={value.count}
              onChange={(count) => set({ count: typeof count === 'number' ? count : Number(count) })}
            />
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}
