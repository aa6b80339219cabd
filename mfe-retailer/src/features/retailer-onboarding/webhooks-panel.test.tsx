import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderWithProviders, signIn } from 'shared-auth/testing';
import {
  type CreatedWebhookEndpoint,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
} from 'shared-contracts/webhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebhooksPanel } from './webhooks-panel';

const ENDPOINT: WebhookEndpoint = {
  id: '66666666-6666-4666-8666-666666666666',
  url: 'https://shop.acme.example.com/webhooks/curbrun',
  mode: 'test',
  events: [...WEBHOOK_EVENT_TYPES],
  description: null,
  enabled: true,
  secretHint: 'whsec_…f00d',
  createdAt: '2026-11-01T12:00:00.000Z',
};
const CREATED: CreatedWebhookEndpoint = { endpoint: ENDPOINT, secret: 'whsec_0123456789abcdef' };

beforeEach(() => {
  localStorage.clear();
  signIn();
});
afterEach(() => vi.unstubAllGlobals());

describe('WebhooksPanel', () => {
  it('adds an endpoint with one request however quickly the button is clicked twice', async () => {
    // No pause between the clicks: the quickest double click. The button is disabled only once
    // the request is pending, after validation, and a second endpoint (with a second signing
    // secret the person never sees) would be created.
    const user = userEvent.setup({ delay: null });
    let endpoints: WebhookEndpoint[] = [];
    let answer: (response: Response) => void = () => {};
    const { calls } = mockFetch({
      'GET /api/retailer/webhook-endpoints': () => json(endpoints),
      [`GET /api/retailer/webhook-endpoints/${ENDPOINT.id}/deliveries`]: () => json([]),
      'POST /api/retailer/webhook-endpoints': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderWithProviders(<WebhooksPanel />, { path: '/retailer-onboarding' });
    expect(await screen.findByText('No endpoints yet.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL'), ENDPOINT.url);
    const add = within(form).getByRole('button', { name: 'Add endpoint' });
    await user.dblClick(add);
    await waitFor(() => expect(add).toHaveAttribute('aria-busy', 'true'));
    const sent = () => calls.filter((call) => call.key === 'POST /api/retailer/webhook-endpoints');
    expect(sent()).toHaveLength(1);
    expect(JSON.parse(String(sent()[0]?.init?.body))).toMatchObject({
      url: ENDPOINT.url,
      mode: 'test',
      events: [...WEBHOOK_EVENT_TYPES],
    });

    endpoints = [ENDPOINT];
    answer(json(CREATED, 201));
    expect(await screen.findByText(CREATED.secret)).toBeVisible();
    expect(
      await screen.findByRole('article', { name: `Endpoint ${ENDPOINT.url}` }),
    ).toBeInTheDocument();
    expect(sent()).toHaveLength(1);
  });
});
