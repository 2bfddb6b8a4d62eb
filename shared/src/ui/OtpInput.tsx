// The one-time code: one numeric field with autocomplete="one-time-code" (the phone offers the
// SMS code, a paste of "123 456" or "123-456" works), spaced like six boxes, and the resend
// control counting down from the server's `resendInSeconds`.
import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { tokens } from '../theme/css-variables';
import { Button } from './Button';
import { cleanDigits, CodeField, CodeLabel, CodeRoot } from './code-field';
import { useCodeText } from './code-input-text';
import { InputError } from './InputError';

export const OTP_INPUT_LENGTH = 6;

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code when its last digit is entered (typed or pasted). */
  onComplete?: (value: string) => void;
  label?: string;
  hint?: string;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

const Root = styled(CodeRoot)`
  gap: ${tokens.space.xs};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
`;

export const OtpInput = ({
  value,
  onChange,
  onComplete,
  label,
  hint,
  error,
  disabled = false,
  autoFocus = false,
  length = OTP_INPUT_LENGTH,
  inputRef,
  name = 'otp',
}: OtpInputProps) => {
  const t = useCodeText();
  const id = useId();
  const inputId = `${id}-otp`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [rejected, setRejected] = useState(false);

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    // Spaces and dashes of a pasted code are separators, not mistakes.
    const raw = event.target.value.replace(/[\s-]/g, '');
    const { digits, rejected: hadOther } = cleanDigits(raw, length);
    setRejected(hadOther);
    if (digits === value) return;
    onChange(digits);
    if (digits.length === length) onComplete?.(digits);
  };

  const message = error ?? (rejected ? t('digitsOnly') : null);
  return (
    <Root>
      <CodeLabel htmlFor={inputId}>{label ?? t('otpLabel')}</CodeLabel>
      <CodeField
        ref={inputRef}
        id={inputId}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        placeholder={'•'.repeat(length)}
        value={value}
        onChange={onInput}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={message ? true : undefined}
        aria-describedby={[message ? errorId : null, hintId].filter(Boolean).join(' ')}
        $invalid={!!message}
        $spacing="0.5em"
      />
      <Hint id={hintId}>{hint ?? t('otpHint')}</Hint>
      <div aria-live="polite">{message && <InputError id={errorId} title={message} />}</div>
    </Root>
  );
};

const secondsUntil = (until: number | null, now: number): number =>
  until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));

/** Seconds left until `until` (ms since epoch), ticking each second; 0 when passed. */
export function useSecondsLeft(until: number | null, now: () => number = Date.now): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until, now()));
  const nowRef = useRef(now);
  nowRef.current = now;
  useEffect(() => {
    const compute = () => secondsUntil(until, nowRef.current());
    setSeconds(compute());
    if (until === null) return undefined;
    const timer = setInterval(() => {
      const next = compute();
      setSeconds(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

export interface ResendCodeProps {
  /** When a new code may be asked for (ms since epoch); null = now. */
  availableAt: number | null;
  onResend: () => void | Promise<unknown>;
  busy?: boolean;
}

/** "Send a new code in 42 s", then a button. */
export const ResendCode = ({ availableAt, onResend, busy = false }: ResendCodeProps) => {
  const t = useCodeText();
  const seconds = useSecondsLeft(availableAt);
  if (seconds > 0) {
    return (
      <Hint role="timer" aria-live="off">
        {t('resendIn', { seconds })}
      </Hint>
    );
  }
  return (
    <Button variant="ghost" size="sm" loading={busy} onClick={() => void onResend()}>
      {t('resend')}
    </Button>
  );
};
