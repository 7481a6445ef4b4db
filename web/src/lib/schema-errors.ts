/** A contract schema's verdict on a form's values, as field messages in the user's language. */
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { translateApiMessage } from './translate-message';

/** A schema's message: an API text shows by its key (D10); a form's own refinement names a key of the app. */
const translateMessage = (t: TFunction, text: string) => translateApiMessage(t, text, { appKey: true });

/** What the schema finds wrong with the values: the first message of each field, by its dotted path. */
export function schemaErrors(t: TFunction, schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[issue.path.map(String).join('.')] ??= translateMessage(t, issue.message);
  }
  return errors;
}
