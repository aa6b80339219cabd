import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from 'shared-client';
import type { ApiKey, ApiKeyKind, ApiMode } from 'shared-contracts/retailer';
import { formatServiceDateTime } from 'shared-contracts/service-time';
import {
  Badge,
  Button,
  Card,
  Field,
  Muted,
  Notice,
  Row,
  Select,
  Skeleton,
  toast,
  VisuallyHidden,
} from 'shared-ui';
import { apiKeysQueryOptions, useRevokeApiKey, useRollApiKey } from '../../shared/retailer-api';
import { isSensitiveAuthRequired } from '../../shared/sensitive-auth';
import { Table, TableWrap } from '../../shared/table';
import { type RevealedSecret, SecretReveal } from './secret-reveal';

const GRACE_OPTIONS = [
  { hours: 0, label: 'Revoke the current key now' },
  { hours: 1, label: 'Keep the current key 1 hour' },
  { hours: 24, label: 'Keep the current key 24 hours' },
  { hours: 168, label: 'Keep the current key 7 days' },
] as const;

function keyStatus(key: ApiKey) {
  if (key.revokedAt) return <Badge tone="danger">Revoked</Badge>;
  if (!key.active) return <Badge>Expired</Badge>;
  if (key.expiresAt)
    return <Badge tone="warning">Expires {formatServiceDateTime(key.expiresAt)}</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/**
 * Rolls the current key of one mode and kind: a new key now, the old one revoked now or kept for
 * a grace period (so servers or pages still using it keep working while they are updated).
 */
export function RollForm({
  mode,
  kind = 'secret',
  onRolled,
}: {
  mode: ApiMode;
  kind?: ApiKeyKind;
  onRolled: (secret: RevealedSecret) => void;
}) {
  const roll = useRollApiKey();
  const [grace, setGrace] = useState('0');
  return (
    <Row $gap={8} $wrap style={{ alignItems: 'flex-end' }}>
      <Field label={`When rolling the ${mode} ${kind} key`}>
        {(ids) => (
          <Select {...ids} value={grace} onChange={(event) => setGrace(event.target.value)}>
            {GRACE_OPTIONS.map((option) => (
              <option key={option.hours} value={option.hours}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button
        variant="secondary"
        loading={roll.isPending}
        onClick={() =>
          roll.mutate(
            { mode, kind, graceHours: Number(grace) },
            {
              onSuccess: (created) =>
                onRolled({ label: `New ${mode} ${kind} key`, value: created.secret }),
              onError: (error) => {
                // The mutation already sent the person to confirm their password.
                if (isSensitiveAuthRequired(error)) return;
                toast({
                  title: 'Could not roll the key',
                  description: errorMessage(error),
                  variant: 'destructive',
                });
              },
            },
          )
        }
      >
        Roll {mode} {kind} key
      </Button>
    </Row>
  );
}

/** Secret and publishable keys: shown as prefix and last 4, rolled with a grace period, revoked. */
export function KeysPanel({ initialSecrets }: { initialSecrets: RevealedSecret[] }) {
  const keys = useQuery(apiKeysQueryOptions());
  const revoke = useRevokeApiKey();
  const [revealed, setRevealed] = useState<RevealedSecret[]>(initialSecrets);
  const secretKeys = keys.data?.filter((key) => key.kind === 'secret') ?? [];

  return (
    <Card aria-labelledby="keys-title">
      <h2 id="keys-title" style={{ marginTop: 0 }}>
        API keys
      </h2>
      <p>
        Use secret keys on your server only, as <code>Authorization: Bearer sk_test_…</code>. Test
        keys see test data only; deliveries in test mode move through the simulator by themselves.
      </p>
      {revealed.length > 0 ? (
        <SecretReveal title="Your new secret keys" secrets={revealed}>
          <Button variant="ghost" size="sm" onClick={() => setRevealed([])}>
            I have saved my keys
          </Button>
        </SecretReveal>
      ) : null}
      {keys.isPending ? <Skeleton style={{ height: 120 }} /> : null}
      {keys.isError ? (
        <Notice tone="danger" role="alert">
          {errorMessage(keys.error, 'Could not load your keys.')}
        </Notice>
      ) : null}
      {keys.data ? (
        <TableWrap aria-label="Secret keys table">
          <Table>
            <caption style={{ textAlign: 'left' }}>
              <Muted>Secret keys (newest first)</Muted>
            </caption>
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Mode</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {secretKeys.map((key) => (
                <tr key={key.id}>
                  <td>
                    <code>{key.display}</code>
                  </td>
                  <td>{key.mode === 'live' ? 'Live' : 'Test'}</td>
                  <td>{formatServiceDateTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatServiceDateTime(key.lastUsedAt) : 'Never'}</td>
                  <td>{keyStatus(key)}</td>
                  <td>
                    {key.revokedAt ? null : (
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={`Revoke ${key.display}`}
                        onClick={() => {
                          if (!window.confirm(`Revoke ${key.display}? Calls with it stop at once.`))
                            return;
                          revoke.mutate(key.id, {
                            onSuccess: () =>
                              toast({ title: 'Key revoked', description: key.display }),
                            onError: (error) => {
                              if (isSensitiveAuthRequired(error)) return;
                              toast({
                                title: 'Could not revoke the key',
                                description: errorMessage(error),
                                variant: 'destructive',
                              });
                            },
                          });
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      ) : null}
      <Row $gap={24} $wrap>
        {(['test', 'live'] as const).map((mode) => (
          <RollForm key={mode} mode={mode} onRolled={(secret) => setRevealed([secret])} />
        ))}
      </Row>
    </Card>
  );
}
