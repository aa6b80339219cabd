import { z } from 'zod';

/**
 * `GET /api/openapi.json` as the API reference page (`/api-docs`) reads it: the parts of
 * an OpenAPI 3.1 document it renders. Every object is loose on purpose: the document is generated
 * from these contracts and grows with them, so keywords the page does not render (say
 * `additionalProperties`, `bearerFormat`) are kept rather than refused. What the page cannot do
 * without (`info`, `paths`, an operation's `responses`) is required.
 *
 * The page itself uses only the types, with a light shape guard (mfe-retailer's `openapi.ts`): a
 * visitor's phone does not load zod for it. The schema checks the served document in
 * the API's tests (`api/src/openapi.test.ts`), where the document is made.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

// Annotated: a recursive schema's type cannot be inferred from its own initializer.
export const jsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    $ref: z.string().optional(),
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    description: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    default: z.unknown().optional(),
    examples: z.array(z.unknown()).optional(),
    properties: z.record(z.string(), jsonSchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchemaSchema.optional(),
    anyOf: z.array(jsonSchemaSchema).optional(),
    oneOf: z.array(jsonSchemaSchema).optional(),
    allOf: z.array(jsonSchemaSchema).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    pattern: z.string().optional(),
  }),
);

export const openApiParameterSchema = z.looseObject({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().optional(),
  schema: jsonSchemaSchema.optional(),
});
export type OpenApiParameter = z.infer<typeof openApiParameterSchema>;

const mediaTypesSchema = z.record(z.string(), z.looseObject({ schema: jsonSchemaSchema }));

export const openApiOperationSchema = z.looseObject({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(openApiParameterSchema).optional(),
  requestBody: z
    .looseObject({ required: z.boolean().optional(), content: mediaTypesSchema })
    .optional(),
  responses: z.record(
    z.string(),
    z.looseObject({ description: z.string().optional(), content: mediaTypesSchema.optional() }),
  ),
});
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

/** A path item: its operations by method (it may also carry `summary`, `parameters`, …). */
export const openApiPathItemSchema = z.looseObject({
  get: openApiOperationSchema.optional(),
  put: openApiOperationSchema.optional(),
  post: openApiOperationSchema.optional(),
  delete: openApiOperationSchema.optional(),
  options: openApiOperationSchema.optional(),
  head: openApiOperationSchema.optional(),
  patch: openApiOperationSchema.optional(),
  trace: openApiOperationSchema.optional(),
});
export type OpenApiPathItem = z.infer<typeof openApiPathItemSchema>;

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({
    title: z.string(),
    version: z.string(),
    description: z.string().optional(),
  }),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(z.string(), openApiPathItemSchema),
  components: z
    .looseObject({
      schemas: z.record(z.string(), jsonSchemaSchema).optional(),
      securitySchemes: z
        .record(
          z.string(),
          z.looseObject({
            type: z.string(),
            scheme: z.string().optional(),
            description: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
