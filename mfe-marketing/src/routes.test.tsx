import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MarketingRoutes from './routes';

// SPEC section 2: any path that is not a route shows '404 Page Not Found', signed in or out;
// the 404 wins over a sign-in redirect (issue 14).
const UNKNOWN = ['/about-us/nothing-here', '/team/x', '/contact/x', '/help-center/faq'];

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('marketing routes: unknown sub-paths', () => {
  for (const signedIn of [false, true]) {
    for (const path of UNKNOWN) {
      it(`${path} shows the 404 page ${signedIn ? 'signed in' : 'signed out'}`, async () => {
        mockFetch({});
        if (signedIn) signIn();
        renderWithProviders(<MarketingRoutes />, { path });
        expect(
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
});
