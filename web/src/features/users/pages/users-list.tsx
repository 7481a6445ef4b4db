import { Anchor, Avatar, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListBody, PageHeader } from '../../../components/list-page';
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
      <PageHeader title={t('users.list.title')} />
      <ListBody
        query={users}
        items={(data) => data.data}
        layout="table"
        columns={[t('users.fields.name'), t('users.fields.username'), t('users.fields.country')]}
        empty={{ icon: <IconSearch size={28} />, title: t('users.list.empty') }}
        header={
          <TextInput
            type="search"
            label={t('users.list.search')}
            placeholder={t('users.list.searchHint')}
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
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('users.list.count', { count: users.data?.count ?? 0 })}
              </Text>
              <Pagination total={pages} value={page} onChange={setPage} aria-label={t('users.list.pages')} />
            </Group>
          )
        }
        renderItem={(user) => (
          <Table.Tr>
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
        )}
      />
    </Stack>
  );
}
