import { Card, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/list-page';
import { toastSuccess } from '../../../lib/toast';
import { useCreateBoard } from '../api/projects-api';
import { ProjectForm, type ProjectFormValues } from '../components/project-form';

/** /project/add-project: a new board, shared with friends or a group; then its board opens. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateBoard();

  const submit = async (values: ProjectFormValues) => {
    const board = await create.mutateAsync({
      name: values.name.trim(),
      description: values.description.trim(),
      assignees: values.assignees,
      ...(values.group ? { group: values.group } : {}),
    });
    toastSuccess(t, t('projects.toast.added'));
    await navigate(`/apps/project/${encodeURIComponent(board._id)}`);
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('projects.form.addTitle')} intro={t('projects.form.addIntro')} />
      <Card withBorder padding="lg">
        <ProjectForm
          initialValues={{ name: '', description: '', assignees: [], group: null }}
          submitLabel={t('projects.form.create')}
          onSubmit={submit}
          onCancel={() => void navigate('/apps/projects')}
        />
      </Card>
    </Stack>
  );
}
