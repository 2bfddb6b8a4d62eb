// The one-time code: one numeric field with autocomplete="one-time-code" (the phone offers the
// SMS code, a paste of "123 456" or "123-456" works), spaced like six boxes, and the resend
// control counting down from the server's `resendInSeconds`.
import styled from '@emotion/styled';
import { useEffect, useId, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { tokens } from '../theme/css-variables';
import { Button } from './Button';
import { cleanDigits } from './PinPad';
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

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xs};
  width: 100%;
  max-width: 320px;
`;

const Label = styled.label`
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
`;

const Field = styled.input<{ $invalid: boolean }>`
  width: 100%;
  min-height: 56px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${({ $invalid }) => ($invalid ? tokens.colors.dangerText : tokens.colors.borderStrong)};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.xxl};
  letter-spacing: 0.5em;
  text-align: center;
  &::placeholder {
    color: ${tokens.colors.textMuted};
    opacity: 0.6;
  }
  &:focus {
    outline: none;
    border-color: ${tokens.colors.focusRing};
    box-shadow: 0 0 0 1px ${tokens.colors.focusRing};
  }
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
      <Label htmlFor={inputId}>{label ?? t('otpLabel')}</Label>
      <Field
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
      />
      <Hint id={hintId}>{hint ?? t('otpHint')}</Hint>
      <div aria-live="polite">{message && <InputError id={errorId} title={message} />}</div>
    </Root>
  );
};

/** Seconds left until `until` (ms since epoch), ticking each second; 0 when passed. */
export function useSecondsLeft(until: number | null, now: () => number = Date.now): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const nowRef = useRef(now);
  nowRef.current = now;
  useEffect(() => {
    const compute = () => (until === null ? 0 : Math.max(0, Math.ceil((until - nowRef.current()) / 1000)));
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
