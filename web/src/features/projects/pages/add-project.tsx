import { Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
    notifications.show({ color: 'green', message: t('projects.toast.added') });
    await navigate(`/apps/project/${encodeURIComponent(board._id)}`);
  };

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1} fz="h2">
          {t('projects.form.addTitle')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('projects.form.addIntro')}
        </Text>
      </div>
      <Card withBorder padding="lg">
        <ProjectForm
          initialValues={{ name: '', description: '', assignees: [], group: null }}
          submitLabel={t('projects.form.create')}
          pending={create.isPending}
          error={create.error}
          onSubmit={submit}
          onCancel={() => void navigate('/apps/projects')}
        />
      </Card>
    </Stack>
  );
}
