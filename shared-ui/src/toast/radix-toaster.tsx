import * as ToastPrimitive from '@radix-ui/react-toast';
import styled, { css, keyframes } from 'styled-components';
import { media } from '../theme/theme';
import { TOAST_DEFAULT_DURATION, TOAST_SWIPE_THRESHOLD, type ToastVariant } from './toast-store';
import { useToast } from './use-toast';

const slideIn = keyframes`
  from { transform: translateX(calc(100% + 16px)); }
  to { transform: translateX(0); }
`;

const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 1000;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 16px;
  width: 100%;
  margin: 0;
  list-style: none;
  outline: none;
  ${media.md} {
    max-width: 420px;
  }
`;

const variantStyles: Record<ToastVariant, ReturnType<typeof css>> = {
  default: css`
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.border};
  `,
  destructive: css`
    background: ${({ theme }) => theme.colors.danger};
    color: #fff;
    border-color: ${({ theme }) => theme.colors.danger};
  `,
  success: css`
    background: ${({ theme }) => theme.colors.successSoft};
    color: ${({ theme }) => theme.colors.text};
    border-color: ${({ theme }) => theme.colors.success};
  `,
};

const Root = styled(ToastPrimitive.Root)<{ $variant: ToastVariant }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 4px 12px;
  align-items: start;
  padding: 14px 16px;
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${({ $variant }) => variantStyles[$variant]}
  &[data-state='open'] { animation: ${slideIn} 180ms ease-out; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe='end'] { transform: translateX(var(--radix-toast-swipe-end-x)); }
`;

const Title = styled(ToastPrimitive.Title)`
  font-weight: 700;
  grid-column: 1;
`;

const Description = styled(ToastPrimitive.Description)`
  grid-column: 1;
  font-size: 0.875rem;
`;

const Close = styled(ToastPrimitive.Close)`
  grid-column: 2;
  grid-row: 1 / span 2;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 1.25rem;
  line-height: 1;
  padding: 4px 6px;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** The toast area itself (Radix Toast), loaded by `Toaster` (toaster.tsx). */
export function RadixToaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      duration={TOAST_DEFAULT_DURATION}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => (
        <Root
          key={id}
          open={open}
          duration={duration}
          $variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          {title ? <Title>{title}</Title> : null}
          {description ? <Description>{description}</Description> : null}
          <Close aria-label="Dismiss notification">×</Close>
        </Root>
      ))}
      {/* A modal dialog (Radix, through the aria-hidden package) hides everything outside it from
          assistive technology except live regions. aria-live="off" marks the list as one without
          changing what is announced (Radix announces each toast itself), so a toast raised while
          a dialog is open, such as a wrong PIN, stays reachable. */}
      <Viewport aria-live="off" />
    </ToastPrimitive.Provider>
  );
}
