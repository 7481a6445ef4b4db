/**
 * Above a signed-in page's content, when the device is in another time zone than the account
 * (D46): every date of the app is shown in the account's zone, so a user who travels or who
 * registered elsewhere is offered the device's. The account's zone is the stored user record's,
 * which sign-in, every read of the current user and every change made here keep up to date.
 * "Keep" (or closing) is remembered for that device zone (`time-zone-offer.ts`).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/error-alert';
import { canOpen } from '../lib/ability';
import { useAbility } from '../lib/ability-context';
import { browserTimeZone } from '../lib/browser-time-zone';
import { useSessionUser } from '../lib/session';
import { toastSuccess } from '../lib/toast';
import { useUpdateAccount } from '../shared/queries/account';
import { keepAccountZone, keptZone, zoneToOffer } from './time-zone-offer';

/** The zone matters only to those who may open the app's pages (not the client role, D5). */
const appPages = { resource: 'App' };

export function TimeZoneBanner() {
  const { t } = useTranslation();
  const concerned = canOpen(useAbility(), appPages);
  // The stored user record's zone: no request, and the banner is there with the page's first paint.
  const accountZone = useSessionUser()?.timeZone;
  const update = useUpdateAccount();
  const [kept, setKept] = useState(keptZone);
  const deviceZone = zoneToOffer(accountZone, browserTimeZone(), kept);
  if (!concerned || !accountZone || !deviceZone) return null;

  const keep = () => {
    keepAccountZone(deviceZone);
    setKept(deviceZone);
  };
  const switchZone = () =>
    update.mutate(
      { timeZone: deviceZone },
      { onSuccess: () => toastSuccess(t, t('timeZoneBanner.switched', { zone: deviceZone })) },
    );
  return (
    <Alert
      role="status"
      variant="light"
      icon={<IconWorld size={18} />}
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={keep}
      mb="md"
      data-testid="time-zone-banner"
    >
      <Stack gap="xs">
        <Text size="sm">{t('timeZoneBanner.message', { device: deviceZone, account: accountZone })}</Text>
        <Group gap="xs">
          <Button size="xs" loading={update.isPending} onClick={switchZone}>
            {t('timeZoneBanner.use', { zone: deviceZone })}
          </Button>
          <Button size="xs" variant="default" onClick={keep}>
            {t('timeZoneBanner.keep', { zone: accountZone })}
          </Button>
        </Group>
        <ErrorAlert error={update.error} />
      </Stack>
    </Alert>
  );
}
