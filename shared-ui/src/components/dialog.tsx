import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';

const Overlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(12, 27, 46, 0.55);
  z-index: 900;
`;

const Content = styled(DialogPrimitive.Content)`
  position: fixed;
  z-index: 901;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(560px, calc(100vw - 24px));
  max-height: calc(100vh - 48px);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  padding: 24px;
  &:focus { outline: none; }
`;

const Title = styled(DialogPrimitive.Title)`
  font-size: 1.25rem;
  margin: 0 40px 8px 0;
`;

const Description = styled(DialogPrimitive.Description)`
  color: ${({ theme }) => theme.colors.muted};
`;

const CloseButton = styled(DialogPrimitive.Close)`
  position: absolute;
  top: 14px;
  right: 14px;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  font-size: 1.5rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  &:hover { background: rgba(16, 24, 40, 0.06); }
`;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Element that receives focus when the dialog opens (default: first focusable). */
  onOpenAutoFocus?: (event: Event) => void;
}

/**
 * Modal dialog. Radix handles the focus trap, Esc to close and scroll lock. Radix gives focus back
 * only to its own Trigger; our dialogs are usually opened by plain buttons or by state (the PIN
 * dialog), so we remember whatever had focus when the dialog opened and return focus there.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  onOpenAutoFocus,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) {
      opener.current = document.activeElement;
    }
  }, [open]);
  const returnFocus = (event: Event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
    opener.current = null;
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <Overlay />
        <Content
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : null}
          {children}
          <CloseButton aria-label="Close">×</CloseButton>
        </Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
