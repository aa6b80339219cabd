import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomerRoutes from './routes';

// SPEC section 2: any path that is not a route shows '404 Page Not Found', signed in or out
// (issue 14, item 3). Before, a signed-out `/schedule-pickup/not-a-step` went to /auth first.
const UNKNOWN = [
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
];

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('customer routes: unknown sub-paths', () => {
  for (const signedIn of [false, true]) {
    for (const path of UNKNOWN) {
      it(`${path} shows the 404 page ${signedIn ? 'signed in' : 'signed out'}`, async () => {
        mockFetch({});
        if (signedIn) signIn();
        renderWithProviders(<CustomerRoutes />, { path });
        expect(
          // The first visit loads the page chunks (lazy routes).
          await screen.findByRole(
            'heading',
            { level: 1, name: '404 Page Not Found' },
            { timeout: 5000 },
          ),
        ).toBeVisible();
        expect(screen.getByTestId('location')).toHaveTextContent(path);
      });
    }
  }

  it('a real step still asks a signed-out visitor to sign in', async () => {
    mockFetch({});
    renderWithProviders(<CustomerRoutes />, { path: '/schedule-pickup/store-details' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'), {
      timeout: 5000,
    });
  });
});
