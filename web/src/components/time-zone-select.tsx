/**
 * A time-zone picker: the zones labelled "(GMT−05:00) Eastern Time – New York" in the interface's
 * language, by offset, found by city, by the zone's name or by its IANA id (lib/time-zones.ts).
 * Its value is the IANA id.
 */
import { type ComboboxParsedItem, type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesTimeZone, timeZoneOptionsWith } from '../lib/time-zones';

export type TimeZoneSelectProps = Omit<SelectProps, 'data' | 'filter' | 'searchable'>;

export function TimeZoneSelect({ value, ...props }: TimeZoneSelectProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const options = useMemo(() => timeZoneOptionsWith(value, language), [value, language]);
  const filter = useMemo<OptionsFilter>(() => {
    const byValue = new Map(options.map((option) => [option.value, option]));
    return ({ options: shown, search }) =>
      shown.filter((item: ComboboxParsedItem) => {
        const option = 'value' in item ? byValue.get(item.value) : undefined;
        return option !== undefined && matchesTimeZone(option, search, language);
      });
  }, [options, language]);
  return <Select data={options} filter={filter} searchable allowDeselect={false} value={value} {...props} />;
}
