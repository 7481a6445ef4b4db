import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/error-alert';
import { getCurrentUserQueryOptions } from '../../lib/auth';
import { useSessionUser } from '../../lib/session';

/** The first page after login: a greeting; the charts arrive with the features they show. */
export function Component() {
  const { t } = useTranslation();
  const stored = useSessionUser();
  const current = useQuery(getCurrentUserQueryOptions());
  const user = current.data?.userData ?? stored;

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('dashboard.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Text c="dimmed" size="sm">
            {t('dashboard.greetingLead')}
          </Text>
          <Title order={2} fz="h3" data-testid="greeting">
            {t('dashboard.greeting', { name: user?.fullName ?? '' })}
          </Title>
          <Text mt="sm">{t('dashboard.intro')}</Text>
        </Card>
        <Card withBorder padding="lg">
          <Text fw={600} mb="xs">
            {t('dashboard.account')}
          </Text>
          {current.isPending ? (
            <Skeleton h={60} />
          ) : current.isError ? (
            <ErrorAlert error={current.error} />
          ) : (
            <Stack gap={4}>
              <Text size="sm">@{current.data.userData.username}</Text>
              <Text size="sm">{current.data.userData.email}</Text>
              <Group gap="xs">
                <Badge variant="light">{t(`roles.${current.data.userData.role}`)}</Badge>
                {current.data.operator && <Badge color="grape">{t('dashboard.operator')}</Badge>}
              </Group>
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
