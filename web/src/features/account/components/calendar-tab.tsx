/**
 * Account settings → Calendar: the secret feed address that calendar apps subscribe to
 * (made, shown once with copy, replaced or revoked), and the import of an .ics file.
 */
import type { CalendarFeed, CalendarImportResult } from '@cadence/contract';
import {
  Alert,
  Button,
  CopyButton,
  FileInput,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarShare, IconCheck, IconCopy, IconFileImport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage, fieldErrors } from '../../../lib/api-messages';
import { formatDay } from '../../../lib/format-day';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  getCalendarFeedQueryOptions,
  useImportCalendar,
  useRevokeCalendarFeed,
  useRotateCalendarFeed,
} from '../api/calendar-feed-api';

export function CalendarTab() {
  return (
    <Stack gap="xl">
      <FeedSection />
      <ImportSection />
    </Stack>
  );
}

function FeedSection() {
  const { t, i18n } = useTranslation();
  const status = useQuery(getCalendarFeedQueryOptions());
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [made, setMade] = useState<CalendarFeed | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);

  const makeAddress = async () => {
    const feed = await rotate.mutateAsync();
    setMade(feed);
    return feed;
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('account.calendar.feedTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.calendar.feedIntro')}
      </Text>
      {status.isPending ? (
        <Skeleton h={36} />
      ) : status.isError ? (
        <ErrorAlert error={status.error} />
      ) : (
        <>
          {made ? (
            <Stack gap="xs">
              <Group gap="xs" align="end" wrap="nowrap">
                <TextInput
                  label={t('account.calendar.address')}
                  value={made.url}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: 1 }}
                  data-testid="calendar-feed-url"
                />
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button
                      variant="light"
                      color={copied ? 'teal' : undefined}
                      leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      onClick={copy}
                    >
                      {copied ? t('account.calendar.copied') : t('account.calendar.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {t('account.calendar.shownOnce')}
              </Text>
            </Stack>
          ) : status.data.active ? (
            <Alert variant="light" icon={<IconCalendarShare size={18} />}>
              {t('account.calendar.active', {
                date: formatDay(status.data.createdAt!.slice(0, 10), i18n.language),
              })}
            </Alert>
          ) : (
            <Text size="sm">{t('account.calendar.none')}</Text>
          )}
          <Group gap="sm">
            {status.data.active ? (
              <>
                <Button variant="default" onClick={() => setConfirming('rotate')}>
                  {t('account.calendar.rotate')}
                </Button>
                <Button variant="subtle" color="red" onClick={() => setConfirming('revoke')}>
                  {t('account.calendar.revoke')}
                </Button>
              </>
            ) : (
              <Button
                leftSection={<IconCalendarShare size={16} />}
                loading={rotate.isPending}
                onClick={() => void makeAddress().catch((error: unknown) => toastError(t, error))}
              >
                {t('account.calendar.create')}
              </Button>
            )}
          </Group>
        </>
      )}
      <ConfirmDialog
        subject={confirming}
        title={
          confirming === 'revoke' ? t('account.calendar.revokeTitle') : t('account.calendar.rotateTitle')
        }
        message={(action) =>
          action === 'revoke' ? t('account.calendar.revokeConfirm') : t('account.calendar.rotateConfirm')
        }
        confirmLabel={confirming === 'revoke' ? t('account.calendar.revoke') : t('account.calendar.rotate')}
        color={confirming === 'revoke' ? 'red' : 'violet'}
        onConfirm={async (action) => {
          if (action === 'revoke') {
            await revoke.mutateAsync();
            setMade(null);
          } else await makeAddress();
        }}
        success={(action) =>
          action === 'revoke' ? t('account.calendar.revoked') : t('account.calendar.rotated')
        }
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** What an import left out and why (D40), in the user's language: the first twenty, then a count. */
function SkippedList({ result }: { result: CalendarImportResult }) {
  const { t } = useTranslation();
  if (result.skippedCount === 0) return null;
  const shown = result.skipped.slice(0, 20);
  return (
    <Alert color="yellow" title={t('account.calendar.skippedTitle')} data-testid="import-skipped">
      <List size="sm" spacing={4}>
        {shown.map((skip, index) => (
          <List.Item key={`${skip.uid}-${index}`}>
            <Text span fw={600} size="sm">
              {skip.summary || t('account.calendar.untitled')}
            </Text>
            {' — '}
            {t(`api.${skip.reason}`)}
          </List.Item>
        ))}
      </List>
      {result.skippedCount > shown.length && (
        <Text size="sm" mt={4}>
          {t('account.calendar.skippedMore', { count: result.skippedCount - shown.length })}
        </Text>
      )}
    </Alert>
  );
}

/**
 * A refused import: what is wrong with the file, and, when the answer names a reason of its own for
 * the file (an event it could not read), that reason too.
 */
function ImportError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = errorMessage(t, error);
  const reason = fieldErrors(t, error).file;
  return (
    <Alert color="red" role="alert">
      {message}
      {reason && reason !== message && (
        <Text size="sm" mt={4} data-testid="import-reason">
          {reason}
        </Text>
      )}
    </Alert>
  );
}

function ImportSection() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportCalendar();

  const submit = async () => {
    if (!file) return;
    const result = await importing.mutateAsync(file);
    toastSuccess(
      t,
      t('account.calendar.imported', {
        count: result.imported,
        updated: result.updated,
        unchanged: result.unchanged,
        skipped: result.skippedCount,
      }),
    );
    setFile(null);
  };

  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {t('account.calendar.importTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('account.calendar.importIntro')}
      </Text>
      <Group gap="sm" align="end">
        <FileInput
          label={t('account.calendar.file')}
          accept=".ics,text/calendar"
          value={file}
          onChange={(value) => {
            importing.reset();
            setFile(value);
          }}
          clearable
          style={{ flex: 1, minWidth: 220 }}
          leftSection={<IconFileImport size={16} />}
        />
        <Button
          disabled={!file}
          loading={importing.isPending}
          onClick={() => void submit().catch(() => undefined)}
        >
          {t('account.calendar.import')}
        </Button>
      </Group>
      {importing.isError && <ImportError error={importing.error} />}
      {importing.data && <SkippedList result={importing.data} />}
    </Stack>
  );
}
