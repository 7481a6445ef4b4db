import type { FriendRequest, PublicUser } from '@cadence/contract';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch, IconSend, IconUserCheck, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from '../../../components/list-skeleton';
import { PersonLine } from '../../../components/person-line';
import { errorMessage } from '../../../lib/api-messages';
import { getFriendRequestsQueryOptions, getFriendsQueryOptions } from '../../../lib/friends';
import { useSessionUser } from '../../../lib/session';
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
      <div>
        <Title order={1} fz="h2">
          {t('friends.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('friends.intro')}
        </Text>
      </div>
      <Tabs defaultValue="all">
        <Tabs.List>
          <Tabs.Tab value="all" leftSection={<IconSearch size={16} />}>
            {t('friends.tabs.all')}
          </Tabs.Tab>
          <Tabs.Tab value="friends" leftSection={<IconUserCheck size={16} />}>
            {t('friends.tabs.friends')}
          </Tabs.Tab>
          <Tabs.Tab value="sent" leftSection={<IconSend size={16} />}>
            {t('friends.tabs.sent')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all" pt="md">
          <DirectoryTab />
        </Tabs.Panel>
        <Tabs.Panel value="friends" pt="md">
          <FriendsTab />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="md">
          <SentTab />
        </Tabs.Panel>
      </Tabs>
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
      notifications.show({ color: 'green', message: t('friends.toast.sent', { name: person.fullName }) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    }
  };

  const pages = directory.data ? Math.ceil(directory.data.count / DIRECTORY_PER_PAGE) : 0;
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <TextInput
          label={t('friends.directory.search')}
          placeholder={t('friends.directory.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
        {directory.isPending ? (
          <ListSkeleton />
        ) : directory.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(t, directory.error)}
          </Alert>
        ) : directory.data.data.length === 0 ? (
          <EmptyState icon={<IconSearch size={28} />} title={t('friends.directory.empty')} />
        ) : (
          <Stack gap="sm" data-testid="directory">
            {directory.data.data.map((person) => {
              const relation = relationOf(person);
              return (
                <PersonLine key={person._id} person={person}>
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
            })}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function FriendsTab() {
  const { t } = useTranslation();
  const friends = useQuery(getFriendsQueryOptions());
  const [removing, setRemoving] = useState<PublicUser | null>(null);
  return (
    <Card withBorder padding="lg">
      {friends.isPending ? (
        <ListSkeleton />
      ) : friends.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, friends.error)}
        </Alert>
      ) : friends.data.data.length === 0 ? (
        <EmptyState icon={<IconUsers size={28} />} title={t('friends.list.empty')} />
      ) : (
        <Stack gap="sm" data-testid="friends">
          {friends.data.data.map((friend) => (
            <PersonLine key={friend._id} person={friend}>
              <Button size="xs" variant="light" color="red" onClick={() => setRemoving(friend)}>
                {t('friends.list.remove')}
              </Button>
            </PersonLine>
          ))}
        </Stack>
      )}
      <RemoveFriendModal friend={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RemoveFriendModal({ friend, onClose }: { friend: PublicUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useRemoveFriend();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = async (person: PublicUser) => {
    try {
      await remove.mutateAsync(person);
    } catch {
      // Shown in the modal from the mutation's error.
      return;
    }
    notifications.show({ color: 'green', message: t('friends.toast.removed', { name: person.fullName }) });
    close();
  };
  return (
    <Modal opened={friend !== null} onClose={close} title={t('friends.remove.title')} centered>
      {friend && (
        <Stack gap="md">
          {remove.isError && (
            <Alert color="red" role="alert">
              {errorMessage(t, remove.error)}
            </Alert>
          )}
          <Text>{t('friends.remove.confirm', { name: friend.fullName })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('friends.remove.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => void confirm(friend)}>
              {t('friends.remove.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
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
      notifications.show({
        color: 'green',
        message: t('friends.toast.withdrawn', { name: request.to.fullName }),
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    }
  };
  return (
    <Card withBorder padding="lg">
      {requests.isPending ? (
        <ListSkeleton />
      ) : requests.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(t, requests.error)}
        </Alert>
      ) : requests.data.outgoing.length === 0 ? (
        <EmptyState icon={<IconSend size={28} />} title={t('friends.sent.empty')} />
      ) : (
        <Stack gap="sm" data-testid="sent">
          {requests.data.outgoing.map((request) => (
            <PersonLine key={request._id} person={request.to}>
              <Button
                size="xs"
                variant="default"
                loading={withdraw.isPending && withdraw.variables._id === request._id}
                onClick={() => void withdrawOne(request)}
              >
                {t('friends.sent.withdraw')}
              </Button>
            </PersonLine>
          ))}
        </Stack>
      )}
    </Card>
  );
}
