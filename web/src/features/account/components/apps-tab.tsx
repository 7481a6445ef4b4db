/**
 * Account settings → Apps and devices (D43): app passwords for calendar apps that sync over
 * CalDAV (a phone's Calendar and Reminders, Thunderbird, DAVx5). Made with a name, the secret
 * shown once beside the user name and the server address; listed with their last use; revoked.
 * Below them, the names and colours those apps show for Cadence's calendars (D49).
 */
import { type AppPassword, type AppPasswordCreated, createAppPasswordInput } from '@cadence/contract';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceMobile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';
import {
  getAppPasswordsQueryOptions,
  useCreateAppPassword,
  useRevokeAppPassword,
} from '../api/app-passwords-api';
import { DeviceCalendars } from './device-calendars';

export function AppsTab() {
  const { t } = useTranslation();
  const [made, setMade] = useState<AppPasswordCreated | null>(null);
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('account.apps.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.apps.intro')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('account.apps.howApple')}</List.Item>
          <List.Item>{t('account.apps.howThunderbird')}</List.Item>
          <List.Item>{t('account.apps.howAndroid')}</List.Item>
        </List>
      </Stack>
      <CreateForm onMade={setMade} />
      {made && <Made secret={made} />}
      <Existing />
      <DeviceCalendars />
    </Stack>
  );
}

function CreateForm({ onMade }: { onMade: (secret: AppPasswordCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateAppPassword();
  const binding = useContractForm(
    createAppPasswordInput,
    { name: '' },
    { onSubmit: async (values) => onMade(await create.mutateAsync(values)), resetOnSuccess: true },
  );
  return (
    <FormShell binding={binding} submitLabel={t('account.apps.create')} maw={480}>
      <TextInput
        label={t('account.apps.name')}
        description={t('account.apps.nameHint')}
        maxLength={60}
        {...binding.form.getInputProps('name')}
      />
    </FormShell>
  );
}

/** The secret, this once, with what a calendar app asks for beside it. */
function Made({ secret }: { secret: AppPasswordCreated }) {
  const { t } = useTranslation();
  const rows = [
    [t('account.apps.server'), secret.server],
    [t('account.apps.username'), secret.username],
    [t('account.apps.password'), secret.password],
  ] as const;
  return (
    <Alert
      variant="light"
      color="teal"
      icon={<IconDeviceMobile size={18} />}
      title={secret.name}
      data-testid="app-password-made"
    >
      <Stack gap="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="nowrap">
            <Text size="sm" w={110}>
              {label}
            </Text>
            <Code style={{ flex: 1, overflowWrap: 'anywhere' }}>{value}</Code>
            <CopyButton value={value}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  aria-label={t('account.apps.copyLabel', { what: label })}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? t('account.calendar.copied') : t('account.calendar.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        ))}
        <Text size="xs">{t('account.apps.shownOnce')}</Text>
      </Stack>
    </Alert>
  );
}

function Existing() {
  const { t, i18n } = useTranslation();
  const list = useQuery(getAppPasswordsQueryOptions());
  const revoke = useRevokeAppPassword();
  const [revoking, setRevoking] = useState<AppPassword | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (list.isPending) return <Skeleton h={80} />;
  if (list.isError) return <ErrorAlert error={list.error} />;
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('account.apps.listTitle')}
      </Title>
      {list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('account.apps.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table data-testid="app-passwords">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('account.apps.name')}</Table.Th>
                <Table.Th>{t('account.apps.created')}</Table.Th>
                <Table.Th>{t('account.apps.lastUsed')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('account.apps.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item._id}>
                  <Table.Td>
                    <bdi>{item.name}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi>{when(item.createdAt)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {item.lastUsedAt ? <bdi>{when(item.lastUsedAt)}</bdi> : t('account.apps.neverUsed')}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('account.apps.revokeLabel', { name: item.name })}
                      onClick={() => setRevoking(item)}
                    >
                      {t('account.apps.revoke')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        subject={revoking}
        title={t('account.apps.revokeTitle')}
        message={(item) => t('account.apps.revokeConfirm', { name: item.name })}
        confirmLabel={t('account.apps.revoke')}
        onConfirm={(item) => revoke.mutateAsync(item._id)}
        success={(item) => t('account.apps.revoked', { name: item.name })}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}
