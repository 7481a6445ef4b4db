/**
 * Bad input on every operation of /api/openapi.json, generated from its schemas: malformed JSON,
 * arrays and strings for objects, wrong types, missing required and unknown fields, strings past
 * their limits, numbers out of range, values outside an enum, `__proto__` and `constructor` keys,
 * NUL bytes, a body over the limit, a wrong content type; ids 0, -1, 2^31, 2^53, `1e3`, `abc` in
 * paths and queries. Each is sent with a valid token of the user who owns the resources, so the
 * refusal can only come from the input: 400, 413 or 415 in the D10 shape (404 for a well-formed
 * name that is no resource), never a 5xx, and no row of any table changes.
 */
import { type ErrorBody, errorBody } from '@cadence/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { IMPORT_BODY_LIMIT } from '../modules/projects/routes';

/** Operations whose body may be larger than the app's limit: a board file runs to megabytes. */
const bodyLimits: Record<string, number> = { 'POST /api/projects/import': IMPORT_BODY_LIMIT };
import { call, type Method } from '../test/factories';
import { createTestApp, fingerprint, type TestApp } from '../test/harness';
import {
  buildWorld,
  type Call,
  type DocumentedOperation,
  documentedOperations,
  type JsonSchema,
  type OpenApiDocument,
  operations,
  publicBodies,
  publicCalls,
  securityEnv,
  urlOf,
  type World,
} from './api-operations';

interface BadRequest {
  name: string;
  method: Method;
  url: string;
  payload?: string;
  contentType?: string;
  /** The statuses that are right for it. */
  expected: number[];
}

const badIds = ['0', '-1', String(2 ** 31), String(2 ** 53), '1e3', 'abc', '%00', '%20'];

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unknown schema ${schema.$ref}`);
  return resolve(doc, target);
}

function typesOf(doc: OpenApiDocument, schema: JsonSchema): string[] {
  const resolved = resolve(doc, schema);
  if (resolved.anyOf) return resolved.anyOf.flatMap((option) => typesOf(doc, option));
  if (resolved.type === undefined) return [];
  return [resolved.type].flat();
}

const jsonType = (value: unknown) =>
  Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'number'
        ? 'number'
        : typeof value;

/** A value of none of the schema's types, or undefined when the schema takes anything. */
function wrongValue(types: string[]): unknown {
  if (types.length === 0) return undefined;
  const allowed = new Set(types.flatMap((type) => (type === 'integer' ? ['number'] : [type])));
  return [{ nested: [1] }, 12345, 'text', true, [1]].find((value) => !allowed.has(jsonType(value)));
}

/** A copy of `body` with `key` set (or removed when `value` is the symbol). */
const REMOVE = Symbol('remove');
function withField(body: Record<string, unknown>, key: string, value: unknown): string {
  const copy = { ...body };
  if (value === REMOVE) delete copy[key];
  else copy[key] = value;
  return JSON.stringify(copy);
}

function paramRequests(
  doc: OpenApiDocument,
  op: DocumentedOperation,
  world: World,
  call: Call,
): BadRequest[] {
  const requests: BadRequest[] = [];
  const valid = call.params?.(world) ?? {};
  const validQuery = call.query?.(world) ?? {};
  for (const parameter of op.operation.parameters ?? []) {
    const schema = resolve(doc, parameter.schema);
    const strict = schema.pattern !== undefined || schema.type === 'integer' || schema.type === 'number';
    let values: string[];
    if (schema.type === 'integer' || schema.type === 'number') {
      // Numbers in a query are coerced: `1e3` is 1000, a fine page; only values outside the range are bad.
      values = ['abc', '1.5', '%00', String((schema.minimum ?? 1) - 1)];
      values.push(
        String(schema.maximum !== undefined && schema.maximum < 2 ** 53 ? schema.maximum + 1 : 2 ** 53),
      );
    } else if (strict || parameter.in === 'path') {
      values = [...badIds];
    } else {
      // Free text (a search): only what no text may be.
      values = ['%00'];
    }
    if (schema.type === 'string' && schema.maxLength !== undefined && !strict) {
      values.push('x'.repeat(schema.maxLength + 1));
    }
    for (const value of values) {
      const label = `${parameter.in} ${parameter.name} = ${value.length > 12 ? `${value.slice(0, 8)}… (${value.length})` : value}`;
      if (parameter.in === 'path') {
        const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === parameter.name ? value : encodeURIComponent(valid[name] ?? '1'),
        );
        // A path name such as a tag's id is text: a well-formed name that is no tag is a 404. So is
        // a value the pattern allows (a help page's slug `abc`): well-formed, it names nothing.
        const tooLong = schema.maxLength !== undefined && value.length > schema.maxLength;
        const wellFormed =
          schema.type === 'string' &&
          schema.pattern !== undefined &&
          new RegExp(schema.pattern, 'u').test(decodeURIComponent(value));
        requests.push({
          name: label,
          method: op.method,
          url,
          expected: (strict && !wellFormed) || tooLong ? [400] : [400, 404],
        });
      } else {
        const query = new URLSearchParams({ ...validQuery });
        query.delete(parameter.name);
        const rest = query.toString();
        const url = `${urlOf(world, op.key, { ...call, query: undefined }).url}?${rest ? `${rest}&` : ''}${parameter.name}=${value}`;
        requests.push({ name: label, method: op.method, url, expected: [400] });
      }
    }
  }
  return requests;
}

function bodyRequests(
  doc: OpenApiDocument,
  op: DocumentedOperation,
  url: string,
  validBody: Record<string, unknown>,
): BadRequest[] {
  const content = op.operation.requestBody?.content['application/json'];
  if (!content) return [];
  const schema = resolve(doc, content.schema);
  const method = op.method;
  const json = JSON.stringify(validBody);
  const inner = json.slice(1, -1);
  const requests: BadRequest[] = [
    { name: 'malformed JSON', method, url, payload: '{"name": "a",', expected: [400] },
    { name: 'a JSON array', method, url, payload: '[]', expected: [400] },
    { name: 'an array of the body', method, url, payload: `[${json}]`, expected: [400] },
    { name: 'a JSON string', method, url, payload: '"text"', expected: [400] },
    {
      name: 'an unknown field',
      method,
      url,
      payload: withField(validBody, 'unexpectedField', 1),
      expected: [400],
    },
    {
      name: 'a __proto__ key',
      method,
      url,
      payload: `{"__proto__": {"role": "admin"}${inner ? `, ${inner}` : ''}}`,
      expected: [400],
    },
    {
      name: 'a constructor key',
      method,
      url,
      payload: `{"constructor": {"prototype": {"role": "admin"}}${inner ? `, ${inner}` : ''}}`,
      expected: [400],
    },
    {
      name: 'a body over the limit',
      method,
      url,
      payload: withField(validBody, 'padding', 'x'.repeat(bodyLimits[op.key] ?? BODY_LIMIT_BYTES)),
      expected: [413],
    },
    {
      name: 'a form instead of JSON',
      method,
      url,
      payload: 'name=a',
      contentType: 'application/x-www-form-urlencoded',
      expected: [415],
    },
    {
      // Forms are read only by the routes that take a file (lib/upload.ts).
      name: 'a multipart form instead of JSON',
      method,
      url,
      payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
      expected: [415],
    },
  ];
  if (op.operation.requestBody?.required && !typesOf(doc, schema).includes('null')) {
    requests.push({ name: 'an empty body', method, url, payload: '', expected: [400] });
    requests.push({ name: 'null', method, url, payload: 'null', expected: [400] });
  }
  const properties = schema.properties ?? {};
  for (const [key, property] of Object.entries(properties)) {
    const resolved = resolve(doc, property);
    const wrong = wrongValue(typesOf(doc, resolved));
    if (wrong !== undefined) {
      requests.push({
        name: `${key}: wrong type`,
        method,
        url,
        payload: withField(validBody, key, wrong),
        expected: [400],
      });
    }
    if (typeof validBody[key] === 'string' || typesOf(doc, resolved).includes('string')) {
      requests.push({
        name: `${key}: a NUL byte`,
        method,
        url,
        payload: withField(validBody, key, 'a\u0000b'),
        expected: [400],
      });
    }
    if (resolved.maxLength !== undefined) {
      requests.push({
        name: `${key}: longer than ${resolved.maxLength}`,
        method,
        url,
        payload: withField(validBody, key, 'x'.repeat(resolved.maxLength + 1)),
        expected: [400],
      });
    }
    if (resolved.maximum !== undefined && resolved.maximum < Number.MAX_SAFE_INTEGER) {
      requests.push({
        name: `${key}: over its maximum`,
        method,
        url,
        payload: withField(validBody, key, resolved.maximum + 1),
        expected: [400],
      });
    }
    if (resolved.minimum !== undefined) {
      requests.push({
        name: `${key}: under its minimum`,
        method,
        url,
        payload: withField(validBody, key, resolved.minimum - 1),
        expected: [400],
      });
    }
    if (resolved.enum !== undefined) {
      requests.push({
        name: `${key}: outside its values`,
        method,
        url,
        payload: withField(validBody, key, 'not-one-of-them'),
        expected: [400],
      });
    }
    if (/(^|I)ds?$/.test(key) && typesOf(doc, resolved).includes('string')) {
      for (const id of ['0', '-1', String(2 ** 31), String(2 ** 53), '1e3', 'abc']) {
        requests.push({
          name: `${key} = ${id}`,
          method,
          url,
          payload: withField(validBody, key, id),
          expected: [400],
        });
      }
    }
  }
  for (const key of schema.required ?? []) {
    requests.push({
      name: `${key}: missing`,
      method,
      url,
      payload: withField(validBody, key, REMOVE),
      expected: [400],
    });
  }
  return requests;
}

let t: TestApp;
let world: World;
const requests: (BadRequest & { key: string })[] = [];

beforeAll(async () => {
  t = await createTestApp(securityEnv);
  world = await buildWorld(t);
  const { doc, all } = await documentedOperations(t);
  for (const op of all) {
    const cases: Call[] = operations[op.key] ?? [publicCalls[op.key] ?? { stranger: 'own' }];
    for (const operationCall of cases) {
      const { url } = urlOf(world, op.key, operationCall);
      const validBody = (operationCall.body?.(world) ?? publicBodies[op.key]?.(world) ?? {}) as Record<
        string,
        unknown
      >;
      const generated = [...paramRequests(doc, op, world, operationCall)];
      if (op.operation.requestBody?.content['multipart/form-data']) {
        generated.push(
          { name: 'JSON instead of a form', method: op.method, url, payload: '{}', expected: [415] },
          {
            name: 'a form without its boundary',
            method: op.method,
            url,
            payload: '--x--\r\n',
            contentType: 'multipart/form-data',
            expected: [400],
          },
          {
            name: 'an empty form',
            method: op.method,
            url,
            payload: '--x--\r\n',
            contentType: 'multipart/form-data; boundary=x',
            expected: [400],
          },
        );
      } else {
        generated.push(...bodyRequests(doc, op, url, validBody));
      }
      requests.push(...generated.map((request) => ({ ...request, key: op.key })));
    }
  }
});
afterAll(async () => {
  await t.close();
});

describe('bad input on every operation', () => {
  it('covers every operation with a body, a query or path parameters', async () => {
    const { all } = await documentedOperations(t);
    const withInput = all.filter(
      (op) => (op.operation.parameters ?? []).length > 0 || op.operation.requestBody !== undefined,
    );
    const covered = new Set(requests.map((request) => request.key));
    expect(withInput.filter((op) => !covered.has(op.key)).map((op) => op.key)).toEqual([]);
    expect(requests.length).toBeGreaterThan(400);
  });

  it('refuses each in the D10 shape, never with a 5xx, and changes nothing', async () => {
    const failures: string[] = [];
    // Each request's "before" is the previous one's "after": the state it met, read once.
    let before = await fingerprint(t.database);
    for (const request of requests) {
      const response = await call(
        t,
        request.method,
        request.url,
        world.victim.token,
        request.payload,
        request.payload === undefined ? {} : { 'content-type': request.contentType ?? 'application/json' },
      );
      const label = `${request.key} with ${request.name}`;
      const after = await fingerprint(t.database);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${label}: the database changed`);
      before = after;
      if (!request.expected.includes(response.statusCode)) {
        failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const parsed = errorBody.safeParse(response.json<ErrorBody>());
      if (!parsed.success || parsed.data.statusCode !== response.statusCode)
        failures.push(`${label}: not a D10 body: ${response.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // A row digest of every table per request: about 600 requests take a while on PostgreSQL.
  }, 180_000);
});

describe('a validation error', () => {
  it('names the unknown field, and a NUL byte names its field', async () => {
    const unknown = await call(t, 'POST', '/api/jwt/login', undefined, {
      email: 'a@example.com',
      password: 'whatever',
      role: 'admin',
    });
    expect(unknown.json<ErrorBody>().fields).toEqual({ role: 'This field is not allowed.' });
    const nul = await call(t, 'PUT', '/api/account', world.victim.token, {
      general: { company: 'a\u0000b' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<ErrorBody>().fields).toEqual({
      'general.company': 'This field may not contain a NUL character.',
    });
  });
});
