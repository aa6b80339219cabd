import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useAuth } from 'shared-auth';
import { ensureVisitorId, errorMessage, forgetVisitorId, getVisitorId } from 'shared-client';
import type { SupportMessage } from 'shared-contracts/support';
import { SUPPORT_HOURS, SUPPORT_MESSAGE_MAX_LENGTH } from 'shared-contracts/support-info';
import { Button, Notice, Spinner, VisuallyHidden } from 'shared-ui';
import styled from 'styled-components';
import { PanelFrame } from './panel-frame';
import {
  appendMessages,
  SUPPORT_POLL_MS,
  type SupportThreadOwner,
  sendSupportMessage,
  supportKeys,
  supportThreadQueryOptions,
} from './support-api';

export const WELCOME_MESSAGE =
  'Hi there! 👋 Welcome to CurbRun support. How can we help you today?';

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 8px;
  padding: 14px 16px;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  h2 { font-size: 1.125rem; margin: 0 0 2px; }
  p { margin: 0; font-size: 0.875rem; }
`;

const CloseButton = styled.button`
  flex: none;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: #fff;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.15); }
`;

const Messages = styled.ol`
  flex: 1;
  list-style: none;
  margin: 0;
  padding: 16px;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 10px;
  background: ${({ theme }) => theme.colors.background};
`;

const Bubble = styled.li<{ $mine: boolean }>`
  max-width: 85%;
  align-self: ${({ $mine }) => ($mine ? 'flex-end' : 'flex-start')};
  padding: 10px 12px;
  border-radius: 14px;
  ${({ $mine }) => ($mine ? 'border-bottom-right-radius: 4px;' : 'border-bottom-left-radius: 4px;')}
  background: ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.surface)};
  color: ${({ $mine, theme }) => ($mine ? '#fff' : theme.colors.text)};
  border: 1px solid ${({ $mine, theme }) => ($mine ? theme.colors.primary : theme.colors.border)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  p { margin: 0; }
`;

const Meta = styled.span<{ $mine: boolean }>`
  display: block;
  margin-top: 4px;
  font-size: 0.75rem;
  color: ${({ $mine }) => ($mine ? '#e8f1fb' : '#475467')};
`;

const Status = styled.li`
  align-self: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.875rem;
`;

const Form = styled.form`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: 10px 12px 12px;
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const InputRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: flex-end;
`;

const MessageInput = styled.textarea<{ $invalid: boolean }>`
  flex: 1;
  min-height: 44px;
  max-height: 120px;
  resize: none;
  padding: 10px 12px;
  border: 1px solid ${({ $invalid, theme }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  &::placeholder { color: #667085; }
`;

const Hint = styled.p<{ $error?: boolean }>`
  margin: 0;
  font-size: 0.75rem;
  color: ${({ $error, theme }) => ($error ? theme.colors.danger : theme.colors.muted)};
`;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

function MessageBubble({ message }: { message: SupportMessage }) {
  const mine = message.author === 'customer';
  return (
    <Bubble $mine={mine} data-author={message.author}>
      <VisuallyHidden>{mine ? 'You: ' : 'Support: '}</VisuallyHidden>
      <p>{message.body}</p>
      <Meta $mine={mine}>
        {message.source === 'contact' ? 'Contact form · ' : ''}
        <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
      </Meta>
    </Bubble>
  );
}

/** Shown to everyone, before any stored message; not part of the stored thread. */
function WelcomeBubble() {
  return (
    <Bubble $mine={false} data-author="support">
      <VisuallyHidden>Support: </VisuallyHidden>
      <p>{WELCOME_MESSAGE}</p>
    </Bubble>
  );
}

/** The thread owner for the current auth state; null while auth loads or before a visitor writes. */
function useThreadOwner(visitorId: string | null): SupportThreadOwner | null {
  const { status, user } = useAuth();
  if (status === 'authenticated' && user) return { userId: user.id };
  if (status === 'anonymous' && visitorId) return { visitorId };
  return null;
}

/**
 * Says new answers from support out loud, politely, without re-reading the whole history when
 * it loads: only support messages that arrive after the first load are announced.
 */
function useReplyAnnouncement(messages: SupportMessage[] | undefined): string {
  const known = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!messages) return;
    if (!known.current) {
      known.current = new Set(messages.map((message) => message.id));
      return;
    }
    const seen = known.current;
    const fresh = messages.filter((message) => !seen.has(message.id));
    for (const message of fresh) seen.add(message.id);
    const replies = fresh.filter((message) => message.author === 'support');
    if (replies.length > 0) {
      setAnnouncement(`Support replied: ${replies.map((reply) => reply.body).join(' ')}`);
    }
  }, [messages]);
  return announcement;
}

export interface SupportPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

export function SupportPanel({ id, open, onClose }: SupportPanelProps) {
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const { status } = useAuth();
  const [visitorId, setVisitorId] = useState(getVisitorId);
  const owner = useThreadOwner(visitorId);
  const [draft, setDraft] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);

  const thread = useQuery({
    ...supportThreadQueryOptions(owner ?? { visitorId: '' }),
    enabled: open && owner !== null,
    // Answers from a person arrive without a page reload while the chat is open.
    refetchInterval: open ? SUPPORT_POLL_MS : false,
  });
  const messages = owner ? thread.data : [];
  const announcement = useReplyAnnouncement(messages);

  const send = useMutation({
    mutationFn: async (text: string) => {
      if (status === 'authenticated') {
        // A visitor thread from before signing in moves into the account (see the API).
        const earlier = getVisitorId();
        const result = await sendSupportMessage({
          source: 'chat',
          message: text,
          ...(earlier ? { visitorId: earlier } : {}),
        });
        if (earlier) forgetVisitorId();
        return { result, owner };
      }
      const id = ensureVisitorId();
      setVisitorId(id);
      const result = await sendSupportMessage({ source: 'chat', visitorId: id, message: text });
      return { result, owner: { visitorId: id } satisfies SupportThreadOwner };
    },
    onSuccess: ({ result, owner: writtenTo }) => {
      setDraft('');
      if (!writtenTo) return;
      queryClient.setQueryData<SupportMessage[]>(supportKeys.thread(writtenTo), (current) =>
        appendMessages(current, [result.sent, result.reply]),
      );
    },
    onError: (error) => setFormError(errorMessage(error, 'Your message could not be sent.')),
  });

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Keep the newest message in view.
  const count = messages?.length ?? 0;
  useEffect(() => {
    const list = listRef.current;
    if (open && list && count >= 0) list.scrollTop = list.scrollHeight;
  }, [open, count]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (send.isPending) return;
    const text = draft.trim();
    if (!text) {
      setFormError('Please enter a message');
      inputRef.current?.focus();
      return;
    }
    if (text.length > SUPPORT_MESSAGE_MAX_LENGTH) {
      setFormError(`Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`);
      return;
    }
    setFormError(null);
    send.mutate(text);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends, Shift+Enter starts a new line (the usual chat convention).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  const remaining = SUPPORT_MESSAGE_MAX_LENGTH - draft.length;

  return (
    <PanelFrame
      id={id}
      role="dialog"
      // Not modal: people read the page (a tracking number, an FAQ) while they chat.
      aria-modal="false"
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onPanelKeyDown}
      data-testid="support-panel"
    >
      <Header>
        <div>
          <h2 id={titleId}>Customer Support</h2>
          <p>
            Chat {SUPPORT_HOURS.chat} · Phone {SUPPORT_HOURS.phone}
          </p>
        </div>
        <CloseButton type="button" onClick={onClose} aria-label="Close chat">
          <span aria-hidden="true">×</span>
        </CloseButton>
      </Header>
      <Messages ref={listRef} aria-label="Conversation">
        <WelcomeBubble />
        {owner && thread.isPending ? (
          <Status>
            <Spinner size={20} label="Loading your conversation…" />
          </Status>
        ) : null}
        {owner && thread.isError ? (
          <Status>
            <Notice tone="danger" role="alert">
              We could not load your conversation. {errorMessage(thread.error)}
            </Notice>
            <Button size="sm" variant="secondary" onClick={() => thread.refetch()}>
              Try again
            </Button>
          </Status>
        ) : null}
        {messages?.map((message) => (
          <MessageBubble key={message.id} message={message} />
        ))}
      </Messages>
      <VisuallyHidden role="status" aria-live="polite" data-testid="support-announcer">
        {announcement}
      </VisuallyHidden>
      <Form onSubmit={submit} noValidate>
        <VisuallyHidden as="label" htmlFor={inputId}>
          Your message
        </VisuallyHidden>
        <InputRow>
          <MessageInput
            ref={inputRef}
            id={inputId}
            rows={1}
            value={draft}
            maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
            placeholder="Type your message…"
            onChange={(event) => {
              setDraft(event.target.value);
              if (formError) setFormError(null);
            }}
            onKeyDown={onInputKeyDown}
            aria-invalid={formError ? true : undefined}
            aria-describedby={hintId}
            $invalid={Boolean(formError)}
          />
          <Button
            type="submit"
            loading={send.isPending}
            loadingLabel="Sending…"
            // Until auth settles it is not known whose thread a message would go to.
            disabled={status === 'loading'}
          >
            Send
          </Button>
        </InputRow>
        {formError ? (
          <Hint id={hintId} $error role="alert">
            {formError}
          </Hint>
        ) : (
          <Hint id={hintId}>
            {remaining < 200
              ? `${remaining} characters left`
              : 'Enter to send, Shift+Enter for a new line.'}
          </Hint>
        )}
      </Form>
    </PanelFrame>
  );
}
