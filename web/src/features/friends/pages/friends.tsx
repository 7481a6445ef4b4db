import type { FriendRequest, PublicUser } from '@cadence/contract';
import { Button, Group, Pagination, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconSend, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListBody, PageHeader, PageTabs } from '../../../components/list-page';
import { PersonLine } from '../../../components/person-line';
import { getFriendRequestsQueryOptions, getFriendsQueryOptions } from '../../../shared/queries/friends';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  DIRECTORY_PER_PAGE,
  getDirectoryQueryOptions,
  useRemoveFriend,
  useSendFriendRequest,
  useWithdrawFriendRequest,
} from '../api/friends-api';

/** /friends (D12): find people and ask them to be friends; my friends; my pending invitations. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <PageHeader title={t('friends.title')} intro={t('friends.intro')} />
      <PageTabs
        tabs={[
          {
            value: 'all',
            label: t('friends.tabs.all'),
            icon: <IconSearch size={16} />,
            content: <DirectoryTab />,
          },
          {
            value: 'friends',
            label: t('friends.tabs.friends'),
            icon: <IconUserCheck size={16} />,
            content: <FriendsTab />,
          },
          {
            value: 'sent',
            label: t('friends.tabs.sent'),
            icon: <IconSend size={16} />,
            content: <SentTab />,
          },
        ]}
      />
    </Stack>
  );
}

type Relation = 'self' | 'friend' | 'sent' | 'received' | 'none';

/** The users directory, each row with what the user may do about that person. */
function DirectoryTab() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const directory = useQuery(getDirectoryQueryOptions(query, page));
  const friends = useQuery(getFriendsQueryOptions());
  const requests = useQuery(getFriendRequestsQueryOptions());
  const send = useSendFriendRequest();

  const friendIds = new Set(friends.data?.data.map((friend) => friend._id));
  const sentTo = new Set(requests.data?.outgoing.map((request) => request.to._id));
  const receivedFrom = new Set(requests.data?.incoming.map((request) => request.from._id));
  const relationOf = (person: PublicUser): Relation => {
    if (person._id === me?._id) return 'self';
    if (friendIds.has(person._id)) return 'friend';
    if (sentTo.has(person._id)) return 'sent';
    if (receivedFrom.has(person._id)) return 'received';
    return 'none';
  };
  const labels: Record<Exclude<Relation, 'none'>, string> = {
    self: t('friends.directory.you'),
    friend: t('friends.directory.friend'),
    sent: t('friends.directory.sent'),
    received: t('friends.directory.received'),
  };

  const add = async (person: PublicUser) => {
    try {
      await send.mutateAsync(person);
      toastSuccess(t, t('friends.toast.sent', { name: person.fullName }));
    } catch (error) {
      toastError(t, error);
    }
  };

  const pages = directory.data ? Math.ceil(directory.data.count / DIRECTORY_PER_PAGE) : 0;
  return (
    <ListBody
      query={directory}
      items={(data) => data.data}
      layout="rows"
      testId="directory"
      empty={{ icon: <IconSearch size={28} />, title: t('friends.directory.empty') }}
      header={
        <TextInput
          type="search"
          label={t('friends.directory.search')}
          placeholder={t('friends.directory.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      }
      footer={
        pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        )
      }
      renderItem={(person) => {
        const relation = relationOf(person);
        return (
          <PersonLine person={person}>
            {relation === 'none' ? (
              <Button
                size="xs"
                loading={send.isPending && send.variables._id === person._id}
                onClick={() => void add(person)}
              >
                {t('friends.directory.add')}
              </Button>
            ) : (
              <Button size="xs" variant="default" disabled>
                {labels[relation]}
              </Button>
            )}
          </PersonLine>
        );
      }}
    />
  );
}

function FriendsTab() {
  const { t } = useTranslation();
  const friends = useQuery(getFriendsQueryOptions());
  const remove = useRemoveFriend();
  const [removing, setRemoving] = useState<PublicUser | null>(null);
  return (
    <>
      <ListBody
        query={friends}
        items={(data) => data.data}
        layout="rows"
        testId="friends"
        empty={{ icon: <IconUsers size={28} />, title: t('friends.list.empty') }}
        renderItem={(friend) => (
          <PersonLine person={friend}>
            <Button size="xs" variant="light" color="red" onClick={() => setRemoving(friend)}>
              {t('friends.list.remove')}
            </Button>
          </PersonLine>
        )}
      />
      <ConfirmDialog
        subject={removing}
        title={t('friends.remove.title')}
        message={(friend) => t('friends.remove.confirm', { name: friend.fullName })}
        confirmLabel={t('friends.remove.submit')}
        onConfirm={(friend) => remove.mutateAsync(friend)}
        success={(friend) => t('friends.toast.removed', { name: friend.fullName })}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

/** Requests I sent that are still pending, each with "Withdraw". */
function SentTab() {
  const { t } = useTranslation();
  const requests = useQuery(getFriendRequestsQueryOptions());
  const withdraw = useWithdrawFriendRequest();
  const withdrawOne = async (request: FriendRequest) => {
    try {
      await withdraw.mutateAsync(request);
      toastSuccess(t, t('friends.toast.withdrawn', { name: request.to.fullName }));
    } catch (error) {
      toastError(t, error);
    }
  };
  return (
    <ListBody
      query={requests}
      items={(data) => data.outgoing}
      layout="rows"
      testId="sent"
      empty={{ icon: <IconSend size={28} />, title: t('friends.sent.empty') }}
      renderItem={(request) => (
        <PersonLine person={request.to}>
          <Button
            size="xs"
            variant="default"
            loading={withdraw.isPending && withdraw.variables._id === request._id}
            onClick={() => void withdrawOne(request)}
          >
            {t('friends.sent.withdraw')}
          </Button>
        </PersonLine>
      )}
    />
  );
}
