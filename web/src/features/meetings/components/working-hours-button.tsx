/** The meetings page's "Working hours" button: the editor in a dialog (D22, D32). */
import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WorkingHoursEditor } from '../../../components/working-hours-editor';

export function WorkingHoursButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconClock size={18} />} onClick={open}>
        {t('workingHours.title')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('workingHours.title')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {/* A new form for each opening, so it starts from the hours as they are now. */}
        {opened && <WorkingHoursEditor onCancel={close} onSaved={close} />}
      </Modal>
    </>
  );
}
