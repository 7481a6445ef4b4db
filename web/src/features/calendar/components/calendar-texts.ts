/**
 * What FullCalendar says and how it reads, in the app's settings: its locale (names of months and
 * weekdays, the week's first day, its button texts), the direction and the skin, and the names
 * screen readers hear for its buttons, which only some of its locales translate. Each name holds
 * the button's visible text, as WCAG asks ("Today" is named "Today", "Month" "Month view").
 */
import type { CalendarOptions } from '@fullcalendar/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useLayoutSettings } from '../../../lib/layout-settings';
import { calendarLocale } from '../lib/calendar-locales';

const previousKeys: Record<string, string> = {
  month: 'calendar.hint.previousMonth',
  week: 'calendar.hint.previousWeek',
  day: 'calendar.hint.previousDay',
};
const nextKeys: Record<string, string> = {
  month: 'calendar.hint.nextMonth',
  week: 'calendar.hint.nextWeek',
  day: 'calendar.hint.nextDay',
};
const viewKeys: Record<string, string> = {
  dayGridMonth: 'calendar.hint.viewMonth',
  timeGridWeek: 'calendar.hint.viewWeek',
  timeGridDay: 'calendar.hint.viewDay',
  listMonth: 'calendar.hint.viewList',
  // A phone's views (calendar-view.tsx).
  timeGridThreeDay: 'calendar.hint.viewThreeDays',
  listWeek: 'calendar.hint.viewList',
};

export function useCalendarTexts(): CalendarOptions {
  const { t } = useTranslation();
  const { rtl, skin } = useLayoutSettings();
  return {
    locale: calendarLocale(currentLanguage()),
    direction: rtl ? 'rtl' : 'ltr',
    colorScheme: skin,
    todayText: t('calendar.today'),
    todayHint: t('calendar.today'),
    // Three days (a phone's view) have no unit of their own.
    prevHint: (_text: string, unit: string) => t(previousKeys[unit] ?? 'calendar.hint.previousDays'),
    nextHint: (_text: string, unit: string) => t(nextKeys[unit] ?? 'calendar.hint.nextDays'),
    viewHint: (text: string, view: string) => (viewKeys[view] ? t(viewKeys[view]) : text),
    viewChangeHint: t('calendar.hint.changeView'),
    navLinkHint: (date: string) => t('calendar.hint.goTo', { date }),
    moreLinkHint: (count: number) => t('calendar.hint.more', { count }),
    closeHint: t('common.close'),
    eventsHint: t('calendar.hint.events'),
    noEventsText: t('calendar.noEvents'),
  };
}
