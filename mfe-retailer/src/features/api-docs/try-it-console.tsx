import { lazy, Suspense } from 'react';
import { useAuth } from 'shared-auth';
import type { OpenApiDocument } from 'shared-contracts/openapi';
import { ButtonLink, Muted } from 'shared-ui';
import type { DocOperation } from './openapi';
import { Panel } from './try-it-panel';

// Loaded when someone is signed in: the console's account query, key minting and their zod
// schemas would add to a visitor's first load of /api-docs, and a long task of evaluating them
// on a phone, for a form only a retailer can use.
const SignedInConsole = lazy(() =>
  import('./try-it-signed-in').then((module) => ({ default: module.SignedInConsole })),
);

/** Sends the operation for real, in test mode, as the signed-in retailer. */
export function TryItConsole({ doc, item }: { doc: OpenApiDocument; item: DocOperation }) {
  const { status } = useAuth();
  if (status !== 'authenticated') {
    return (
      <Panel>
        <Muted>Sign in as a retailer to try this call with your test key.</Muted>{' '}
        <ButtonLink to="/auth" size="sm" variant="secondary">
          Sign in
        </ButtonLink>
      </Panel>
    );
  }
  return (
    <Suspense fallback={<Panel>Loading your retailer account…</Panel>}>
      <SignedInConsole doc={doc} item={item} />
    </Suspense>
  );
}
