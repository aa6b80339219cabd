import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-client/testing';
import { RETAILER_MESSAGES } from 'shared-contracts/retailer';
import { afterEach, expect, it, vi } from 'vitest';
import { AccountForm } from './account-form';

afterEach(() => vi.restoreAllMocks());

it('shows the shared validation messages and sends nothing', async () => {
  const fetchMock = vi.spyOn(globalThis, 'fetch');
  renderWithProviders(<AccountForm onCreated={vi.fn()} />);
  fireEvent.click(screen.getByRole('button', { name: 'Create retailer account' }));
  expect(await screen.findByText(RETAILER_MESSAGES.businessNameRequired)).toBeVisible();
  expect(screen.getByText(RETAILER_MESSAGES.websiteInvalid)).toBeVisible();
  expect(screen.getByText(RETAILER_MESSAGES.storeNameRequired)).toBeVisible();
  expect(screen.getByLabelText('Business name')).toHaveAttribute('aria-invalid', 'true');
  expect(fetchMock).not.toHaveBeenCalled();
});

it('adds and removes store locations and shows the server’s refusal', async () => {
  const user = userEvent.setup();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ message: "We don't deliver to ZIP code 79901 yet." }), {
      status: 400,
    }),
  );
  const onCreated = vi.fn();
  renderWithProviders(<AccountForm onCreated={onCreated} />);
  await user.click(screen.getByRole('button', { name: 'Add another store' }));
  expect(screen.getByRole('group', { name: 'Store location 2' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Remove store location 2' }));
  expect(screen.queryByRole('group', { name: 'Store location 2' })).toBeNull();

  await user.type(screen.getByLabelText('Business name'), 'Acme');
  await user.type(screen.getByLabelText('Website'), 'https://acme.example.com');
  await user.type(screen.getByLabelText('Contact name'), 'Grace');
  await user.type(screen.getByLabelText('Contact email'), 'grace@acme.example.com');
  await user.type(screen.getByLabelText('Contact phone'), '512 555 0100');
  await user.type(screen.getByLabelText('Store name'), 'West');
  await user.type(screen.getByLabelText('Street address'), '1 Main St');
  await user.type(screen.getByLabelText('City'), 'El Paso');
  await user.type(screen.getByLabelText('ZIP code'), '79901');
  await user.click(screen.getByRole('button', { name: 'Create retailer account' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent("We don't deliver to ZIP code 79901 yet."),
  );
  expect(onCreated).not.toHaveBeenCalled();
});
