// The order panel's number input: shared's NumericInput (§5: numbers only, precision, truncation,
// the step and the minus rule) plus one guard for whole-number inputs (IDR): a typed decimal
// separator starts a fraction that is cut. Without it the separator is dropped and the digits
// after it join the integer: "12500.99" would read Rp1,250,099 instead of Rp12,500.
import { getSeparators, NumericInput, useAppStore, type NumericInputProps } from '@pasar/shared';
import { useRef, type KeyboardEvent } from 'react';

export function OrderNumberInput(props: NumericInputProps) {
  const { precision, onKeyDown } = props;
  const lng = useAppStore((state) => state.language);
  const cutting = useRef(false);

  const guard = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (precision > 0 || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const input = event.currentTarget;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    if (event.key === getSeparators(props.language ?? lng).decimal) {
      cutting.current = atEnd;
      event.preventDefault();
    } else if (/^\d$/.test(event.key)) {
      if (cutting.current && atEnd) event.preventDefault();
      else cutting.current = false;
    } else if (event.key.length > 1) {
      // Backspace, arrows, Home, End…: editing again.
      cutting.current = false;
    }
  };

  const onBlur: NumericInputProps['onBlur'] = (event) => {
    cutting.current = false;
    props.onBlur?.(event);
  };

  return <NumericInput {...props} onKeyDown={guard} onBlur={onBlur} />;
}
