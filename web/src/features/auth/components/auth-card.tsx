import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of every sign-in screen. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Paper withBorder shadow="md" radius="md" p="xl" w="100%" maw={440}>
      <Stack gap="md">
        <Anchor component={Link} to="/" underline="never" fw={700} fz="xl" c="violet">
          Cadence
        </Anchor>
        <div>
          <Title order={1} fz="h3">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" mt={4}>
              {subtitle}
            </Text>
          )}
        </div>
        {children}
        {footer && (
          <Text size="sm" ta="center">
            {footer}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
