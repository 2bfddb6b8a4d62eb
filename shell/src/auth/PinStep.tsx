// A PIN step: the pad, a submit button (Enter works too), and the failure of the last try.
import { Button, PinPad, PIN_PAD_LENGTH } from '@pasar/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useShellT } from '../i18n/shell-i18n';
import { StepForm } from './auth-styles';

export interface PinStepProps {
  label: string;
  /** Resolves when accepted; rejects with the text to show (or throws an error to describe). */
  onSubmit: (pin: string) => Promise<void>;
  /** Text for a failure (the caller knows the ladder). */
  describeError: (error: unknown) => string;
  submitLabel?: string;
  /** Submit as soon as the sixth digit is in (login); off when a confirm step follows anyway. */
  submitOnComplete?: boolean;
  children?: ReactNode;
  /** Shown under the error: a forgot-PIN link. */
  after?: ReactNode;
  /** An error from outside (a PIN mismatch in the confirm step). */
  initialError?: string | null;
}

export function PinStep({
  label,
  onSubmit,
  describeError,
  submitLabel,
  submitOnComplete = true,
  children,
  after,
  initialError = null,
}: PinStepProps) {
  const t = useShellT();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const busyRef = useRef(false);

  useEffect(() => setError(initialError), [initialError]);

  const send = async (value: string) => {
    if (busyRef.current) return;
    if (value.length !== PIN_PAD_LENGTH) {
      setError(t('authFlow.pinIncomplete'));
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value);
    } catch (failure) {
      setError(describeError(failure));
      setPin('');
      inputRef.current?.focus();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <StepForm
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send(pin);
      }}
      noValidate
    >
      {children}
      <PinPad
        label={label}
        value={pin}
        onChange={(value) => {
          setPin(value);
          if (error) setError(null);
        }}
        onComplete={submitOnComplete ? (value) => void send(value) : undefined}
        error={error}
        disabled={busy}
        autoFocus
        inputRef={inputRef}
      />
      {after}
      <Button type="submit" variant="primary" size="lg" fullWidth loading={busy}>
        {submitLabel ?? t('authFlow.continue')}
      </Button>
    </StepForm>
  );
}
