/**
 * A card's tags as chips of their colours (D14), on the card's face and in its dialog, and the
 * dialog's choice of them.
 */
import type { Board, CardTag } from '@cadence/contract';
import { ColorSwatch, Group, type MantineSize, MultiSelect, Pill } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TagBadge } from '../../../components/tag-badge';
import { readableTextColor } from '../../../lib/color-contrast';
import { useSessionUser } from '../../../lib/session';
import { tagLabel, tagOptions } from '../../../lib/tag-label';
import { getTagsQueryOptions } from '../../../shared/queries/tags';
import { tagChoices } from '../model/card';

/** The colour of a tag no longer offered (shared/queries/tags.ts's grey). */
const UNKNOWN_COLOR = '#868e96';

interface CardTagChipsProps {
  tags: CardTag[];
  /** `xs` on the card's face (the default), larger in the dialog. */
  size?: MantineSize;
}

/** Nothing when the card has no tags. */
export const CardTagChips = memo(function CardTagChips(props: CardTagChipsProps) {
  return props.tags.length === 0 ? null : <TagChips {...props} />;
});

function TagChips({ tags, size = 'xs' }: CardTagChipsProps) {
  const { t } = useTranslation();
  return (
    <Group
      component="ul"
      gap={4}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('projects.item.tags.label')}
      data-testid="card-tags"
    >
      {tags.map((tag) => (
        <li key={tag.name}>
          <TagBadge name={tag.name} color={tag.color} size={size} />
        </li>
      ))}
    </Group>
  );
}

interface TagPickerProps {
  board: Board;
  tags: CardTag[];
  /** The card's new tags, with their colours (names are what the server is sent). */
  onChange: (tags: CardTag[]) => void;
}

/** The card's tags to choose among the built-ins, mine and those on the board (D14). */
export function TagPicker({ board, tags, onChange }: TagPickerProps) {
  const { t } = useTranslation();
  const signedIn = useSessionUser() !== null;
  const mine = useQuery({ ...getTagsQueryOptions(), enabled: signedIn });
  const choices = useMemo(() => tagChoices(board, mine.data?.data), [board, mine.data]);
  const colorOf = (name: string) => choices.find((tag) => tag.name === name)?.color ?? UNKNOWN_COLOR;
  return (
    <MultiSelect
      label={t('projects.item.tags.label')}
      placeholder={tags.length === 0 ? t('projects.item.tags.placeholder') : undefined}
      searchable
      data={tagOptions(
        t,
        choices.map((tag) => tag.name),
      )}
      value={tags.map((tag) => tag.name)}
      onChange={(names) => onChange(names.map((name) => ({ name, color: colorOf(name) })))}
      nothingFoundMessage={t('projects.item.tags.nothingFound')}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colorOf(option.value)} size={12} withShadow={false} />
          {option.label}
        </Group>
      )}
      renderPill={({ option, value, onRemove, disabled }) => {
        const name = String(value ?? option.value);
        const color = colorOf(name);
        return (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            style={{ backgroundColor: color, color: readableTextColor(color) }}
          >
            {tagLabel(t, name)}
          </Pill>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
