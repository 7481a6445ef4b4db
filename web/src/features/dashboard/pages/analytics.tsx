/**
 * /dashboard/analytics, the first page after login: a greeting and the account, then the
 * user's own work from one call — tasks and those completed per week, goals, what comes next,
 * what waits for an answer and the boards changed last — each card linked to its page.
 */
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { getCurrentUserQueryOptions } from '../../../lib/auth';
import { useSessionUser } from '../../../lib/session';
import { getDashboardQueryOptions } from '../api/dashboard-api';
import {
  BoardsCard,
  ChartCard,
  GoalsCard,
  RequestsCard,
  TasksCard,
  UpcomingCard,
} from '../components/dashboard-cards';

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
      {user && <MyWork userId={user._id} />}
    </Stack>
  );
}

function MyWork({ userId }: { userId: string }) {
  const dashboard = useQuery(getDashboardQueryOptions(userId));
  const data = dashboard.data;

  if (!data) {
    return dashboard.error ? (
      <ErrorAlert error={dashboard.error} />
    ) : (
      <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="dashboard-loading">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} h={220} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="lg" data-testid="dashboard">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TasksCard tasks={data.tasks} />
        <ChartCard weeks={data.tasks.completedPerWeek} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <GoalsCard goals={data.goals} />
        <UpcomingCard upcoming={data.upcoming} timeZone={data.timeZone} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RequestsCard requests={data.requests} />
        <BoardsCard boards={data.boards} timeZone={data.timeZone} />
      </SimpleGrid>
    </Stack>
  );
}
