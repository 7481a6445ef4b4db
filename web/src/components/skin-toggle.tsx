import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { layoutSettings, useLayoutSettings } from '../lib/layout-settings';

export function SkinToggle() {
  const { t } = useTranslation();
  const { skin } = useLayoutSettings();
  const next = skin === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'navbar.darkSkin' : 'navbar.lightSkin');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => layoutSettings.update({ skin: next })}
    >
      {skin === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
    </ActionIcon>
  );
}
