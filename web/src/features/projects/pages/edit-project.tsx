import type { UpdateBoardInput } from '@cadence/contract';
import { Alert, Card, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/list-page';
import { ApiError } from '../../../lib/api-client';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import { getBoardQueryOptions, useUpdateBoard } from '../api/projects-api';
import { ProjectForm, type ProjectFormValues } from '../components/project-form';

/** /project/edit-project?id={boardId}: the owner changes a board's name, description and members. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useSessionUser();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = /^[1-9][0-9]{0,9}$/.test(id);
  const board = useQuery({ ...getBoardQueryOptions(id), enabled: valid && me !== null });
  const update = useUpdateBoard();
  const missing =
    !valid || (board.error instanceof ApiError && (board.error.status === 404 || board.error.status === 400));

  useEffect(() => {
    if (missing) void navigate('/error-404', { replace: true });
  }, [missing, navigate]);

  const current = board.data?.data;
  const owner = current !== undefined && current.user === me?._id;

  const submit = async (values: ProjectFormValues) => {
    if (!current) return;
    const input: UpdateBoardInput = {
      name: values.name.trim(),
      description: values.description.trim(),
      memberIds: values.assignees,
      ...(values.group ? { group: values.group } : {}),
    };
    await update.mutateAsync({ id: current._id, input });
    toastSuccess(t, t('projects.toast.updated'));
    await navigate(`/apps/project/${encodeURIComponent(current._id)}`);
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('projects.form.editTitle')} intro={t('projects.form.editIntro')} />
      <Card withBorder padding="lg">
        {current && !owner ? (
          <Alert color="yellow" role="alert">
            {t('api.projects.ownerOnly')}
          </Alert>
        ) : current ? (
          <ProjectForm
            key={`${current._id}:${current.updatedAt}`}
            initialValues={{
              name: current.name,
              description: current.description,
              assignees: current.members
                .filter((member) => member._id !== current.user)
                .map((member) => member._id),
              group: null,
            }}
            currentMembers={current.members}
            submitLabel={t('projects.form.save')}
            onSubmit={submit}
            onCancel={() => void navigate(`/apps/project/${encodeURIComponent(current._id)}`)}
          />
        ) : board.isError && !missing ? (
          <ErrorAlert error={board.error} />
        ) : (
          <Stack gap="sm" data-testid="project-loading">
            <Skeleton h={36} />
            <Skeleton h={80} />
            <Skeleton h={36} />
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
