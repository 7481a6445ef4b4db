/**
 * The to-dos sidebar, as Todoist keeps it: the lists (all, important, completed, deleted) and the
 * tags in their colours — the built-ins by address (/apps/todo/tag/:tag, spec part 2) and the
 * user's own as `?tag=` (D14). Each link keeps the words and the sort, and starts at page one.
 */
import type { TagList, TodoFilter } from '@cadence/contract';
import { isAllowedParam } from '@cadence/contract/routes';
import { Card, ColorSwatch, NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconList, IconStar, IconTrash, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tagLabel } from '../../../lib/tag-label';
import type { TodoListParams } from '../api/todos-api';

const filters: Array<{ filter: TodoFilter | null; labelKey: string; icon: Icon }> = [
  { filter: null, labelKey: 'todos.nav.all', icon: IconList },
  { filter: 'important', labelKey: 'todos.nav.important', icon: IconStar },
  { filter: 'completed', labelKey: 'todos.nav.completed', icon: IconCircleCheck },
  { filter: 'deleted', labelKey: 'todos.nav.deleted', icon: IconTrash },
];

/** An address of the to-dos page that keeps the words and the sort of the current one. */
export function todosAddress(path: string, current: Pick<TodoListParams, 'q' | 'sortBy'>, tag?: string) {
  const search = new URLSearchParams();
  if (tag) search.set('tag', tag);
  if (current.q) search.set('q', current.q);
  if (current.sortBy !== 'latest') search.set('sortBy', current.sortBy);
  const text = search.toString();
  return { pathname: path, search: text ? `?${text}` : '' };
}

interface TodosSidebarProps {
  current: TodoListParams;
  tags: { data: TagList | undefined; isPending: boolean };
}

export function TodosSidebar({ current, tags }: TodosSidebarProps) {
  const { t } = useTranslation();
  const noTag = current.tag === undefined;
  return (
    <Card withBorder padding="sm" component="nav" aria-label={t('todos.nav.label')}>
      <Stack gap={2}>
        {filters.map(({ filter, labelKey, icon: FilterIcon }) => {
          const active = noTag && (current.filter ?? null) === filter;
          return (
            <NavLink
              key={labelKey}
              component={Link}
              to={todosAddress(filter ? `/apps/todo/${filter}` : '/apps/todo', current)}
              label={t(labelKey)}
              leftSection={<FilterIcon size={18} />}
              active={active}
              aria-current={active ? 'page' : undefined}
            />
          );
        })}
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" mt="md" mb={4} px="sm" id="todo-tags-label">
          {t('todos.nav.tags')}
        </Text>
        {tags.isPending && <Skeleton h={120} />}
        <Stack gap={2} role="list" aria-labelledby="todo-tags-label">
          {tags.data?.data.map((tag) => {
            const active = current.tag === tag.name;
            const to = isAllowedParam('tag', tag.name)
              ? todosAddress(`/apps/todo/tag/${tag.name}`, current)
              : todosAddress('/apps/todo', current, tag.name);
            return (
              <div role="listitem" key={tag._id}>
                <NavLink
                  component={Link}
                  to={to}
                  label={tagLabel(t, tag.name)}
                  leftSection={<ColorSwatch color={tag.color} size={12} withShadow={false} />}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                />
              </div>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
