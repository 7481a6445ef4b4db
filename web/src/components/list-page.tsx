/**
 * The list-page kit: the page header (title, intro, count, add action), tabs, and a body that shows
 * a query's states the same way on every page — loading skeleton, error alert, empty state or the
 * list itself as a card grid, rows of people or a table.
 */
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  type SimpleGridProps,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from './error-alert';

type PageAction = { label: string } & ({ to: string } | { onClick: () => void });

interface PageHeaderProps {
  title: string;
  intro?: string;
  /** A badge beside the title, such as "Projects: 3". */
  count?: { label: string; testId: string };
  /** The page's add button: a link to a page or a click. */
  action?: PageAction;
  /** Other buttons, before the add button. */
  extra?: ReactNode;
}

export function PageHeader({ title, intro, count, action, extra }: PageHeaderProps) {
  const addIcon = <IconPlus size={18} />;
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Group gap="sm" align="center">
          <Title order={1} fz="h2">
            {title}
          </Title>
          {count && (
            <Badge variant="light" size="lg" data-testid={count.testId}>
              {count.label}
            </Badge>
          )}
        </Group>
        {intro && (
          <Text c="dimmed" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {(action || extra) && (
        <Group gap="sm">
          {extra}
          {action &&
            ('to' in action ? (
              <Button component={Link} to={action.to} leftSection={addIcon}>
                {action.label}
              </Button>
            ) : (
              <Button leftSection={addIcon} onClick={action.onClick}>
                {action.label}
              </Button>
            ))}
        </Group>
      )}
    </Group>
  );
}

interface PageTabsProps {
  tabs: Array<{ value: string; label: string; icon?: ReactNode; content: ReactNode }>;
}

/** A page's tabs, the first one open. */
export function PageTabs({ tabs }: PageTabsProps) {
  return (
    <Tabs defaultValue={tabs[0]?.value}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** A bordered section of a page, with its h2 title. */
export function SectionCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        {title && (
          <Title order={2} fz="h4">
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Card>
  );
}

export interface EmptyProps {
  icon: ReactNode;
  title: string;
  description?: string;
}

/** What a list says when it has nothing to show. */
export function ListEmpty({ icon, title, description }: EmptyProps) {
  return <EmptyState icon={icon} withIndicatorBackground title={title} description={description} />;
}

const gridColumns = { base: 1, sm: 2, lg: 3 };

type Layout = 'cards' | 'rows' | 'table';

function ListSkeleton({ layout, cols }: { layout: Layout; cols: SimpleGridProps['cols'] }) {
  if (layout === 'cards') {
    return (
      <SimpleGrid cols={cols} data-testid="list-loading">
        {[0, 1, 2].map((card) => (
          <Skeleton key={card} h={160} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm" data-testid="list-loading">
      {[0, 1, 2].map((row) =>
        layout === 'rows' ? (
          <Group key={row} gap="sm" wrap="nowrap">
            <Skeleton h={38} w={38} circle />
            <Skeleton h={38} />
          </Group>
        ) : (
          <Skeleton key={row} h={32} />
        ),
      )}
    </Stack>
  );
}

interface ListBodyProps<D, T extends { _id: string }> {
  /** The query whose data is listed; stale data is shown rather than the error of a refetch. */
  query: { data: D | undefined; error: unknown };
  items: (data: D) => T[];
  renderItem: (item: T) => ReactNode;
  empty: EmptyProps;
  /**
   * `cards`: a grid of the items' cards, on the page. `rows` (people) and `table` (a table whose
   * `renderItem` gives its rows): inside a bordered section with `title`, `header` and `footer`.
   */
  layout: Layout;
  /** The table's column headings. */
  columns?: string[];
  /** The card grid's columns by breakpoint, for cards that need more room (1, 2 then 3 by default). */
  cardColumns?: SimpleGridProps['cols'];
  title?: string;
  header?: ReactNode;
  footer?: ReactNode;
  /** Names the loaded list for tests. */
  testId?: string;
}

export function ListBody<D, T extends { _id: string }>(props: ListBodyProps<D, T>) {
  const { query, items, renderItem, empty, layout, columns = [], title, header, footer, testId } = props;
  const cols = props.cardColumns ?? gridColumns;
  const list = query.data === undefined ? undefined : items(query.data);
  const rendered = list?.map((item) => <Fragment key={item._id}>{renderItem(item)}</Fragment>);

  let state: ReactNode;
  if (!list) {
    state = query.error ? <ErrorAlert error={query.error} /> : <ListSkeleton layout={layout} cols={cols} />;
  } else if (list.length === 0) {
    state =
      layout === 'cards' ? (
        <Card withBorder padding="lg">
          <ListEmpty {...empty} />
        </Card>
      ) : (
        <ListEmpty {...empty} />
      );
  } else if (layout === 'cards') {
    state = (
      <SimpleGrid cols={cols} data-testid={testId}>
        {rendered}
      </SimpleGrid>
    );
  } else if (layout === 'rows') {
    state = (
      <Stack gap="sm" data-testid={testId}>
        {rendered}
      </Stack>
    );
  } else {
    state = (
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="sm" highlightOnHover data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rendered}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  if (layout === 'cards') return state;
  return (
    <SectionCard title={title}>
      {header}
      {state}
      {footer}
    </SectionCard>
  );
}
