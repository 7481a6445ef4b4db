/** The customizer drawer (D27): every layout setting, applied at once and kept. */
import { Button, Drawer, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { layoutOptions, layoutSettings, useLayoutSettings } from '../lib/layout-settings';

interface CustomizerProps {
  opened: boolean;
  onClose: () => void;
}

type ChoiceKey = keyof typeof layoutOptions;

const switchLabels = {
  rtl: 'customizer.rtl',
  menuCollapsed: 'customizer.menuCollapsed',
  menuHidden: 'customizer.menuHidden',
} as const;

export function Customizer({ opened, onClose }: CustomizerProps) {
  const { t } = useTranslation();
  const settings = useLayoutSettings();

  const choice = (key: ChoiceKey) => (
    <Stack gap={4} key={key}>
      <Text size="sm" fw={500} id={`customizer-${key}`}>
        {t(`customizer.${key}.label`)}
      </Text>
      <SegmentedControl
        aria-labelledby={`customizer-${key}`}
        fullWidth
        size="xs"
        value={settings[key]}
        onChange={(value) => layoutSettings.update({ [key]: value })}
        data={layoutOptions[key].map((value) => ({ value, label: t(`customizer.${key}.${value}`) }))}
      />
    </Stack>
  );
  const toggle = (key: keyof typeof switchLabels) => (
    <Switch
      key={key}
      label={t(switchLabels[key])}
      checked={settings[key]}
      onChange={(event) => layoutSettings.update({ [key]: event.currentTarget.checked })}
    />
  );

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={settings.rtl ? 'left' : 'right'}
      title={t('customizer.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('customizer.subtitle')}
        </Text>
        {choice('skin')}
        {toggle('rtl')}
        {choice('contentWidth')}
        {choice('layout')}
        {toggle('menuCollapsed')}
        {toggle('menuHidden')}
        {choice('navbarColor')}
        {choice('navbarType')}
        {choice('footerType')}
        <Button variant="light" onClick={() => layoutSettings.reset()}>
          {t('customizer.reset')}
        </Button>
      </Stack>
    </Drawer>
  );
}
