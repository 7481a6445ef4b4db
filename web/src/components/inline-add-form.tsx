/**
 * The one-field add form (a list, an item, a to-do): Enter adds, the field empties for the next one,
 * and the contract's messages show under the field. With `onCancel`, Escape and ✕ close it.
 */
import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../lib/contract-form';

interface InlineAddFormProps {
  /** The contract's create input, and the one field of it this form fills. */
  schema: z.ZodType;
  field: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  maxLength: number;
  /**
   * Adds the trimmed text. An optimistic change returns nothing, so the field empties at once; a
   * promise keeps the text until it resolves, and a refusal's field message shows under the field.
   */
  onAdd: (text: string) => Promise<unknown> | void;
  onCancel?: () => void;
  size?: 'xs' | 'sm';
  autoFocus?: boolean;
}

export function InlineAddForm({
  schema,
  field,
  label,
  placeholder,
  submitLabel,
  maxLength,
  onAdd,
  onCancel,
  size = 'sm',
  autoFocus,
}: InlineAddFormProps) {
  const { t } = useTranslation();
  const { form, onSubmit } = useContractForm<Record<string, string>>(
    schema,
    { [field]: '' },
    { onSubmit: (values) => onAdd((values[field] ?? '').trim()), resetOnSuccess: true },
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={6}>
        <TextInput
          size={size}
          maxLength={maxLength}
          autoFocus={autoFocus}
          aria-label={label}
          placeholder={placeholder}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onCancel?.();
          }}
          {...form.getInputProps(field)}
        />
        <Group gap={6}>
          <Button type="submit" size="xs">
            {submitLabel}
          </Button>
          {onCancel && (
            <ActionIcon variant="subtle" color="gray" aria-label={t('common.cancel')} onClick={onCancel}>
              <IconX size={16} />
            </ActionIcon>
          )}
        </Group>
      </Stack>
    </form>
  );
}
