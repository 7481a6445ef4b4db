/**
 * /apps/todo, /apps/todo/:filter, /apps/todo/tag/:tag and /todo/tag/:tag (spec part 2, D30): the
 * tasks I own or am assigned to, as Todoist users expect — the sidebar's lists and tags, a search
 * box, the sort menu and the page, all in the address; a quick-add field (Enter adds) and a drawer
 * for the details; complete and star at once (optimistic); delete to trash, then restore or delete
 * forever from the deleted list, each at once with Undo in its toast (D48).
 */
import { createTaskInput, type Task, TODO_TITLE_MAX, type TodoSort, todoSorts } from '@cadence/contract';
import { Button, Grid, Group, Menu, Pagination, Stack, Text } from '@mantine/core';
import {
  IconArrowsSort,
  IconCheck,
  IconCircleCheck,
  IconListCheck,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AddressSearchBox } from '../../../components/address-search-box';
import { ListBody, PageHeader } from '../../../components/list-page';
import { type QuickAddKeys, QuickAddForm } from '../../../components/quick-add-form';
import { todayIn } from '../../../lib/days';
import { useSessionUser } from '../../../lib/session';
import { getAccountQueryOptions } from '../../../shared/queries/account';
import { getTagsQueryOptions } from '../../../shared/queries/tags';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  getTaskQueryOptions,
  getTodosQueryOptions,
  getTodoSummaryQueryOptions,
  type TodoListParams,
  todoListParams,
  useCreateTask,
  useDeleteTask,
  useToggleTask,
  useUpdateTask,
} from '../api/todos-api';
import { TodoFormDrawer } from '../components/todo-form';
import type { TodoDefaults } from '../lib/todo-form';
import { TodoRow } from '../components/todo-row';
import { TodosSidebar } from '../components/todos-sidebar';

type Editing = { task: Task | null } | null;

const sortLabels: Record<TodoSort, string> = {
  latest: 'todos.sort.latest',
  'title-asc': 'todos.sort.titleAsc',
  'title-desc': 'todos.sort.titleDesc',
  assignee: 'todos.sort.assignee',
  'due-date': 'todos.sort.dueDate',
};

/** The empty list's icon and words for the list shown (i18n keys). */
function emptyTexts(current: TodoListParams) {
  if (current.filter === 'important')
    return {
      icon: IconStar,
      title: 'todos.empty.important.title',
      description: 'todos.empty.important.description',
    };
  if (current.filter === 'completed')
    return {
      icon: IconCircleCheck,
      title: 'todos.empty.completed.title',
      description: 'todos.empty.completed.description',
    };
  if (current.filter === 'deleted')
    return {
      icon: IconTrash,
      title: 'todos.empty.deleted.title',
      description: 'todos.empty.deleted.description',
    };
  return { icon: IconListCheck, title: 'todos.empty.all.title', description: 'todos.empty.all.description' };
}

/** The quick add reads a due day in words (D47): a to-do keeps the day, and says a time is not kept. */
const quickAddKeys: QuickAddKeys = {
  label: 'todos.quickAdd.label',
  placeholder: 'todos.quickAdd.placeholder',
  submit: 'todos.quickAdd.submit',
  reading: 'todos.quickAdd.due',
  from: 'todos.quickAdd.from',
  keep: 'todos.quickAdd.keep',
  kept: 'todos.quickAdd.kept',
  readDate: 'todos.quickAdd.readDate',
  unread: 'todos.quickAdd.unread',
  readAs: 'todos.quickAdd.readAs',
  timeDropped: 'todos.quickAdd.timeDropped',
};

const paginationLabels = {
  first: 'todos.pagination.first',
  previous: 'todos.pagination.previous',
  next: 'todos.pagination.next',
  last: 'todos.pagination.last',
} as const;

/** A new task takes the list's tag, or its star. */
function defaultsFor(current: TodoListParams): TodoDefaults {
  return {
    tags: current.tag ? [current.tag] : undefined,
    isImportant: current.filter === 'important' || undefined,
  };
}

function SortMenu({ sortBy }: { sortBy: TodoSort }) {
  const { t } = useTranslation();
  const [, setSearchParams] = useSearchParams();
  const choose = (sort: TodoSort) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (sort === 'latest') next.delete('sortBy');
      else next.set('sortBy', sort);
      next.delete('page');
      return next;
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconArrowsSort size={16} />}>
          {t('todos.sort.button', { sort: t(sortLabels[sortBy]) })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('todos.sort.label')}</Menu.Label>
        {todoSorts.map((sort) => (
          <Menu.Item
            key={sort}
            onClick={() => choose(sort)}
            leftSection={sort === sortBy ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
            aria-current={sort === sortBy ? 'true' : undefined}
          >
            {t(sortLabels[sort])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const meId = me?._id ?? '';
  const [searchParams, setSearchParams] = useSearchParams();
  const current = todoListParams(useParams(), searchParams);
  const todos = useQuery({ ...getTodosQueryOptions(meId, current), enabled: Boolean(me) });
  // Not after signing out: the page is about to go, and the server would refuse.
  const tags = useQuery({ ...getTagsQueryOptions(), enabled: Boolean(me) });
  const summary = useQuery({ ...getTodoSummaryQueryOptions(meId), enabled: Boolean(me) });
  // The account's time zone, for the days the quick add reads.
  const account = useQuery({ ...getAccountQueryOptions(), enabled: Boolean(me) });
  // Today for overdue: the server's word once the summary answers, the account's zone's before it.
  const zone = account.data?.timeZone ?? me?.timeZone;
  const today = summary.data?.today ?? (zone ? todayIn(zone) : undefined);
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const toggle = useToggleTask();
  const [editing, setEditing] = useState<Editing>(null);
  // `?task=<id>` (a notification's link): that task, highlighted in the list — or above it when this
  // page of the list does not hold it — and open in the drawer when it is mine to change.
  const linkedId = searchParams.get('task');
  const linked = useQuery({ ...getTaskQueryOptions(meId, linkedId ?? ''), enabled: Boolean(me && linkedId) });
  const openedLink = useRef<string | null>(null);
  useEffect(() => {
    const task = linked.data;
    if (!task || openedLink.current === task._id) return;
    openedLink.current = task._id;
    if (task.user === meId && !task.isDeleted) setEditing({ task });
  }, [linked.data, meId]);

  const empty = emptyTexts(current);
  const defaults = defaultsFor(current);
  const list = todos.data;
  const pages = list ? Math.max(1, Math.ceil(list.count / list.perPage)) : 1;
  const canAdd = current.filter !== 'completed' && current.filter !== 'deleted';
  const rowOf = (task: Task) => (
    <TodoRow
      task={task}
      tags={tags.data}
      meId={meId}
      today={today}
      onFlags={(row, flags) => toggle.mutate({ task: row, flags })}
      onEdit={(row) => setEditing({ task: row })}
      // At once, both: the toast's Undo is the way back (no confirmation).
      onDelete={(row) => remove(row, t('todos.toast.deleted'))}
      onRestore={(row) =>
        update.mutate(
          { id: row._id, input: { isDeleted: false } },
          {
            onSuccess: () => toastSuccess(t, t('todos.toast.restored')),
            onError: (error) => toastError(t, error),
          },
        )
      }
      onPurge={(row) => remove(row, t('todos.toast.purged'))}
      highlighted={task._id === linkedId}
    />
  );
  const pinned =
    linked.data && list && !list.data.some((task) => task._id === linked.data._id) ? linked.data : null;
  const goToPage = (page: number) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      return next;
    });

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('todos.title')}
        intro={t('todos.intro')}
        count={list && { label: t('todos.count', { count: list.count }), testId: 'todo-count' }}
        action={{ label: t('todos.add'), onClick: () => setEditing({ task: null }) }}
      />
      <Grid gap="lg">
        {/* On a phone the list comes first, and its lists and tags below it. */}
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
          <TodosSidebar current={current} tags={tags} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          <ListBody
            query={todos}
            items={(answer) => answer.data}
            layout="rows"
            testId="tasks"
            header={
              <Stack gap="sm">
                <Group justify="space-between" gap="sm">
                  <AddressSearchBox label={t('todos.search')} />
                  <SortMenu sortBy={current.sortBy} />
                </Group>
                {canAdd && (
                  <QuickAddForm
                    schema={createTaskInput}
                    field="title"
                    keys={quickAddKeys}
                    maxLength={TODO_TITLE_MAX}
                    timeZone={account.data?.timeZone}
                    withTime={false}
                    testId="todo-quick-add"
                    onAdd={async (title, when) => {
                      await create.mutateAsync({ title, ...defaults, ...(when && { dueDate: when.date }) });
                      toastSuccess(t, t('todos.toast.added'));
                    }}
                  />
                )}
                {pinned && rowOf(pinned)}
              </Stack>
            }
            empty={{
              icon: <empty.icon size={28} />,
              title: current.q ? t('todos.empty.search', { q: current.q }) : t(empty.title),
              description: current.q ? undefined : t(empty.description),
            }}
            footer={
              pages > 1 && (
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('todos.pageOf', { page: current.page, pages })}
                  </Text>
                  <Pagination
                    total={pages}
                    value={current.page}
                    onChange={goToPage}
                    getControlProps={(control) => ({
                      'aria-label': t(paginationLabels[control]),
                    })}
                  />
                </Group>
              )
            }
            renderItem={rowOf}
          />
        </Grid.Col>
      </Grid>
      <TodoFormDrawer
        opened={editing !== null}
        task={editing?.task ?? null}
        defaults={defaults}
        tags={tags.data}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
