/**
 * The board's drawers of archived things (lists, D18; cards): each row names one, says where or
 * how much, and restores it; a card's row also opens it.
 */
import { Button, Drawer, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ArchiveDrawerProps {
  title: string;
  /** Shown when there is nothing archived. */
  empty: string;
  opened: boolean;
  onClose: () => void;
  /** The rows (`ArchivedRow`), or none. */
  children: ReactNode[];
}

export function ArchiveDrawer({ title, empty, opened, onClose, children }: ArchiveDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {children.length === 0 ? <Text c="dimmed">{empty}</Text> : <Stack gap="sm">{children}</Stack>}
    </Drawer>
  );
}

interface ArchivedRowProps {
  testId: string;
  name: string;
  /** A line under the name (how many items, which list). */
  detail: string;
  restoreLabel: string;
  onRestore: () => void;
  /** Opens the archived thing, when it can be opened. */
  onOpen?: () => void;
}

export function ArchivedRow({ testId, name, detail, restoreLabel, onRestore, onOpen }: ArchivedRowProps) {
  const { t } = useTranslation();
  const text = (
    <>
      <Text fw={600} truncate>
        {name}
      </Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </>
  );
  return (
    <Paper withBorder p="sm" data-testid={testId} aria-label={name} component="section">
      <Group justify="space-between" wrap="nowrap">
        {onOpen ? (
          <UnstyledButton style={{ minWidth: 0 }} onClick={onOpen}>
            {text}
          </UnstyledButton>
        ) : (
          <div style={{ minWidth: 0 }}>{text}</div>
        )}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconRestore size={14} />}
          aria-label={restoreLabel}
          onClick={onRestore}
        >
          {t('projects.archived.restore')}
        </Button>
      </Group>
    </Paper>
  );
}
