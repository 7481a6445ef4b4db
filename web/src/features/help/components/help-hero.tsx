/** The top of the FAQ and knowledge-base pages: the title, a line of intro and the search box. */
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AddressSearchBox } from '../../../components/address-search-box';

interface HelpHeroProps {
  title: string;
  intro: string;
  searchLabel: string;
  /** Beside the title, e.g. a link to the other half of the help centre. */
  extra?: ReactNode;
}

export function HelpHero({ title, intro, searchLabel, extra }: HelpHeroProps) {
  return (
    <Card withBorder padding="xl" component="header">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} fz="h2">
              {title}
            </Title>
            <Text c="dimmed" mt={4}>
              {intro}
            </Text>
          </div>
          {extra}
        </Group>
        <div role="search">
          <AddressSearchBox label={searchLabel} />
        </div>
      </Stack>
    </Card>
  );
}
