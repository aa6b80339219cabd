import { useForm } from 'react-hook-form';
import { useRegisterMutation } from 'shared-auth';
import type { RegisterFormValues, RegisterRequest } from 'shared-contracts/auth';
import {
  applyServerIssues,
  Button,
  Field,
  Input,
  PasswordStrengthMeter,
  Stack,
  useSubmitOnce,
} from 'shared-ui';
import styled from 'styled-components';
import { lazyResolver } from './lazy-resolver';
import { PasswordInput } from './password-input';

// The contract's rules (shared-contracts/auth), loaded as the visitor starts on the form.
const registerResolver = lazyResolver<RegisterFormValues, RegisterRequest>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('shared-contracts/auth')]).then(
    ([{ zodResolver }, { registerRequestSchema }]) => zodResolver(registerRequestSchema),
  ),
);

const Names = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
`;

const FIELDS = ['firstName', 'lastName', 'username', 'email', 'password'] as const;

export interface RegisterFormProps {
  /** After a successful registration, with the new username (the page switches to Login). */
  onRegistered: (username: string) => void;
}

/** The Register tab of /auth, with the password-strength meter. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const form = useForm<RegisterFormValues, unknown, RegisterRequest>({
    resolver: registerResolver,
    defaultValues: { firstName: '', lastName: '', username: '', email: '', password: '' },
    // Validate on submit first, then as fields are corrected: a message that appeared on blur
    // would move the submit button from under the pointer and lose the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const register = useRegisterMutation();
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      try {
        await register.mutateAsync(values);
        onRegistered(values.username);
      } catch (error) {
        // The toast says it; a taken username or email also marks its field.
        await applyServerIssues(error, FIELDS, form.setError);
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} {...registerResolver.preloadOnUse} noValidate aria-label="Register">
      <Stack $gap={16}>
        <Names>
          <Field label="First name" error={errors.firstName?.message}>
            {(ids) => (
              <Input
                {...ids}
                {...form.register('firstName')}
                autoComplete="given-name"
                $invalid={Boolean(errors.firstName)}
              />
            )}
          </Field>
          <Field label="Last name" error={errors.lastName?.message}>
            {(ids) => (
              <Input
                {...ids}
                {...form.register('lastName')}
                autoComplete="family-name"
                $invalid={Boolean(errors.lastName)}
              />
            )}
          </Field>
        </Names>
        <Field
          label="Username"
          error={errors.username?.message}
          hint="At least 3 characters: letters, numbers, dots, hyphens or underscores."
        >
          {(ids) => (
            <Input
              {...ids}
              {...form.register('username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              $invalid={Boolean(errors.username)}
            />
          )}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(ids) => (
            <Input
              {...ids}
              {...form.register('email')}
              type="email"
              autoComplete="email"
              $invalid={Boolean(errors.email)}
            />
          )}
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          hint="At least 8 characters with a lowercase letter, an uppercase letter, a number and one of @$!%*?&."
        >
          {(ids) => (
            <PasswordInput
              {...ids}
              {...form.register('password')}
              autoComplete="new-password"
              $invalid={Boolean(errors.password)}
            />
          )}
        </Field>
        <PasswordStrengthMeter password={password ?? ''} />
        <Button
          type="submit"
          block
          loading={register.isPending}
          loadingLabel="Creating your account…"
        >
          Create account
        </Button>
      </Stack>
    </form>
  );
}
