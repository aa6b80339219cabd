import { queryOptions } from '@tanstack/react-query';
import { apiRequest, fetchJson } from 'shared-client';
// Types only: the zod schemas stay out of the widget's bundle (the server validates).
import type {
  CreateSupportMessage,
  CreateSupportMessageResponse,
  SupportMessage,
  SupportThread,
} from 'shared-contracts/support';

export const SUPPORT_MESSAGES_URL = '/api/support/messages';

/** How often an open chat asks for new answers from support. */
export const SUPPORT_POLL_MS = 30_000;

/** Whose thread the widget shows: the signed-in user's, or this browser's visitor thread. */
export type SupportThreadOwner = { userId: string } | { visitorId: string };

export const supportKeys = {
  all: ['support'] as const,
  thread: (owner: SupportThreadOwner) => ['support', 'thread', owner] as const,
};

export async function fetchSupportThread(
  owner: SupportThreadOwner,
  signal?: AbortSignal,
): Promise<SupportMessage[]> {
  // Signed in, the default fetcher sends the bearer token and the server picks the user's thread.
  const url =
    'visitorId' in owner
      ? `${SUPPORT_MESSAGES_URL}?visitorId=${encodeURIComponent(owner.visitorId)}`
      : SUPPORT_MESSAGES_URL;
  const { messages } = await fetchJson<SupportThread>(url, 'default', signal);
  return messages;
}

export const supportThreadQueryOptions = (owner: SupportThreadOwner) =>
  queryOptions({
    queryKey: supportKeys.thread(owner),
    queryFn: ({ signal }) => fetchSupportThread(owner, signal),
    // A conversation is live: always ask again when the chat opens.
    staleTime: 0,
  });

export function sendSupportMessage(body: CreateSupportMessage) {
  return apiRequest<CreateSupportMessageResponse>('POST', SUPPORT_MESSAGES_URL, body, {
    auth: true,
  });
}

/** Adds messages to a cached thread, skipping any it already holds. */
export function appendMessages(
  thread: SupportMessage[] | undefined,
  added: Array<SupportMessage | null>,
): SupportMessage[] {
  const next = [...(thread ?? [])];
  for (const message of added) {
    if (message && !next.some((existing) => existing.id === message.id)) next.push(message);
  }
  return next;
}
