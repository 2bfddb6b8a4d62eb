// A PIN step: the pad, a submit button (Enter works too), and the failure of the last try.
import { Button, PinPad, PIN_PAD_LENGTH, useT } from '@pasar/shared';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { SHELL_NAMESPACE, useShellT } from '../i18n/shell-i18n';
import { weakPinText } from './auth-errors';
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
  /** A PIN being chosen: one the strength rule refuses is not submitted, its message by the field. */
  newPin?: boolean;
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
  newPin = false,
}: PinStepProps) {
  const t = useShellT();
  const { i18n } = useT(SHELL_NAMESPACE);
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
    const weak = newPin ? weakPinText(value, i18n.language) : null;
    if (weak) {
      setError(weak);
      setPin('');
      inputRef.current?.focus();
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
