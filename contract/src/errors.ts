/** The one shape of every error answer (D10). */
import { z } from 'zod';

export const errorCode = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/)
  .describe('Stable upper-case identifier of the error');

export const errorBody = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    error: z.string().describe('HTTP reason phrase'),
    code: errorCode,
    message: z.string().describe('English text; the client translates by code or field key'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('Field name → message, for validation errors'),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBody>;
