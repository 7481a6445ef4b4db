import { z } from 'zod';

export const health = z
  .object({
    status: z.enum(['ok']),
    database: z.enum(['sqlite', 'postgres']),
    uptimeSeconds: z.number(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof health>;
