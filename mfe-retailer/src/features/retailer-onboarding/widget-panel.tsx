import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from 'shared-client';
import { allowedDomainsInputSchema, type RetailerAccount } from 'shared-contracts/retailer';
import {
  Button,
  ButtonLink,
  Card,
  CopyButton,
  Field,
  Notice,
  Row,
  Textarea,
  toast,
  VisuallyHidden,
} from 'shared-ui';
import { apiKeysQueryOptions, useSetAllowedDomains } from '../../shared/retailer-api';
import { isSensitiveAuthRequired } from '../../shared/sensitive-auth';
import { Table, TableWrap } from '../../shared/table';
import { RollForm } from './keys-panel';

/** One domain a line (or comma separated) → the list the API takes. */
export function parseDomains(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Publishable keys and the domains the checkout widget may run on. */
export function WidgetPanel({ account }: { account: RetailerAccount }) {
  const keys = useQuery(apiKeysQueryOptions());
  const save = useSetAllowedDomains();
  const [text, setText] = useState(account.allowedDomains.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const publishable = keys.data?.filter((key) => key.kind === 'publishable' && key.active) ?? [];

  // Checked on submit first, then again as the person corrects the list, so no message appears
  // on blur and moves the button from under the pointer.
  const check = (value: string) => {
    const parsed = allowedDomainsInputSchema.safeParse({ domains: parseDomains(value) });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = allowedDomainsInputSchema.safeParse({ domains: parseDomains(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.domains, {
      onSuccess: (saved) => {
        setText(saved.allowedDomains.join('\n'));
        toast({ title: 'Allowed domains saved', variant: 'success' });
      },
      onError: (failure) => {
        // Outside the re-check window the mutation already sent the person to confirm it.
        if (!isSensitiveAuthRequired(failure)) setError(errorMessage(failure));
      },
    });
  };

  return (
    <Card aria-labelledby="widget-keys-title">
      <h2 id="widget-keys-title" style={{ marginTop: 0 }}>
        Checkout widget
      </h2>
      <p>
        The widget runs in your customers’ browsers with a publishable key. It only works on pages
        of the domains you list here (we check the browser’s Origin).
      </p>
      <TableWrap aria-label="Publishable keys table">
        <Table>
          <thead>
            <tr>
              <th scope="col">Publishable key</th>
              <th scope="col">Mode</th>
              <th scope="col">
                <VisuallyHidden>Copy</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {publishable.map((key) => (
              <tr key={key.id}>
                <td>
                  <code>{key.display}</code>
                </td>
                <td>{key.mode === 'live' ? 'Live' : 'Test'}</td>
                <td>
                  <CopyButton
                    text={key.display}
                    label="Copy"
                    accessibleLabel={`Copy the ${key.mode} publishable key`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableWrap>
      {publishable.length === 0 && keys.isSuccess ? (
        <Notice tone="warning">
          No active publishable key: roll one below so the widget can run.
        </Notice>
      ) : null}
      <Row $gap={16} $wrap style={{ margin: '12px 0' }}>
        {(['test', 'live'] as const).map((mode) => (
          <RollForm
            key={mode}
            mode={mode}
            kind="publishable"
            onRolled={(created) =>
              toast({
                title: `${created.label} is ready`,
                description: 'Update the embed snippet on your pages with it.',
                variant: 'success',
              })
            }
          />
        ))}
      </Row>
      <form onSubmit={submit} noValidate>
        <Field
          label="Allowed domains"
          hint="One a line: shop.example.com, *.example.com (every subdomain) or localhost:3000."
          error={error}
        >
          {(ids) => (
            <Textarea
              {...ids}
              rows={4}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                if (error) check(event.target.value);
              }}
              $invalid={Boolean(error)}
            />
          )}
        </Field>
        <Row $gap={12} $wrap style={{ marginTop: 12 }}>
          <Button type="submit" loading={save.isPending}>
            Save allowed domains
          </Button>
          <ButtonLink to="/checkout-widget" variant="secondary">
            Build your widget
          </ButtonLink>
        </Row>
      </form>
      {account.allowedDomains.length === 0 ? (
        <div style={{ marginTop: 12 }}>
          <Notice tone="info">
            No domains yet: the widget works only in the preview on this site until you add one.
          </Notice>
        </div>
      ) : null}
    </Card>
  );
}
