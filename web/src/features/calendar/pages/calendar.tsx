/**
 * /apps/calendar (spec parts 2, 3, 7; D31): my events and those I am a guest of, in month, week,
 * day and list views (the view and its days kept in the address), in my time zone (the account's).
 * The sidebar adds an event, opens a day from its small month (today marked in my zone) and filters
 * by category; a click on a day or a slot adds an event there, a click on an event opens it in the
 * drawer; the owner drags and resizes events (optimistic), guests only look; a deletion goes at once,
 * with Undo in its toast.
 */
import {
  type CalendarEvent,
  type CreateEventForm,
  createEventInput,
  EVENT_TITLE_MAX,
  type EventCategory,
  eventCategories,
} from '@cadence/contract';
import { useCalendarController } from '@fullcalendar/react';
import { Alert, Card, Grid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { PageHeader } from '../../../components/list-page';
import { type QuickAddKeys, QuickAddForm } from '../../../components/quick-add-form';
import type { QuickAddWhen } from '../../../lib/quick-add';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { useSessionUser } from '../../../lib/session';
import { toastSuccess } from '../../../lib/toast';
import {
  type CalendarRange,
  getEventsQueryOptions,
  useCreateEvent,
  useDeleteEvent,
  useMoveEvent,
} from '../api/calendar-api';
import { CalendarSidebar } from '../components/calendar-sidebar';
import { CalendarView } from '../components/calendar-view';
import { EventDrawer } from '../components/event-form';
import { asksScope, useScopeQuestion } from '../components/scope-dialog';
import { type EventDraft, nextHourDraft } from '../lib/event-form';
import { addDays, HOUR_MS, toWallTime } from '../lib/event-times';

type Editing = { event: CalendarEvent | null; draft: EventDraft } | null;

/** The quick add checks its one field as the contract does; the times come from the words. */
const quickAddSchema = createEventInput.pick({ title: true });

/** The quick add reads the start in words (D47). */
const quickAddKeys: QuickAddKeys = {
  label: 'calendar.quickAdd.label',
  placeholder: 'calendar.quickAdd.placeholder',
  submit: 'calendar.quickAdd.submit',
  reading: 'calendar.quickAdd.starts',
  from: 'calendar.quickAdd.from',
  keep: 'calendar.quickAdd.keep',
  kept: 'calendar.quickAdd.kept',
  readDate: 'calendar.quickAdd.readDate',
  unread: 'calendar.quickAdd.unread',
  readAs: 'calendar.quickAdd.readAs',
};

/**
 * A quick add's event: at the time read, as long as the drawer's new event (an hour); a day read
 * alone is that all-day day; no date read, the drawer's default (the next full hour).
 */
function quickEvent(title: string, when: QuickAddWhen | null, timeZone: string): CreateEventForm {
  if (when?.allDay) return { title, allDay: true, start: when.date, end: addDays(when.date, 1) };
  const { start, end } = when
    ? { start: when.start, end: new Date(Date.parse(when.start) + HOUR_MS).toISOString() }
    : nextHourDraft(timeZone);
  return { title, allDay: false, start, end };
}

export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const meId = me?._id ?? '';
  // Not after signing out: the page is about to go, and the server would refuse.
  const account = useQuery({ ...getAccountQueryOptions(), enabled: Boolean(me) });
  const timeZone = account.data?.timeZone;
  const [range, setRange] = useState<CalendarRange | null>(null);
  const events = useQuery({
    ...getEventsQueryOptions(meId, range ?? { start: '', end: '' }),
    enabled: Boolean(me && range),
  });
  const move = useMoveEvent();
  const scopeQuestion = useScopeQuestion();
  const remove = useDeleteEvent();
  const create = useCreateEvent();
  const controller = useCalendarController();
  const miniController = useCalendarController();
  const [shown, setShown] = useState<Set<EventCategory>>(() => new Set(eventCategories));
  const [editing, setEditing] = useState<Editing>(null);
  // D45: `?date=YYYY-MM-DD` (a notification's link) opens that day, once the calendar has drawn.
  // The view and its first day are kept in the address too (`?view=week&date=…`), so that a reload,
  // a bookmark or a shared link shows the same days, as Google Calendar's address does; each tab
  // keeps its own. Written once the person moves from the days first drawn, so a plain visit keeps
  // a plain address.
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const [initialDate] = useState(() => (date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined));
  const opened = useRef<string | null>(null);
  const firstDrawn = useRef<string | null>(null);
  const [drawnView, setDrawnView] = useState<{ view: string; current: string } | null>(null);
  const drawn = range !== null;
  useEffect(() => {
    if (!drawn || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || opened.current === date) return;
    opened.current = date;
    controller.gotoDate(date);
  }, [controller, date, drawn]);
  useEffect(() => {
    if (!drawnView) return;
    const { view, current } = drawnView;
    firstDrawn.current ??= `${view} ${current}`;
    if (firstDrawn.current === `${view} ${current}` && !params.has('view')) return;
    if (params.get('view') === view && params.get('date') === current) return;
    opened.current = current;
    setParams(
      (previous) => {
        const address = new URLSearchParams(previous);
        address.set('view', view);
        address.set('date', current);
        return address;
      },
      { replace: true },
    );
  }, [drawnView, params, setParams]);
  // `&event=<id>` with it (a notification's link): that event's details open once the days around
  // the date are read — of a repeating event, its occurrence on that day; closing them takes the
  // event out of the address.
  const eventInAddress = params.get('event');
  const shownEvent = useRef<string | null>(null);
  const loaded = range && !events.isPlaceholderData ? events.data : undefined;
  useEffect(() => {
    if (!eventInAddress || shownEvent.current === eventInAddress || !loaded || !range || !timeZone) return;
    if (date && (date < range.start || date >= range.end)) return;
    const matches = loaded.data.filter((event) => event._id === eventInAddress);
    if (matches.length === 0) return;
    const dayOf = (event: CalendarEvent) =>
      event.allDay ? event.start.slice(0, 10) : toWallTime(event.start, timeZone).date;
    const occurrence = matches.find((event) => dayOf(event) === date) ?? matches[0]!;
    shownEvent.current = eventInAddress;
    setEditing({ event: occurrence, draft: occurrence });
  }, [eventInAddress, loaded, range, date, timeZone]);
  const closeEditing = () => {
    setEditing(null);
    if (!eventInAddress) return;
    shownEvent.current = null;
    setParams(
      (previous) => {
        const address = new URLSearchParams(previous);
        address.delete('event');
        return address;
      },
      { replace: true },
    );
  };

  const visible = useMemo(
    () => (events.data?.data ?? []).filter((event) => shown.has(event.category)),
    [events.data, shown],
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('calendar.title')} intro={t('calendar.intro')} />
      <Grid gap="lg">
        {/* On a phone the calendar comes first, and the sidebar below it. */}
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <CalendarSidebar
            onAdd={() => timeZone && setEditing({ event: null, draft: nextHourDraft(timeZone) })}
            miniController={miniController}
            onDay={(day) => controller.gotoDate(day)}
            shown={shown}
            onShown={setShown}
            timeZone={timeZone}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <Card withBorder padding="sm">
            <Stack gap="sm">
              <QuickAddForm
                schema={quickAddSchema}
                field="title"
                keys={quickAddKeys}
                maxLength={EVENT_TITLE_MAX}
                timeZone={timeZone}
                withTime
                testId="event-quick-add"
                onAdd={async (title, when) => {
                  if (!timeZone) return;
                  await create.mutateAsync(quickEvent(title, when, timeZone));
                  toastSuccess(t, t('calendar.toast.added'));
                }}
              />
              <ErrorAlert error={account.error ?? events.error} />
              {events.data?.truncated && (
                <Alert color="yellow" variant="light" data-testid="calendar-truncated">
                  {t('calendar.truncated')}
                </Alert>
              )}
              {timeZone ? (
                <CalendarView
                  events={visible}
                  timeZone={timeZone}
                  controller={controller}
                  initialView={params.get('view')}
                  initialDate={initialDate}
                  onRange={(next, current, view) => {
                    setRange((previous) =>
                      previous?.start === next.start && previous.end === next.end ? previous : next,
                    );
                    miniController.gotoDate(current);
                    setDrawnView((previous) =>
                      previous?.view === view && previous.current === current ? previous : { view, current },
                    );
                  }}
                  onDateClick={(draft) => setEditing({ event: null, draft })}
                  onEventClick={(event) => setEditing({ event, draft: event })}
                  onMove={(change, revert) => {
                    if (!asksScope(change.event)) {
                      move.mutate({ ...change, timeZone });
                      return;
                    }
                    void scopeQuestion.ask('move').then((scope) => {
                      if (scope) move.mutate({ ...change, timeZone, scope });
                      else revert();
                    });
                  }}
                />
              ) : (
                <Skeleton h={600} />
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      {timeZone && (
        <EventDrawer
          opened={editing !== null}
          event={editing?.event ?? null}
          draft={editing?.draft ?? nextHourDraft(timeZone)}
          timeZone={timeZone}
          onClose={closeEditing}
          onDelete={(event) => {
            setEditing(null);
            // At once: the toast's Undo is the way back, as in Google Calendar (no confirmation).
            if (!asksScope(event)) {
              remove(event, undefined, t('calendar.toast.deleted'));
              return;
            }
            void scopeQuestion.ask('delete').then((scope) => {
              if (!scope) return;
              remove(
                event,
                scope === 'all' ? undefined : { occurrence: event.occurrence, scope },
                t('calendar.toast.deleted'),
              );
            });
          }}
          askScope={scopeQuestion.ask}
        />
      )}
      {scopeQuestion.dialog}
    </Stack>
  );
}
