/**
 * The times when everyone is free (D23, D33), grouped by my days: one click picks a start time,
 * a second click on it lets it go. The search follows the form, a moment after the last keystroke.
 * With none, it says why and offers the nearest times outside working hours (marked as such).
 */
import { type AvailableTimesInput, type NoTimesReason, OUTSIDE_WORKING_HOURS_MAX } from '@cadence/contract';
import { Alert, Button, Group, Loader, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { getAvailableTimesQueryOptions } from '../api/meetings-api';
import {
  formatClock,
  formatDayHeading,
  formatMeetingTime,
  todayIn,
  upcomingTimes,
} from '../lib/meeting-times';
import { durationLabel } from './meeting-labels';

/** Why no time is within everyone's working hours, said to one searching alone or with others. */
const reasonLabels = {
  noCommonWorkingHours: {
    alone: 'meetings.times.reason.noWorkingHoursAlone',
    together: 'meetings.times.reason.noCommonWorkingHours',
  },
  allBusy: { alone: 'meetings.times.reason.busyAlone', together: 'meetings.times.reason.allBusy' },
} as const satisfies Record<NoTimesReason, { alone: string; together: string }>;

/** How many days show at first, and how many more each "Show more days" adds. */
const DAYS_PER_PAGE = 7;
const SEARCH_DELAY_MS = 300;

interface AvailableTimesProps {
  /** The search, or null while the form's duration and dates are not valid. */
  input: AvailableTimesInput | null;
  /** The chosen start instant, or null. */
  value: string | null;
  onChange: (time: string | null) => void;
  duration: number;
  /** The account's time zone, in which the days and times read. */
  timeZone: string;
  /** The server's message about the chosen time (such as a time taken meanwhile). */
  error?: string;
  /** Whether the search offers the nearest times outside working hours when none is within them. */
  outsideWorkingHours: boolean;
  onOutsideWorkingHoursChange: (outside: boolean) => void;
}

export function AvailableTimes({
  input,
  value,
  onChange,
  duration,
  timeZone,
  error,
  outsideWorkingHours,
  onOutsideWorkingHoursChange,
}: AvailableTimesProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // The same search written the same way waits once, whatever object the form built this render.
  const [searchKey] = useDebouncedValue(input ? JSON.stringify(input) : null, SEARCH_DELAY_MS);
  const search = useMemo(
    () => (searchKey ? (JSON.parse(searchKey) as AvailableTimesInput) : null),
    [searchKey],
  );
  const times = useQuery({
    ...getAvailableTimesQueryOptions(search ?? ({} as AvailableTimesInput)),
    enabled: search !== null,
  });
  const [shownDays, setShownDays] = useState(DAYS_PER_PAGE);
  const headingId = useId();

  // Times already past (today's morning, when the search starts today) are not offered.
  const answer = times.data;
  const days = useMemo(() => (answer ? upcomingTimes(answer.data, Date.now()) : undefined), [answer]);
  const zone = times.data?.timeZone ?? timeZone;
  const thisYear = todayIn(zone).slice(0, 4);
  const offered = days?.some((day) => day.times.some((time) => sameInstant(time, value))) ?? false;
  const alone = (input?.invitees.length ?? 0) + (input?.groups.length ?? 0) === 0;
  const outsideBy = days && days.length > 0 ? answer?.outsideWorkingHoursBy : undefined;
  const end = value ? new Date(Date.parse(value) + duration * 60_000).toISOString() : null;

  let body;
  if (!input) {
    body = <Text c="dimmed">{t('meetings.times.incomplete')}</Text>;
  } else if (!days) {
    body = times.error ? (
      <ErrorAlert error={times.error} />
    ) : (
      <Stack gap="xs" data-testid="times-loading">
        <Skeleton h={20} w="40%" />
        <Skeleton h={30} />
        <Skeleton h={20} w="40%" />
        <Skeleton h={30} />
      </Stack>
    );
  } else if (days.length === 0) {
    const reason = answer?.reason;
    body = (
      <Stack gap="xs" align="flex-start" data-testid="no-times">
        <Text c="dimmed">{t('meetings.times.none')}</Text>
        {reason && (
          <Text size="sm">
            {outsideWorkingHours
              ? t('meetings.times.noneOutside', { duration: durationLabel(t, OUTSIDE_WORKING_HOURS_MAX) })
              : t(reasonLabels[reason][alone ? 'alone' : 'together'])}
          </Text>
        )}
        {reason && !outsideWorkingHours && (
          <Button variant="light" size="compact-sm" onClick={() => onOutsideWorkingHoursChange(true)}>
            {t('meetings.times.searchOutside')}
          </Button>
        )}
      </Stack>
    );
  } else {
    // The days scroll on their own, so that the form's buttons stay in reach.
    body = (
      <ScrollArea.Autosize mah={560} type="auto" offsetScrollbars>
        <Stack gap="md" data-testid="available-times" aria-busy={times.isFetching}>
          <ErrorAlert error={times.isError ? times.error : null} />
          {days.slice(0, shownDays).map((day) => (
            <DayTimes
              key={day.date}
              heading={formatDayHeading(day.date, language, thisYear)}
              times={day.times}
              value={value}
              onPick={(time) => onChange(sameInstant(time, value) ? null : time)}
              label={(time) => formatClock(time, zone, language)}
            />
          ))}
          {days.length > shownDays && (
            <Button variant="subtle" onClick={() => setShownDays((shown) => shown + DAYS_PER_PAGE)}>
              {t('meetings.times.more', { count: days.length - shownDays })}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="sm" role="region" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="h4" id={headingId}>
          {t('meetings.times.title')}
        </Title>
        {times.isFetching && days && <Loader size="xs" aria-label={t('meetings.times.searching')} />}
      </Group>
      <Text size="sm" c="dimmed">
        {t('meetings.times.zone', { timeZone: zone })}
      </Text>
      <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="chosen-time">
        <Text fw={500}>
          {value ? (
            <bdi>{t('meetings.times.chosen', { time: formatMeetingTime(value, end, zone, language) })}</bdi>
          ) : (
            t('meetings.time.none')
          )}
        </Text>
        {value && (
          <Button variant="subtle" size="compact-sm" onClick={() => onChange(null)}>
            {t('meetings.times.clear')}
          </Button>
        )}
      </Group>
      {outsideBy !== undefined && (
        <Alert color="yellow" icon={<IconClockExclamation size={18} />} data-testid="outside-working-hours">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('meetings.times.outside', { duration: durationLabel(t, outsideBy) })}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              px={0}
              onClick={() => onOutsideWorkingHoursChange(false)}
            >
              {t('meetings.times.onlyWorkingHours')}
            </Button>
          </Stack>
        </Alert>
      )}
      {value && days && !offered && !times.isFetching && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('meetings.times.notOffered')}
        </Alert>
      )}
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {body}
    </Stack>
  );
}

/** Two ISO strings for the same instant, whatever their precision. */
function sameInstant(a: string, b: string | null): boolean {
  return b !== null && Date.parse(a) === Date.parse(b);
}

interface DayTimesProps {
  heading: string;
  times: string[];
  value: string | null;
  onPick: (time: string) => void;
  label: (time: string) => string;
}

function DayTimes({ heading, times, value, onPick, label }: DayTimesProps) {
  const headingId = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={headingId}>
      <Title order={3} fz="sm" fw={600} id={headingId} tt="capitalize">
        {heading}
      </Title>
      <Group gap={6}>
        {times.map((time) => {
          const picked = sameInstant(time, value);
          return (
            <Button
              key={time}
              size="compact-sm"
              variant={picked ? 'filled' : 'default'}
              aria-pressed={picked}
              onClick={() => onPick(time)}
              data-time={time}
            >
              <bdi>{label(time)}</bdi>
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}
