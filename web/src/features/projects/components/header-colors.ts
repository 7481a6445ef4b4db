/** The lists' header colours (contract `headerColors`) as Mantine palette colours, with their labels. */
import type { BoardList } from '@cadence/contract';

type HeaderColor = BoardList['headerColor'];

export const headerColorOptions: ReadonlyArray<{ value: HeaderColor; mantine: string; labelKey: string }> = [
  { value: 'purple', mantine: 'violet', labelKey: 'projects.colors.purple' },
  { value: 'blue', mantine: 'blue', labelKey: 'projects.colors.blue' },
  { value: 'green', mantine: 'green', labelKey: 'projects.colors.green' },
  { value: 'orange', mantine: 'orange', labelKey: 'projects.colors.orange' },
  { value: 'red', mantine: 'red', labelKey: 'projects.colors.red' },
  { value: 'teal', mantine: 'teal', labelKey: 'projects.colors.teal' },
  { value: 'pink', mantine: 'pink', labelKey: 'projects.colors.pink' },
  { value: 'gray', mantine: 'gray', labelKey: 'projects.colors.gray' },
];

export function mantineColorOf(color: HeaderColor): string {
  return headerColorOptions.find((option) => option.value === color)?.mantine ?? 'violet';
}
