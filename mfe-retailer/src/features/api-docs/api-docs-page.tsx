import { useQuery } from '@tanstack/react-query';
import { memo, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { errorMessage } from 'shared-client';
import { RETAILER_API_VERSION } from 'shared-contracts/api-version';
import type { OpenApiDocument } from 'shared-contracts/openapi';
import { Lead, Loading, media, Notice, Page, PageTitle, usePageMeta } from 'shared-ui';
import styled from 'styled-components';
import { CodeBlock } from '../../shared/code-block';
import { checkoutCurl, useApiBaseUrl } from '../../shared/sample-request';
import { useRevealInSteps } from '../../shared/use-reveal-in-steps';
import {
  bodySchema,
  CONSOLE_TAGS,
  DOC_TAGS,
  type DocOperation,
  exampleFor,
  openApiQueryOptions,
  operationsByTag,
  refName,
  successResponse,
} from './openapi';
import { RichText } from './rich-text';
import { SchemaView, schemaTitle } from './schema-view';
import { TryItConsole } from './try-it-console';
import { WebhooksGuide } from './webhooks-guide';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  ${media.lg} {
    grid-template-columns: 240px minmax(0, 1fr);
  }
`;

const Nav = styled.nav`
  font-size: 0.875rem;
  ${media.lg} {
    position: sticky;
    top: ${({ theme }) => theme.headerHeight + 16}px;
    align-self: start;
    max-height: calc(100vh - ${({ theme }) => theme.headerHeight + 32}px);
    overflow: auto;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li ul {
    padding-left: 12px;
  }
  a {
    display: block;
    padding: 4px 0;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

const Content = styled.div`
  min-width: 0;
  line-height: 1.6;
  section {
    margin-bottom: 40px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    margin: 12px 0;
    display: block;
    overflow-x: auto;
  }
  th,
  td {
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    padding: 6px 8px;
    vertical-align: top;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.875em;
    overflow-wrap: anywhere;
  }
`;

const OperationCard = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  padding: 16px;
  margin: 16px 0;
  scroll-margin-top: ${({ theme }) => theme.headerHeight + 16}px;
  h3 {
    margin: 0 0 4px;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  h4 {
    margin: 16px 0 6px;
  }
  /* Plain elements rather than styled components: one styled card per operation is enough. */
  .method {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.875rem;
    font-weight: 700;
    text-transform: uppercase;
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: #fff;
    background: #475467;
  }
  .method-get {
    background: #067647;
  }
  .method-post {
    background: #0b5cad;
  }
  .method-put,
  .method-patch {
    background: #93370d;
  }
  .method-delete {
    background: #b42318;
  }
  .path {
    font-size: 1rem;
    overflow-wrap: anywhere;
  }
`;

const AUTH_LABELS: Record<string, string> = {
  secretKey: 'Secret key (sk_test_… / sk_live_…)',
  publishableKey: 'Publishable key (pk_…) from an allowed domain',
};

const TAG_TITLES: Record<string, string> = {
  'checkout-api': 'Checkout',
  'deliveries-api': 'Deliveries',
  widget: 'Checkout widget',
  'retailer-account': 'Retailer account (dashboard)',
  'api-keys': 'API keys (dashboard)',
  'webhook-endpoints': 'Webhook endpoints (dashboard)',
  analytics: 'Analytics (dashboard)',
  leasing: 'Robot leasing (dashboard)',
};

function authOf(item: DocOperation): string {
  const schemes = item.operation.security?.flatMap((entry) => Object.keys(entry)) ?? [];
  if (schemes.length > 0) return schemes.map((name) => AUTH_LABELS[name] ?? name).join(' or ');
  return 'Signed-in session (the pages of this site)';
}

/**
 * A closed `<details>` whose contents are rendered when it is first opened: the response fields
 * of 30 operations are a third of the reference's elements, built during a phone's load for
 * disclosures nobody has opened yet (Total Blocking Time).
 */
function FieldsOnOpen({ summary, children }: { summary: string; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <details onToggle={(event) => setOpened((was) => was || event.currentTarget.open)}>
      <summary>{summary}</summary>
      {opened ? children : null}
    </details>
  );
}

/**
 * One operation's card. Memoized: the reference grows one card per frame, and without it every
 * step would render all the cards before it again (quadratic work during a phone's load).
 * `doc` and `item` keep their identity between steps (see `Reference`).
 */
const OperationView = memo(function OperationView({
  doc,
  item,
}: {
  doc: OpenApiDocument;
  item: DocOperation;
}) {
  const body = bodySchema(item.operation);
  const success = successResponse(item.operation);
  const successSchema = success?.response?.content?.['application/json']?.schema;
  const tag = item.operation.tags?.[0] ?? '';
  return (
    <OperationCard id={item.id} aria-labelledby={`${item.id}-title`}>
      <h3 id={`${item.id}-title`}>
        <span className={`method method-${item.method}`}>{item.method}</span>
        <code className="path">{item.path}</code>
      </h3>
      <strong>{item.operation.summary}</strong>
      {item.operation.description ? <RichText text={item.operation.description} /> : null}
      <p>
        <strong>Authentication:</strong> {authOf(item)}
      </p>
      {item.operation.parameters?.length ? (
        <>
          <h4>Parameters</h4>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">In</th>
                <th scope="col">Type</th>
              </tr>
            </thead>
            <tbody>
              {item.operation.parameters.map((param) => (
                <tr key={`${param.in}-${param.name}`}>
                  <td>
                    <code>{param.name}</code>
                    {param.required ? ' (required)' : ''}
                  </td>
                  <td>{param.in}</td>
                  <td>
                    <code>{param.schema?.type ?? 'string'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      {body ? (
        <>
          <h4>Request body {schemaTitle(body) ? <code>{schemaTitle(body)}</code> : null}</h4>
          <SchemaView doc={doc} schema={body} />
          <CodeBlock
            caption="Example request body"
            code={JSON.stringify(exampleFor(doc, body), null, 2)}
            accessibleCopyLabel={`Copy the example body of ${item.method.toUpperCase()} ${item.path}`}
          />
        </>
      ) : null}
      <h4>Responses</h4>
      <ul>
        {Object.entries(item.operation.responses).map(([code, response]) => {
          const schema = response.content?.['application/json']?.schema;
          const description =
            response.description && response.description !== 'Default Response'
              ? response.description
              : code.startsWith('2')
                ? 'Success'
                : '';
          return (
            <li key={code}>
              <code>{code}</code> {description}
              {schema?.$ref ? (
                <>
                  {' '}
                  (<code>{refName(schema.$ref)}</code>)
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {successSchema && success ? (
        <FieldsOnOpen
          summary={`${success.code} response fields${schemaTitle(successSchema) ? ` (${schemaTitle(successSchema)})` : ''}`}
        >
          <SchemaView doc={doc} schema={successSchema} />
        </FieldsOnOpen>
      ) : null}
      {CONSOLE_TAGS.has(tag) ? <TryItConsole doc={doc} item={item} /> : null}
    </OperationCard>
  );
});

interface DocTag {
  name: string;
  description?: string;
  operations: DocOperation[];
}

/** The contents list: every section and operation, complete from the first step. */
const Contents = memo(function Contents({
  tags,
  revealAll,
}: {
  tags: DocTag[];
  revealAll: () => void;
}) {
  return (
    <Nav aria-label="API reference" onClickCapture={revealAll}>
      <ul>
        <li>
          <a href="#getting-started">Getting started</a>
        </li>
        <li>
          <a href="#authentication">Authentication</a>
        </li>
        <li>
          <a href="#errors">Errors, idempotency and limits</a>
        </li>
        {tags.map((tag) => (
          <li key={tag.name}>
            <a href={`#tag-${tag.name}`}>{TAG_TITLES[tag.name] ?? tag.name}</a>
            <ul>
              {tag.operations.map((item) => (
                <li key={item.id}>
                  <a href={`#${item.id}`}>
                    {item.method.toUpperCase()} {item.path}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        <li>
          <a href="#webhooks-guide-title">Webhooks</a>
        </li>
      </ul>
    </Nav>
  );
});

/** Getting started, authentication, errors: the prose before the operations. */
const Introduction = memo(function Introduction({
  apiBase,
  openapi,
}: {
  apiBase: string;
  openapi: string;
}) {
  return (
    <>
      <section aria-labelledby="getting-started">
        <h2 id="getting-started">Getting started</h2>
        <p>
          Base URL: <code>{apiBase}</code> · API version <code>{RETAILER_API_VERSION}</code> ·
          OpenAPI {openapi} document at <a href="/api/openapi.json">/api/openapi.json</a>. All
          bodies are JSON, money is in integer cents.
        </p>
        <CodeBlock
          caption="Initialize a checkout"
          code={checkoutCurl({ base: apiBase })}
          accessibleCopyLabel="Copy the example checkout request"
        />
      </section>
      <section aria-labelledby="authentication">
        <h2 id="authentication">Authentication</h2>
        <p>
          Send a secret key from the <a href="/retailer-onboarding">onboarding page</a> as{' '}
          <code>Authorization: Bearer sk_test_…</code>. Test keys (<code>sk_test_</code>) create and
          see test data only, and test deliveries move through the simulator by themselves; live
          keys (<code>sk_live_</code>) see live data only. Keys are stored hashed: roll a key
          (optionally keeping the old one for a grace period) or revoke it at once.
        </p>
        <p>
          The checkout widget uses a publishable key (<code>pk_test_…</code>), which only works from
          the domains you allow and can only price a cart and open a checkout.
        </p>
      </section>
      <section aria-labelledby="errors">
        <h2 id="errors">Errors, idempotency and limits</h2>
        <ul>
          <li>
            Every error is <code>{'{ "message": "…", "issues": [{ "path", "message" }] }'}</code>{' '}
            with a 4xx status: 400 invalid input (the message names the field), 401 key missing or
            revoked, 403 wrong key or retailer, 404 not yours, 409 wrong state, 422 reused
            Idempotency-Key, 429 rate limit.
          </li>
          <li>
            Every POST accepts an <code>Idempotency-Key</code> header: the same key and body within
            24 hours answers the first result again (<code>Idempotent-Replayed: true</code>
            ); the same key with another body answers 422.
          </li>
          <li>
            Your account may make a number of requests per minute for each kind and mode of key (all
            its test secret keys share one budget, console keys included). Every answer carries{' '}
            <code>RateLimit-Policy: "per-account";q=600;w=60</code> and{' '}
            <code>RateLimit: "per-account";r=…;t=…</code> (remaining, seconds to reset); a 429 adds{' '}
            <code>Retry-After</code>.
          </li>
        </ul>
      </section>
    </>
  );
});

function Reference({ doc }: { doc: OpenApiDocument }) {
  const apiBase = useApiBaseUrl();
  const tags = useMemo(
    () =>
      DOC_TAGS.map((name) => ({
        name,
        description: doc.tags?.find((tag) => tag.name === name)?.description,
        operations: operationsByTag(doc, name),
      })).filter((tag) => tag.operations.length > 0),
    [doc],
  );
  // Built in steps, one per frame (use-reveal-in-steps.ts): the contents list and the introduction
  // first, then each operation, then the webhooks guide: a whole tag at once is a long task on a
  // phone (docs/benchmarks.md, "Figures behind code choices"). The contents list is complete at
  // once, and following one of its links shows everything.
  const operationCount = tags.reduce((count, tag) => count + tag.operations.length, 0);
  const { shown, revealAll } = useRevealInSteps(operationCount + 2);
  const operationsShown = shown - 1;
  let before = 0;
  const shownTags = tags
    .map((tag) => {
      const first = before;
      before += tag.operations.length;
      return { ...tag, operations: tag.operations.slice(0, Math.max(0, operationsShown - first)) };
    })
    .filter((tag) => tag.operations.length > 0);

  return (
    <Layout>
      <Contents tags={tags} revealAll={revealAll} />
      <Content>
        <Introduction apiBase={apiBase} openapi={doc.openapi} />
        {shownTags.map((tag) => (
          <section key={tag.name} aria-labelledby={`tag-${tag.name}`}>
            <h2 id={`tag-${tag.name}`}>{TAG_TITLES[tag.name] ?? tag.name}</h2>
            {tag.description ? <RichText text={tag.description} /> : null}
            {tag.operations.map((item) => (
              <OperationView key={item.id} doc={doc} item={item} />
            ))}
          </section>
        ))}
        {operationsShown > operationCount ? <WebhooksGuide /> : null}
      </Content>
    </Layout>
  );
}

/** `/api-docs`: the OpenAPI 3.1 reference of the retailer API, rendered here. */
export function ApiDocsPage() {
  usePageMeta(
    'API Documentation',
    'The CurbRun retailer API: authentication, endpoints, schemas, webhooks and a try-it console.',
  );
  const doc = useQuery(openApiQueryOptions());
  // The reference is hundreds of elements: rendered at transition priority, React yields to the
  // browser while building it instead of blocking taps for the whole render.
  const reference = useDeferredValue(doc.data);
  return (
    <Page>
      <PageTitle>API Documentation</PageTitle>
      <Lead>
        Endpoints, authentication, webhooks and signature verification, generated from the schemas
        the server validates with.
      </Lead>
      {doc.isPending || (doc.data && !reference) ? (
        <Loading label="Loading the API reference…" />
      ) : null}
      {doc.isError ? (
        <Notice tone="danger" role="alert" title="The API reference could not be loaded">
          {/* A document that is not one (a parse failure) says nothing a reader can use. */}
          {errorMessage(doc.error, 'Please try again in a moment.')}
        </Notice>
      ) : null}
      {reference ? <Reference doc={reference} /> : null}
    </Page>
  );
}
