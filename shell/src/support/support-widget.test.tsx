import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from 'shared-auth';
import { MemoryRouter, signIn, TEST_USER } from 'shared-auth/testing';
import type { CreateSupportMessageResponse, SupportMessage } from 'shared-contracts/support';
import { SUPPORT_STORAGE_KEYS } from 'shared-contracts/support-info';
import { useNavigate } from 'shared-ui/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SupportWidget } from './support-widget';

let navigateTo: ((to: string) => void) | undefined;
function NavigateProbe() {
  const navigate = useNavigate();
  navigateTo = navigate;
  return null;
}

function renderWidget(path = '/') {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <NavigateProbe />
        <SupportWidget />
      </MemoryRouter>
    </AppProviders>,
  );
}

const launcher = () => screen.getByTestId('support-launcher');
/** The panel once its lazy chunk has loaded (the placeholder while loading has no message box). */
async function panel() {
  await screen.findByLabelText('Your message');
  return screen.getByRole('dialog', { name: 'Customer Support' });
}

function message(overrides: Partial<SupportMessage>): SupportMessage {
  return {
    id: crypto.randomUUID(),
    author: 'customer',
    source: 'chat',
    body: 'Hello',
    topic: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

// These tests type and wait for a lazy chunk; a busy 2-core machine can take longer than 5 s.
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the chat badge', () => {
  it("shows '1' until the first open, and stays gone after a reload", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWidget();
    expect(screen.getByTestId('support-badge')).toHaveTextContent('1');
    expect(launcher()).toHaveAccessibleName('Open customer support chat, 1 unread message');
    expect(localStorage.getItem(SUPPORT_STORAGE_KEYS.chatOpened)).toBeNull();

    await user.click(launcher());
    expect(await panel()).toBeVisible();
    expect(screen.queryByTestId('support-badge')).not.toBeInTheDocument();
    expect(localStorage.getItem(SUPPORT_STORAGE_KEYS.chatOpened)).toBe('1');

    unmount();
    renderWidget();
    expect(screen.queryByTestId('support-badge')).not.toBeInTheDocument();
    expect(launcher()).toHaveAccessibleName('Open customer support chat');
  });
});

describe('opening and closing', () => {
  it('opens on /#chat, focuses the message box, and Esc closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderWidget('/#chat');
    const dialog = await panel();
    expect(screen.getByText(/Welcome to CurbRun support/)).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Your message')).toHaveFocus());
    expect(dialog).toHaveTextContent('Chat 24/7 · Phone 9 a.m.–9 p.m. CT');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Customer Support' })).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();
    expect(launcher()).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens again on a later navigation to #chat after being closed', async () => {
    const user = userEvent.setup();
    renderWidget('/about-us');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => navigateTo?.('/#chat'));
    await panel();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog', { name: 'Customer Support' })).not.toBeInTheDocument();
    act(() => navigateTo?.('/#chat'));
    expect(await panel()).toBeVisible();
  });
});

describe('sending a message as a visitor', () => {
  it('stores a visitor id, shows the message and the acknowledgement, and announces the reply', async () => {
    const sent = message({ body: 'Where is my order?' });
    const reply = message({
      author: 'support',
      body: 'Thanks for your message! Live chat is staffed 24/7.',
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('/api/support/messages') && init?.method === 'POST') {
        const body: CreateSupportMessageResponse = { sent, reply };
        return new Response(JSON.stringify(body), { status: 201 });
      }
      if (url.startsWith('/api/support/messages')) {
        return new Response(JSON.stringify({ messages: [sent, reply] }), { status: 200 });
      }
      return new Response('{"message":"unexpected"}', { status: 500 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWidget('/#chat');
    await panel();

    // An empty message is refused in the widget already.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your message'), 'Where is my order?{Enter}');
    expect(
      await screen.findByText('Thanks for your message! Live chat is staffed 24/7.'),
    ).toBeVisible();
    expect(screen.getByText('Where is my order?')).toBeVisible();
    expect(screen.getByLabelText('Your message')).toHaveValue('');

    const visitorId = localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId);
    expect(visitorId).toMatch(/^[0-9a-f-]{36}$/);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/support/messages');
    expect(JSON.parse(String(init?.body))).toEqual({
      source: 'chat',
      visitorId,
      message: 'Where is my order?',
    });
    await waitFor(() =>
      expect(screen.getByTestId('support-announcer')).toHaveTextContent(
        'Support replied: Thanks for your message!',
      ),
    );
  });

  it('writes under the visitor id this browser already has (from the contact form) and keeps it', async () => {
    const earlier = '5b0c9a3e-2f1d-4c7b-9a61-3e2d1c0b9a87';
    localStorage.setItem(SUPPORT_STORAGE_KEYS.visitorId, earlier);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ sent: message({ body: 'Hi again' }), reply: null }), {
            status: 201,
          })
        : new Response(JSON.stringify({ messages: [message({ body: 'My contact message' })] }), {
            status: 200,
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWidget('/#chat');
    await panel();
    // The earlier thread is shown on open.
    expect(await screen.findByText('My contact message')).toBeVisible();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/support/messages?visitorId=${earlier}`);

    await user.type(screen.getByLabelText('Your message'), 'Hi again{Enter}');
    expect(await screen.findByText('Hi again')).toBeVisible();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ visitorId: earlier });
    expect(localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId)).toBe(earlier);
  });

  it('replaces a stored visitor id that is not a UUID with a new one', async () => {
    localStorage.setItem(SUPPORT_STORAGE_KEYS.visitorId, 'not-a-uuid');
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ sent: message({ body: 'Hello' }), reply: null }), {
            status: 201,
          })
        : new Response(JSON.stringify({ messages: [] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWidget('/#chat');
    await panel();
    // No thread is read for an id the server would refuse.
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Your message'), 'Hello{Enter}');
    await waitFor(() =>
      expect(localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body)).visitorId).toBe(
      localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId),
    );
  });

  it('signed in, moves the visitor thread into the account and forgets the visitor id', async () => {
    const earlier = '5b0c9a3e-2f1d-4c7b-9a61-3e2d1c0b9a87';
    localStorage.setItem(SUPPORT_STORAGE_KEYS.visitorId, earlier);
    signIn();
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/auth/me') {
        return new Response(JSON.stringify({ user: TEST_USER }), { status: 200 });
      }
      if (init?.method === 'POST') {
        return new Response(JSON.stringify({ sent: message({ body: 'Hello' }), reply: null }), {
          status: 201,
        });
      }
      return new Response(JSON.stringify({ messages: [] }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWidget('/#chat');
    await panel();
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/support/messages'),
    );

    await user.type(screen.getByLabelText('Your message'), 'Hello{Enter}');
    await waitFor(() => expect(localStorage.getItem(SUPPORT_STORAGE_KEYS.visitorId)).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      source: 'chat',
      message: 'Hello',
      visitorId: earlier,
    });
  });

  it('shows the server message when sending fails and keeps the draft', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? new Response(JSON.stringify({ message: 'Rate limit exceeded, retry in 1 minute' }), {
              status: 429,
            })
          : new Response(JSON.stringify({ messages: [] }), { status: 200 }),
      ),
    );
    const user = userEvent.setup();
    renderWidget('/#chat');
    await panel();
    await user.type(screen.getByLabelText('Your message'), 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rate limit exceeded, retry in 1 minute',
    );
    expect(screen.getByLabelText('Your message')).toHaveValue('Hello');
  });
});
