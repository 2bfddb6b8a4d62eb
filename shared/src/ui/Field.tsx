import styled from '@emotion/styled';
import { useId, type ReactNode } from 'react';
import { tokens } from '../theme/css-variables';
import { visuallyHiddenStyles } from '../theme/visually-hidden';
import { FieldContext, type FieldControlContext } from './field-context';
import { InputError, type InputErrorMessage } from './InputError';
import { joinIds } from './merge-refs';

export interface FieldProps {
  label: ReactNode;
  /** The control: TextInput, Select, NumericInput (or anything using useFieldControl). */
  children: ReactNode;
  hint?: ReactNode;
  /** A short message, or the title/description/tooltip form of §5. */
  error?: string | InputErrorMessage | null;
  required?: boolean;
  disabled?: boolean;
  /** Keep the label for screen readers only (a search box with an icon). */
  hideLabel?: boolean;
  /** Id of the control; generated when absent. */
  id?: string;
  className?: string;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xs};
  min-width: 0;
`;

const Label = styled.label<{ $hidden: boolean }>`
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.medium};
  color: ${tokens.colors.text};
  ${({ $hidden }) => ($hidden ? visuallyHiddenStyles : '')}
`;

const RequiredMark = styled.span`
  margin-inline-start: ${tokens.space.xxs};
  color: ${tokens.colors.dangerText};
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  color: ${tokens.colors.textMuted};
`;

export const Field = ({
  label,
  children,
  hint,
  error,
  required = false,
  disabled = false,
  hideLabel = false,
  id,
  className,
}: FieldProps) => {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const message: InputErrorMessage | null = !error ? null : typeof error === 'string' ? { title: error } : error;
  const context: FieldControlContext = {
    id: controlId,
    describedBy: joinIds(errorId, hintId),
    invalid: !!error,
    required,
    disabled,
  };

  return (
    <FieldContext.Provider value={context}>
      <Root className={className}>
        <Label htmlFor={controlId} $hidden={hideLabel}>
          {label}
          {required && (
            // The control's `required` attribute is what screen readers announce.
            <RequiredMark aria-hidden="true">*</RequiredMark>
          )}
        </Label>
        {children}
        {hint && <Hint id={hintId}>{hint}</Hint>}
        {/* Always present, so an error appearing later is announced. */}
        <div aria-live="polite">
          {message && (
            <InputError id={errorId} title={message.title} description={message.description} tooltip={message.tooltip} />
          )}
        </div>
      </Root>
    </FieldContext.Provider>
  );
};
