// The 6-digit PIN entry: a masked numeric field for the keyboard (and password managers kept
// out: autocomplete off) with an on-screen number pad beside it for touch. Letters are refused
// as they are typed, with a note saying why; `onComplete` fires once the last digit is in.
import styled from '@emotion/styled';
import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import { tokens } from '../theme/css-variables';
import { visuallyHiddenStyles } from '../theme/visually-hidden';
import { cleanDigits, CodeField, CodeLabel, CodeRoot } from './code-field';
import { useCodeText } from './code-input-text';
import { InputError } from './InputError';

export const PIN_PAD_LENGTH = 6;

export interface PinPadProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the full PIN when the last digit is entered. */
  onComplete?: (value: string) => void;
  /** Names the field; "PIN" by default. */
  label?: string;
  /** Show the label (default) or keep it for screen readers only. */
  hideLabel?: boolean;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  length?: number;
  /** Hide the on-screen number pad (a desktop-only form may still show it: default shown). */
  showKeypad?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** Tests and forms find the field by it. */
  name?: string;
}

const Root = styled(CodeRoot)`
  align-items: stretch;
  gap: ${tokens.space.sm};
  margin: 0 auto;
`;

const Dots = styled.div`
  display: flex;
  justify-content: center;
  gap: ${tokens.space.md};
`;

const Dot = styled.span<{ $filled: boolean }>`
  width: 12px;
  height: 12px;
  border-radius: 50%;
  border: 2px solid ${tokens.colors.borderStrong};
  background: ${({ $filled }) => ($filled ? tokens.colors.primary : 'transparent')};
  border-color: ${({ $filled }) => ($filled ? tokens.colors.primary : tokens.colors.borderStrong)};
`;

const Keypad = styled.div`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: ${tokens.space.sm};
`;

const Key = styled.button`
  min-height: 48px;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
  color: ${tokens.colors.text};
  font: inherit;
  font-size: ${tokens.fontSizes.xl};
  font-weight: ${tokens.fontWeights.semibold};
  cursor: pointer;
  &:hover:not(:disabled) {
    border-color: ${tokens.colors.borderStrong};
  }
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

const SmallKey = styled(Key)`
  font-size: ${tokens.fontSizes.sm};
`;

const Status = styled.p`
  ${visuallyHiddenStyles}
`;

export { cleanDigits };

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const PinPad = ({
  value,
  onChange,
  onComplete,
  label,
  hideLabel = false,
  error,
  disabled = false,
  autoFocus = false,
  length = PIN_PAD_LENGTH,
  showKeypad = true,
  inputRef,
  name = 'pin',
}: PinPadProps) => {
  const t = useCodeText();
  const id = useId();
  const inputId = `${id}-pin`;
  const errorId = `${id}-error`;
  const [rejected, setRejected] = useState(false);
  const latest = useRef(value);
  latest.current = value;

  const update = (next: string) => {
    if (next === latest.current) return;
    latest.current = next;
    onChange(next);
    if (next.length === length) onComplete?.(next);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const { digits, rejected: hadOther } = cleanDigits(event.target.value, length);
    setRejected(hadOther);
    update(digits);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A letter key is refused before it reaches the field: the field never shows it.
    if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      setRejected(true);
    }
  };

  const press = (digit: string) => {
    setRejected(false);
    if (latest.current.length < length) update(latest.current + digit);
  };

  const message = error ?? (rejected ? t('digitsOnly') : null);

  return (
    <Root>
      <CodeLabel htmlFor={inputId} $hidden={hideLabel}>
        {label ?? t('pinLabel')}
      </CodeLabel>
      <CodeField
        ref={inputRef}
        id={inputId}
        name={name}
        type="password"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={value}
        onChange={onInput}
        onKeyDown={onKeyDown}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        $invalid={!!message}
        $spacing="0.6em"
      />
      <Dots aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <Dot key={i} $filled={i < value.length} />
        ))}
      </Dots>
      <Status aria-live="polite">{t('digitsEntered', { count: value.length, total: length })}</Status>
      <div aria-live="polite">{message && <InputError id={errorId} title={message} />}</div>
      {showKeypad && (
        <Keypad role="group" aria-label={t('keypad')}>
          {DIGITS.map((digit) => (
            <Key key={digit} type="button" disabled={disabled} onClick={() => press(digit)} aria-label={t('digit', { digit })}>
              {digit}
            </Key>
          ))}
          <SmallKey type="button" disabled={disabled || value.length === 0} onClick={() => update('')}>
            {t('clear')}
          </SmallKey>
          <Key type="button" disabled={disabled} onClick={() => press('0')} aria-label={t('digit', { digit: '0' })}>
            0
          </Key>
          <SmallKey
            type="button"
            disabled={disabled || value.length === 0}
            onClick={() => update(latest.current.slice(0, -1))}
            aria-label={t('delete')}
          >
            ⌫
          </SmallKey>
        </Keypad>
      )}
    </Root>
  );
};
