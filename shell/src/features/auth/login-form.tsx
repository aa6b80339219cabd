import { useForm } from 'react-hook-form';
import { useLoginMutation } from 'shared-auth';
import { errorMessage } from 'shared-client';
import type { LoginRequest } from 'shared-contracts/auth';
import { Button, Field, Input, Notice, Stack, useSubmitOnce } from 'shared-ui';
import { lazyResolver } from './lazy-resolver';
import { PasswordInput } from './password-input';

// The contract's rules (shared-contracts/auth), loaded as the visitor starts on the form.
const loginResolver = lazyResolver<LoginRequest, LoginRequest>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('shared-contracts/auth')]).then(
    ([{ zodResolver }, { loginRequestSchema }]) => zodResolver(loginRequestSchema),
  ),
);

export interface LoginFormProps {
  defaultIdentifier?: string;
  /** Called as the request starts, so the page knows the sign-in that follows is this form's. */
  onSubmitting?: () => void;
  onFailed?: () => void;
}

/** The Login tab of /auth (docs/product.md, "Signing in and accounts"). */
export function LoginForm({ defaultIdentifier = '', onSubmitting, onFailed }: LoginFormProps) {
  const form = useForm<LoginRequest>({
    resolver: loginResolver,
    defaultValues: { identifier: defaultIdentifier, password: '' },
    // Validate on submit first, then as fields are corrected: a message that appeared on blur
    // would move the submit button from under the pointer and lose the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const login = useLoginMutation();
  const { errors } = form.formState;

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      form.clearErrors('root');
      onSubmitting?.();
      try {
        await login.mutateAsync(values);
      } catch (error) {
        onFailed?.();
        // A toast (from the mutation) and the form's own error.
        form.setError('root', {
          type: 'server',
          message: errorMessage(error, 'Please check your connection and try again.'),
        });
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} {...loginResolver.preloadOnUse} noValidate aria-label="Login">
      <Stack $gap={16}>
        {errors.root?.message ? (
          <Notice tone="danger" role="alert" title="Login failed">
            {errors.root.message}
          </Notice>
        ) : null}
        <Field label="Email or username" error={errors.identifier?.message}>
          {(ids) => (
            <Input
              {...ids}
              {...form.register('identifier')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              $invalid={Boolean(errors.identifier)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(ids) => (
            <PasswordInput
              {...ids}
              {...form.register('password')}
              autoComplete="current-password"
              $invalid={Boolean(errors.password)}
            />
          )}
        </Field>
        <Button type="submit" block loading={login.isPending} loadingLabel="Logging in…">
          Login
        </Button>
      </Stack>
    </form>
  );
}
