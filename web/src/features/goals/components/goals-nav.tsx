/**
 * The goals page's navigation: the lists (all, in progress, completed, deleted) and the tags — the
 * built-ins by address (/apps/objectifs/tag/:tag, spec part 2) and the user's own as `?tag=` (D14) —
 * and a search box that keeps its words in the address (`?q=`). Every choice changes the address.
 */
import { type GoalFilter, type TagList } from '@cadence/contract';
import { isAllowedParam } from '@cadence/contract/routes';
import { Button, ColorSwatch, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconList, IconProgress, IconTrash, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressSearchBox } from '../../../components/address-search-box';
import { tagLabel } from '../../../lib/tag-label';
import type { GoalListParams } from '../api/goals-api';

const filters: Array<{ filter: GoalFilter | null; labelKey: string; icon: Icon }> = [
  { filter: null, labelKey: 'goals.nav.all', icon: IconList },
  { filter: 'progress', labelKey: 'goals.nav.progress', icon: IconProgress },
  { filter: 'done', labelKey: 'goals.nav.done', icon: IconCircleCheck },
  { filter: 'deleted', labelKey: 'goals.nav.deleted', icon: IconTrash },
];

/** An address of the goals page, keeping the words searched. */
function goalsAddress(path: string, q: string | undefined, tag?: string) {
  const search = new URLSearchParams();
  if (tag) search.set('tag', tag);
  if (q) search.set('q', q);
  const text = search.toString();
  return { pathname: path, search: text ? `?${text}` : '' };
}

interface GoalsNavProps {
  current: GoalListParams;
  tags: { data: TagList | undefined; isPending: boolean };
}

export function GoalsNav({ current, tags }: GoalsNavProps) {
  const { t } = useTranslation();
  const noTag = current.tag === undefined;
  return (
    <nav aria-label={t('goals.nav.label')}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="flex-end">
          <Group gap="xs">
            {filters.map(({ filter, labelKey, icon: FilterIcon }) => {
              const active = noTag && (current.filter ?? null) === filter;
              return (
                <Button
                  key={labelKey}
                  component={Link}
                  to={goalsAddress(filter ? `/apps/objectifs/${filter}` : '/apps/objectifs', current.q)}
                  variant={active ? 'filled' : 'default'}
                  aria-current={active ? 'page' : undefined}
                  size="sm"
                  leftSection={<FilterIcon size={16} />}
                >
                  {t(labelKey)}
                </Button>
              );
            })}
          </Group>
          <AddressSearchBox label={t('goals.nav.search')} />
        </Group>
        <Group gap="xs" align="center">
          <Text size="sm" c="dimmed" id="goal-tags-label">
            {t('goals.nav.tags')}
          </Text>
          {tags.isPending && <Skeleton h={28} w={240} />}
          <Group gap={6} role="list" aria-labelledby="goal-tags-label">
            {tags.data?.data.map((tag) => {
              const active = current.tag === tag.name;
              const to = isAllowedParam('tag', tag.name)
                ? goalsAddress(`/apps/objectifs/tag/${tag.name}`, current.q)
                : goalsAddress('/apps/objectifs', current.q, tag.name);
              return (
                <div role="listitem" key={tag._id}>
                  <Button
                    component={Link}
                    to={to}
                    size="compact-sm"
                    variant={active ? 'light' : 'subtle'}
                    color={active ? undefined : 'gray'}
                    aria-current={active ? 'page' : undefined}
                    leftSection={<ColorSwatch color={tag.color} size={12} withShadow={false} />}
                  >
                    {tagLabel(t, tag.name)}
                  </Button>
                </div>
              );
            })}
          </Group>
        </Group>
      </Stack>
    </nav>
  );
}
