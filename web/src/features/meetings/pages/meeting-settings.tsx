/**
 * /apps/meetings/:id (spec part 2, D24): a meeting's general settings, for its organiser — the
 * add form filled in, whose search leaves the meeting's own time free so that it can be re-planned.
 * Anyone else, and an id that does not exist, gets the 404 page.
 */
import type { Meeting } from '@cadence/contract';
import { Button, Card, Group, Stack } from '@mantine/core';
import { IconAdjustments, IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/list-page';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { useUpdateMeeting } from '../api/meetings-api';
import { MeetingForm, MeetingFormSkeleton, type MeetingFormValues } from '../components/meeting-form';
import { useMeeting } from '../lib/use-meeting';

function valuesOf(meeting: Meeting): MeetingFormValues {
  return {
    name: meeting.name,
    description: meeting.description,
    duration: meeting.duration,
    startDate: meeting.startDate,
    endDate: meeting.endDate,
    link: meeting.link,
    invitees: meeting.invitations.map((invitation) => invitation.user),
    groups: [],
    time: meeting.time,
    step: meeting.step,
    outsideWorkingHours: false,
  };
}

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const me = useSessionUser();
  const { meeting, missing } = useMeeting(id, { organiserOnly: true });
  const account = useQuery({ ...getAccountQueryOptions(), enabled: me !== null });
  const update = useUpdateMeeting();
  const timeZone = account.data?.timeZone;
  const current = missing ? undefined : meeting.data;

  const submit = async (values: MeetingFormValues) => {
    if (!current) return;
    await update.mutateAsync({ id: current._id, input: values });
    toastSuccess(t, t('meetings.toast.updated'));
    await navigate('/apps/meetings');
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('meetings.settings.title')}
        intro={current?.name ?? t('meetings.settings.intro')}
      />
      {current && (
        <Group gap="xs">
          <Button
            component={Link}
            to={`/apps/meetings/advanced/${current._id}`}
            variant="default"
            leftSection={<IconAdjustments size={16} />}
          >
            {t('meetings.actions.advanced')}
          </Button>
          <Button
            component={Link}
            to={`/apps/meetings/preview?id=${current._id}`}
            variant="default"
            leftSection={<IconEye size={16} />}
          >
            {t('meetings.actions.preview')}
          </Button>
        </Group>
      )}
      <Card withBorder padding="lg">
        {current && timeZone ? (
          <MeetingForm
            key={current._id}
            initialValues={valuesOf(current)}
            meetingId={current._id}
            invited={current.invitations.map((invitation) => invitation.person)}
            timeZone={timeZone}
            submitLabel={t('common.save')}
            onSubmit={submit}
            onCancel={() => void navigate('/apps/meetings')}
          />
        ) : !missing && (meeting.isError || account.isError) ? (
          <ErrorAlert error={meeting.error ?? account.error} />
        ) : (
          <MeetingFormSkeleton />
        )}
      </Card>
    </Stack>
  );
}
