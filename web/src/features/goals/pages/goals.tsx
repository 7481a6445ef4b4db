/**
 * /apps/objectifs, /apps/objectifs/:filter and /apps/objectifs/tag/:tag (spec parts 2–5, D19, D29):
 * my goals. Without a state filter they are listed as open, in progress and completed; the
 * navigation changes the address (filter, tag, words). Add and edit in a drawer, add tasks in the
 * "Update sub-goal tasks" dialog, tick tasks on the cards; deleted goals can be restored or deleted
 * for good; either deletion happens at once, with Undo in its toast. The lists are kept in browser storage (spec part 7).
 */
import type { GoalFilter, Objective } from '@cadence/contract';
import { Stack, Title } from '@mantine/core';
import { IconCircleCheck, IconProgress, IconTarget, IconTrash, type Icon } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ListBody, PageHeader } from '../../../components/list-page';
import { usePersistedQueries } from '../../../lib/persisted-queries';
import { useSessionUser } from '../../../lib/session';
import { goalKeys } from '../../../shared/queries/keys';
import { getTagsQueryOptions } from '../../../shared/queries/tags';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  getGoalsQueryOptions,
  goalListParams,
  useDeleteGoal,
  useToggleGoalTask,
  useUpdateGoal,
} from '../api/goals-api';
import { GoalCard, type GoalCardActions } from '../components/goal-card';
import { GoalFormDrawer } from '../components/goal-form';
import { GoalsNav } from '../components/goals-nav';
import { UpdateTasksModal } from '../components/update-tasks-modal';
import { flagsFor, type GoalStatus, statusOf, withTaskDone } from '../model/goal';

type Editing = { goal: Objective | null } | null;

type SectionKey = GoalStatus | 'deleted';

/** A list's heading, and its empty state's icon, title and description (i18n keys). */
type SectionTexts = { heading: string; icon: Icon; title: string; description: string };

const sectionTexts: Record<SectionKey, SectionTexts> = {
  open: {
    heading: 'goals.sections.open',
    icon: IconTarget,
    title: 'goals.empty.open.title',
    description: 'goals.empty.open.description',
  },
  progress: {
    heading: 'goals.sections.progress',
    icon: IconProgress,
    title: 'goals.empty.progress.title',
    description: 'goals.empty.progress.description',
  },
  done: {
    heading: 'goals.sections.done',
    icon: IconCircleCheck,
    title: 'goals.empty.done.title',
    description: 'goals.empty.done.description',
  },
  deleted: {
    heading: 'goals.sections.deleted',
    icon: IconTrash,
    title: 'goals.empty.deleted.title',
    description: 'goals.empty.deleted.description',
  },
};

/**
 * Without a state filter, the lists of spec part 2 (open, in progress, completed) from one answer;
 * with one, the server's list alone.
 */
function sectionsFor(
  filter: GoalFilter | undefined,
): Array<{ key: SectionKey; match: (goal: Objective) => boolean }> {
  if (filter) return [{ key: filter, match: () => true }];
  return (['open', 'progress', 'done'] as const).map((key) => ({
    key,
    match: (goal) => statusOf(goal) === key,
  }));
}

/** Goal cards carry their sub-goals and tasks: two to a row at most. */
const goalColumns = { base: 1, md: 2 };

const statusToasts: Record<GoalStatus, string> = {
  open: 'goals.toast.undone',
  progress: 'goals.toast.progress',
  done: 'goals.toast.done',
};

export function Component() {
  const { t } = useTranslation();
  const me = useSessionUser();
  usePersistedQueries();
  const current = goalListParams(useParams(), useSearchParams()[0]);
  const goals = useQuery({
    ...getGoalsQueryOptions(me?._id ?? '', current),
    enabled: Boolean(me),
    // New words keep the cards of the last ones until their answer; another list starts afresh.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery && goalKeys.listOf(previousQuery.queryKey);
      const same = before?.filter === (current.filter ?? null) && before?.tag === (current.tag ?? null);
      return same ? keepPreviousData(previous) : undefined;
    },
  });
  // Not after signing out: the page is about to go, and the server would refuse.
  const tags = useQuery({ ...getTagsQueryOptions(), enabled: Boolean(me) });
  const update = useUpdateGoal();
  const remove = useDeleteGoal();
  const toggle = useToggleGoalTask();
  const [editing, setEditing] = useState<Editing>(null);
  const [tasksOf, setTasksOf] = useState<Objective | null>(null);
  const busyId = update.isPending ? update.variables.id : null;

  const change = (goal: Objective, input: Parameters<typeof update.mutate>[0]['input'], toast: string) =>
    update.mutate(
      { id: goal._id, input },
      { onSuccess: () => toastSuccess(t, t(toast)), onError: (error) => toastError(t, error) },
    );
  const actions: GoalCardActions = {
    onEdit: (goal) => setEditing({ goal }),
    onTasks: setTasksOf,
    onStatus: (goal, status) => change(goal, flagsFor(status), statusToasts[status]),
    // At once, with Undo in the toast (D48): no confirmation that says otherwise.
    onDelete: (goal) => remove(goal, t('goals.toast.deleted')),
    onRestore: (goal) => change(goal, { isDeleted: false }, 'goals.toast.restored'),
    onPurge: (goal) => remove(goal, t('goals.toast.purged')),
    onToggleTask: (goal, taskId, done) => toggle.mutate({ next: withTaskDone(goal, taskId, done) }),
  };

  const sections = sectionsFor(current.filter).map(({ key, match }) => {
    const texts = sectionTexts[key];
    const empty = {
      icon: <texts.icon size={28} />,
      title: t(texts.title),
      description: current.q ? t('goals.empty.search', { q: current.q }) : t(texts.description),
    };
    return { key, heading: t(texts.heading), match, empty };
  });
  const data = goals.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('goals.title')}
        intro={t('goals.intro')}
        count={goals.data && { label: t('goals.count', { count: goals.data.count }), testId: 'goal-count' }}
        action={{ label: t('goals.add'), onClick: () => setEditing({ goal: null }) }}
      />
      <GoalsNav current={current} tags={tags} />
      {data === undefined ? (
        // The skeleton or the error, once for the page.
        <ListBody
          query={goals}
          items={() => []}
          layout="cards"
          cardColumns={goalColumns}
          empty={sections[0]!.empty}
          renderItem={() => null}
        />
      ) : (
        sections.map((section) => (
          <Stack key={section.key} gap="sm" component="section" aria-labelledby={`goals-${section.key}`}>
            <Title order={2} fz="h3" id={`goals-${section.key}`}>
              {t('goals.sections.heading', {
                name: section.heading,
                count: data.data.filter(section.match).length,
              })}
            </Title>
            <ListBody
              query={goals}
              items={(answer) => answer.data.filter(section.match)}
              layout="cards"
              cardColumns={goalColumns}
              testId={`goals-${section.key}`}
              empty={section.empty}
              renderItem={(goal) => (
                <GoalCard goal={goal} tags={tags.data} busy={busyId === goal._id} {...actions} />
              )}
            />
          </Stack>
        ))
      )}
      <GoalFormDrawer
        opened={editing !== null}
        goal={editing?.goal ?? null}
        tags={tags.data}
        onClose={() => setEditing(null)}
      />
      <UpdateTasksModal goal={tasksOf} onClose={() => setTasksOf(null)} />
    </Stack>
  );
}
