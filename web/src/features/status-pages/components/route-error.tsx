/** What a route shows when its loader or page throws: the error page, inside no layout. */
import { Center } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { MessagePage } from './message-page';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Center mih="100vh" p="md" component="main">
      <MessagePage
        title={t('misc.error.title')}
        text={t('misc.error.text')}
        action={{ label: t('misc.backHome'), to: '/' }}
      />
    </Center>
  );
}
