import { Group, Skeleton, Stack } from '@mantine/core';

/** The loading state of a list of people or groups: a few grey rows. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" data-testid="list-loading">
      {Array.from({ length: rows }, (_, row) => (
        <Group key={row} gap="sm" wrap="nowrap">
          <Skeleton h={38} w={38} circle />
          <Skeleton h={38} />
        </Group>
      ))}
    </Stack>
  );
}
