import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from 'shared-client/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiDocsPage } from './api-docs-page';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Curbside & same-day delivery API', version: '1.0.0' },
  tags: [{ name: 'widget', description: 'The embeddable checkout widget.' }],
  paths: {
    '/api/v1/widget/quote': {
      post: {
        tags: ['widget'],
        summary: 'Price a cart for the widget',
        security: [{ publishableKey: [] }],
        responses: {
          200: {
            description: 'Default Response',
            content: {
              'application/json': {
                // A keyword the page does not render is kept, not refused.
                schema: { type: 'object', additionalProperties: false },
              },
            },
          },
        },
      },
    },
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('ApiDocsPage', () => {
  it('renders the operations of the document it reads', async () => {
    mockFetch({ 'GET /api/openapi.json': () => json(DOCUMENT) });
    renderWithProviders(<ApiDocsPage />, { path: '/api-docs' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the API reference…');
    expect(
      await screen.findByText('Price a cart for the widget', {}, { timeout: 5_000 }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { name: /\/api\/v1\/widget\/quote/ })).toBeVisible();
    expect(screen.getByText('The embeddable checkout widget.')).toBeVisible();
  });

  it('says the reference could not be loaded when the answer is not an OpenAPI document', async () => {
    // Say a proxy answers JSON of its own: without `paths` there is nothing to render.
    mockFetch({
      'GET /api/openapi.json': () => json({ openapi: '3.1.0', info: DOCUMENT.info }),
    });
    renderWithProviders(<ApiDocsPage />, { path: '/api-docs' });
    // A parse failure is retried once (1 s) like any failed read.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert).toHaveTextContent('The API reference could not be loaded');
    expect(alert).toHaveTextContent('Please try again in a moment.');
  });
});
