import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { sensitiveCheckQueryOptions } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
import {
  type AccountProfile,
  type ChangeEmailRequest,
  changeEmailRequestSchema,
} from 'shared-contracts/users';
import { Button, Notice, Row, Stack, TextField, toast, useSubmitOnce } from 'shared-ui';
import styled from 'styled-components';
import { useChangeEmailMutation } from './api';
import { useReauthenticate } from './use-reauthenticate';

// An address has no spaces to wrap at: a long one would widen the page past a 320 px screen.
const EmailAddress = styled.strong`
  overflow-wrap: anywhere;
`;

/**
 * The email address: changing it needs the sensitive window and is confirmed by a link sent to the
 * new address; until then the current one stays.
 */
export function EmailSection({ profile }: { profile: AccountProfile }) {
  const sensitive = useQuery(sensitiveCheckQueryOptions());
  const reauthenticate = useReauthenticate();
  const change = useChangeEmailMutation();
  const form = useForm<ChangeEmailRequest>({
    resolver: zodResolver(changeEmailRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      try {
        const answer = await change.mutateAsync(values);
        form.reset({ email: '' });
        toast({ title: 'Check your new inbox', description: answer.message, variant: 'success' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) {
          reauthenticate('email');
          return;
        }
        form.setError('email', {
          message: errorMessage(error, 'Your email could not be changed.'),
        });
      }
    }),
  );

  return (
    <Stack $gap={16}>
      <h2 id="email-heading">Email</h2>
      <p>
        Your email is <EmailAddress data-testid="current-email">{profile.email}</EmailAddress>
        {profile.emailVerified ? ' (verified).' : ' (not verified yet).'}
      </p>
      {profile.pendingEmail ? (
        <Notice role="status" title="Waiting for confirmation">
          We sent a link to <EmailAddress>{profile.pendingEmail}</EmailAddress>. Your email changes
          once you open it.
        </Notice>
      ) : null}
      {sensitive.isPending ? null : sensitive.data === true ? (
        <form onSubmit={onSubmit} noValidate aria-label="Change email">
          <Stack $gap={12}>
            <TextField
              label="New email address"
              type="email"
              autoComplete="email"
              {...form.register('email')}
              error={errors.email?.message}
            />
            <div>
              <Button type="submit" loading={change.isPending} loadingLabel="Sending link…">
                Change email
              </Button>
            </div>
          </Stack>
        </form>
      ) : (
        <Row>
          <p>For your security, confirm your password before changing your email.</p>
          <Button variant="secondary" onClick={() => reauthenticate('email')}>
            Confirm password to change email
          </Button>
        </Row>
      )}
    </Stack>
  );
}
