import { screen } from '@testing-library/react';
import { json, mockFetch, renderWithProviders } from 'shared-auth/testing';
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

  it('adds the operations one at a time, in the contents order, then the webhooks guide', async () => {
    const operation = (tag: string, summary: string) => ({
      post: { tags: [tag], summary, responses: { 200: { description: 'Default Response' } } },
    });
    mockFetch({
      'GET /api/openapi.json': () =>
        json({
          ...DOCUMENT,
          paths: {
            '/api/v1/widget/quote': operation('widget', 'Price a cart for the widget'),
            '/api/v1/widget/checkout': operation('widget', 'Open a checkout for the widget'),
            '/api/v1/keys': operation('api-keys', 'Create a key'),
          },
        }),
    });
    renderWithProviders(<ApiDocsPage />, { path: '/api-docs' });
    // The operations' own headings (the webhooks guide has level-3 headings too).
    const titles = () =>
      screen
        .queryAllByRole('heading', { level: 3 })
        .filter((heading) => heading.id.startsWith('op-'))
        .map((heading) => heading.textContent);

    await screen.findByText('Price a cart for the widget', {}, { timeout: 5_000 });
    // One operation per frame: a whole section at once was a long task on a phone.
    expect(titles()).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 2, name: 'Webhooks' })).toBeNull();
    // The contents list is complete from the start.
    const contents = screen.getByRole('navigation', { name: 'API reference' });
    expect(contents).toHaveTextContent('POST /api/v1/keys');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Webhooks' }, { timeout: 5_000 }),
    ).toBeVisible();
    expect(titles()).toEqual([
      expect.stringContaining('/api/v1/widget/quote'),
      expect.stringContaining('/api/v1/widget/checkout'),
      expect.stringContaining('/api/v1/keys'),
    ]);
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
