import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type Language, languages } from '../lib/i18n';

const names: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch', pt: 'Português' };

/**
 * Chooses the interface language; the choice is kept in browser storage. A native select: light
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
      onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
      data={languages.map((language) => ({ value: language, label: names[language] }))}
    />
  );
}
