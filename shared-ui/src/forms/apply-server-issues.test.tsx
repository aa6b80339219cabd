import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { TextField } from '../components/form';
import { theme } from '../theme/theme';
import { applyServerIssues } from './apply-server-issues';

/** shared-client's ApiError as this helper reads it: an Error with the response body. */
class ResponseError extends Error {
  constructor(readonly body: string) {
    super('400');
  }
}

interface Values {
  name: string;
  email: string;
}

function ServerCheckedForm({ error }: { error: unknown }) {
  const form = useForm<Values>({ defaultValues: { name: '', email: '' } });
  const { errors } = form.formState;
  return (
    <form
      aria-label="Profile"
      onSubmit={form.handleSubmit(async () => {
        await applyServerIssues(error, ['name', 'email'], form.setError);
      })}
    >
      <TextField label="Name" {...form.register('name')} error={errors.name?.message} />
      <TextField label="Email" {...form.register('email')} error={errors.email?.message} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('applyServerIssues', () => {
  it("shows each field's first server message and focuses the first field of the form", async () => {
    const body = JSON.stringify({
      message: 'Invalid request',
      issues: [
        { path: 'email', message: 'That email is taken' },
        { path: 'email', message: 'A second problem' },
        { path: 'name.first', message: 'Name is too long' },
        { path: 'unknown', message: 'Not a field of this form' },
      ],
    });
    render(
      <ThemeProvider theme={theme}>
        <ServerCheckedForm error={new ResponseError(body)} />
      </ThemeProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email is taken'),
    );
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is too long');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.queryByText('A second problem')).not.toBeInTheDocument();
    expect(screen.queryByText('Not a field of this form')).not.toBeInTheDocument();
  });

  it('leaves the fields alone when the answer is not the error shape', async () => {
    const results: boolean[] = [];
    for (const error of [new ResponseError('<html>Bad gateway</html>'), new Error('offline'), 42]) {
      results.push(await applyServerIssues<Values>(error, ['name', 'email'], () => {}));
    }
    expect(results).toEqual([false, false, false]);
  });
});
