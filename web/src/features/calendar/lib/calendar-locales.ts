/**
 * FullCalendar's own texts (toolbar, weekday and month names, "all-day") and first day of the week
 * in the app's languages: English is built in, the others are FullCalendar's locale objects.
 */
import type { LocaleInput } from '@fullcalendar/react';
import de from '@fullcalendar/react/locales/de';
import fr from '@fullcalendar/react/locales/fr';
import pt from '@fullcalendar/react/locales/pt';
import type { Language } from '../../../lib/i18n';

const locales: Record<Exclude<Language, 'en'>, LocaleInput> = { fr, de, pt };

/** What FullCalendar's locale objects carry beside their texts (not in its types). */
type WithWeek = LocaleInput & { week?: { dow?: number } };

/** The locale to give FullCalendar: a code for English, an object for the others. */
export function calendarLocale(language: Language): LocaleInput | 'en' {
  return language === 'en' ? 'en' : locales[language];
}

/** The first day of the week in a language (0 Sunday … 6 Saturday), as FullCalendar takes it. */
export function firstDayOf(language: Language): number {
  return language === 'en' ? 0 : ((locales[language] as WithWeek).week?.dow ?? 1);
}
