import { useTranslation } from 'react-i18next';
import { MessagePage } from '../components/message-page';

export function Component() {
  const { t } = useTranslation();
  return (
    <MessagePage
      title={t('misc.error.title')}
      text={t('misc.error.text')}
      action={{ label: t('misc.backHome'), to: '/' }}
    />
  );
}
