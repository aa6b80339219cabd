import { type ClipboardEvent, type FormEvent, useRef, useState } from 'react';
import { errorMessage } from 'shared-client';
import {
  CURBSIDE_TOASTS,
  type CurbsidePickup,
  PIN_LENGTH,
  verifyPinSchema,
} from 'shared-contracts/curbside';
import { Button, Field, Input, Stack, toast } from 'shared-ui';
import { Dialog } from 'shared-ui/overlays';
import styled from 'styled-components';
import { useVerifyPin } from './api';

const PinInput = styled(Input)`
  font-size: 1.5rem;
  letter-spacing: 0.5em;
  text-align: center;
  max-width: 220px;
  /* The spacing is for the digits; the hint must fit a 320 px screen. */
  &::placeholder {
    font-size: 1rem;
    letter-spacing: normal;
  }
`;

const Attempts = styled.p`
  margin: 0;
  font-weight: 700;
`;

/**
 * The PIN box, in a dialog that opens when the robot arrives. Numeric keypad on
 * phones, the SMS code offered by the keyboard (`one-time-code`), pasting "12 34" works.
 */
export function PinDialog({
  pickup,
  open,
  onOpenChange,
}: {
  pickup: CurbsidePickup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useVerifyPin(pickup._id);
  const remaining = Math.max(0, pickup.maxVerificationAttempts - pickup.verificationAttempts);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, PIN_LENGTH);
    setPin(digits);
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const parsed = verifyPinSchema.safeParse({ verificationPin: pin });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    // mutateAsync, not mutate's callbacks: the live update to `verified` can unmount this dialog
    // before the answer arrives, and the toast must still show.
    try {
      await verify.mutateAsync(parsed.data);
      setPin('');
      toast({ ...CURBSIDE_TOASTS.verified, variant: 'success' });
    } catch (failure) {
      // The server says 'Invalid PIN. Please try again.', or why not. The modal
      // hides the toast area from screen readers, so the field says it too.
      const message = errorMessage(failure, CURBSIDE_TOASTS.verifyFailed.description);
      setPin('');
      setError(message);
      inputRef.current?.focus();
      toast({
        title: CURBSIDE_TOASTS.verifyFailed.title,
        description: message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Robot Arrived"
      description={`${pickup.robotName ?? 'Your robot'} is at parking spot ${pickup.parkingSpotNumber}.`}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack $gap={16} style={{ marginTop: 16 }}>
          <Field label="Robot has arrived! Enter your verification PIN:" error={error}>
            {(ids) => (
              <PinInput
                {...ids}
                ref={inputRef}
                name="verificationPin"
                placeholder="Enter 4-digit PIN"
                maxLength={PIN_LENGTH}
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="one-time-code"
                // The dialog exists only to take this PIN.
                autoFocus
                value={pin}
                $invalid={Boolean(error)}
                onPaste={onPaste}
                onChange={(event) => {
                  setPin(event.target.value.slice(0, PIN_LENGTH));
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <Attempts aria-live="polite">Attempts remaining: {remaining}</Attempts>
          <div>
            <Button type="submit" loading={verify.isPending} loadingLabel="Verifying PIN…">
              Verify
            </Button>
          </div>
        </Stack>
      </form>
    </Dialog>
  );
}
