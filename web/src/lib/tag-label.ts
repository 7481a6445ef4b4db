/**
 * A tag's name as people read it: the five built-in tags (D14) in the interface's language, the
 * user's own tags as they named them. Only what is shown changes: the stored names, the addresses
 * (/apps/todo/tag/high) and what forms send stay the built-in names.
 */
import type { BuiltInTagName } from '@cadence/contract';
import type { TFunction } from 'i18next';

const builtInLabels: Record<BuiltInTagName, string> = {
  team: 'common.tags.team',
  low: 'common.tags.low',
  medium: 'common.tags.medium',
  high: 'common.tags.high',
  update: 'common.tags.update',
};

export function tagLabel(t: TFunction, name: string): string {
  return Object.hasOwn(builtInLabels, name) ? t(builtInLabels[name as BuiltInTagName]) : name;
}

/** A select's choices of tags: the name as value, its label shown. */
export function tagOptions(t: TFunction, names: readonly string[]): { value: string; label: string }[] {
  return names.map((name) => ({ value: name, label: tagLabel(t, name) }));
}
