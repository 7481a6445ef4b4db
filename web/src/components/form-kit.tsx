/**
 * The fields that the resource forms (goals, to-dos, meetings, boards, events) draw alike, for use
 * inside `FormShell` (`form-shell.tsx`). Each takes a Mantine input's props: spread
 * `form.getInputProps(name)` on it as on the input itself, and pass what differs (label, limits).
 */
import type { TagList } from '@cadence/contract';
import {
  ColorSwatch,
  Group,
  MultiSelect,
  type MultiSelectProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getGroupsQueryOptions } from '../shared/queries/friends';
import { useTranslation } from 'react-i18next';
import { tagOptions } from '../lib/tag-label';
import { tagColorOf } from '../shared/queries/tags';

/**
 * dir="auto" on the field itself (Mantine's `dir` prop goes to its wrapper, which holds no text):
 * words people write read in their own direction, whatever the page's (RTL).
 */
const ownDirection = { input: { dir: 'auto' } };

/** The form's first field, the thing's name or title: required, and focused when the form opens. */
export function TitleField(props: TextInputProps & { label: string; maxLength: number }) {
  return <TextInput required data-autofocus attributes={ownDirection} {...props} />;
}

/** A free-text description that grows with its text (two to six rows unless told). */
export function DescriptionField(props: TextareaProps & { label: string; maxLength: number }) {
  return <Textarea autosize minRows={2} maxRows={6} attributes={ownDirection} {...props} />;
}

/** A choice among my groups, whose members join (D13). Reads the groups itself (one cached copy). */
export function GroupsField(props: Omit<MultiSelectProps, 'data'> & { label: string }) {
  const groups = useQuery(getGroupsQueryOptions());
  return (
    <MultiSelect
      searchable
      clearable
      data={(groups.data?.data ?? []).map((group) => ({ value: group._id, label: group.name }))}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

interface TagsFieldProps extends Omit<MultiSelectProps, 'data'> {
  label: string;
  /** My tags, which give each its colour. */
  tags: TagList | undefined;
  /** The tags the thing has now: offered too, even those I no longer have. */
  current: string[] | undefined;
}

/** A choice of tags (D14), each shown in its colour. */
export function TagsField({ tags, current, ...props }: TagsFieldProps) {
  const { t } = useTranslation();
  const names = [...new Set([...(tags?.data.map((tag) => tag.name) ?? []), ...(current ?? [])])];
  return (
    <MultiSelect
      searchable
      data={tagOptions(t, names)}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={tagColorOf(tags, option.value)} size={12} withShadow={false} />
          {option.label}
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
