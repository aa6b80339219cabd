import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from 'shared-client';
import { type ChangePasswordFormValues, changePasswordFormSchema } from 'shared-contracts/users';
import {
  Button,
  Field,
  Input,
  Notice,
  PasswordStrengthMeter,
  Stack,
  TextField,
  toast,
  useSubmitOnce,
} from 'shared-ui';
import { useChangePasswordMutation } from './api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, then the new one twice; every other device is signed out. */
export function PasswordSection() {
  const change = useChangePasswordMutation();
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async ({ currentPassword, newPassword: next }) => {
      try {
        const { message } = await change.mutateAsync({ currentPassword, newPassword: next });
        form.reset(EMPTY);
        toast({ title: 'Password changed', description: message, variant: 'success' });
      } catch (error) {
        form.setError('currentPassword', {
          message: errorMessage(error, 'Your password could not be changed.'),
        });
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="password-heading">
      <Stack $gap={16}>
        <h2 id="password-heading">Password</h2>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <Field label="New password" error={errors.newPassword?.message}>
          {(ids) => (
            <Input
              {...ids}
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword')}
              $invalid={Boolean(errors.newPassword)}
            />
          )}
        </Field>
        <PasswordStrengthMeter password={newPassword} />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Notice>Changing your password signs you out on every other device.</Notice>
        <div>
          <Button type="submit" loading={change.isPending} loadingLabel="Changing…">
            Change password
          </Button>
        </div>
      </Stack>
    </form>
  );
}
