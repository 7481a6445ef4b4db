import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface MessagePageProps {
  title: string;
  text: string;
  action?: { label: string; to: string };
  children?: ReactNode;
}

/** The frame of the status pages (their strings are `misc.*`): a title, a sentence, a way out. */
export function MessagePage({ title, text, action, children }: MessagePageProps) {
  return (
    <Stack align="center" gap="md" maw={560} ta="center">
      <Title order={1}>{title}</Title>
      <Text c="dimmed" size="lg">
        {text}
      </Text>
      {children}
      {action && (
        <Button component={Link} to={action.to}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
