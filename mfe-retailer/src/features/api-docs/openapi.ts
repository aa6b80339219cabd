import { queryOptions } from '@tanstack/react-query';
import { fetchJson } from 'shared-client';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from 'shared-contracts/openapi';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value);
const isStringList = (value: unknown) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isOperation(value: unknown): boolean {
  return (
    isRecord(value) &&
    isRecord(value.responses) &&
    Object.values(value.responses).every(isRecord) &&
    optional(value.tags, isStringList) &&
    optional(value.parameters, (list) => Array.isArray(list) && list.every(isRecord)) &&
    optional(value.requestBody, (body) => isRecord(body) && isRecord(body.content))
  );
}

/**
 * The answer of `GET /api/openapi.json` as the reference reads it, or an error when it is not an
 * OpenAPI document (a proxy's page, a truncated answer): its frame, each operation's responses,
 * tags, parameters and body, the component schemas a record. The server makes the document from
 * the shared zod contracts, and the API's tests check what it serves against
 * `openApiDocumentSchema` (api/src/openapi.test.ts). Here, on a phone, zod would first have to
 * be evaluated and then check the whole document before anything rendered (docs/benchmarks.md,
 * "Figures behind code choices"); this light guard reads it in a couple of milliseconds.
 */
export function readOpenApiDocument(raw: unknown): OpenApiDocument {
  const document =
    isRecord(raw) &&
    typeof raw.openapi === 'string' &&
    isRecord(raw.info) &&
    typeof raw.info.title === 'string' &&
    typeof raw.info.version === 'string' &&
    optional(raw.tags, (tags) => Array.isArray(tags) && tags.every(isRecord)) &&
    isRecord(raw.paths) &&
    Object.values(raw.paths).every(
      (item) => isRecord(item) && METHODS.every((method) => optional(item[method], isOperation)),
    ) &&
    optional(
      raw.components,
      (components) =>
        isRecord(components) &&
        optional(
          components.schemas,
          (schemas) => isRecord(schemas) && Object.values(schemas).every(isRecord),
        ),
    );
  if (!document) throw new Error('The answer is not an OpenAPI document.');
  return raw as unknown as OpenApiDocument;
}

export const openApiQueryOptions = () =>
  queryOptions({
    queryKey: ['retailer', 'openapi'] as const,
    queryFn: async ({ signal }) =>
      readOpenApiDocument(await fetchJson<unknown>('/api/openapi.json', 'default', signal)),
    staleTime: 10 * 60_000,
  });

/** The tags shown in the reference, in this order (the rest of the API is the customers’). */
export const DOC_TAGS = [
  'checkout-api',
  'deliveries-api',
  'widget',
  'retailer-account',
  'api-keys',
  'webhook-endpoints',
  'analytics',
  'leasing',
] as const;

/** Tags whose calls the try-it console can make with a test secret key. */
export const CONSOLE_TAGS = new Set(['checkout-api', 'deliveries-api']);

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface DocOperation {
  id: string;
  method: (typeof METHODS)[number];
  path: string;
  operation: OpenApiOperation;
}

export function operationId(method: string, path: string): string {
  return `op-${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}

export function operationsByTag(doc: OpenApiDocument, tag: string): DocOperation[] {
  const out: DocOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = methods[method];
      if (operation?.tags?.includes(tag)) {
        out.push({ id: operationId(method, path), method, path, operation });
      }
    }
  }
  return out;
}

/** `#/components/schemas/OrderItemInput` → `OrderItem` (input and output share a name here). */
export function refName(ref: string): string {
  const name = ref.split('/').pop() ?? ref;
  return name.endsWith('Input') && name !== 'Input' ? name.slice(0, -'Input'.length) : name;
}

export function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops += 1) {
    const name = current.$ref.split('/').pop() ?? '';
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

export function typeLabel(doc: OpenApiDocument, schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((item) => typeLabel(doc, item)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${typeLabel(doc, schema.items)}[]`;
  if (type === 'string' && schema.format) return `string (${schema.format})`;
  return type ?? 'object';
}

/** An example value for a schema: its own example, else one made from its shape. */
export function exampleFor(
  doc: OpenApiDocument,
  schema: JsonSchema | undefined,
  depth = 0,
): unknown {
  if (!schema || depth > 6) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.$ref) return exampleFor(doc, resolve(doc, schema), depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const concrete = variants.find((item) => item.type !== 'null') ?? variants[0];
    return exampleFor(doc, concrete, depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return '3f1c9a52-8d2e-4b7a-9c61-0f5e2d7a1b44';
      if (schema.format === 'date-time') return '2026-11-21T15:30:00.000Z';
      if (schema.format === 'email') return 'ada@example.com';
      if (schema.format === 'uri') return 'https://shop.example.com';
      return 'string';
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return true;
    case 'array':
      return [exampleFor(doc, schema.items, depth + 1)];
    case 'null':
      return null;
    default: {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) {
        out[key] = exampleFor(doc, value, depth + 1);
      }
      return out;
    }
  }
}

export function bodySchema(operation: OpenApiOperation): JsonSchema | undefined {
  return operation.requestBody?.content['application/json']?.schema;
}

export function successResponse(operation: OpenApiOperation) {
  const code = Object.keys(operation.responses).find((status) => status.startsWith('2'));
  return code ? { code, response: operation.responses[code] } : undefined;
}
