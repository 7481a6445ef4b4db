/**
 * /apps/meetings/add-meeting (spec part 2, D23, D24): a new meeting, with its start time picked
 * among the times when I and everyone I invite are free, or none yet. Saved, it goes to the list.
 */
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/list-page';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useCreateMeeting } from '../api/meetings-api';
import {
  MeetingForm,
  MeetingFormSkeleton,
  type MeetingFormValues,
  newMeetingValues,
} from '../components/meeting-form';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSessionUser();
  const account = useQuery({ ...getAccountQueryOptions(), enabled: me !== null });
  const create = useCreateMeeting();
  const timeZone = account.data?.timeZone;

  const submit = async (values: MeetingFormValues) => {
    await create.mutateAsync(values);
    toastSuccess(t, t('meetings.toast.added'));
    await navigate('/apps/meetings');
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('meetings.add.title')} intro={t('meetings.add.intro')} />
      <Card withBorder padding="lg">
        {timeZone ? (
          <MeetingForm
            initialValues={newMeetingValues(timeZone)}
            timeZone={timeZone}
            submitLabel={t('meetings.form.save')}
            onSubmit={submit}
            onCancel={() => void navigate('/apps/meetings')}
          />
        ) : account.isError ? (
          <ErrorAlert error={account.error} />
        ) : (
          <MeetingFormSkeleton />
        )}
      </Card>
    </Stack>
  );
}
