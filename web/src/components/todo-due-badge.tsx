import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../lib/session';
import { getTodoSummaryQueryOptions } from '../shared/queries/todo-summary';

/** The menu's count of my open tasks due today; nothing when there are none. */
export function TodoDueBadge() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const summary = useQuery({ ...getTodoSummaryQueryOptions(me?._id ?? ''), enabled: Boolean(me) });
  const count = summary.data?.dueToday ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle color="red" aria-label={t('menu.todoBadge', { count })} data-testid="todo-badge">
      {count}
    </Badge>
  );
}
