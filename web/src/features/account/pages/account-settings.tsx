import { Card, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import {
  IconBell,
  IconCalendar,
  IconClock,
  IconDatabase,
  IconDeviceMobile,
  IconId,
  IconLock,
  IconReceipt,
  IconShare,
  IconUser,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { WorkingHoursEditor } from '../../../components/working-hours-editor';
import { getAccountQueryOptions } from '../api/account-api';
import { GeneralTab, InfoTab, NotificationsTab, PasswordTab, SocialTab } from '../components/account-tabs';
import { BillingTab } from '../components/billing-tab';
import { AppsTab } from '../components/apps-tab';
import { CalendarTab } from '../components/calendar-tab';
import { YourDataTab } from '../components/your-data-tab';

const tabs = [
  'general',
  'information',
  'social',
  'notifications',
  'calendar',
  'apps',
  'working-hours',
  'password',
  'billing',
  'data',
] as const;
type Tab = (typeof tabs)[number];

export function Component() {
  const { t } = useTranslation();
  const account = useQuery(getAccountQueryOptions());
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((name) => name === params.get('tab')) ?? 'general';

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('account.title')}
      </Title>
      <Card withBorder padding="lg">
        {account.isPending ? (
          <Skeleton h={320} />
        ) : account.isError ? (
          <ErrorAlert error={account.error} />
        ) : (
          <Tabs
            value={tab}
            onChange={(value) =>
              setParams(value && value !== 'general' ? { tab: value } : {}, { replace: true })
            }
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              <Tabs.Tab value="general" leftSection={<IconUser size={16} />}>
                {t('account.tabs.general')}
              </Tabs.Tab>
              <Tabs.Tab value="information" leftSection={<IconId size={16} />}>
                {t('account.tabs.information')}
              </Tabs.Tab>
              <Tabs.Tab value="social" leftSection={<IconShare size={16} />}>
                {t('account.tabs.social')}
              </Tabs.Tab>
              <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
                {t('account.tabs.notifications')}
              </Tabs.Tab>
              <Tabs.Tab value="calendar" leftSection={<IconCalendar size={16} />}>
                {t('account.tabs.calendar')}
              </Tabs.Tab>
              <Tabs.Tab value="apps" leftSection={<IconDeviceMobile size={16} />}>
                {t('account.tabs.apps')}
              </Tabs.Tab>
              <Tabs.Tab value="working-hours" leftSection={<IconClock size={16} />}>
                {t('account.tabs.workingHours')}
              </Tabs.Tab>
              <Tabs.Tab value="password" leftSection={<IconLock size={16} />}>
                {t('account.tabs.password')}
              </Tabs.Tab>
              <Tabs.Tab value="billing" leftSection={<IconReceipt size={16} />}>
                {t('account.tabs.billing')}
              </Tabs.Tab>
              <Tabs.Tab value="data" leftSection={<IconDatabase size={16} />}>
                {t('account.tabs.yourData')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="general">
              <GeneralTab account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="information">
              <InfoTab account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="social">
              <SocialTab account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="notifications">
              <NotificationsTab account={account.data} />
            </Tabs.Panel>
            <Tabs.Panel value="calendar">
              <CalendarTab />
            </Tabs.Panel>
            <Tabs.Panel value="apps">
              <AppsTab />
            </Tabs.Panel>
            <Tabs.Panel value="working-hours">
              <WorkingHoursEditor />
            </Tabs.Panel>
            <Tabs.Panel value="password">
              <PasswordTab />
            </Tabs.Panel>
            <Tabs.Panel value="billing">
              <BillingTab />
            </Tabs.Panel>
            <Tabs.Panel value="data">
              <YourDataTab />
            </Tabs.Panel>
          </Tabs>
        )}
      </Card>
    </Stack>
  );
}
