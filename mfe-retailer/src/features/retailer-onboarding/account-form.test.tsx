import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { type CreatedRetailerAccount, RETAILER_MESSAGES } from 'shared-contracts/retailer';
import { afterEach, expect, it, vi } from 'vitest';
import { AccountForm } from './account-form';

/** Fills in Acme's details and its one store location. */
async function fillAccount(
  user: ReturnType<typeof userEvent.setup>,
  location: { store: string; street: string; city: string; zip: string },
) {
  await user.type(screen.getByLabelText('Business name'), 'Acme');
  await user.type(screen.getByLabelText('Website'), 'https://acme.example.com');
  await user.type(screen.getByLabelText('Contact name'), 'Grace');
  await user.type(screen.getByLabelText('Contact email'), 'grace@acme.example.com');
  await user.type(screen.getByLabelText('Contact phone'), '512 555 0100');
  await user.type(screen.getByLabelText('Store name'), location.store);
  await user.type(screen.getByLabelText('Street address'), location.street);
  await user.type(screen.getByLabelText('City'), location.city);
  await user.type(screen.getByLabelText('ZIP code'), location.zip);
}

const CREATED: CreatedRetailerAccount = {
  account: {
    id: '22222222-2222-4222-8222-222222222222',
    retailerId: 'acme',
    businessName: 'Acme',
    website: 'https://acme.example.com',
    contactName: 'Grace',
    contactEmail: 'grace@acme.example.com',
    contactPhone: '512 555 0100',
    stores: [
      {
        id: 'acme-downtown',
        name: 'Downtown',
        addressLine: '500 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        metroArea: 'Austin',
        location: { lat: 30.2672, lng: -97.7431 },
        services: ['curbside', 'home_delivery'],
      },
    ],
    allowedDomains: [],
    createdAt: '2026-11-01T12:00:00.000Z',
  },
  secretKeys: { test: 'sk_test_abc', live: 'sk_live_abc' },
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

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

  await fillAccount(user, { store: 'West', street: '1 Main St', city: 'El Paso', zip: '79901' });
  await user.click(screen.getByRole('button', { name: 'Create retailer account' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent("We don't deliver to ZIP code 79901 yet."),
  );
  expect(onCreated).not.toHaveBeenCalled();
});

it('creates the account with one request however quickly the button is clicked twice', async () => {
  // No pause between the clicks: the quickest double click. The button is disabled only once the
  // request is pending, after validation, and a second account would be created.
  const user = userEvent.setup({ delay: null });
  signIn();
  let answer: (response: Response) => void = () => {};
  const { calls } = mockFetch({
    'POST /api/retailer/account': () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  });
  const onCreated = vi.fn();
  renderWithProviders(<AccountForm onCreated={onCreated} />);
  await fillAccount(user, {
    store: 'Downtown',
    street: '500 Congress Ave',
    city: 'Austin',
    zip: '78701',
  });
  const create = screen.getByRole('button', { name: 'Create retailer account' });
  await user.dblClick(create);
  await waitFor(() => expect(create).toHaveAttribute('aria-busy', 'true'));
  const sent = () => calls.filter((call) => call.key === 'POST /api/retailer/account');
  expect(sent()).toHaveLength(1);

  answer(json(CREATED, 201));
  await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  expect(onCreated).toHaveBeenCalledWith(CREATED);
  expect(sent()).toHaveLength(1);
});

it('marks the business name when the server says a partner or another retailer has it', async () => {
  const user = userEvent.setup();
  const message = RETAILER_MESSAGES.businessNameIsPartner;
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify({ message, issues: [{ path: 'businessName', message }] }), {
      status: 409,
    }),
  );
  renderWithProviders(<AccountForm onCreated={vi.fn()} />);
  await fillAccount(user, { store: 'Downtown', street: '1 Main St', city: 'Austin', zip: '78701' });
  await user.click(screen.getByRole('button', { name: 'Create retailer account' }));
  const name = screen.getByLabelText('Business name');
  await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  expect(name).toHaveFocus();
  expect(name).toHaveAccessibleDescription(expect.stringContaining(message));
  expect(screen.getByText('Your account was not created')).toBeVisible();
});
