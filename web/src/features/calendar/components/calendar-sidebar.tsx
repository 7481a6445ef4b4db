/**
 * The calendar's sidebar, as the template keeps it: "Add event", a small month whose days open that
 * date in the calendar, and the category filters in their colours with "View all". The filters
 * apply to the events already loaded.
 */
import { categoryColors, type EventCategory, eventCategories } from '@cadence/contract';
import FullCalendar, { type CalendarController } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import { Button, Card, Checkbox, Divider, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '../../../lib/browser-time-zone';
import { todayIn } from '../../../lib/days';
import { useCalendarTexts } from './calendar-texts';
import { categoryLabels } from './event-colors';

const plugins = [classicTheme, dayGridPlugin];

interface CalendarSidebarProps {
  onAdd: () => void;
  /** Drives the small month (it follows the calendar's date). */
  miniController: CalendarController;
  /** Opens a day (YYYY-MM-DD) in the calendar. */
  onDay: (day: string) => void;
  shown: ReadonlySet<EventCategory>;
  onShown: (shown: Set<EventCategory>) => void;
  /** The account's time zone, whose today is marked (the device's until it is known). */
  timeZone: string | undefined;
}

export function CalendarSidebar(props: CalendarSidebarProps) {
  const { onAdd, miniController, onDay, shown, onShown, timeZone } = props;
  const { t } = useTranslation();
  // The small month's days are plain UTC dates: today is the account's date, written as one.
  const now = useMemo(() => {
    const zone = timeZone ?? browserTimeZone();
    return zone ? () => todayIn(zone) : undefined;
  }, [timeZone]);
  const texts = useCalendarTexts();
  const all = shown.size === eventCategories.length;
  const toggle = (category: EventCategory, on: boolean) => {
    const next = new Set(shown);
    if (on) next.add(category);
    else next.delete(category);
    onShown(next);
  };

  return (
    <Card withBorder padding="sm" component="aside" aria-label={t('calendar.sidebar.label')}>
      <Stack gap="md">
        {/* Grows to two lines rather than cut a longer label ("Ajouter un événement"). */}
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={onAdd}
          fullWidth
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {t('calendar.add')}
        </Button>
        <div className="cadence-mini-month" data-testid="mini-month">
          <FullCalendar
            plugins={plugins}
            controller={miniController}
            initialView="dayGridMonth"
            headerToolbar={{ start: 'title', end: 'prev,next' }}
            toolbarTitleClass="cadence-mini-title"
            titleFormat={{ year: 'numeric', month: 'short' }}
            dayHeaderFormat={{ weekday: 'narrow' }}
            {...texts}
            // Plain days: the small month has no events, only dates to open.
            timeZone="UTC"
            now={now}
            height="auto"
            headingLevel={3}
            fixedWeekCount={false}
            showNonCurrentDates={false}
            navLinks
            navLinkDayClick={(date) => onDay(date.toISOString().slice(0, 10))}
          />
        </div>
        <Divider />
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" id="calendar-filters-label">
          {t('calendar.filters.title')}
        </Text>
        <Stack gap="xs" role="group" aria-labelledby="calendar-filters-label">
          <Checkbox
            label={t('calendar.filters.all')}
            checked={all}
            indeterminate={!all && shown.size > 0}
            onChange={(event) => onShown(new Set(event.currentTarget.checked ? eventCategories : []))}
          />
          {eventCategories.map((category) => (
            <Checkbox
              key={category}
              color={categoryColors[category]}
              label={t(categoryLabels[category])}
              checked={shown.has(category)}
              onChange={(event) => toggle(category, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
