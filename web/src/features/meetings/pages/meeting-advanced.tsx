/**
 * /apps/meetings/advanced/:id (spec part 2, D24): a meeting's advanced settings, for its organiser —
 * the grid step of its search, archived and completed (each changed at once), and everyone's
 * answers. Anyone else, and an id that does not exist, gets the 404 page.
 */
import { type Meeting, updateMeetingInput } from '@cadence/contract';
import { Anchor, Grid, NumberInput, Skeleton, Stack, Switch } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { PageHeader, SectionCard } from '../../../components/list-page';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useContractForm } from '../../../lib/contract-form';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateMeeting } from '../api/meetings-api';
import { Participants } from '../components/participants';
import { useMeeting } from '../lib/use-meeting';

export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const me = useSessionUser();
  const { meeting, missing } = useMeeting(id, { organiserOnly: true });
  const account = useQuery({ ...getAccountQueryOptions(), enabled: me !== null });
  const current = missing ? undefined : meeting.data;
  const timeZone = account.data?.timeZone;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/apps/meetings" size="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('meetings.back')}
      </Anchor>
      <PageHeader
        title={t('meetings.advanced.title')}
        intro={current?.name ?? t('meetings.advanced.intro')}
      />
      {current && timeZone ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <SectionCard title={t('meetings.advanced.stateTitle')}>
                <StateSwitches meeting={current} />
              </SectionCard>
              <SectionCard title={t('meetings.advanced.stepTitle')}>
                <StepForm key={`${current._id}:${current.step}`} meeting={current} />
              </SectionCard>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SectionCard title={t('meetings.advanced.participantsTitle')}>
              <Participants meeting={current} timeZone={timeZone} withAnsweredAt />
            </SectionCard>
          </Grid.Col>
        </Grid>
      ) : !missing && (meeting.isError || account.isError) ? (
        <ErrorAlert error={meeting.error ?? account.error} />
      ) : (
        <Stack gap="sm" data-testid="meeting-loading">
          <Skeleton h={120} />
          <Skeleton h={200} />
        </Stack>
      )}
    </Stack>
  );
}

/** Archived and completed: each switch saves at once, and says so. */
function StateSwitches({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const update = useUpdateMeeting();
  const change = (input: { state: Meeting['state'] } | { completed: boolean }, done: string) =>
    update.mutate(
      { id: meeting._id, input },
      { onSuccess: () => toastSuccess(t, done), onError: (error) => toastError(t, error) },
    );
  const pending = update.isPending ? update.variables.input : null;
  return (
    <Stack gap="md">
      <Switch
        label={t('meetings.advanced.archived')}
        description={t('meetings.advanced.archivedHint')}
        checked={pending && 'state' in pending ? pending.state === 'archived' : meeting.state === 'archived'}
        disabled={update.isPending}
        onChange={(event) =>
          event.currentTarget.checked
            ? change({ state: 'archived' }, t('meetings.toast.archived'))
            : change({ state: 'active' }, t('meetings.toast.restored'))
        }
      />
      <Switch
        label={t('meetings.advanced.completed')}
        description={t('meetings.advanced.completedHint')}
        checked={pending && 'completed' in pending ? pending.completed === true : meeting.completed}
        disabled={update.isPending}
        onChange={(event) =>
          event.currentTarget.checked
            ? change({ completed: true }, t('meetings.toast.completed'))
            : change({ completed: false }, t('meetings.toast.reopened'))
        }
      />
    </Stack>
  );
}

/** The grid step of the meeting's search, saved on its own. */
function StepForm({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const update = useUpdateMeeting();
  const binding = useContractForm(
    updateMeetingInput,
    { step: meeting.step },
    {
      onSubmit: async (values) => {
        await update.mutateAsync({ id: meeting._id, input: values });
        toastSuccess(t, t('meetings.toast.updated'));
      },
    },
  );
  const { form } = binding;
  return (
    <FormShell binding={binding} submitLabel={t('common.save')}>
      <NumberInput
        label={t('meetings.form.step')}
        description={t('meetings.form.stepHint')}
        min={5}
        max={240}
        step={5}
        allowDecimal={false}
        clampBehavior="none"
        {...form.getInputProps('step')}
        onChange={(step) => form.setFieldValue('step', typeof step === 'number' ? step : Number(step))}
      />
    </FormShell>
  );
}
