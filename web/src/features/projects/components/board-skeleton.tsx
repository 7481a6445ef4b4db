import { Group, Skeleton, Stack } from '@mantine/core';

/** The board while it loads: a title and three grey columns of cards. */
export function BoardSkeleton() {
  return (
    <Stack gap="lg" data-testid="board-loading">
      <Skeleton h={32} w={240} />
      <Group align="flex-start" wrap="nowrap" gap="md">
        {[4, 2, 3].map((cards, column) => (
          <Stack key={column} gap="xs" w={280}>
            <Skeleton h={36} />
            {Array.from({ length: cards }, (_, card) => (
              <Skeleton key={card} h={44} />
            ))}
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}
