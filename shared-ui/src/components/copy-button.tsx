import { useEffect, useRef, useState } from 'react';
import { COPIED_AT_ATTRIBUTE, COPY_TEXT_ATTRIBUTE } from 'shared-contracts/server-page';
import { Button, type ButtonProps } from './button';
import { VisuallyHidden } from './visually-hidden';

/** A copy confirmation lasts 2 s. */
export const COPY_CONFIRMATION_MS = 2_000;

/** Puts `text` on the clipboard; rejects when the browser refuses. */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Insecure origins and older browsers: the selection-based fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  label: string;
  /**
   * The full name for screen readers, starting with `label` ("Copy" → "Copy the test key"): the
   * rest is visually hidden, so the visible text stays part of the accessible name (WCAG 2.5.3).
   */
  accessibleLabel?: string;
}

/** Copies `text`; the button says "Copied!" (or "Copy failed") for 2 s, announced politely. */
export function CopyButton({
  text,
  label,
  accessibleLabel,
  variant = 'secondary',
  size = 'sm',
  ...rest
}: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const labelRef = useRef<HTMLSpanElement>(null);
  // Copied before hydration (COPIED_AT_ATTRIBUTE): confirm it now that the button can.
  useEffect(() => {
    const button = labelRef.current?.closest('button');
    const copiedAt = Number(button?.getAttribute(COPIED_AT_ATTRIBUTE));
    if (!button || !copiedAt) return;
    button.removeAttribute(COPIED_AT_ATTRIBUTE);
    if (Date.now() - copiedAt < COPY_CONFIRMATION_MS) setState('copied');
  }, []);
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const shown = state === 'copied' ? 'Copied!' : state === 'failed' ? 'Copy failed' : label;
  const context = accessibleLabel?.startsWith(label)
    ? accessibleLabel.slice(label.length)
    : accessibleLabel
      ? ` (${accessibleLabel})`
      : '';
  return (
    <Button
      {...rest}
      variant={variant}
      size={size}
      {...{ [COPY_TEXT_ATTRIBUTE]: text }}
      onClick={() =>
        writeClipboard(text).then(
          () => setState('copied'),
          () => setState('failed'),
        )
      }
    >
      <span aria-live="polite" ref={labelRef}>
        {shown}
      </span>
      {context ? (
        <>
          {' '}
          <VisuallyHidden>{context.trim()}</VisuallyHidden>
        </>
      ) : null}
    </Button>
  );
}
