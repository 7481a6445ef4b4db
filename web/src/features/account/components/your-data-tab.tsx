/**
 * Account settings → Your data: the download of everything the user owns as one JSON
 * file, and, in a danger zone, the account's deletion once the password is confirmed.
 */
import { deleteAccountInput } from '@cadence/contract';
import { Alert, Button, Card, List, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormShell } from '../../../components/form-shell';
import { getCurrentUserQueryOptions } from '../../../lib/auth';
import { useContractForm } from '../../../lib/contract-form';
import { forgetPersistedQueries } from '../../../lib/query-persistence';
import { session } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDeleteAccount, useDownloadMyData } from '../api/your-data-api';

export function YourDataTab() {
  const { t } = useTranslation();
  const downloading = useDownloadMyData();
  const current = useQuery(getCurrentUserQueryOptions());
  const [deleting, setDeleting] = useState(false);
  const operator = current.data?.operator === true;

  return (
    <Stack gap="xl" maw={720}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h4">
          {t('account.yourData.downloadTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('account.yourData.downloadIntro')}
        </Text>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={downloading.isPending}
          onClick={() =>
            downloading.mutate(undefined, {
              onSuccess: () => toastSuccess(t, t('account.yourData.downloaded')),
              onError: (error) => toastError(t, error),
            })
          }
        >
          {t('account.yourData.download')}
        </Button>
      </Stack>

      <Card withBorder padding="lg" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h4" c="red">
            {t('account.yourData.dangerTitle')}
          </Title>
          <Text size="sm">{t('account.yourData.deleteIntro')}</Text>
          {operator && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} />} w="100%">
              {t('account.yourData.operator')}
            </Alert>
          )}
          <Button
            color="red.9"
            leftSection={<IconTrash size={16} />}
            disabled={operator}
            onClick={() => setDeleting(true)}
          >
            {t('account.yourData.deleteButton')}
          </Button>
        </Stack>
      </Card>

      <Modal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('account.yourData.modalTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <DeleteAccountForm onCancel={() => setDeleting(false)} />
      </Modal>
    </Stack>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const binding = useContractForm(
    deleteAccountInput,
    { password: '' },
    {
      onSubmit: async (values) => {
        await remove.mutateAsync(values);
        // The account is gone with its sessions: forget everything kept for it here too.
        forgetPersistedQueries();
        session.clear();
        queryClient.clear();
        toastSuccess(t, t('account.yourData.deleted'));
        await navigate('/login', { replace: true });
      },
    },
  );
  return (
    <FormShell
      binding={binding}
      submitLabel={t('account.yourData.confirm')}
      submitColor="red.9"
      onCancel={onCancel}
    >
      <List size="sm" spacing="xs">
        <List.Item>{t('account.yourData.goes')}</List.Item>
        <List.Item>{t('account.yourData.shared')}</List.Item>
        <List.Item>{t('account.yourData.sessions')}</List.Item>
      </List>
      <PasswordInput
        label={t('account.yourData.password')}
        autoComplete="current-password"
        required
        data-autofocus
        {...binding.form.getInputProps('password')}
      />
    </FormShell>
  );
}
