/** The name-and-colour form, for adding a tag and, in a modal, for changing one. */
import { builtInTagColors, TAG_NAME_MAX } from '@cadence/contract';
import { ColorInput, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormShell } from '../../../components/form-shell';
import { useContractForm } from '../../../lib/contract-form';

export type TagFormValues = {
  name: string;
  color: string;
};

/** A new tag's colour: none of the built-ins', so the two are not confused. */
export const defaultTagColor = '#4263eb';

export const swatches = [...Object.values(builtInTagColors), defaultTagColor, '#be4bdb', '#868e96'];

interface TagFormProps {
  initialValues: TagFormValues;
  /** The contract's input schema the server checks too. */
  schema: z.ZodType;
  submitLabel: string;
  /** Resolves when saved; the form is then emptied when `resetOnSuccess`. */
  onSubmit: (values: TagFormValues) => Promise<unknown>;
  resetOnSuccess?: boolean;
}

export function TagForm({ initialValues, schema, submitLabel, onSubmit, resetOnSuccess }: TagFormProps) {
  const { t } = useTranslation();
  const binding = useContractForm(schema, initialValues, { onSubmit, resetOnSuccess });
  const { form } = binding;

  return (
    <FormShell binding={binding} submitLabel={submitLabel}>
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <TextInput
          label={t('tags.name')}
          required
          maxLength={TAG_NAME_MAX}
          miw={200}
          {...form.getInputProps('name')}
        />
        <ColorInput
          label={t('tags.color')}
          required
          format="hex"
          swatches={swatches}
          swatchesPerRow={8}
          withEyeDropper={false}
          miw={200}
          {...form.getInputProps('color')}
        />
      </Group>
    </FormShell>
  );
}
