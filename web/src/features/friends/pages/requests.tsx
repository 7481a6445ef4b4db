import type { FriendRequest } from '@cadence/contract';
import { Alert, Button, Card, EmptyState, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PersonLine } from '../../../components/person-line';
import { errorMessage } from '../../../lib/api-messages';
import { getFriendRequestsQueryOptions } from '../../../lib/friends';
import { useAcceptFriendRequest, useDeclineFriendRequest } from '../api/friends-api';

/** /apps/requests (D12): friend requests waiting for my answer, with Accept and Decline. */
export function Component() {
  const { t } = useTranslation();
  const requests = useQuery(getFriendRequestsQueryOptions());
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();

  const answer = async (request: FriendRequest, yes: boolean) => {
    const name = request.from.fullName;
    try {
      if (yes) {
        await accept.mutateAsync(request);
        notifications.show({ color: 'green', message: t('friends.toast.accepted', { name }) });
      } else {
        await decline.mutateAsync(request);
        notifications.show({ color: 'green', message: t('friends.toast.declined', { name }) });
      }
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    }
  };
  const busy = (request: FriendRequest) =>
    (accept.isPending && accept.variables._id === request._id) ||
    (decline.isPending && decline.variables._id === request._id);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t('friends.requests.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('friends.requests.intro')}
        </Text>
      </div>
      <Card withBorder padding="lg">
        {requests.isPending ? (
          <ListSkeleton />
        ) : requests.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(t, requests.error)}
          </Alert>
        ) : requests.data.incoming.length === 0 ? (
          <EmptyState icon={<IconUserPlus size={28} />} title={t('friends.requests.empty')} />
        ) : (
          <Stack gap="sm" data-testid="incoming">
            {requests.data.incoming.map((request) => (
              <PersonLine key={request._id} person={request.from}>
                <Button size="xs" disabled={busy(request)} onClick={() => void answer(request, true)}>
                  {t('friends.requests.accept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy(request)}
                  onClick={() => void answer(request, false)}
                >
                  {t('friends.requests.decline')}
                </Button>
              </PersonLine>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
