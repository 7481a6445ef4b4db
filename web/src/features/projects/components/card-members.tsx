/**
 * A card's members as avatars, on the card's face and in its dialog (named in a tooltip), and the
 * dialog's choice of them among the board's owner and members.
 */
import type { PublicUser } from '@cadence/contract';
import { Avatar, Group, type MantineSize, MultiSelect, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

interface CardMemberAvatarsProps {
  /** The card's `members`. */
  memberIds: string[];
  /** The board's people, owner and members (`boardPeople(board)`, computed once for the board). */
  people: PublicUser[];
  /** `sm` on the card's face (the default), larger in the dialog. */
  size?: MantineSize;
  /** Avatars shown before "+n". */
  max?: number;
}

/** Nothing when the card has no members; a member who left the board is not shown. */
export const CardMemberAvatars = memo(function CardMemberAvatars(props: CardMemberAvatarsProps) {
  return props.memberIds.length === 0 ? null : <MemberAvatars {...props} />;
});

function MemberAvatars({ memberIds, people, size = 'sm', max = 4 }: CardMemberAvatarsProps) {
  const { t } = useTranslation();
  const members = memberIds
    .map((id) => people.find((person) => person._id === id))
    .filter((person): person is PublicUser => person !== undefined);
  if (members.length === 0) return null;
  const names = members.map((member) => member.fullName).join(', ');
  return (
    <Tooltip.Group>
      <Avatar.Group
        spacing="xs"
        role="img"
        aria-label={t('projects.item.members.avatars', { names })}
        data-testid="card-members"
      >
        {members.slice(0, max).map((member) => (
          <Tooltip key={member._id} label={member.fullName} withinPortal>
            <Avatar
              src={member.avatar}
              name={member.fullName}
              color="violet"
              radius="xl"
              size={size}
              alt=""
            />
          </Tooltip>
        ))}
        {members.length > max && (
          <Avatar radius="xl" size={size}>
            +{members.length - max}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip.Group>
  );
}

interface MemberPickerProps {
  memberIds: string[];
  /** The board's owner and members, among whom card members are chosen. */
  people: PublicUser[];
  onChange: (memberIds: string[]) => void;
}

/** The card's members, chosen among the board's people. */
export function MemberPicker({ memberIds, people, onChange }: MemberPickerProps) {
  const { t } = useTranslation();
  const byId = new Map(people.map((person) => [person._id, person]));
  return (
    <MultiSelect
      label={t('projects.item.members.label')}
      placeholder={memberIds.length === 0 ? t('projects.item.members.placeholder') : undefined}
      searchable
      data={people.map((person) => ({ value: person._id, label: person.fullName }))}
      value={memberIds.filter((id) => byId.has(id))}
      onChange={onChange}
      nothingFoundMessage={t('projects.item.members.nothingFound')}
      renderOption={({ option }) => {
        const person = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <Avatar src={person?.avatar} name={option.label} color="violet" radius="xl" size="sm" alt="" />
            <span>
              {option.label}
              {person && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  @{person.username}
                </Text>
              )}
            </span>
          </Group>
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
