import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from 'shared-client';
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointInput,
  webhookEndpointInputSchema,
} from 'shared-contracts/webhooks';
import { Button, Field, Row, Select, TextField, useSubmitOnce } from 'shared-ui';
import styled from 'styled-components';
import { useCreateWebhookEndpoint } from '../../shared/retailer-api';
import { isSensitiveAuthRequired } from '../../shared/sensitive-auth';
import type { RevealedSecret } from './secret-reveal';

const Checks = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 12px 0;
  min-width: 0;
  legend {
    font-weight: 700;
    margin-bottom: 6px;
  }
  label {
    display: flex;
    gap: 8px;
    align-items: flex-start;
    padding: 6px 0;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: 4px 0 0;
`;

export function AddEndpointForm({ onCreated }: { onCreated: (secret: RevealedSecret) => void }) {
  const create = useCreateWebhookEndpoint();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<WebhookEndpointInput>({
    resolver: zodResolver(webhookEndpointInputSchema),
    defaultValues: { url: '', mode: 'test', events: [...WEBHOOK_EVENT_TYPES], description: '' },
  });
  const { errors } = form.formState;
  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      setServerError(null);
      try {
        const created = await create.mutateAsync(values);
        onCreated({ label: 'Signing secret', value: created.secret });
        form.reset();
      } catch (error) {
        // Outside the re-check window the mutation already sent the person to confirm it.
        if (isSensitiveAuthRequired(error)) return;
        setServerError(errorMessage(error, 'Could not add the endpoint.'));
      }
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-endpoint-title">
      <h3 id="add-endpoint-title" style={{ marginTop: 24 }}>
        Add an endpoint
      </h3>
      <Row $gap={12} $wrap style={{ alignItems: 'flex-start' }}>
        <div style={{ flex: '2 1 280px' }}>
          <TextField
            label="Endpoint URL"
            type="url"
            placeholder="https://shop.example.com/webhooks/curbrun"
            error={errors.url?.message}
            {...form.register('url')}
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <Field label="Mode" error={errors.mode?.message}>
            {(ids) => (
              <Select {...ids} {...form.register('mode')}>
                <option value="test">Test</option>
                <option value="live">Live</option>
              </Select>
            )}
          </Field>
        </div>
      </Row>
      <Checks>
        <legend>Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input type="checkbox" value={type} {...form.register('events')} />
            <span>
              <code>{type}</code>
              <small>{WEBHOOK_EVENT_DESCRIPTIONS[type]}</small>
            </span>
          </label>
        ))}
        {errors.events?.message ? (
          <ErrorText role="alert">{errors.events.message}</ErrorText>
        ) : null}
      </Checks>
      <Button type="submit" loading={create.isPending}>
        Add endpoint
      </Button>
      {serverError ? (
        <ErrorText role="alert" style={{ marginTop: 8 }}>
          {serverError}
        </ErrorText>
      ) : null}
    </form>
  );
}
