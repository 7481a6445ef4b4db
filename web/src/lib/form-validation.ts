/** Validates a form with a contract schema and gives Mantine form its field errors, translated. */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateApiMessage } from './api-messages';

export function schemaValidator<T>(schema: z.ZodType, t: TFunction) {
  return (values: T): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      errors[field] ??= translateApiMessage(t, issue.message);
    }
    return errors;
  };
}
