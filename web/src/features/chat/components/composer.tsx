/**
 * The message box (D37): Enter sends, Shift+Enter starts a new line; the contract's limit of
 * 4,000 characters is counted under it. In a closed chat (a former friend's) the box is disabled
 * and says why.
 */
import { CHAT_MESSAGE_MAX, sendChatMessageInput } from '@cadence/contract';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { IconLock, IconSend } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useContractForm } from '../../../lib/contract-form';
import { useSendChatMessage } from '../api/chat-api';
import classes from './chat.module.css';

interface ComposerProps {
  chatId: string;
  closed: boolean;
  /** Called as a message of mine is about to show, so the conversation follows it. */
  onSend: () => void;
}

export function Composer({ chatId, closed, onSend }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const send = useSendChatMessage(chatId);
  const box = useRef<HTMLTextAreaElement>(null);
  const { form, onSubmit, failure, submitting } = useContractForm(
    sendChatMessageInput,
    { message: '' },
    {
      onSubmit: async ({ message }) => {
        onSend();
        await send.mutateAsync(message.trim());
        box.current?.focus();
      },
      resetOnSuccess: true,
    },
  );

  const length = form.getValues().message.length;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <form className={classes.composer} onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        {closed && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="chat-closed-notice">
            {t('chat.composer.closed')}
          </Alert>
        )}
        <ErrorAlert error={failure} />
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Textarea
            ref={box}
            disabled={closed}
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={CHAT_MESSAGE_MAX}
            aria-label={t('chat.composer.label')}
            placeholder={t('chat.composer.placeholder')}
            description={`${t('chat.composer.count', {
              length: number.format(length),
              max: number.format(CHAT_MESSAGE_MAX),
            })} · ${t('chat.composer.hint')}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              // A blank box waits for words rather than saying it is empty.
              if (!submitting && event.currentTarget.value.trim() !== '')
                event.currentTarget.form?.requestSubmit();
            }}
            {...form.getInputProps('message')}
          />
          <Button type="submit" loading={submitting} disabled={closed} leftSection={<IconSend size={16} />}>
            {t('chat.composer.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
