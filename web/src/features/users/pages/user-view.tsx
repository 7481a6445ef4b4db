import { Avatar, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { getCurrentUserQueryOptions } from '../../../lib/auth';
import { getUserQueryOptions } from '../api/users-api';
import { roleLabels } from '../lib/role-labels';

export function Component() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const user = useQuery(getUserQueryOptions(id));
  const current = useQuery(getCurrentUserQueryOptions());
  if (user.error instanceof ApiError && (user.error.status === 404 || user.error.status === 400)) {
    return <Navigate to="/error-404" replace />;
  }
  const canEdit = current.data && (current.data.operator || current.data.userData._id === id);

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('users.view.title')}
      </Title>
      {user.isPending ? (
        <Skeleton h={200} />
      ) : user.isError ? (
        <ErrorAlert error={user.error} />
      ) : (
        <Card withBorder padding="xl">
          <Group align="flex-start" gap="xl">
            <Avatar src={user.data.avatar} size={96} radius="md" alt="" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Title order={2} fz="h3">
                {user.data.fullName}
              </Title>
              <Text c="dimmed">@{user.data.username}</Text>
              {user.data.role && (
                <Group gap="xs">
                  <Badge variant="light">{t(roleLabels[user.data.role])}</Badge>
                  <Badge color={user.data.active ? 'green' : 'gray'} variant="light">
                    {t(user.data.active ? 'users.state.active' : 'users.state.inactive')}
                  </Badge>
                </Group>
              )}
              {user.data.bio && <Text mt="sm">{user.data.bio}</Text>}
              <Text size="sm">
                {t('users.fields.company')}: {user.data.company || '—'} · {t('users.fields.city')}:{' '}
                {user.data.city || '—'} · {t('users.fields.country')}: {user.data.country || '—'}
              </Text>
              <Text size="sm" c="dimmed">
                {t('users.view.memberSince', {
                  date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                    new Date(user.data.createdAt),
                  ),
                })}
              </Text>
            </Stack>
            {canEdit && (
              <Button component={Link} to={`/apps/users/edit/${id}`} variant="light">
                {t('users.view.edit')}
              </Button>
            )}
          </Group>
        </Card>
      )}
    </Stack>
  );
}
