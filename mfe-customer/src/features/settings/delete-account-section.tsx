import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth } from 'shared-auth';
import { ApiError, errorMessage } from 'shared-client';
import {
  DELETE_CONFIRMATION_WORD,
  type DeleteAccountRequest,
  deleteAccountRequestSchema,
} from 'shared-contracts/users';
import { Button, Notice, Row, Stack, TextField, toast, useSubmitOnce } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import { useNavigate } from 'shared-ui/router';
import { useDeleteAccountMutation } from './api';
import { useReauthenticate } from './use-reauthenticate';

/**
 * Deleting the account, with a confirmation: the password again and the word DELETE. Personal
 * data goes; past orders are kept without it. Needs the sensitive window.
 */
/** requireSensitiveAuth's answer outside the window (api/src/auth/guards.ts). */
export const SENSITIVE_REQUIRED = 'Please confirm your password to continue.';

export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccountMutation();
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const reauthenticate = useReauthenticate();
  const signOutWhenGone = useRef(false);
  useEffect(
    () => () => {
      if (signOutWhenGone.current) endSession();
    },
    [endSession],
  );
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '', confirmation: '' as typeof DELETE_CONFIRMATION_WORD },
  });
  const { errors } = form.formState;

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      try {
        const { message } = await remove.mutateAsync(values);
        setOpen(false);
        // The server ended every session. Leave first and forget the session here only once this
        // page is gone (as logout does): a guard still on screen would otherwise send the person
        // to /auth, because the router renders navigations as transitions, after the sign-out.
        signOutWhenGone.current = true;
        navigate('/');
        toast({ title: 'Account deleted', description: message });
      } catch (error) {
        if (
          error instanceof ApiError &&
          error.status === 403 &&
          !error.serverMessage?.includes('password is incorrect')
        ) {
          reauthenticate('delete-account');
          return;
        }
        form.setError('password', {
          message: errorMessage(error, 'Your account could not be deleted.'),
        });
      }
    }),
  );

  return (
    <Stack $gap={12}>
      <h2 id="delete-account-heading">Delete account</h2>
      <p>
        This removes your name, email, addresses, saved cards, photos and messages, and signs you
        out everywhere. Past orders and payments are kept without your personal data, as the law
        requires. It cannot be undone.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) form.reset();
        }}
        title="Delete your account?"
        description="Your personal data is removed and you are signed out everywhere. This cannot be undone."
      >
        <form onSubmit={onSubmit} noValidate>
          <Stack $gap={12}>
            {remove.isError && !errors.password ? (
              <Notice tone="danger" role="alert">
                {errorMessage(remove.error)}
              </Notice>
            ) : null}
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              {...form.register('password')}
              error={errors.password?.message}
            />
            <TextField
              label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
              autoComplete="off"
              {...form.register('confirmation')}
              error={errors.confirmation?.message}
            />
            <Row $justify="flex-end">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Keep my account
              </Button>
              <Button
                type="submit"
                variant="danger"
                loading={remove.isPending}
                loadingLabel="Deleting…"
              >
                Delete account
              </Button>
            </Row>
          </Stack>
        </form>
      </Dialog>
    </Stack>
  );
}
