// A Field tells the control inside it its id, what describes it and whether it is invalid, so
// TextInput, Select and NumericInput wire aria-* without the caller repeating ids.
import { createContext, useContext } from 'react';
import { joinIds } from './merge-refs';

export interface FieldControlContext {
  id: string;
  describedBy?: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

export const FieldContext = createContext<FieldControlContext | null>(null);

export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  required?: boolean;
  disabled?: boolean;
  invalid?: boolean;
}

/** The control's own props win; the Field fills what they leave out. */
export const useFieldControl = (props: FieldControlProps) => {
  const field = useContext(FieldContext);
  const invalid = props.invalid ?? (props['aria-invalid'] === true || props['aria-invalid'] === 'true' || !!field?.invalid);
  return {
    id: props.id ?? field?.id,
    'aria-describedby': joinIds(props['aria-describedby'], field?.describedBy),
    'aria-invalid': invalid || undefined,
    required: props.required ?? field?.required,
    disabled: props.disabled ?? field?.disabled,
    invalid,
  };
};
