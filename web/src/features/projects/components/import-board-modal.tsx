/**
 * "Import board": a Trello board export or one of our own board exports, read from a file chosen
 * here and sent as it is; the server says which it is (400 IMPORT_FORMAT when neither), and the
 * new board opens.
 */
import { Button, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { toastSuccess } from '../../../lib/toast';
import { useImportBoard } from '../api/projects-api';

/** The server's body limit for an import (10 MB): a larger file is refused before it is sent. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

type Chosen = { name: string; content: unknown } | { name: string; problem: string } | null;

interface ImportBoardModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ImportBoardModal({ opened, onClose }: ImportBoardModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const importBoard = useImportBoard();
  const [chosen, setChosen] = useState<Chosen>(null);
  const inputId = useId();

  const close = () => {
    setChosen(null);
    importBoard.reset();
    onClose();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    importBoard.reset();
    const file = event.currentTarget.files?.[0];
    if (!file) return setChosen(null);
    if (file.size > IMPORT_MAX_BYTES)
      return setChosen({ name: file.name, problem: t('projects.import.tooLarge') });
    try {
      setChosen({ name: file.name, content: JSON.parse(await file.text()) as unknown });
    } catch {
      setChosen({ name: file.name, problem: t('projects.import.notJson') });
    }
  };

  const submit = () => {
    if (!chosen || !('content' in chosen)) return;
    importBoard.mutate(chosen.content, {
      onSuccess: (board) => {
        toastSuccess(t, t('projects.import.done', { name: board.name }));
        close();
        void navigate(`/apps/project/${encodeURIComponent(board._id)}`);
      },
    });
  };

  const problem = chosen && 'problem' in chosen ? chosen.problem : null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('projects.import.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('projects.import.intro')}</Text>
        <Input.Wrapper id={inputId} label={t('projects.import.file')} error={problem}>
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            onChange={(event) => void choose(event)}
            style={{ display: 'block', marginBlockStart: 'var(--mantine-spacing-xs)', maxWidth: '100%' }}
          />
        </Input.Wrapper>
        <ErrorAlert error={importBoard.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            leftSection={<IconUpload size={16} />}
            disabled={!chosen || problem !== null}
            loading={importBoard.isPending}
            onClick={submit}
          >
            {t('projects.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
