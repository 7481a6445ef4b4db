import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api-messages';
import { currentLanguage, type Language, languages } from '../lib/i18n';
import { chooseLanguage } from '../lib/language-sync';

const names: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch', pt: 'Português' };

/**
 * Chooses the interface language: kept in browser storage, and for a signed-in user saved as the
 * account's language too (lib/language-sync.ts). A native select: light
 * enough for the sign-in pages, and keyboard and screen-reader friendly as it is.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('navbar.language')}
      data-testid="language-menu"
      size="xs"
      w={132}
      leftSection={<IconLanguage size={16} />}
      value={currentLanguage()}
      onChange={(event) => {
        chooseLanguage(event.currentTarget.value as Language)
          // The account settings page shows the language too. The query client and keys load only
          // now: this menu is on the sign-in pages, which need neither (bench/bundle-size.ts).
          .then(() => Promise.all([import('../lib/query-client'), import('../shared/queries/keys')]))
          .then(([{ queryClient }, { accountKey }]) =>
            queryClient.invalidateQueries({ queryKey: accountKey }),
          )
          .catch(async (error: unknown) => {
            // The toast code loads only when needed: this menu is on the sign-in pages too.
            const { notifications } = await import('@mantine/notifications');
            notifications.show({ color: 'red', message: errorMessage(t, error) });
          });
      }}
      data={languages.map((language) => ({ value: language, label: names[language] }))}
    />
  );
}
