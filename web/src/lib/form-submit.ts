/** Submits a Mantine form through an action; a refused request puts the server's field messages on the form. */
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { fieldErrors } from './api-messages';

export function submitHandler<T>(
  form: UseFormReturnType<T>,
  t: TFunction,
  action: (values: T) => Promise<unknown>,
) {
  return form.onSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      form.setErrors(fieldErrors(t, error));
    }
  });
}
