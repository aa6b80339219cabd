import { useState } from 'react';
import { useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { formatAddress, type SavedAddress } from 'shared-contracts/addresses';
import { Badge, Button, Muted, Notice, Row, Skeleton, Stack, toast } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import {
  addressesQueryOptions,
  useCreateAddressMutation,
  useDeleteAddressMutation,
  useUpdateAddressMutation,
} from '../../shared/addresses-api';
import { EMPTY_ADDRESS } from '../../shared/delivery-value';
import { AddressForm } from './address-form';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 12px;
  li {
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    padding: 14px;
  }
`;

/**
 * Saved addresses (the scheduling flow's address book). The default one is the street-address
 * line of the avatar menu: every change refreshes `/api/auth/me`.
 */
export function AddressesSection() {
  const addresses = useSignedInQuery(addressesQueryOptions());
  const create = useCreateAddressMutation();
  const update = useUpdateAddressMutation();
  const remove = useDeleteAddressMutation();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedAddress | null>(null);

  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  return (
    <Stack $gap={16}>
      <h2 id="addresses-heading">Addresses</h2>
      <Muted>
        Your default address shows in the account menu and is offered first when you schedule a
        pickup.
      </Muted>
      {addresses.isPending ? (
        <Skeleton $height="80px" />
      ) : addresses.isError ? (
        <Notice tone="danger" role="alert">
          {errorMessage(addresses.error, 'We could not load your addresses.')}
        </Notice>
      ) : addresses.data.length === 0 ? (
        <Muted>No saved addresses yet.</Muted>
      ) : (
        <List aria-label="Saved addresses">
          {addresses.data.map((address) => (
            <li key={address.id} data-testid="saved-address">
              {editing === address.id ? (
                <AddressForm
                  idPrefix={`edit-${address.id}`}
                  initial={{
                    label: address.label ?? '',
                    line1: address.line1,
                    line2: address.line2 ?? '',
                    city: address.city,
                    state: address.state,
                    zip: address.zip,
                    instructions: address.instructions ?? '',
                  }}
                  submitLabel="Save address"
                  pending={update.isPending}
                  error={update.isError ? errorMessage(update.error) : null}
                  onCancel={() => setEditing(null)}
                  onSubmit={async (values) => {
                    await update.mutateAsync({ id: address.id, body: values }).then(() => {
                      setEditing(null);
                      toast({ title: 'Address saved', variant: 'success' });
                    }, fail('Address not saved'));
                  }}
                />
              ) : (
                <Stack $gap={8}>
                  <Row $gap={8}>
                    <strong>{address.label || 'Address'}</strong>
                    {address.isDefault ? <Badge tone="success">Default</Badge> : null}
                  </Row>
                  <span>{formatAddress(address)}</span>
                  {address.instructions ? <Muted>{address.instructions}</Muted> : null}
                  <Row>
                    {address.isDefault ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Make ${address.line1} the default address`}
                        loading={update.isPending && update.variables?.id === address.id}
                        onClick={() =>
                          update.mutate(
                            { id: address.id, body: { isDefault: true } },
                            {
                              onSuccess: () =>
                                toast({ title: 'Default address changed', variant: 'success' }),
                              onError: fail('Default address not changed'),
                            },
                          )
                        }
                      >
                        Make default
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${address.line1}`}
                      onClick={() => setEditing(address.id)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${address.line1}`}
                      onClick={() => setRemoving(address)}
                    >
                      Remove
                    </Button>
                  </Row>
                </Stack>
              )}
            </li>
          ))}
        </List>
      )}
      {adding ? (
        <AddressForm
          idPrefix="new-address"
          initial={EMPTY_ADDRESS}
          submitLabel="Add address"
          pending={create.isPending}
          error={create.isError ? errorMessage(create.error) : null}
          onCancel={() => setAdding(false)}
          onSubmit={async (values) => {
            await create.mutateAsync(values).then(() => {
              setAdding(false);
              toast({ title: 'Address added', variant: 'success' });
            }, fail('Address not added'));
          }}
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add an address
          </Button>
        </div>
      )}
      <Dialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="Remove this address?"
        description={removing ? formatAddress(removing) : undefined}
      >
        <Row $justify="flex-end">
          <Button variant="ghost" onClick={() => setRemoving(null)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            loadingLabel="Removing…"
            onClick={() => {
              if (!removing) return;
              remove.mutate(removing.id, {
                onSuccess: () => {
                  setRemoving(null);
                  toast({ title: 'Address removed' });
                },
                onError: (error) => {
                  setRemoving(null);
                  fail('Address not removed')(error);
                },
              });
            }}
          >
            Remove address
          </Button>
        </Row>
      </Dialog>
    </Stack>
  );
}
