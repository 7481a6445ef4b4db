/**
 * The dashboard's cards: each titled, linked to its page, and, when it has nothing to show, saying
 * how to start with a link there.
 */
import type { Dashboard, GoalStatus } from '@cadence/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../../../lib/format-day';
import { formatInstant, formatSpan } from '../lib/formats';
import { CompletedChart } from './completed-chart';
import classes from './dashboard.module.css';

interface CardLink {
  label: string;
  to: string;
}

function DashboardCard(props: { title: string; link: CardLink; testId: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="h4">
            {props.title}
          </Title>
          <Anchor className={classes.link} component={Link} to={props.link.to} size="sm">
            {props.link.label}
          </Anchor>
        </Group>
        {props.children}
      </Stack>
    </Card>
  );
}

function CardEmpty({ title, hint, actions }: { title: string; hint: string; actions: CardLink[] }) {
  return (
    <Stack gap="xs" align="flex-start" data-testid="card-empty">
      <Text fw={500}>{title}</Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Group gap="xs">
        {actions.map((action) => (
          <Button key={action.to} component={Link} to={action.to} variant="light" size="xs">
            {action.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/** Figures with their labels, as a description list. */
function Figures({ figures }: { figures: Array<{ label: string; value: number; testId: string }> }) {
  return (
    <SimpleGrid component="dl" cols={2} m={0} spacing="sm">
      {figures.map((figure) => (
        <Box key={figure.testId}>
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2} data-testid={figure.testId}>
            {figure.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function TasksCard({ tasks }: { tasks: Dashboard['tasks'] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.tasks.title')}
      link={{ label: t('dashboard.tasks.link'), to: '/apps/todo' }}
      testId="tasks-card"
    >
      {tasks.open + tasks.completed === 0 ? (
        <CardEmpty
          title={t('dashboard.tasks.empty')}
          hint={t('dashboard.tasks.emptyHint')}
          actions={[{ label: t('dashboard.tasks.start'), to: '/apps/todo' }]}
        />
      ) : (
        <Figures
          figures={[
            { label: t('dashboard.tasks.open'), value: tasks.open, testId: 'tasks-open' },
            { label: t('dashboard.tasks.completed'), value: tasks.completed, testId: 'tasks-completed' },
            { label: t('dashboard.tasks.overdue'), value: tasks.overdue, testId: 'tasks-overdue' },
            { label: t('dashboard.tasks.dueToday'), value: tasks.dueToday, testId: 'tasks-due-today' },
          ]}
        />
      )}
    </DashboardCard>
  );
}

export function ChartCard({ weeks }: { weeks: Dashboard['tasks']['completedPerWeek'] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.chart.title')}
      link={{ label: t('dashboard.chart.link'), to: '/apps/todo/completed' }}
      testId="chart-card"
    >
      {weeks.every((week) => week.count === 0) ? (
        <CardEmpty
          title={t('dashboard.chart.empty')}
          hint={t('dashboard.chart.emptyHint')}
          actions={[{ label: t('dashboard.chart.start'), to: '/apps/todo' }]}
        />
      ) : (
        <CompletedChart weeks={weeks} />
      )}
    </DashboardCard>
  );
}

const statusLabels: Record<GoalStatus, string> = {
  open: 'dashboard.goals.open',
  progress: 'dashboard.goals.inProgress',
  done: 'dashboard.goals.done',
};
const statusColors: Record<GoalStatus, string> = { open: 'gray', progress: 'blue', done: 'green' };

export function GoalsCard({ goals }: { goals: Dashboard['goals'] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.goals.title')}
      link={{ label: t('dashboard.goals.link'), to: '/apps/objectifs' }}
      testId="goals-card"
    >
      {goals.length === 0 ? (
        <CardEmpty
          title={t('dashboard.goals.empty')}
          hint={t('dashboard.goals.emptyHint')}
          actions={[{ label: t('dashboard.goals.start'), to: '/apps/objectifs' }]}
        />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {goals.map((goal) => (
            <Stack key={goal._id} gap={6} component="li" data-testid="dashboard-goal">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {goal.title}
                </Text>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{goal.progress}%</Text>
                  <Badge variant="dot" color={statusColors[goal.status]}>
                    {t(statusLabels[goal.status])}
                  </Badge>
                </Group>
              </Group>
              <Progress.Root size="md">
                <Progress.Section
                  value={goal.progress}
                  color={goal.status === 'done' ? 'green' : 'blue'}
                  aria-label={t('dashboard.goals.progress', { title: goal.title, progress: goal.progress })}
                />
              </Progress.Root>
            </Stack>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

export function UpcomingCard({ upcoming, timeZone }: { upcoming: Dashboard['upcoming']; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <DashboardCard
      title={t('dashboard.upcoming.title')}
      link={{ label: t('dashboard.upcoming.link'), to: '/apps/calendar' }}
      testId="upcoming-card"
    >
      {upcoming.length === 0 ? (
        <CardEmpty
          title={t('dashboard.upcoming.empty')}
          hint={t('dashboard.upcoming.emptyHint')}
          actions={[
            { label: t('dashboard.upcoming.start'), to: '/apps/calendar' },
            { label: t('dashboard.upcoming.meetings'), to: '/apps/meetings/add-meeting' },
          ]}
        />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {upcoming.map((entry) => (
            <Group
              key={`${entry.kind}-${entry.id}-${entry.start}`}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              data-testid="dashboard-upcoming"
            >
              <Box miw={0}>
                <Anchor
                  className={classes.link}
                  component={Link}
                  to={entry.kind === 'meeting' ? '/apps/meetings' : '/apps/calendar'}
                  size="sm"
                  fw={500}
                >
                  {entry.title}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {entry.allDay ? (
                    t('dashboard.upcoming.allDay', { day: formatDay(entry.start.slice(0, 10), language) })
                  ) : (
                    <bdi>{formatSpan(entry.start, entry.end, language, timeZone)}</bdi>
                  )}
                </Text>
              </Box>
              <Badge variant="light" color={entry.kind === 'meeting' ? 'grape' : 'blue'}>
                {entry.kind === 'meeting' ? t('dashboard.upcoming.meeting') : t('dashboard.upcoming.event')}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}

export function RequestsCard({ requests }: { requests: Dashboard['requests'] }) {
  const { t } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.requests.title')}
      link={{ label: t('dashboard.requests.link'), to: '/apps/requests' }}
      testId="requests-card"
    >
      {requests.friendRequests + requests.meetingInvitations === 0 ? (
        <CardEmpty
          title={t('dashboard.requests.empty')}
          hint={t('dashboard.requests.emptyHint')}
          actions={[{ label: t('dashboard.requests.start'), to: '/friends' }]}
        />
      ) : (
        <Figures
          figures={[
            {
              label: t('dashboard.requests.friendRequests'),
              value: requests.friendRequests,
              testId: 'requests-friends',
            },
            {
              label: t('dashboard.requests.meetingInvitations'),
              value: requests.meetingInvitations,
              testId: 'requests-meetings',
            },
          ]}
        />
      )}
    </DashboardCard>
  );
}

export function BoardsCard({ boards, timeZone }: { boards: Dashboard['boards']; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <DashboardCard
      title={t('dashboard.boards.title')}
      link={{ label: t('dashboard.boards.link'), to: '/apps/projects' }}
      testId="boards-card"
    >
      {boards.length === 0 ? (
        <CardEmpty
          title={t('dashboard.boards.empty')}
          hint={t('dashboard.boards.emptyHint')}
          actions={[{ label: t('dashboard.boards.start'), to: '/project/add-project' }]}
        />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {boards.map((board) => (
            <Box key={board._id} component="li" data-testid="dashboard-board">
              <Anchor
                className={classes.link}
                component={Link}
                to={`/apps/project/${board._id}`}
                size="sm"
                fw={500}
              >
                {board.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('dashboard.boards.changed', {
                  when: formatInstant(board.updatedAt, i18n.language, timeZone),
                })}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </DashboardCard>
  );
}
