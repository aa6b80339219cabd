import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'shared-auth/testing';
import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './contact-page';

const okResponse = {
  sent: {
    id: 'a1b2c3d4-0000-4000-8000-000000000000',
    author: 'customer',
    source: 'contact',
    body: 'Hello there',
    topic: 'press',
    createdAt: new Date().toISOString(),
  },
  reply: {
    id: 'b1b2c3d4-0000-4000-8000-000000000000',
    author: 'support',
    source: 'contact',
    body: 'Thanks, Ann Lee! We received your message and will reply by email. Live chat is staffed 24/7, and our phone line is open 9 a.m.–9 p.m. CT.',
    topic: null,
    createdAt: new Date().toISOString(),
  },
};

describe('the contact form', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing, on every field, and sends nothing', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL) => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    // The form checks with the shared schema (react-hook-form): the messages show a moment later.
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name'),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'We reply to this address. Invalid email address',
    );
    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription('Please choose a topic');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      '0 / 2000 characters Please enter a message',
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/support/'))).toEqual([]);

    // Fixing a field clears its message as you type.
    await user.type(screen.getByLabelText('Email'), 'ann@');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'We reply to this address. Invalid email address',
    );
    await user.type(screen.getByLabelText('Email'), 'example.test');
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'We reply to this address.',
      ),
    );
  });

  it('sends the message with a visitor id and shows a confirmation', async () => {
    const fetchMock = vi.fn(async (url: RequestInfo | URL) =>
      String(url) === '/api/support/messages'
        ? new Response(JSON.stringify(okResponse), { status: 201 })
        : new Response('{}'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact?topic=press' });
    expect(screen.getByLabelText('Topic')).toHaveValue('press');
    await user.type(screen.getByLabelText('Name'), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.test');
    await user.type(screen.getByLabelText('Message'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const heading = await screen.findByRole('heading', {
      name: 'Thanks, Ann Lee! Your message has been sent.',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Live chat is staffed 24\/7/)).toBeVisible();
    expect(screen.getByText('A1B2C3D4')).toBeVisible();

    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/support/messages');
    const init = (call as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      source: 'contact',
      name: 'Ann Lee',
      email: 'ann@example.test',
      topic: 'press',
      message: 'Hello there',
      visitorId: localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId),
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's message when sending fails and keeps what was typed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url) === '/api/support/messages'
          ? new Response(
              JSON.stringify({
                message:
                  'You are sending messages too quickly. Please wait 30 seconds and try again.',
              }),
              { status: 429 },
            )
          : new Response('{}'),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ContactPage />, { path: '/contact' });
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.test');
    await user.selectOptions(screen.getByLabelText('Topic'), 'General question');
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are sending messages too quickly. Please wait 30 seconds and try again.',
    );
    expect(screen.getByLabelText('Message')).toHaveValue('Hi');
  });
});
