/** A choice among my friends, for sharing something with them (a group's members, a project's assignees). */
import type { PublicUser } from '@cadence/contract';
import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-messages';
import { getFriendsQueryOptions } from '../shared/queries/friends';

interface FriendsSelectProps extends Omit<MultiSelectProps, 'data'> {
  label: string;
  /** People already chosen, offered even when they are no longer friends. */
  chosen?: PublicUser[];
}

export function FriendsSelect({ chosen = [], error, ...props }: FriendsSelectProps) {
  const { t } = useTranslation();
  const friends = useQuery(getFriendsQueryOptions());
  const people = new Map<string, PublicUser>();
  for (const person of [...chosen, ...(friends.data?.data ?? [])]) people.set(person._id, person);
  const options = [...people.values()].map((person) => ({
    value: person._id,
    label: `${person.fullName} (@${person.username})`,
  }));
  const none = friends.isSuccess && options.length === 0;

  return (
    <MultiSelect
      placeholder={none ? undefined : t('common.friendsSelect.placeholder')}
      description={none ? t('common.friendsSelect.none') : undefined}
      data={options}
      searchable
      clearable
      nothingFoundMessage={t('common.friendsSelect.nothingFound')}
      disabled={friends.isPending || none}
      comboboxProps={{ withinPortal: true }}
      error={error ?? (friends.isError ? errorMessage(t, friends.error) : undefined)}
      {...props}
    />
  );
}
