import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document: a value that follows the
 * schema, and hostile mutations of it. Values are kept as `Json` so a mutation can place text no
 * JavaScript value serialises to (a number too large for a double, nesting thousands deep).
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
};

/** Text placed into the JSON as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

export function toJsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    // Own keys, `__proto__` included (defined with defineProperty by the mutations).
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value[key] as Json)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function resolveRef(
  root: { components?: { schemas?: Record<string, JsonSchema> } },
  schema: JsonSchema,
): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = root.components?.schemas?.[name] ?? {};
  }
  return current;
}

type Root = Parameters<typeof resolveRef>[0];

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 80));
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
      // Hosts that resolve, as well as random ones: a URL must pass every check to go deep.
      return fc.oneof(
        fc.webUrl(),
        fc.constantFrom(
          'https://example.com/',
          'https://example.com/hooks',
          'https://shop.example.com/a?b=1',
        ),
      );
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 400);
    } catch {
      // A pattern JavaScript cannot compile: plain text instead.
    }
  }
  return fc.string({ minLength: min, maxLength: max });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  if (integer) {
    return fc.integer({
      min: Math.max(Math.ceil(min), -(2 ** 31)),
      max: Math.min(Math.floor(max), 2 ** 31),
    });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value that follows `schema` (as far as JSON Schema says; refinements may still refuse it). */
export function valueFor(root: Root, input: JsonSchema, depth = 0): fc.Arbitrary<Json> {
  const schema = resolveRef(root, input);
  if (depth > 8) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const as Json);
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((choice) => valueFor(root, choice, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) {
    return fc
      .tuple(...schema.allOf.map((part) => valueFor(root, part, depth + 1)))
      .map(
        (parts) =>
          Object.assign({}, ...parts.filter((part) => part && typeof part === 'object')) as Json,
      );
  }
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1)
    return fc.oneof(...type.map((one) => valueFor(root, { ...schema, type: one }, depth + 1)));
  switch (type[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'string':
      return stringFor(schema);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 6));
      return fc.array(valueFor(root, schema.items ?? {}, depth + 1), { minLength, maxLength });
    }
    default: {
      if (!schema.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), {
          maxKeys: 3,
        });
      const required = new Set(schema.required ?? []);
      const entries: Record<string, fc.Arbitrary<Json>> = {};
      for (const [key, property] of Object.entries(schema.properties))
        entries[key] = valueFor(root, property, depth + 1);
      return fc.record(entries, {
        requiredKeys: [...required].filter((key) => key in entries),
      }) as fc.Arbitrary<Json>;
    }
  }
}

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ud800',
];

const hostileString = fc.oneof(
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'a'.repeat(length)),
  fc.constantFrom(...CONTROL).chain((c) => fc.string({ maxLength: 20 }).map((s) => `${s}${c}${s}`)),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, as text
    '${7*7}',
    '%00',
    '\u0000',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

const hugeNumber = fc.constantFrom(
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('123456789012345678901234567890'),
  new RawJson('-0'),
  new RawJson('1e-400'),
  new RawJson('9007199254740993'),
  1.7976931348623157e308,
  -2147483649,
  2 ** 53,
  0.1,
);

const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(
    ([depth, arrays]) =>
      new RawJson(
        arrays
          ? `${'['.repeat(depth)}${']'.repeat(depth)}`
          : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
      ),
  );

const wrongType: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 10 }),
  fc.constant([] as Json),
  fc.constant({} as Json),
  fc.constant([null] as Json),
);

/** An object whose own keys include the prototype names (JSON.parse keeps them as data). */
function withPrototypeKeys(target: Json): Json {
  const base: Record<string, Json> =
    target && typeof target === 'object' && !Array.isArray(target) && !(target instanceof RawJson)
      ? { ...target }
      : {};
  Object.defineProperty(base, '__proto__', {
    value: { isAdmin: true, polluted: 1 },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  Object.defineProperty(base, 'constructor', {
    value: { prototype: { polluted: 1 } },
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return base;
}

export const MUTATIONS = [
  'wrong type',
  'huge number',
  'deep nesting',
  'long or odd string',
  'control character',
  'prototype keys',
  'missing field',
  'unknown field',
  'null',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

function nodeAt(value: Json, path: Array<string | number>): Json {
  return path.reduce<Json>(
    (node, key) => (node as Record<string, Json>)[key as string] as Json,
    value,
  );
}

/** Paths to every value inside `value` (objects and arrays, not into RawJson). */
function paths(value: Json, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) out.push(...paths(item, [...prefix, index]));
  } else if (value && typeof value === 'object' && !(value instanceof RawJson)) {
    for (const key of Object.keys(value)) out.push(...paths(value[key] as Json, [...prefix, key]));
  }
  return out;
}

function replaceAt(value: Json, path: Array<string | number>, replace: (old: Json) => Json): Json {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replace) : item));
  if (value && typeof value === 'object' && !(value instanceof RawJson)) {
    const copy: Record<string, Json> = {};
    for (const key of Object.keys(value)) {
      const next =
        key === head ? replaceAt(value[key] as Json, rest, replace) : (value[key] as Json);
      Object.defineProperty(copy, key, {
        value: next,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return copy;
  }
  return value;
}

/** Applies one mutation at a chosen place in the value. */
export function mutate(
  value: Json,
  mutation: Mutation,
  pick: number,
  filler: { wrong: Json; huge: Json; deep: Json; text: string },
): Json {
  const all = paths(value);
  const objects = all.filter((path) => {
    const node = path.reduce<Json>(
      (node, key) => (node as Record<string, Json>)[key as string] as Json,
      value,
    );
    return node && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson);
  });
  const at = all[pick % all.length] ?? [];
  // Control characters go into text the schema expects (an email, a URL), where they hide best.
  const strings = all.filter((path) => typeof nodeAt(value, path) === 'string');
  const atString = strings.length > 0 ? (strings[pick % strings.length] ?? at) : at;
  const atObject = objects[pick % Math.max(objects.length, 1)] ?? [];
  switch (mutation) {
    case 'wrong type':
      return replaceAt(value, at, () => filler.wrong);
    case 'huge number':
      return replaceAt(value, at, () => filler.huge);
    case 'deep nesting':
      return replaceAt(value, at, () => filler.deep);
    case 'long or odd string':
      return replaceAt(value, at, () => filler.text);
    case 'control character':
      // One control character somewhere in an otherwise valid string (its end included, where
      // a URL or an email stays well-formed), so it gets past the format checks.
      return replaceAt(value, atString, (old) => {
        const text = typeof old === 'string' ? old : 'x';
        const control = CONTROL[pick % CONTROL.length] ?? '\u0000';
        const position = [text.length, 0, pick % (text.length + 1)][pick % 3] ?? 0;
        return `${text.slice(0, position)}${control}${text.slice(position)}`;
      });
    case 'prototype keys':
      return replaceAt(value, atObject, withPrototypeKeys);
    case 'missing field':
      return replaceAt(value, atObject, (old) => {
        const copy = { ...(old as Record<string, Json>) };
        const keys = Object.keys(copy);
        delete copy[keys[pick % Math.max(keys.length, 1)] ?? ''];
        return copy;
      });
    case 'unknown field':
      return replaceAt(value, atObject, (old) => ({
        ...(old as Record<string, Json>),
        [filler.text.slice(0, 30) || 'extra']: filler.wrong,
      }));
    case 'null':
      return replaceAt(value, at, () => null);
  }
}

/** A body for `schema`: valid as far as the schema says, then zero to three hostile mutations. */
export function hostileBody(
  root: Root,
  schema: JsonSchema,
): fc.Arbitrary<{ body: Json; mutations: Mutation[] }> {
  const step = fc.record({
    mutation: fc.constantFrom(...MUTATIONS),
    pick: fc.nat(),
    wrong: wrongType,
    huge: hugeNumber,
    deep: deepNesting,
    text: hostileString,
  });
  return fc
    .tuple(valueFor(root, schema), fc.array(step, { minLength: 0, maxLength: 3 }))
    .map(([valid, steps]) => {
      let body = valid;
      for (const s of steps)
        body = mutate(body, s.mutation, s.pick, {
          wrong: s.wrong,
          huge: s.huge,
          deep: s.deep,
          text: s.text,
        });
      return { body, mutations: steps.map((s) => s.mutation) };
    });
}

/** Strings sent in fields the schema says are URLs, for telling one known class of failure apart. */
export function urlFieldValues(
  root: Root,
  input: JsonSchema,
  value: Json,
  out: string[] = [],
): string[] {
  const schema = resolveRef(root, input);
  if (typeof value === 'string' && schema.format === 'uri') out.push(value);
  for (const choice of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    urlFieldValues(root, choice, value, out);
  if (Array.isArray(value) && schema.items)
    for (const item of value) urlFieldValues(root, schema.items, item, out);
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof RawJson) &&
    schema.properties
  ) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (Object.hasOwn(value, key)) urlFieldValues(root, property, value[key] as Json, out);
    }
  }
  return out;
}
