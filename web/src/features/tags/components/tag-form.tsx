/** The name-and-colour form, for adding a tag and, in a modal, for changing one. */
import { builtInTagColors, TAG_NAME_MAX } from '@cadence/contract';
import { Alert, Button, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/api-messages';
import { submitHandler } from '../../../lib/form-submit';
import { schemaValidator } from '../../../lib/form-validation';

export interface TagFormValues {
  name: string;
  color: string;
}

/** A new tag's colour: none of the built-ins', so the two are not confused. */
export const defaultTagColor = '#4263eb';

export const swatches = [...Object.values(builtInTagColors), defaultTagColor, '#be4bdb', '#868e96'];

interface TagFormProps {
  initialValues: TagFormValues;
  /** The contract's input schema the server checks too. */
  schema: z.ZodType;
  submitLabel: string;
  pending: boolean;
  /** The last failed request: field messages go on the fields, anything else above them. */
  error: unknown;
  /** Resolves when saved; the form is then emptied when `resetOnSuccess`. */
  onSubmit: (values: TagFormValues) => Promise<unknown>;
  resetOnSuccess?: boolean;
}

export function TagForm({
  initialValues,
  schema,
  submitLabel,
  pending,
  error,
  onSubmit,
  resetOnSuccess,
}: TagFormProps) {
  const { t } = useTranslation();
  const form = useForm<TagFormValues>({ initialValues, validate: schemaValidator(schema, t) });
  const submit = submitHandler(form, t, async (values) => {
    await onSubmit(values);
    if (resetOnSuccess) form.reset();
  });
  const fieldLevel = error instanceof ApiError && error.body?.fields;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error !== null && error !== undefined && !fieldLevel && (
          <Alert color="red" role="alert">
            {errorMessage(t, error)}
          </Alert>
        )}
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
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
