import { homeOf } from '@cadence/contract/routes';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../lib/session';
import { MessagePage } from '../components/message-page';

export function Component() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <MessagePage
      title={t('misc.notAuthorized.title')}
      text={t('misc.notAuthorized.text')}
      action={{ label: t('misc.backHome'), to: homeOf(user?.role) }}
    />
  );
}
