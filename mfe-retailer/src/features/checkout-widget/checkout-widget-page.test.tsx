import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutWidgetPage } from './checkout-widget-page';

// The widget element's own chunk fails to load (offline, or a redeploy removed the file).
vi.mock('../../widget/checkout-widget', () => {
  throw new Error('Loading chunk failed');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the checkout widget page', () => {
  it('says the preview is unavailable when the widget code cannot be loaded', async () => {
    // Signed out: the preview uses the demo store's key.
    mockFetch({ 'GET /api/demo/widget-key': () => json({ publishableKey: 'pk_test_demo' }) });
    renderWithProviders(<CheckoutWidgetPage />, { path: '/checkout-widget' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Preview unavailable');
    expect(alert).toHaveTextContent('The widget could not be loaded.');
    // The rest of the page still works: the snippet is there to copy.
    expect(screen.getByRole('button', { name: 'Copy the embed snippet' })).toBeInTheDocument();
  });
});
