import { socialNetworks } from '@cadence/contract';
import { Anchor, Avatar, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { getAccountQueryOptions } from '../api/account-api';

const socialLabels = {
  twitter: 'account.social.twitter',
  facebook: 'account.social.facebook',
  instagram: 'account.social.instagram',
  linkedin: 'account.social.linkedin',
  github: 'account.social.github',
} as const;

const genderLabels = {
  '': 'account.info.genderNone',
  female: 'account.info.genderFemale',
  male: 'account.info.genderMale',
  other: 'account.info.genderOther',
} as const;

/** The signed-in user's profile (spec: name, e-mail, birth date, mobile, gender, country, city, address, social links). */
export function Component() {
  const { t, i18n } = useTranslation();
  const account = useQuery(getAccountQueryOptions());
  if (account.isPending) return <Skeleton h={320} />;
  if (account.isError) return <ErrorAlert error={account.error} />;
  const { general, info, social } = account.data;
  const dob = info.dob
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${info.dob}T00:00:00Z`),
      )
    : '';
  const rows: Array<[string, string]> = [
    [t('account.general.fullName'), general.fullName],
    [t('account.general.email'), general.email],
    [t('account.info.dob'), dob],
    [t('account.info.phone'), info.phone],
    [t('account.info.gender'), info.gender ? t(genderLabels[info.gender]) : ''],
    [t('account.info.country'), info.country],
    [t('account.info.city'), info.city],
    [t('account.info.address'), info.address],
  ];
  const links = socialNetworks.filter((network) => social[network]);

  return (
    <Stack gap="lg">
      <Card withBorder padding="xl">
        <Group justify="space-between" align="flex-start">
          <Group gap="lg">
            <Avatar src={account.data.avatar} size={96} radius="md" alt="" />
            <div>
              <Title order={1} fz="h2">
                {general.fullName}
              </Title>
              <Text c="dimmed">@{general.username}</Text>
              {general.company && <Text size="sm">{general.company}</Text>}
            </div>
          </Group>
          <Button
            component={Link}
            to="/pages/account-setting"
            variant="light"
            leftSection={<IconPencil size={16} />}
          >
            {t('profile.edit')}
          </Button>
        </Group>
        {info.bio && <Text mt="md">{info.bio}</Text>}
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('profile.about')}
          </Title>
          <Stack gap={6}>
            {rows.map(([label, value]) => (
              <Text key={label} size="sm">
                <Text span fw={600}>
                  {label}:
                </Text>{' '}
                {value || t('profile.notSet')}
              </Text>
            ))}
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} fz="h4" mb="sm">
            {t('profile.social')}
          </Title>
          {links.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('profile.noSocial')}
            </Text>
          ) : (
            <Stack gap={6}>
              {links.map((network) => (
                <Text key={network} size="sm">
                  <Text span fw={600}>
                    {t(socialLabels[network])}:
                  </Text>{' '}
                  <Anchor href={social[network]} target="_blank" rel="noreferrer" underline="always">
                    {social[network]}
                  </Anchor>
                </Text>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
