import { Card, Stack, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session';

/** The ability rules' words (contract/abilities.ts) in the user's language. */
const actionLabels: Record<string, string> = {
  manage: 'accessControl.actions.manage',
  read: 'accessControl.actions.read',
};
const subjectLabels: Record<string, string> = {
  all: 'accessControl.subjects.all',
  ACL: 'accessControl.subjects.ACL',
  Auth: 'accessControl.subjects.Auth',
};

/** A rule's word translated; one the app does not know yet shows as the server sent it. */
function label(t: TFunction, labels: Record<string, string>, word: string): string {
  const key = labels[word];
  return key ? t(key) : word;
}

/** Explains what the signed-in user's role lets them open (D6). */
export function Component() {
  const { t } = useTranslation();
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('accessControl.title')}
      </Title>
      <Card withBorder padding="lg">
        <Text>{t('accessControl.role', { role: t(`roles.${user.role}`) })}</Text>
        <Text c="dimmed" mt="xs">
          {t(user.role === 'admin' ? 'accessControl.adminText' : 'accessControl.clientText')}
        </Text>
      </Card>
      <Card withBorder padding="lg">
        <Text fw={600} mb="sm">
          {t('accessControl.abilities')}
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accessControl.action')}</Table.Th>
              <Table.Th>{t('accessControl.subject')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.ability.map((rule) => (
              <Table.Tr key={`${rule.action}:${rule.subject}`}>
                <Table.Td>{label(t, actionLabels, rule.action)}</Table.Td>
                <Table.Td>{label(t, subjectLabels, rule.subject)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
