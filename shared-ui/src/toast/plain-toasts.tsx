import { useEffect } from 'react';
import styled from 'styled-components';
import { TOAST_DEFAULT_DURATION } from './toast-store';
import { useToast } from './use-toast';

const Area = styled.div`
  position: fixed;
  bottom: 16px;
  right: 16px;
  left: 16px;
  z-index: 1000;
  display: flex;
  justify-content: flex-end;
`;

const Item = styled.div`
  display: flex;
  gap: 12px;
  align-items: start;
  max-width: 420px;
  padding: 14px 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

/**
 * The toasts without Radix, for when its code could not be fetched (no signal): the same text in
 * a polite live region, a dismiss button, and the same display time.
 */
export function PlainToasts() {
  const { toasts, dismiss } = useToast();
  const shown = toasts.find((item) => item.open);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => dismiss(shown.id), shown.duration ?? TOAST_DEFAULT_DURATION);
    return () => clearTimeout(timer);
  }, [shown, dismiss]);

  return (
    <Area role="status" aria-live="polite" aria-atomic="true">
      {shown ? (
        <Item>
          <div>
            {shown.title ? <strong>{shown.title}</strong> : null}
            {shown.description ? <div>{shown.description}</div> : null}
          </div>
          <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(shown.id)}>
            ×
          </button>
        </Item>
      ) : null}
    </Area>
  );
}
