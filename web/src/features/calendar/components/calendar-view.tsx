/**
 * The calendar itself (FullCalendar): month, week, day and list views in the user's language,
 * direction and time zone, events in their categories' colours. A click on a day or a time slot
 * starts a new event there, a click on an event opens it; the owner drags an event to move it and
 * pulls its end to change its length (an occurrence of a repeating event: that one, the following
 * ones or all, as asked, D39). Guests' events stay put and say they are read-only; an event whose
 * repetition a calendar app wrote and the drawer cannot draw says it in words (D49). Below 600 px
 * wide (a phone) seven columns would be 32 px each: it offers three days and the list instead.
 */
import type { CalendarEvent } from '@cadence/contract';
import FullCalendar, {
  type CalendarController,
  type DateClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useMantineTheme, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock, IconRepeat } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { customRepetitionText } from '../../../lib/recurrence-rule';
import type { CalendarRange, EventMove } from '../api/calendar-api';
import type { EventDraft } from '../lib/event-form';
import { addDays, HOUR_MS, toWallTime } from '../lib/event-times';
import { fromRrule } from '../lib/rrule-text';
import { useCalendarTexts } from './calendar-texts';
import { eventColors } from './event-colors';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import './calendar.css';

const plugins = [classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const TIME_GRID_HEIGHT = 760;

/** A phone: narrower than 600 px, where a week's seven columns would be too narrow to read. */
const PHONE = '(max-width: 599.98px)';
/** The views offered, by width: each fits its screen; the first is where the calendar opens. */
const desktopViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listMonth'];
const phoneViews = ['timeGridThreeDay', 'listWeek'];
/** The views' names in the address (`?view=week`): a list is a list, a month's or a phone's week's. */
const addressNames: Record<string, string> = {
  dayGridMonth: 'month',
  timeGridWeek: 'week',
  timeGridDay: 'day',
  listMonth: 'list',
  timeGridThreeDay: '3days',
  listWeek: 'list',
};

interface CalendarViewProps {
  events: CalendarEvent[];
  timeZone: string;
  controller: CalendarController;
  /** The view and the day to open on (from the address); unknown or not offered here, the first view and today. */
  initialView?: string | null;
  initialDate?: string;
  /** The days shown, the first day of the view's period and the view's name in the address. */
  onRange: (range: CalendarRange, current: string, view: string) => void;
  onDateClick: (draft: EventDraft) => void;
  onEventClick: (event: CalendarEvent) => void;
  /** A drag or a resize; `revert` puts the occurrence back (the change was not made). */
  onMove: (move: Omit<EventMove, 'timeZone'>, revert: () => void) => void;
}

const occurrenceOf = (info: { event: { extendedProps: Record<string, unknown> } }) =>
  info.event.extendedProps.occurrence as CalendarEvent;

/** The title as said (a guest's event names its owner), whole, however little of it shows. */
function eventLabel(t: TFunction, occurrence: CalendarEvent): string {
  return occurrence.editable
    ? occurrence.title
    : t('calendar.event.readOnly', { title: occurrence.title, owner: occurrence.owner.fullName });
}

function EventContent({ info }: { info: EventDisplayInfo }) {
  const { t, i18n } = useTranslation();
  const occurrence = occurrenceOf(info);
  const label = eventLabel(t, occurrence);
  const { recurrence } = occurrence;
  const custom =
    recurrence && fromRrule(recurrence).frequency === 'custom'
      ? customRepetitionText(recurrence, t, i18n.language)
      : null;
  return (
    <>
      {/* Left to right and isolated: a time keeps its order in a right-to-left page ("7:27 PM", not
          "PM 7:27"), and when it is too long for the event it is cut at its end, not its start. */}
      {info.timeText && (
        <div className={`${info.timeClass} cadence-event-time`} dir="ltr">
          <bdi>{info.timeText}</bdi>
        </div>
      )}
      <div
        className={`${info.titleClass} cadence-event-title-row`}
        title={custom ? `${label}\n${custom}` : label}
        data-testid="calendar-event"
        data-title={occurrence.title}
        data-editable={occurrence.editable}
        data-draggable={info.isDraggable}
        data-resizable={info.isEndResizable}
        data-start={occurrence.start}
      >
        {!occurrence.editable && <IconLock size={12} className="cadence-event-icon" aria-hidden />}
        {occurrence.recurrence && <IconRepeat size={12} className="cadence-event-icon" aria-hidden />}
        {/* On one line, ended by "…" when cut: the text stays whole for screen readers (the event's
            button is named by its content, not by an aria-label that would differ from what shows),
            and the title attribute shows it on hover. A guest's event also says whose it is. */}
        {/* dir="auto": the title is cut at the end of its own language, whatever the page's. */}
        <span className="cadence-event-title" dir="auto" aria-hidden={!occurrence.editable || undefined}>
          {occurrence.title}
        </span>
        {!occurrence.editable && <VisuallyHidden>{label}</VisuallyHidden>}
        {custom && <VisuallyHidden>{custom}</VisuallyHidden>}
      </div>
    </>
  );
}

export function CalendarView(props: CalendarViewProps) {
  const {
    events,
    timeZone,
    controller,
    initialView,
    initialDate,
    onRange,
    onDateClick,
    onEventClick,
    onMove,
  } = props;
  const { t } = useTranslation();
  const theme = useMantineTheme();
  const texts = useCalendarTexts();
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const views = phone ? phoneViews : desktopViews;
  const [firstView] = useState(() => views.find((view) => addressNames[view] === initialView) ?? views[0]!);
  const [viewType, setViewType] = useState(firstView);
  const root = useRef<HTMLDivElement>(null);

  // The hours of the week, the day and the three days scroll inside the calendar: when no event
  // in them can take the keyboard's focus (days with nothing in them), their first row takes it,
  // so that the hours can be scrolled without a pointer (WCAG 2.1.1, axe's
  // scrollable-region-focusable). A row, not the scroller: it sits inside FullCalendar's grid,
  // between its rows and their group, where a focusable element breaks the grid's structure.
  // FullCalendar's class names are its own: the scroller is found by its style, once drawn.
  useEffect(() => {
    // Only the time grids scroll their hours (the month and the list grow instead).
    if (!viewType.startsWith('timeGrid')) return;
    const frame = requestAnimationFrame(() => {
      for (const element of root.current?.querySelectorAll<HTMLElement>('div') ?? []) {
        const { overflowY } = getComputedStyle(element);
        if (overflowY !== 'auto' && overflowY !== 'scroll') continue;
        if (element.scrollHeight <= element.clientHeight) continue;
        if (element.querySelector('a[href], button, [tabindex]')) continue;
        element.querySelector<HTMLElement>('[role="row"]')?.setAttribute('tabindex', '0');
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [viewType, events]);

  // Turned or resized past the width: a view that does not fit gives way to the first that does.
  useEffect(() => {
    if (!views.includes(viewType)) controller.changeView(views[0]!);
  }, [controller, views, viewType]);

  const inputs = useMemo(
    () =>
      events.map((occurrence): EventInput => ({
        id: `${occurrence._id}@${occurrence.occurrence}`,
        // One occurrence moves under the pointer; which others follow is asked when it drops (D39).
        title: occurrence.title,
        start: occurrence.allDay ? occurrence.start.slice(0, 10) : occurrence.start,
        end: occurrence.allDay ? occurrence.end.slice(0, 10) : occurrence.end,
        allDay: occurrence.allDay,
        editable: occurrence.editable,
        className: occurrence.editable ? undefined : 'cadence-event-readonly',
        ...eventColors(theme, occurrence),
        extendedProps: { occurrence },
      })),
    [events, theme],
  );

  const moved = (info: EventDropInfo | EventResizeDoneInfo) => {
    const event = occurrenceOf(info);
    const [startDelta, endDelta] =
      'delta' in info ? [info.delta, info.delta] : [info.startDelta, info.endDelta];
    onMove({ event, startDelta, endDelta }, info.revert);
  };

  const dateClick = (info: DateClickInfo) => {
    const day = info.dateStr.slice(0, 10);
    if (info.allDay) onDateClick({ start: day, end: addDays(day, 1), allDay: true });
    else {
      const start = new Date(Date.parse(info.dateStr)).toISOString();
      onDateClick({ start, end: new Date(Date.parse(start) + HOUR_MS).toISOString(), allDay: false });
    }
  };

  return (
    <div ref={root} className="cadence-calendar" data-testid="calendar">
      <FullCalendar
        plugins={plugins}
        controller={controller}
        initialView={firstView}
        initialDate={initialDate}
        views={{ timeGridThreeDay: { type: 'timeGrid', duration: { days: 3 } } }}
        buttons={{ timeGridThreeDay: { text: t('calendar.view.threeDays') } }}
        headerToolbar={{
          start: 'prev,next today',
          center: 'title',
          end: views.join(','),
        }}
        {...texts}
        timeZone={timeZone}
        // The week and the day scroll through their hours, starting in the morning.
        height={viewType.startsWith('timeGrid') ? TIME_GRID_HEIGHT : 'auto'}
        scrollTime="07:00:00"
        headingLevel={2}
        dayMaxEvents
        nowIndicator
        events={inputs}
        // Moving an event between the all-day row and the hours would change its kind: not by drag.
        eventAllow={(span, moving) => !moving || span.allDay === moving.allDay}
        eventContent={(info) => <EventContent info={info} />}
        // An hour ("07 Uhr", "7am") keeps its order in a right-to-left page, not "Uhr 07".
        slotHeaderContent={(info) => <bdi>{info.text}</bdi>}
        dateClick={dateClick}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onEventClick(occurrenceOf(info));
        }}
        eventDrop={moved}
        eventResize={moved}
        datesSet={(info) => {
          // Days of the user's time zone: the strings carry its offset, the Dates are instants.
          const start = info.startStr.slice(0, 10);
          const end = info.endStr.slice(0, 10);
          const current = toWallTime(info.view.currentStart.toISOString(), timeZone).date;
          setViewType(info.view.type);
          onRange(
            { start, end: end > start ? end : addDays(start, 1) },
            current,
            addressNames[info.view.type]!,
          );
        }}
      />
    </div>
  );
}
