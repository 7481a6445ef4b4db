/**
 * Answers serialised by their route's zod schema without a second pass over them. The zod
 * serializer of fastify-type-provider-zod validated (and encoded) every answer with zod, then
 * stringified it: two walks of the value, the first the dearer. Here each response schema is turned
 * into JSON Schema once (its wire side: `io: 'input'`), compiled by fast-json-stringify at its first
 * use, and every answer is written in one walk — still only the fields the contract declares, so a
 * presenter's extra field (a hash, a token) never leaves the server.
 *
 * With `validate` (RESPONSE_VALIDATION, on under the test runner) each answer is also checked with
 * zod as before and the two serialisations compared: the whole suite then proves, route by route,
 * that the fast path writes what zod would, and a drift from the contract fails the test that met it.
 * A schema JSON Schema cannot express (a transform) falls back to zod's serializer.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const zodSerializer = createSerializerCompiler({});
type CompilerInput = Parameters<typeof zodSerializer>[0];
type Serialize = (data: unknown) => string;

/** Writers by schema: many routes share one (the error body), compiled once for all. */
const writers = new WeakMap<z.ZodType, Serialize | undefined>();

/** The schema's writer, or undefined when JSON Schema cannot describe it. */
export function fastWriter(schema: z.ZodType): Serialize | undefined {
  if (writers.has(schema)) return writers.get(schema);
  let writer: Serialize | undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-2020-12' });
    writer = fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    writer = undefined;
  }
  writers.set(schema, writer);
  return writer;
}

const asZod = (schema: unknown): z.ZodType | undefined => (schema instanceof z.ZodType ? schema : undefined);

export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return (input) => {
    const withZod = zodSerializer(input as CompilerInput);
    const schema = asZod(input.schema);
    if (!schema) return withZod;
    let writer: Serialize | undefined | null = null;
    return (data: unknown) => {
      // Compiled at first use: most routes of a test's app are never called.
      if (writer === null) writer = fastWriter(schema);
      if (!writer) return withZod(data);
      if (!validate) return writer(data);
      const checked = withZod(data);
      const written = writer(data);
      // Both write the schema's keys in its order, so the texts are alike; parsed only when not.
      if (written !== checked && !isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(
          `${input.method} ${input.url}: the fast serializer wrote ${written.slice(0, 500)} where zod wrote ${checked.slice(0, 500)}`,
        );
      }
      return written;
    };
  };
}
