import type { PublicUser } from '@cadence/contract';
import { Avatar, Group, type MantineSize, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A person's picture, or their initials, as lists, comments and histories show it. */
export function PersonAvatar({
  person,
  size,
}: {
  person: Pick<PublicUser, 'avatar' | 'fullName'>;
  size?: MantineSize;
}) {
  return <Avatar src={person.avatar} name={person.fullName} color="violet" radius="xl" size={size} alt="" />;
}

/** A person as lists show them: avatar, full name, @username (and the country when known). */
export function PersonLine({ person, children }: { person: PublicUser; children?: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="person"
      data-username={person.username}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <PersonAvatar person={person} />
        <div style={{ minWidth: 0 }}>
          <Text fw={500} truncate>
            {person.fullName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            @{person.username}
            {person.country ? ` · ${person.country}` : ''}
          </Text>
        </div>
      </Group>
      {children && (
        <Group gap="xs" wrap="nowrap">
          {children}
        </Group>
      )}
    </Group>
  );
}
