import { screen, waitFor } from '@testing-library/react';
import { describeUnknownSubPaths, mockFetch, renderWithProviders } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomerRoutes from './routes';

// Any path that is not a route shows '404 Page Not Found', signed in or out: a signed-out
// `/schedule-pickup/not-a-step` must not go to /auth first.
describeUnknownSubPaths('customer', CustomerRoutes, [
  '/schedule-pickup/not-a-step',
  '/schedule-pickup/payment/extra',
  '/wallet/x',
  '/delivery-tracking/a/b',
  '/settings/x',
  '/schedule-pickup/complete/x',
  '/store-selection/x',
  '/checkout/x',
  '/subscribe/x',
  '/pickup-history/x',
  '/refund-request/x',
  '/delivery-tracking',
]);

describe('customer routes: real steps', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('a real step still asks a signed-out visitor to sign in', async () => {
    mockFetch({});
    renderWithProviders(<CustomerRoutes />, { path: '/schedule-pickup/store-details' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'), {
      timeout: 5000,
    });
  });
});
