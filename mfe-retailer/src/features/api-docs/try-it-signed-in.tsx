import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest, errorMessage, newIdempotencyKey } from 'shared-client';
import type { OpenApiDocument } from 'shared-contracts/openapi';
import { createdApiKeySchema } from 'shared-contracts/retailer';
import { Button, ButtonLink, Field, Input, Muted, Notice, Row, Textarea } from 'shared-ui';
import styled from 'styled-components';
import { retailerAccountQueryOptions } from '../../shared/retailer-api';
import { useReauthenticateWhenNeeded } from '../../shared/sensitive-auth';
import { bodySchema, type DocOperation, exampleFor } from './openapi';
import { Panel } from './try-it-panel';

/*
 * The try-it console of a signed-in user, loaded only for one (try-it-console.tsx): it needs the
 * retailer account, a console key and their zod contracts, which a visitor's first load of
 * /api-docs should not carry.
 */

const Output = styled.pre`
  margin: 8px 0 0;
  padding: 12px;
  background: ${({ theme }) => theme.colors.dark};
  color: #e6edf3;
  border-radius: ${({ theme }) => theme.radii.sm};
  overflow: auto;
  max-height: 360px;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: 0.875rem;
`;

let consoleKey: { secret: string; expiresAt: number } | null = null;

/**
 * A test secret key for the console: short-lived (an hour) and issued for the signed-in
 * retailer, since the retailer's own secret keys are stored hashed and cannot be shown again.
 */
async function testKey(): Promise<string> {
  if (consoleKey && consoleKey.expiresAt - Date.now() > 60_000) return consoleKey.secret;
  const created = createdApiKeySchema.parse(
    await apiRequest<unknown>('POST', '/api/retailer/api-keys/console-key', {}, { auth: true }),
  );
  consoleKey = {
    secret: created.secret,
    expiresAt: created.key.expiresAt ? Date.parse(created.key.expiresAt) : Date.now() + 3_600_000,
  };
  return consoleKey.secret;
}

interface ConsoleResult {
  status: number;
  headers: string;
  body: string;
}

const SHOWN_HEADERS = ['ratelimit', 'ratelimit-policy', 'retry-after', 'idempotent-replayed'];

/** The console for a signed-in user: the retailer account first, then the form. */
export function SignedInConsole({ doc, item }: { doc: OpenApiDocument; item: DocOperation }) {
  const account = useQuery(retailerAccountQueryOptions());
  if (account.isPending) return <Panel>Loading your retailer account…</Panel>;
  if (!account.data) {
    return (
      <Panel>
        <Muted>Create your retailer account to get a test key.</Muted>{' '}
        <ButtonLink to="/retailer-onboarding" size="sm" variant="secondary">
          Create an account
        </ButtonLink>
      </Panel>
    );
  }

  return <ConsoleForm doc={doc} item={item} account={account.data} />;
}

function ConsoleForm({
  doc,
  item,
  account,
}: {
  doc: OpenApiDocument;
  item: DocOperation;
  account: { retailerId: string; businessName: string };
}) {
  const reauthenticate = useReauthenticateWhenNeeded();
  const schema = bodySchema(item.operation);
  const pathParams = (item.operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (item.operation.parameters ?? []).filter((p) => p.in === 'query');
  const retailerId = account.retailerId;
  const example = schema ? exampleFor(doc, schema) : undefined;
  const initialBody =
    example && typeof example === 'object' && retailerId && 'retailer_id' in example
      ? { ...example, retailer_id: retailerId }
      : example;
  const [body, setBody] = useState(
    initialBody === undefined ? '' : JSON.stringify(initialBody, null, 2),
  );
  const [params, setParams] = useState<Record<string, string>>({});
  const [idempotencyKey, setIdempotencyKey] = useState<string>(newIdempotencyKey);
  const [result, setResult] = useState<ConsoleResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const outputId = useId();

  const send = async () => {
    setError(null);
    let parsedBody: unknown;
    if (schema) {
      try {
        parsedBody = JSON.parse(body);
      } catch {
        setError('The request body is not valid JSON.');
        return;
      }
    }
    let path = item.path;
    for (const param of pathParams) {
      const value = params[param.name]?.trim();
      if (!value) {
        setError(`Enter ${param.name}.`);
        return;
      }
      path = path.replace(`{${param.name}}`, encodeURIComponent(value));
    }
    const query = new URLSearchParams();
    for (const param of queryParams) {
      const value = params[param.name]?.trim();
      if (value) query.set(param.name, value);
    }
    setSending(true);
    try {
      const key = await testKey();
      const response = await fetch(`${path}${query.size ? `?${query}` : ''}`, {
        method: item.method.toUpperCase(),
        headers: {
          Authorization: `Bearer ${key}`,
          ...(schema ? { 'Content-Type': 'application/json' } : {}),
          ...(item.method === 'post' && idempotencyKey
            ? { 'Idempotency-Key': idempotencyKey }
            : {}),
        },
        body: schema ? JSON.stringify(parsedBody) : undefined,
      });
      const text = await response.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: show as is.
      }
      setResult({
        status: response.status,
        headers: SHOWN_HEADERS.flatMap((name) => {
          const value = response.headers.get(name);
          return value ? [`${name}: ${value}`] : [];
        }).join('\n'),
        body: pretty,
      });
    } catch (failure) {
      // Minting the console key needs the password re-check: confirm it and come back.
      if (reauthenticate(failure)) return;
      setError(errorMessage(failure, 'The request could not be sent.'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel>
      <h4 style={{ margin: '0 0 8px' }}>Try it (test mode)</h4>
      <Muted>
        Sent from your browser with a test key of <strong>{account.businessName}</strong> that
        expires within an hour; test data only.
      </Muted>
      {[...pathParams, ...queryParams].map((param) => (
        <Field
          key={param.name}
          label={`${param.name} (${param.in}${param.required ? ', required' : ''})`}
        >
          {(ids) => (
            <Input
              {...ids}
              value={params[param.name] ?? ''}
              onChange={(event) => setParams({ ...params, [param.name]: event.target.value })}
            />
          )}
        </Field>
      ))}
      {item.method === 'post' ? (
        <Field label="Idempotency-Key" hint="Send twice with the same key: the answer is replayed.">
          {(ids) => (
            <Row $gap={8} $wrap>
              <Input
                {...ids}
                value={idempotencyKey}
                onChange={(event) => setIdempotencyKey(event.target.value)}
                style={{ flex: '1 1 240px' }}
              />
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => setIdempotencyKey(newIdempotencyKey())}
              >
                New key
              </Button>
            </Row>
          )}
        </Field>
      ) : null}
      {schema ? (
        <Field label="Request body (JSON)">
          {(ids) => (
            <Textarea
              {...ids}
              rows={10}
              spellCheck={false}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              style={{ fontFamily: 'monospace' }}
            />
          )}
        </Field>
      ) : null}
      <Row $gap={8} style={{ marginTop: 12 }}>
        <Button onClick={send} loading={sending} aria-describedby={result ? outputId : undefined}>
          Send request
        </Button>
      </Row>
      {error ? (
        <div style={{ marginTop: 8 }}>
          <Notice tone="danger" role="alert">
            {error}
          </Notice>
        </div>
      ) : null}
      <div aria-live="polite" id={outputId}>
        {result ? (
          <>
            <p style={{ margin: '12px 0 0' }}>
              <strong>Response: HTTP {result.status}</strong>
            </p>
            {/* Scrollable output must be reachable by keyboard (axe scrollable-region-focusable). */}
            {result.headers ? <Output tabIndex={0}>{result.headers}</Output> : null}
            <Output tabIndex={0} aria-label="Response body" data-testid="console-response">
              {result.body}
            </Output>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
