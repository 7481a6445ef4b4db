/**
 * /book/:username/:slug — a user's booking link (D44), open to anyone: the type, a month of days
 * with free times in the visitor's zone (the browser's, changeable), and the form that books one.
 * With `?reschedule={token}` it moves that booking instead: choosing a time and confirming it calls
 * the booking's reschedule, then returns to its manage page.
 */
import { bookInput, type BookingView } from '@cadence/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  useDirection,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { errorMessage } from '../../../lib/api-messages';
import { ApiError } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { useContractForm } from '../../../lib/contract-form';
import { currentLanguage } from '../../../lib/i18n';
import { publicBookingKeys } from '../../../shared/queries/keys';
import {
  bookTime,
  getBookingQueryOptions,
  getPublicTimesQueryOptions,
  rescheduleBooking,
} from '../api/public-booking-api';
import {
  addMonths,
  dayToShow,
  firstDayOfWeek,
  formatBookingTime,
  formatClock,
  formatLongDay,
  formatMonth,
  type Month,
  monthGrid,
  monthRange,
  timesByDay,
  lastBookableMonth,
  todayIn,
  weekdayNames,
} from '../lib/booking-calendar';
import { Brand, type ManageBookingState, TypeSummary, ZoneSelect } from '../lib/public-booking-parts';

/** How far ahead the month arrows go before the type is known: its longest range (365 days). */
const MONTHS_AHEAD = 12;

/** The visitor's details; the rest of the booking comes from the page. */
const detailsSchema = bookInput.pick({ name: true, email: true, note: true, website: true });

/**
 * Whether a refusal means the time is no longer free — taken meanwhile (409) or no longer offered
 * (400 about `start`, which no field of the form shows): say so, and read the times again.
 */
function isTimeGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.body?.fields?.start !== undefined);
}

export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { username = '', slug = '' } = useParams();
  const [search] = useSearchParams();
  const rescheduleToken = search.get('reschedule');
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [timeZone, setTimeZone] = useState(() => browserTimeZone() ?? 'UTC');
  const today = todayIn(timeZone);
  const thisMonth = today.slice(0, 7);
  const [chosenMonth, setMonth] = useState<Month>(thisMonth);
  // A change of zone can make today another day: never show a month wholly past.
  const month = chosenMonth < thisMonth ? thisMonth : chosenMonth;
  const range = monthRange(month, today) ?? { start: today, end: today };
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosenTime, setChosenTime] = useState<string | null>(null);
  // A time taken meanwhile: said above the times, which are read again.
  const [gone, setGone] = useState<unknown>(null);

  const times = useQuery({
    ...getPublicTimesQueryOptions(username, slug, { ...range, timeZone }),
    // The type stays on screen while another month's times load.
    placeholderData: keepPreviousData,
  });
  const booking = useQuery({
    ...getBookingQueryOptions(rescheduleToken ?? ''),
    enabled: rescheduleToken !== null,
  });

  const byDay = useMemo(
    () =>
      times.data && !times.isPlaceholderData ? timesByDay(times.data.data) : new Map<string, string[]>(),
    [times.data, times.isPlaceholderData],
  );
  const shownDay = dayToShow(byDay, chosenDay);

  // Late in a month its last days may offer nothing (the minimum notice): open on the next one, once.
  const advanced = useRef(false);
  const firstRead = times.data && !times.isPlaceholderData;
  const monthEmpty = byDay.size === 0;
  useEffect(() => {
    if (advanced.current || !firstRead) return;
    advanced.current = true;
    if (monthEmpty && month === thisMonth) setMonth(addMonths(thisMonth, 1));
  }, [firstRead, monthEmpty, month, thisMonth]);
  const dayTimes = shownDay ? (byDay.get(shownDay) ?? []) : [];

  const timeGone = async (error: unknown) => {
    setGone(error);
    setChosenTime(null);
    await queryClient.invalidateQueries({ queryKey: publicBookingKeys.all });
  };

  const details = useContractForm(
    detailsSchema,
    { name: '', email: '', note: '', website: '' },
    {
      onSubmit: async (values) => {
        if (!chosenTime) return;
        try {
          const { token } = await bookTime(username, slug, {
            ...values,
            start: chosenTime,
            timeZone,
            language: currentLanguage(),
          });
          const state: ManageBookingState = { done: 'booked' };
          await navigate(`/booking/${encodeURIComponent(token)}`, { state });
        } catch (error) {
          if (!isTimeGone(error)) throw error;
          await timeGone(error);
        }
      },
    },
  );

  const reschedule = useMutation({
    mutationFn: (start: string) => rescheduleBooking(rescheduleToken ?? '', start),
    onSuccess: async (view) => {
      queryClient.setQueryData(publicBookingKeys.booking(rescheduleToken ?? ''), view);
      const state: ManageBookingState = { done: 'rescheduled' };
      await navigate(`/booking/${encodeURIComponent(rescheduleToken ?? '')}`, { state });
    },
    onError: async (error) => {
      if (isTimeGone(error)) await timeGone(error);
    },
  });

  // On a phone the form or the confirmation is below the times: bring it into view.
  const nextStep = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (chosenTime) nextStep.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' });
  }, [chosenTime]);

  const changeMonth = (months: number) => {
    setMonth(addMonths(month, months));
    setChosenDay(null);
    setChosenTime(null);
  };
  const chooseTime = (time: string) => {
    setGone(null);
    reschedule.reset();
    setChosenTime(time === chosenTime ? null : time);
  };

  const type = times.data?.type;
  const notFound = times.error instanceof ApiError && times.error.status === 404;
  const duration = type?.duration ?? 0;
  const whenChosen =
    chosenTime &&
    formatBookingTime(
      chosenTime,
      new Date(Date.parse(chosenTime) + duration * 60_000).toISOString(),
      timeZone,
      language,
    );

  return (
    <Paper withBorder shadow="md" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={920} mt={40}>
      <Stack gap="lg">
        <Brand />
        {times.isPending && <Skeleton height={120} role="status" aria-label={t('bookingPublic.loading')} />}
        {notFound && <NotFound />}
        {times.error && !notFound && <ErrorAlert error={times.error} />}
        {type && (
          <>
            <TypeSummary type={type} />
            {rescheduleToken && (
              <RescheduleNotice
                token={rescheduleToken}
                booking={booking.data}
                error={booking.error}
                timeZone={timeZone}
              />
            )}
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
              <Stack gap="md">
                <MonthCalendar
                  month={month}
                  byDay={byDay}
                  shownDay={shownDay}
                  loading={times.isFetching}
                  canGoBack={month > thisMonth}
                  canGoForward={
                    month <
                    (times.data
                      ? lastBookableMonth(today, times.data.type.rangeDays)
                      : addMonths(thisMonth, MONTHS_AHEAD))
                  }
                  onMonth={changeMonth}
                  onChoose={(day) => {
                    setChosenDay(day);
                    setChosenTime(null);
                  }}
                />
                <ZoneSelect
                  value={timeZone}
                  onChange={(zone) => {
                    setTimeZone(zone);
                    setChosenDay(null);
                    setChosenTime(null);
                  }}
                />
              </Stack>
              <Stack gap="md">
                {gone !== null && (
                  <Alert color="red" role="alert">
                    {errorMessage(t, gone)}
                  </Alert>
                )}
                <DayTimes
                  day={shownDay}
                  times={dayTimes}
                  loading={times.isFetching && byDay.size === 0}
                  chosen={chosenTime}
                  timeZone={timeZone}
                  onChoose={chooseTime}
                />
                <div ref={nextStep}>
                  {chosenTime && whenChosen && !rescheduleToken && (
                    <Stack gap="sm">
                      <Title order={2} fz="h4">
                        {t('bookingPublic.details')}
                      </Title>
                      <Text size="sm">
                        <bdi>{whenChosen}</bdi> ({timeZone})
                      </Text>
                      <FormShell binding={details} submitLabel={t('bookingPublic.confirm')} wide>
                        <TextInput
                          label={t('bookingPublic.name')}
                          required
                          autoComplete="name"
                          maxLength={100}
                          {...details.form.getInputProps('name')}
                        />
                        <TextInput
                          label={t('bookingPublic.email')}
                          required
                          type="email"
                          autoComplete="email"
                          {...details.form.getInputProps('email')}
                        />
                        <Textarea
                          label={t('bookingPublic.note')}
                          description={t('bookingPublic.noteHint')}
                          autosize
                          minRows={2}
                          maxRows={6}
                          maxLength={2000}
                          {...details.form.getInputProps('note')}
                        />
                        <Honeypot {...details.form.getInputProps('website')} />
                      </FormShell>
                    </Stack>
                  )}
                  {chosenTime && whenChosen && rescheduleToken && (
                    <Stack gap="sm">
                      <Title order={2} fz="h4">
                        {t('bookingPublic.moveTitle')}
                      </Title>
                      <Text size="sm">
                        <bdi>{whenChosen}</bdi> ({timeZone})
                      </Text>
                      {reschedule.error && !isTimeGone(reschedule.error) && (
                        <ErrorAlert error={reschedule.error} />
                      )}
                      <Button
                        fullWidth
                        loading={reschedule.isPending}
                        disabled={booking.data?.open === false}
                        onClick={() => reschedule.mutate(chosenTime)}
                      >
                        {t('bookingPublic.moveConfirm')}
                      </Button>
                    </Stack>
                  )}
                </div>
              </Stack>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={1} fz="h2">
        {t('bookingPublic.notFoundTitle')}
      </Title>
      <Text>{t('bookingPublic.notFound')}</Text>
    </Stack>
  );
}

/** In reschedule mode: the booking being moved, or why it cannot be. */
function RescheduleNotice({
  token,
  booking,
  error,
  timeZone,
}: {
  token: string;
  booking: BookingView | undefined;
  error: unknown;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  if (error) {
    return (
      <Alert color="red" role="alert">
        {error instanceof ApiError && error.status === 404
          ? t('bookingPublic.bookingNotFound')
          : errorMessage(t, error)}
      </Alert>
    );
  }
  if (!booking) return <Loader size="sm" aria-label={t('bookingPublic.loading')} />;
  return (
    <Stack gap={4}>
      <Alert color={booking.open ? 'violet' : 'red'} role={booking.open ? undefined : 'alert'}>
        {t(booking.open ? 'bookingPublic.moving' : 'bookingPublic.cannotMove', {
          when: formatBookingTime(booking.start, booking.end, timeZone, i18n.language),
        })}
      </Alert>
      <Anchor component={Link} to={`/booking/${encodeURIComponent(token)}`} size="sm">
        {t('bookingPublic.backToBooking')}
      </Anchor>
    </Stack>
  );
}

interface MonthCalendarProps {
  month: Month;
  byDay: ReadonlyMap<string, readonly string[]>;
  shownDay: string | null;
  loading: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  onMonth: (months: number) => void;
  onChoose: (day: string) => void;
}

/** A month as a table of days: the days with free times are buttons, the others plain numbers. */
function MonthCalendar({
  month,
  byDay,
  shownDay,
  loading,
  canGoBack,
  canGoForward,
  onMonth,
  onChoose,
}: MonthCalendarProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const titleId = useId();
  // The arrows point the way the months go: leftwards is back in a left-to-right page only.
  const flip = useDirection().dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const weekStart = firstDayOfWeek(language);
  const shortNames = weekdayNames(language, weekStart);
  const longNames = weekdayNames(language, weekStart, 'long');
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('bookingPublic.previousMonth')}
          disabled={!canGoBack}
          onClick={() => onMonth(-1)}
        >
          <IconChevronLeft size={20} aria-hidden style={flip} />
        </ActionIcon>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} fz="h4" id={titleId} aria-live="polite">
            {formatMonth(month, language)}
          </Title>
          {loading && <Loader size="xs" aria-label={t('bookingPublic.loading')} />}
        </Group>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('bookingPublic.nextMonth')}
          disabled={!canGoForward}
          onClick={() => onMonth(1)}
        >
          <IconChevronRight size={20} aria-hidden style={flip} />
        </ActionIcon>
      </Group>
      <table
        aria-labelledby={titleId}
        style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }}
      >
        <thead>
          <tr>
            {shortNames.map((name, index) => (
              <th key={name} scope="col" abbr={longNames[index]}>
                <Text size="xs" c="dimmed" fw={500}>
                  {name}
                </Text>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month, weekStart).map((week, row) => (
            <tr key={week.find(Boolean) ?? row}>
              {week.map((day, column) => (
                <td key={day ?? `blank-${column}`} style={{ textAlign: 'center', padding: 2 }}>
                  {day && byDay.has(day) ? (
                    <ActionIcon
                      size={40}
                      radius="xl"
                      variant={day === shownDay ? 'filled' : 'light'}
                      aria-pressed={day === shownDay}
                      aria-label={t('bookingPublic.dayWithTimes', { day: formatLongDay(day, language) })}
                      onClick={() => onChoose(day)}
                      fw={700}
                    >
                      {Number(day.slice(8))}
                    </ActionIcon>
                  ) : day ? (
                    <Text size="sm" c="dimmed" lh="40px">
                      {Number(day.slice(8))}
                    </Text>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Stack>
  );
}

interface DayTimesProps {
  day: string | null;
  times: readonly string[];
  loading: boolean;
  chosen: string | null;
  timeZone: string;
  onChoose: (time: string) => void;
}

/** The free times of the day shown, as buttons in the visitor's zone. */
function DayTimes({ day, times, loading, chosen, timeZone, onChoose }: DayTimesProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {day ? formatLongDay(day, language) : t('bookingPublic.times')}
      </Title>
      {loading ? (
        <Skeleton height={80} />
      ) : times.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('bookingPublic.noTimes')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" role="group" aria-label={t('bookingPublic.times')}>
          {times.map((time) => (
            <Button
              key={time}
              variant={time === chosen ? 'filled' : 'outline'}
              aria-pressed={time === chosen}
              onClick={() => onChoose(time)}
              px="xs"
            >
              {formatClock(time, timeZone, language)}
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/**
 * A field people leave empty and form-filling robots do not (D44): hidden from sight, from screen
 * readers and from the Tab key, and never filled in by the browser.
 */
function Honeypot(props: { value?: string; onChange?: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const id = useId();
  return (
    <div
      aria-hidden
      style={{ position: 'absolute', insetInlineStart: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
    >
      <label htmlFor={id}>Website</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={props.value ?? ''}
        onChange={props.onChange}
      />
    </div>
  );
}
