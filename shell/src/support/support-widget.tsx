import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Spinner, VisuallyHidden } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import styled from 'styled-components';
import { PanelFrame } from './panel-frame';
import { hasOpenedChat, rememberChatOpened } from './support-storage';

// The conversation (queries, form, messages) loads on first open: most visitors never open it,
// so only this launcher is part of every page's first load.
const SupportPanel = lazy(() =>
  import('./support-panel').then((module) => ({ default: module.SupportPanel })),
);

export const SUPPORT_PANEL_ID = 'support-chat-panel';
/** The hash that opens the widget from any page (`/#chat`). */
export const CHAT_HASH = '#chat';

const Launcher = styled.button`
  position: fixed;
  right: 16px;
  bottom: 16px;
  z-index: 850;
  width: 60px;
  height: 60px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.colors.primary};
  color: #fff;
  box-shadow: ${({ theme }) => theme.shadows.raised};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
`;

const Badge = styled.span`
  position: absolute;
  top: -2px;
  right: -2px;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 0.75rem;
  font-weight: 700;
  line-height: 22px;
  text-align: center;
  border: 2px solid #fff;
`;

const Fallback = styled(PanelFrame)`
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.muted};
`;

function ChatIcon({ open }: { open: boolean }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" fill="none" />
      ) : (
        <path
          d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.5 4v-4h0A1.5 1.5 0 0 1 4 14.5z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

/**
 * The floating Customer Support chat, on every page. A badge '1' invites
 * a first look and disappears for good at the first open. `/#chat` (or any `#chat` link) opens it.
 */
export function SupportWidget() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Once opened the panel stays mounted (hidden when closed), so a draft survives closing.
  const [mounted, setMounted] = useState(false);
  const [unread, setUnread] = useState(() => !hasOpenedChat());
  const launcherRef = useRef<HTMLButtonElement>(null);

  const openChat = useCallback(() => {
    setOpen(true);
    setMounted(true);
  }, []);

  const closeChat = useCallback(() => {
    setOpen(false);
    launcherRef.current?.focus();
  }, []);

  // Every navigation to #chat opens it, also a second click on the same link after closing:
  // each navigation has its own location key even when the URL is the same.
  const chatRequest = location.hash === CHAT_HASH ? location.key : null;
  useEffect(() => {
    if (chatRequest) openChat();
  }, [chatRequest, openChat]);

  useEffect(() => {
    if (open && unread) {
      rememberChatOpened();
      setUnread(false);
    }
  }, [open, unread]);

  return (
    // A landmark of its own, so the launcher is not stray content outside every region.
    <aside aria-label="Customer support">
      {mounted ? (
        <Suspense
          fallback={
            open ? (
              <Fallback id={SUPPORT_PANEL_ID} role="dialog" aria-label="Customer Support">
                <Spinner label="Opening the chat…" />
              </Fallback>
            ) : null
          }
        >
          <SupportPanel id={SUPPORT_PANEL_ID} open={open} onClose={closeChat} />
        </Suspense>
      ) : null}
      <Launcher
        ref={launcherRef}
        type="button"
        aria-expanded={open}
        aria-controls={mounted ? SUPPORT_PANEL_ID : undefined}
        onClick={open ? closeChat : openChat}
        data-testid="support-launcher"
      >
        <ChatIcon open={open} />
        <VisuallyHidden>
          {open ? 'Close customer support chat' : 'Open customer support chat'}
          {unread ? ', 1 unread message' : ''}
        </VisuallyHidden>
        {unread ? (
          <Badge aria-hidden="true" data-testid="support-badge">
            1
          </Badge>
        ) : null}
      </Launcher>
    </aside>
  );
}
