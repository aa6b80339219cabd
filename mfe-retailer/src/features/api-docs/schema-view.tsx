import type { JsonSchema, OpenApiDocument } from 'shared-contracts/openapi';
import styled from 'styled-components';
import { refName, resolve, typeLabel } from './openapi';

// One styled list and plain elements inside it: a reference renders hundreds of fields, and a
// styled component per name, type and description would make each of them resolve its theme and
// hash its styles on every render, while the reference is built during a phone's load.
const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 0 0 12px;
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  li {
    padding: 6px 0;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
  .field-name {
    font-weight: 700;
  }
  .field-type {
    color: ${({ theme }) => theme.colors.primary};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.875rem;
    margin-left: 8px;
    overflow-wrap: anywhere;
  }
  .field-required {
    color: ${({ theme }) => theme.colors.danger};
    font-size: 0.75rem;
    margin-left: 8px;
  }
  .field-description {
    color: ${({ theme }) => theme.colors.muted};
    font-size: 0.875rem;
  }
`;

/** A schema that is not an object: its type alone. */
const Type = styled.span`
  color: ${({ theme }) => theme.colors.primary};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

function constraints(schema: JsonSchema): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) parts.push(`max length ${schema.maxLength}`);
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

/** The object a schema describes, with nested objects opened (up to a few levels). */
function objectOf(doc: OpenApiDocument, schema: JsonSchema): JsonSchema | null {
  const resolved = resolve(doc, schema);
  if (resolved.properties) return resolved;
  if (resolved.items) {
    const items = resolve(doc, resolved.items);
    if (items.properties) return items;
  }
  const variant = (resolved.anyOf ?? resolved.oneOf)?.find((item) => resolve(doc, item).properties);
  return variant ? resolve(doc, variant) : null;
}

/** The fields of a schema as a nested list: name, type, required, constraints, description. */
export function SchemaView({
  doc,
  schema,
  depth = 0,
}: {
  doc: OpenApiDocument;
  schema: JsonSchema;
  depth?: number;
}) {
  const object = objectOf(doc, schema);
  if (!object?.properties) {
    return (
      <p>
        <Type>{typeLabel(doc, schema)}</Type>
      </p>
    );
  }
  const required = new Set(object.required ?? []);
  return (
    <List>
      {Object.entries(object.properties).map(([name, property]) => {
        const nested = depth < 3 ? objectOf(doc, property) : null;
        const limits = constraints(resolve(doc, property));
        return (
          <li key={name}>
            <code className="field-name">{name}</code>
            <span className="field-type">{typeLabel(doc, property)}</span>
            {required.has(name) ? <span className="field-required">required</span> : null}
            {property.description || limits ? (
              <div className="field-description">
                {[property.description, limits].filter(Boolean).join(' · ')}
              </div>
            ) : null}
            {nested ? <SchemaView doc={doc} schema={property} depth={depth + 1} /> : null}
          </li>
        );
      })}
    </List>
  );
}

export function schemaTitle(schema: JsonSchema | undefined): string | null {
  return schema?.$ref ? refName(schema.$ref) : null;
}
