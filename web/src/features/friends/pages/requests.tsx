import type { FriendRequest } from '@cadence/contract';
import { Button, Stack } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListBody, PageHeader } from '../../../components/list-page';
import { PersonLine } from '../../../components/person-line';
import { getFriendRequestsQueryOptions } from '../../../lib/friends';
import { toastError, toastSuccess } from '../../../lib/toast';
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
        toastSuccess(t, t('friends.toast.accepted', { name }));
      } else {
        await decline.mutateAsync(request);
        toastSuccess(t, t('friends.toast.declined', { name }));
      }
    } catch (error) {
      toastError(t, error);
    }
  };
  const busy = (request: FriendRequest) =>
    (accept.isPending && accept.variables._id === request._id) ||
    (decline.isPending && decline.variables._id === request._id);

  return (
    <Stack gap="lg">
      <PageHeader title={t('friends.requests.title')} intro={t('friends.requests.intro')} />
      <ListBody
        query={requests}
        items={(data) => data.incoming}
        layout="rows"
        testId="incoming"
        empty={{ icon: <IconUserPlus size={28} />, title: t('friends.requests.empty') }}
        renderItem={(request) => (
          <PersonLine person={request.from}>
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
        )}
      />
    </Stack>
  );
}
