/**
 * What both public booking pages show (D44): the booking type as a visitor sees it (who, how long,
 * where, what), and the choice of the time zone its times read in.
 */
import type { PublicBookingType, PublicUser } from '@cadence/contract';
import { Anchor, Avatar, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconClock, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '../../../components/person-line';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { formatDuration } from './booking-calendar';

/** Whether a location may be shown as a link: only web addresses, never `javascript:` and the like. */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What the booking page tells the manage page it lands on: the booking was just made or moved. */
export interface ManageBookingState {
  done?: 'booked' | 'rescheduled';
}

const nameOf = (person: PublicUser) => person.fullName || person.username;

/** The app's name, leading home: the public pages' only way into the app. */
export function Brand() {
  return (
    <Anchor component={Link} to="/" underline="never" fw={700} fz="xl" c="violet">
      Cadence
    </Anchor>
  );
}

interface TypeSummaryProps {
  type: PublicBookingType;
  /** Who is booked, when known (a booking's hosts); else the type's. */
  hosts?: PublicUser[];
  /** The level of the title: 1 on the booking page, 2 under another heading. */
  order?: 1 | 2;
}

/** The booking type: its host or hosts, title, duration, location and description. */
export function TypeSummary({ type, hosts, order = 1 }: TypeSummaryProps) {
  const { t, i18n } = useTranslation();
  // Round-robin books one of the group: until then the page names the link's owner and the group.
  const people = hosts ?? (type.mode === 'alone' ? [type.host] : type.hosts);
  const names = people.map(nameOf);
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap">
        {people.length === 1 ? (
          <PersonAvatar person={people[0]!} size="lg" />
        ) : (
          <Avatar.Group spacing="sm">
            {people.slice(0, 4).map((person) => (
              <Tooltip key={person._id} label={nameOf(person)} withArrow>
                <PersonAvatar person={person} />
              </Tooltip>
            ))}
            {people.length > 4 && (
              <Avatar radius="xl" aria-hidden>
                +{people.length - 4}
              </Avatar>
            )}
          </Avatar.Group>
        )}
        <Text c="dimmed" size="sm" miw={0}>
          {type.mode === 'round-robin' && !hosts
            ? t('bookingPublic.withOneOf', {
                names: new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(names),
              })
            : t('bookingPublic.with', { names: new Intl.ListFormat(i18n.language).format(names) })}
        </Text>
      </Group>
      <Title order={order} fz="h2">
        {type.title}
      </Title>
      <Group gap="md">
        <Group gap={6} wrap="nowrap">
          <IconClock size={18} aria-hidden />
          <Text size="sm">
            <VisuallyHidden component="span">{t('bookingPublic.duration')} </VisuallyHidden>
            {formatDuration(type.duration, i18n.language)}
          </Text>
        </Group>
        {type.location && (
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconMapPin size={18} aria-hidden />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <VisuallyHidden component="span">{t('bookingPublic.location')} </VisuallyHidden>
              {isWebLink(type.location) ? (
                <Anchor href={type.location} target="_blank" rel="noreferrer" inherit>
                  {type.location}
                </Anchor>
              ) : (
                type.location
              )}
            </Text>
          </Group>
        )}
      </Group>
      {type.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {type.description}
        </Text>
      )}
    </Stack>
  );
}

/** The visitor's time zone, searchable among the browser's IANA zones. */
export function ZoneSelect({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  return (
    <TimeZoneSelect
      label={t('bookingPublic.timeZone')}
      value={value}
      onChange={(zone) => zone && onChange(zone)}
      nothingFoundMessage={t('bookingPublic.noZone')}
      comboboxProps={{ withinPortal: true }}
      maw={360}
    />
  );
}
