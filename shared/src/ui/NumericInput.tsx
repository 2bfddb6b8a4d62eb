// The order number input (§5). The rules are pure functions in numeric-input-rules.ts; this
// component keeps what the person is typing ("12,") while onChange gives canonical strings ("12").
import styled from '@emotion/styled';
import {
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentPropsWithRef,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { Language } from '../contract/enums';
import { tokens } from '../theme/css-variables';
import { useFieldControl } from './field-context';
import { MinusIcon, PlusIcon } from './icons';
import { Adornment, BareInput, InputFrame, type ControlSize } from './input-frame';
import { joinIds, mergeRefs } from './merge-refs';
import {
  applyNumericRules,
  canStepDown,
  caretAfterSignificantChars,
  deleteAcrossGroupSeparator,
  formatNumericText,
  isCanonicalDecimal,
  normalizeDecimal,
  parseNumericText,
  readNumericInput,
  significantCharsBefore,
  type NumericNotice,
  stepDown,
  stepUp,
} from './numeric-input-rules';
import { useUiText } from './use-ui-text';

type NativeInputProps = Omit<
  ComponentPropsWithRef<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'step' | 'size' | 'min' | 'max'
>;

export interface NumericInputProps extends NativeInputProps {
  /** Canonical decimal string (`1234.5`), or `` for empty. */
  value: string;
  /** Called with a canonical decimal string, truncated to `precision`. */
  onChange: (value: string) => void;
  /** Fraction digits allowed: the quantity precision or the amount precision of the product. */
  precision: number;
  /** Step of the plus/minus buttons; the value is rounded down to a multiple of it on commit. */
  step?: string;
  /** Separators to show; defaults to the reader's language. */
  language?: Language;
  /** Unit after the number (BTC, lot, Rp). */
  unit?: ReactNode;
  /** Plus/minus buttons; shown by default when a step is given. */
  showSteppers?: boolean;
  incrementLabel?: string;
  decrementLabel?: string;
  invalid?: boolean;
  size?: ControlSize;
  maxIntegerDigits?: number;
  className?: string;
}

const Stepper = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  align-self: stretch;
  width: 40px;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${tokens.colors.text};
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
  &:first-of-type {
    border-right: 1px solid ${tokens.colors.border};
    border-radius: ${tokens.radii.md} 0 0 ${tokens.radii.md};
  }
  &:last-of-type {
    border-left: 1px solid ${tokens.colors.border};
    border-radius: 0 ${tokens.radii.md} ${tokens.radii.md} 0;
  }
  &:hover:not(:disabled):not([aria-disabled='true']) {
    background: ${tokens.colors.surfaceSunken};
  }
  &:focus-visible {
    outline-offset: -2px;
  }
  &:disabled,
  &[aria-disabled='true'] {
    color: ${tokens.colors.textMuted};
    cursor: not-allowed;
  }
`;

const Notice = styled.div`
  margin-top: ${tokens.space.xs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  line-height: ${tokens.lineHeights.normal};
`;

const NumberText = styled(BareInput)`
  font-variant-numeric: tabular-nums;
  text-align: inherit;
`;

export const NumericInput = ({
  value,
  onChange,
  precision,
  step,
  language: languageProp,
  unit,
  showSteppers,
  incrementLabel,
  decrementLabel,
  invalid,
  size = 'md',
  maxIntegerDigits,
  className,
  ref,
  onBlur,
  onKeyDown,
  readOnly,
  ...rest
}: NumericInputProps) => {
  const { t, language: readerLanguage } = useUiText();
  const language = languageProp ?? readerLanguage;
  const { invalid: isInvalid, ...fieldControl } = useFieldControl({ ...rest, invalid });
  const fallbackId = useId();
  // The steppers point at the input with aria-controls, so it always needs an id.
  const control = { ...fieldControl, id: fieldControl.id ?? fallbackId };
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [draft, setDraft] = useState(value);
  // What the input did to the last thing typed or pasted (digits cut, a paste refused), shown by the field.
  const [notice, setNotice] = useState<NumericNotice | null>(null);
  const noticeId = `${control.id}-notice`;

  // The draft is shown while it means the same number as `value`; a different `value` (the
  // parent reset or rejected it) wins.
  const safeValue = isCanonicalDecimal(value) ? value : '';
  const shown = normalizeDecimal(draft) === normalizeDecimal(safeValue) ? draft : safeValue;
  const text = formatNumericText(shown, language);
  const rules = { precision, step };
  const steppers = (showSteppers ?? step !== undefined) && step !== undefined;
  const locked = !!control.disabled || !!readOnly;

  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    if (caret === null || !input || input !== document.activeElement) return;
    pendingCaret.current = null;
    // Setting the selection lays the page out (to keep the caret in view): only when the caret is
    // not already there, as it is after most keystrokes (a digit typed at the end, no separator
    // added), so a keystroke does not pay for a layout it does not need.
    if (input.selectionStart !== caret || input.selectionEnd !== caret) input.setSelectionRange(caret, caret);
  });

  const commitDraft = (next: string) => {
    setDraft(next);
    const canonical = normalizeDecimal(next);
    if (canonical !== normalizeDecimal(safeValue)) onChange(canonical);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    let raw = input.value;
    let caret = input.selectionStart ?? raw.length;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const across = inputType.startsWith('delete')
      ? deleteAcrossGroupSeparator(text, raw, language, inputType === 'deleteContentForward')
      : null;
    let next: string;
    if (across) {
      raw = across.text;
      caret = across.caret;
      next = parseNumericText(raw, { language, precision, maxIntegerDigits });
      setNotice(null);
    } else {
      const reading = readNumericInput(text, raw, { language, precision, maxIntegerDigits });
      raw = reading.text;
      caret = reading.caret ?? caret;
      next = reading.draft;
      setNotice(reading.notice);
    }
    const significant = significantCharsBefore(raw, caret, language);
    pendingCaret.current = caretAfterSignificantChars(formatNumericText(next, language), significant, language);
    commitDraft(next);
    // Rejected keys (letters) change nothing, yet the caret must be put back.
    rerender();
  };

  // Rounding to the step waits for the end of typing: rounding "1" while "15" is being typed
  // with step 5 would make the number impossible to enter.
  const commitRules = () => {
    const ruled = applyNumericRules(normalizeDecimal(shown), rules);
    setDraft(ruled);
    if (ruled !== normalizeDecimal(safeValue)) onChange(ruled);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    commitRules();
    onBlur?.(event);
  };

  const increment = () => {
    if (!step || locked) return;
    const next = stepUp(shown, { ...rules, step });
    setDraft(next);
    onChange(next);
  };

  const decrement = () => {
    // §5: the minus button does nothing while the value is below the step.
    if (!step || locked || !canStepDown(normalizeDecimal(shown), step)) return;
    const next = stepDown(normalizeDecimal(shown), { ...rules, step });
    setDraft(next);
    onChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Enter') commitRules();
    if (step && !locked && event.key === 'ArrowUp') {
      event.preventDefault();
      increment();
    }
    if (step && !locked && event.key === 'ArrowDown') {
      event.preventDefault();
      decrement();
    }
  };

  const minusInactive = locked || !canStepDown(normalizeDecimal(shown), step);
  const noticeText =
    notice === 'unreadable'
      ? t('numberUnreadable', { lng: language, example: formatNumericText('1234567.89', language) })
      : notice === 'cut'
        ? t(precision > 0 ? 'numberCut' : 'numberCutWhole', { lng: language, decimals: precision })
        : null;

  return (
    <>
      <InputFrame className={className} $invalid={isInvalid} $disabled={!!control.disabled} $size={size}>
        {steppers && (
          <Stepper
            type="button"
            aria-label={decrementLabel ?? t('decrease')}
            aria-controls={control.id}
            aria-disabled={minusInactive || undefined}
            disabled={!!control.disabled}
            onClick={decrement}
          >
            <MinusIcon size={16} />
          </Stepper>
        )}
        <NumberText
          {...rest}
          {...control}
          aria-describedby={joinIds(control['aria-describedby'], noticeText ? noticeId : undefined)}
          ref={mergeRefs(inputRef, ref)}
          type="text"
          inputMode={precision > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          readOnly={readOnly}
          value={text}
          onChange={handleChange}
          onBlur={handleBlur}
          onKeyDown={handleKeyDown}
        />
        {unit && <Adornment>{unit}</Adornment>}
        {steppers && (
          <Stepper
            type="button"
            aria-label={incrementLabel ?? t('increase')}
            aria-controls={control.id}
            aria-disabled={locked || undefined}
            disabled={!!control.disabled}
            onClick={increment}
          >
            <PlusIcon size={16} />
          </Stepper>
        )}
      </InputFrame>
      {noticeText && (
        <Notice id={noticeId} role="status">
          {noticeText}
        </Notice>
      )}
    </>
  );
};
