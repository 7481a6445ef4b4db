/**
 * The meeting form of "Add meeting" and of a meeting's general settings: name, description,
 * duration, the days to search, invitees and groups, link, the grid step, and the start time picked
 * among the times when everyone is free. Checked with the contract's schema the server uses; saving
 * without a time is allowed. A time taken meanwhile (409) shows its message and the times are read
 * again.
 */
import {
  availableTimesInput,
  createMeetingInput,
  type CreateMeetingInput,
  MEETING_DURATION_MAX,
  MEETING_DURATION_MIN,
  MEETING_NAME_MAX,
  type PublicUser,
} from '@cadence/contract';
import {
  Button,
  Collapse,
  Grid,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DescriptionField, GroupsField, TitleField } from '../../../components/form-kit';
import { FormShell } from '../../../components/form-shell';
import { FriendsSelect } from '../../../components/friends-select';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/contract-form';
import { meetingKeys } from '../../../shared/queries/keys';
import { addDays, DEFAULT_RANGE_DAYS, todayIn } from '../lib/meeting-times';
import { AvailableTimes } from './available-times';
import { durationLabel } from './meeting-labels';

/** Every field the form sends, as the create call takes them (the settings' PUT takes the same). */
export type MeetingFormValues = CreateMeetingInput;

export const DEFAULT_DURATION = 30;
export const DEFAULT_STEP = 15;
const STEP_MIN = 5;
const STEP_MAX = 240;

/** The durations offered, in minutes; a meeting's own other duration is offered too. */
const durationChoices = [15, 30, 45, 60, 90, 120, 180, 240, 300, 360, 420, 480].filter(
  (minutes) => minutes >= MEETING_DURATION_MIN && minutes <= MEETING_DURATION_MAX,
);

/** A new meeting: 30 minutes, searched from today to 13 days later in my time zone. */
export function newMeetingValues(timeZone: string): MeetingFormValues {
  const today = todayIn(timeZone);
  return {
    name: '',
    description: '',
    duration: DEFAULT_DURATION,
    startDate: today,
    endDate: addDays(today, DEFAULT_RANGE_DAYS - 1),
    link: '',
    invitees: [],
    groups: [],
    time: null,
    step: DEFAULT_STEP,
    outsideWorkingHours: false,
  };
}

interface MeetingFormProps {
  initialValues: MeetingFormValues;
  /** The meeting being re-planned: its own time is not counted as busy. */
  meetingId?: string;
  /** People already invited, offered even when they are no longer friends. */
  invited?: PublicUser[];
  timeZone: string;
  submitLabel: string;
  onSubmit: (values: MeetingFormValues) => Promise<unknown>;
  onCancel: () => void;
}

export function MeetingForm({
  initialValues,
  meetingId,
  invited,
  timeZone,
  submitLabel,
  onSubmit,
  onCancel,
}: MeetingFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [stepOpened, setStepOpened] = useState(initialValues.step !== DEFAULT_STEP);
  const binding = useContractForm(createMeetingInput, initialValues, {
    onSubmit: async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        // The time was taken meanwhile: the message shows, and the times are read again.
        if (error instanceof ApiError && error.status === 409) {
          await queryClient.invalidateQueries({ queryKey: meetingKeys.times });
        }
        throw error;
      }
    },
  });
  const { form } = binding;
  const values = form.getValues();

  const search = availableTimesInput.safeParse({
    duration: values.duration,
    startDate: values.startDate,
    endDate: values.endDate,
    invitees: values.invitees,
    groups: values.groups,
    step: values.step,
    ...(meetingId ? { meetingId } : {}),
    outsideWorkingHours: values.outsideWorkingHours,
  });

  const durations = [...new Set([...durationChoices, initialValues.duration])].sort((a, b) => a - b);
  const stepId = 'meeting-step';

  return (
    <FormShell binding={binding} submitLabel={submitLabel} onCancel={onCancel}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <TitleField
              label={t('meetings.form.name')}
              maxLength={MEETING_NAME_MAX}
              {...form.getInputProps('name')}
            />
            <DescriptionField
              label={t('meetings.form.description')}
              maxLength={5000}
              {...form.getInputProps('description')}
            />
            <Select
              label={t('meetings.form.duration')}
              data={durations.map((minutes) => ({
                value: String(minutes),
                label: durationLabel(t, minutes),
              }))}
              allowDeselect={false}
              value={String(values.duration)}
              onChange={(minutes) => minutes && form.setFieldValue('duration', Number(minutes))}
              error={form.errors.duration}
              comboboxProps={{ withinPortal: true }}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                type="date"
                label={t('meetings.form.startDate')}
                required
                {...form.getInputProps('startDate')}
              />
              <TextInput
                type="date"
                label={t('meetings.form.endDate')}
                required
                min={values.startDate || undefined}
                {...form.getInputProps('endDate')}
              />
            </SimpleGrid>
            <FriendsSelect
              label={t('meetings.form.invitees')}
              chosen={invited}
              {...form.getInputProps('invitees')}
            />
            <GroupsField
              label={t('meetings.form.groups')}
              description={t('meetings.form.groupsHint')}
              {...form.getInputProps('groups')}
            />
            <TextInput
              type="url"
              label={t('meetings.form.link')}
              placeholder="https://"
              maxLength={2000}
              {...form.getInputProps('link')}
            />
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                px={0}
                rightSection={stepOpened ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                aria-expanded={stepOpened}
                aria-controls={stepId}
                onClick={() => setStepOpened((opened) => !opened)}
              >
                {t('meetings.form.stepToggle', { minutes: values.step })}
              </Button>
              <Collapse expanded={stepOpened} id={stepId}>
                <NumberInput
                  mt="xs"
                  label={t('meetings.form.step')}
                  description={t('meetings.form.stepHint')}
                  min={STEP_MIN}
                  max={STEP_MAX}
                  step={5}
                  allowDecimal={false}
                  clampBehavior="none"
                  {...form.getInputProps('step')}
                  onChange={(step) =>
                    form.setFieldValue('step', typeof step === 'number' ? step : Number(step))
                  }
                />
              </Collapse>
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <AvailableTimes
            input={search.success ? search.data : null}
            value={values.time}
            onChange={(time) => form.setFieldValue('time', time)}
            duration={values.duration}
            timeZone={timeZone}
            error={typeof form.errors.time === 'string' ? form.errors.time : undefined}
            outsideWorkingHours={values.outsideWorkingHours}
            onOutsideWorkingHoursChange={(outside) => form.setFieldValue('outsideWorkingHours', outside)}
          />
        </Grid.Col>
      </Grid>
    </FormShell>
  );
}

/** The form's place while the account (its time zone) or the meeting loads. */
export function MeetingFormSkeleton() {
  return (
    <Stack gap="sm" data-testid="meeting-loading">
      <Skeleton h={36} />
      <Skeleton h={80} />
      <Skeleton h={36} />
      <Skeleton h={36} />
    </Stack>
  );
}
