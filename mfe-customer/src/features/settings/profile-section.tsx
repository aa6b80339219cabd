import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError, errorMessage } from 'shared-client';
import {
  type AccountProfile,
  type UpdateProfileRequest,
  USER_MESSAGES,
  updateProfileRequestSchema,
} from 'shared-contracts/users';
import { Button, Grid, Notice, Stack, TextField, toast, useSubmitOnce } from 'shared-ui';
import { useUpdateProfileMutation } from './api';

/** First name, last name and username. */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  const update = useUpdateProfileMutation();
  const form = useForm<UpdateProfileRequest>({
    resolver: zodResolver(updateProfileRequestSchema),
    values: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      username: profile.username,
    },
  });
  const { errors } = form.formState;

  const onSubmit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      try {
        await update.mutateAsync(values);
        toast({ title: USER_MESSAGES.profileSaved, variant: 'success' });
      } catch (error) {
        const message = errorMessage(error, 'Your profile could not be saved.');
        if (error instanceof ApiError && error.status === 409)
          form.setError('username', { message });
        toast({ title: 'Profile not saved', description: message, variant: 'destructive' });
      }
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="profile-heading">
      <Stack $gap={16}>
        <h2 id="profile-heading">Profile</h2>
        {update.isError && !(update.error instanceof ApiError && update.error.status === 409) ? (
          <Notice tone="danger" role="alert">
            {errorMessage(update.error)}
          </Notice>
        ) : null}
        {/* defaultValue: the server's HTML shows the profile before the form's code runs. */}
        <Grid $min={220}>
          <TextField
            label="First name"
            autoComplete="given-name"
            {...form.register('firstName')}
            defaultValue={profile.firstName ?? ''}
            error={errors.firstName?.message}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            {...form.register('lastName')}
            defaultValue={profile.lastName ?? ''}
            error={errors.lastName?.message}
          />
          <TextField
            label="Username"
            autoComplete="username"
            {...form.register('username')}
            defaultValue={profile.username}
            error={errors.username?.message}
          />
        </Grid>
        <div>
          <Button type="submit" loading={update.isPending} loadingLabel="Saving…">
            Save profile
          </Button>
        </div>
      </Stack>
    </form>
  );
}
