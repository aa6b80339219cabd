import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { safeEncode, z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Response serialization (ADR 008). Each route's zod response schema is turned once
 * into JSON Schema (the one the OpenAPI document shows) and compiled by fast-json-stringify, which
 * writes exactly the contract's properties, instead of checking every answer with zod and then
 * running `JSON.stringify`.
 * With `verify` (the test suites, NODE_ENV=test) every answer is still checked against zod, and the
 * compiled output must equal the zod serializer's, so a contract break, or a schema the compiler
 * reads differently, fails a test. A schema JSON Schema cannot express keeps the zod serializer.
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const { schema, method, url } = routeSchema as {
      schema: z.ZodType;
      method: string;
      url: string;
    };
    const viaZod = zodSerializerCompiler(routeSchema as never) as Serialize;
    // Compiled on first use: a server has a few hundred (route, status) pairs, most of them rare
    // error answers, and compiling them all would only slow the start.
    let compiled: Serialize | null | undefined;
    const fast = (): Serialize | null => {
      if (compiled === undefined) compiled = compile(schema);
      return compiled;
    };
    if (!options.verify) {
      return (data) => (fast() ?? viaZod)(data);
    }
    return (data) => {
      const checked = safeEncode(schema, data);
      if (checked.error)
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      const serialize = fast();
      if (!serialize) return JSON.stringify(checked.data);
      const json = serialize(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(checked.data)))) {
        throw new Error(
          `The compiled serializer of ${method} ${url} writes another answer than its zod ` +
            `contract: ${json.slice(0, 500)}`,
        );
      }
      return json;
    };
  };
}

function compile(schema: z.ZodType): Serialize | null {
  try {
    // OpenAPI 3.0's `nullable: true` compiles to a plain null check, where draft-7's
    // `anyOf: [T, null]` would validate every value against both branches.
    const jsonSchema = z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: 'output',
      unrepresentable: 'throw',
    });
    return fastJson(withoutChecks(jsonSchema) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

// Checks of values, not of shape: they change nothing in what is written (the zod contract checks
// them in the test suites), and OpenAPI 3.0's boolean `exclusiveMinimum` is not valid JSON Schema
// for the compiler. Formats stay: `date-time` writes a Date as an ISO string.
const VALUE_CHECKS = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

function withoutChecks(node: unknown, key?: string): unknown {
  if (Array.isArray(node)) return node.map((item) => withoutChecks(item));
  if (node === null || typeof node !== 'object') return node;
  // Under `properties` the keys are property names, which may be called "pattern" too.
  const isPropertyMap = key === 'properties' || key === 'definitions' || key === '$defs';
  return Object.fromEntries(
    Object.entries(node)
      .filter(([name]) => isPropertyMap || !VALUE_CHECKS.has(name))
      .map(([name, value]) => [name, withoutChecks(value, isPropertyMap ? undefined : name)]),
  );
}
