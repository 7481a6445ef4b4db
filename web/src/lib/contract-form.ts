/**
 * The one way to bind a form to a contract schema: Mantine's useForm, checked with the zod schema the
 * server checks too (messages in the user's language), and a submit that puts the server's field
 * messages on their fields and keeps any other failure for an alert.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { fieldErrors } from './api-messages';
import { schemaErrors } from './schema-errors';

/** Whether the values have a field at this dotted path, so a message about it can show beside it. */
function hasField(values: unknown, path: string): boolean {
  let node = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

export interface ContractFormOptions<Values> {
  /** Sends the values; a rejection carrying field messages (D10) puts them on the form. */
  onSubmit: (values: Values) => Promise<unknown> | void;
  /** Empties the form once sent, ready for the next one. */
  resetOnSuccess?: boolean;
}

export interface ContractForm<Values> {
  form: UseFormReturnType<Values>;
  /** For `<form onSubmit>`: checks, then sends. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The last failure that no field of the form can show, for an alert; cleared by the next attempt. */
  failure: unknown;
  submitting: boolean;
}

export function useContractForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  options: ContractFormOptions<Values>,
): ContractForm<Values> {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values>({ initialValues, validate: (values) => schemaErrors(t, schema, values) });

  const onSubmit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await options.onSubmit(values);
        if (options.resetOnSuccess) form.reset();
      } catch (error) {
        const fields = Object.entries(fieldErrors(t, error));
        const own = fields.filter(([path]) => hasField(form.getValues(), path));
        form.setErrors(Object.fromEntries(own));
        if (own.length === 0 || own.length < fields.length) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return { form, onSubmit, failure, submitting: form.submitting };
}
