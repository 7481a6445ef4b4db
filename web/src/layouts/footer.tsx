import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" px="md" py="sm" h="100%">
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} Cadence
      </Text>
      <Text size="sm" c="dimmed">
        {t('footer.tagline')}
      </Text>
    </Group>
  );
}
