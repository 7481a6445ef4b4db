import {
  Anchor,
  Avatar,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-messages';
import { getUsersQueryOptions, USERS_PER_PAGE } from '../api/users-api';

/** The users directory (D11): search, 10 per page, by id. */
export function Component() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useQuery(getUsersQueryOptions(q, page));
  const pages = Math.max(1, Math.ceil((users.data?.count ?? 0) / USERS_PER_PAGE));

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('users.list.title')}
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('users.list.search')}
            placeholder={t('users.list.searchHint')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          {users.isPending ? (
            <Skeleton h={240} />
          ) : users.isError ? (
            <Text c="red">{errorMessage(t, users.error)}</Text>
          ) : users.data.data.length === 0 ? (
            <Text c="dimmed">{t('users.list.empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.fields.name')}</Table.Th>
                    <Table.Th>{t('users.fields.username')}</Table.Th>
                    <Table.Th>{t('users.fields.country')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.data.map((user) => (
                    <Table.Tr key={user._id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={user.avatar} size="sm" radius="xl" alt="" />
                          <Anchor component={Link} to={`/apps/users/view/${user._id}`}>
                            {user.fullName}
                          </Anchor>
                        </Group>
                      </Table.Td>
                      <Table.Td>@{user.username}</Table.Td>
                      <Table.Td>{user.country || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 && (
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('users.list.count', { count: users.data?.count ?? 0 })}
              </Text>
              <Pagination total={pages} value={page} onChange={setPage} aria-label={t('users.list.pages')} />
            </Group>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
