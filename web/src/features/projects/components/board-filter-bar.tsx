/**
 * The board's filter bar: search in the cards' names and descriptions, tags (those on the board),
 * members (the board's people, or no one), due date, a way to clear it all, and how many cards
 * match. The filter lives in the address (model/filter.ts), so the board page reads the same one
 * to hide the cards that do not match.
 */
import { type Board, type DueFilter, dueFilters } from '@cadence/contract';
import { Button, CloseButton, ColorSwatch, Group, MultiSelect, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagOptions } from '../../../lib/tag-label';
import { boardPeople } from '../model/card';
import { boardTags, useBoardFilter } from '../model/filter';

/** How long typing pauses before the search applies (ms). */
const SEARCH_DELAY = 150;

const dueLabels: Record<DueFilter, string> = {
  overdue: 'projects.filter.due.overdue',
  week: 'projects.filter.due.week',
  none: 'projects.filter.due.none',
};

const countLabels = { one: 'projects.filter.count.one', other: 'projects.filter.count.other' } as const;

interface BoardFilterBarProps {
  board: Board;
  /** How many shown cards match (the page computes them to hide the others). */
  matchCount: number;
}

export const BoardFilterBar = memo(function BoardFilterBar({ board, matchCount }: BoardFilterBarProps) {
  const { t, i18n } = useTranslation();
  const { filter, active, setFilter, clear } = useBoardFilter();
  const tags = useMemo(() => boardTags(board), [board]);
  const people = useMemo(() => boardPeople(board), [board]);

  // The box shows what is typed at once; the address follows once typing pauses.
  const [search, setSearch] = useState(filter.q);
  const written = useRef(filter.q);
  const writeSearch = useDebouncedCallback((q: string) => {
    written.current = q;
    setFilter({ q });
  }, SEARCH_DELAY);
  useEffect(() => {
    // The address changed otherwise (cleared, gone back to): the box follows it.
    if (filter.q === written.current) return;
    written.current = filter.q;
    writeSearch.cancel();
    setSearch(filter.q);
  }, [filter.q, writeSearch]);

  const onSearch = (q: string) => {
    setSearch(q);
    writeSearch(q);
  };
  const onClear = () => {
    writeSearch.cancel();
    written.current = '';
    setSearch('');
    clear();
  };

  // Tags and people chosen in the address but no longer on the board stay choosable, to be removed.
  const tagData = tagOptions(t, [
    ...tags.map((tag) => tag.name),
    ...filter.tag.filter((name) => !tags.some((tag) => tag.name === name)),
  ]);
  const memberData = [
    ...people.map((person) => ({ value: person._id, label: person.fullName })),
    { value: 'none', label: t('projects.filter.noMembers') },
  ];
  const colorOf = (name: string) => tags.find((tag) => tag.name === name)?.color ?? '#868e96';
  const form = new Intl.PluralRules(i18n.language).select(matchCount) === 'one' ? 'one' : 'other';

  return (
    <Group
      gap="sm"
      align="flex-end"
      role="search"
      aria-label={t('projects.filter.label')}
      data-testid="board-filter"
    >
      <TextInput
        type="search"
        aria-label={t('projects.filter.search')}
        placeholder={t('projects.filter.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <CloseButton
              size="sm"
              aria-label={t('projects.filter.clearSearch')}
              onClick={() => onSearch('')}
            />
          ) : undefined
        }
        value={search}
        maxLength={200}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 240 }}
      />
      <MultiSelect
        aria-label={t('projects.filter.tags')}
        placeholder={filter.tag.length === 0 ? t('projects.filter.tags') : undefined}
        data={tagData}
        value={filter.tag}
        onChange={(tag) => setFilter({ tag })}
        searchable
        clearable
        nothingFoundMessage={t('projects.filter.noTags')}
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch color={colorOf(option.value)} size={12} withShadow={false} />
            {option.label}
          </Group>
        )}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', sm: 220 }}
      />
      <MultiSelect
        aria-label={t('projects.filter.members')}
        placeholder={filter.member.length === 0 ? t('projects.filter.members') : undefined}
        data={memberData}
        value={filter.member}
        onChange={(member) => setFilter({ member })}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', sm: 220 }}
      />
      <Select
        aria-label={t('projects.filter.dueLabel')}
        placeholder={t('projects.filter.dueLabel')}
        data={dueFilters.map((due) => ({ value: due, label: t(dueLabels[due]) }))}
        value={filter.due ?? null}
        onChange={(due) => setFilter({ due: due ?? undefined })}
        clearable
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', sm: 200 }}
      />
      <Button
        variant="default"
        leftSection={<IconFilterOff size={16} />}
        disabled={!active && !search}
        onClick={onClear}
      >
        {t('projects.filter.clear')}
      </Button>
      <Text size="sm" role="status" data-testid="filter-count" style={{ alignSelf: 'center' }}>
        {active ? t(countLabels[form], { count: matchCount }) : ''}
      </Text>
    </Group>
  );
});
