import styled from '@emotion/styled';
import type { ComponentPropsWithRef } from 'react';
import { tokens } from '../theme/css-variables';
import { useFieldControl } from './field-context';
import { ChevronDownIcon } from './icons';
import { InputFrame, type ControlSize } from './input-frame';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  /** The choices; `<option>` children work too. */
  options?: readonly SelectOption[];
  /** A first, empty choice shown while nothing is chosen. */
  placeholder?: string;
  invalid?: boolean;
  size?: ControlSize;
  className?: string;
}

// A native select: the platform picker is the most usable one on a phone, and fully accessible.
const NativeSelect = styled.select`
  flex: 1 1 auto;
  width: 100%;
  min-width: 0;
  align-self: stretch;
  padding: 0 calc(${tokens.space.md} + 20px) 0 ${tokens.space.md};
  border: 0;
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: ${tokens.fontSizes.md};
  appearance: none;
  cursor: pointer;
  &:focus,
  &:focus-visible {
    outline: none;
  }
  &:disabled {
    cursor: not-allowed;
  }
  option {
    background: ${tokens.colors.surfaceElevated};
    color: ${tokens.colors.text};
  }
`;

const Chevron = styled.span`
  position: absolute;
  right: ${tokens.space.md};
  display: inline-flex;
  pointer-events: none;
  color: ${tokens.colors.textMuted};
`;

export const Select = ({ options, placeholder, invalid, size = 'md', className, children, ...rest }: SelectProps) => {
  const { invalid: isInvalid, ...control } = useFieldControl({ ...rest, invalid });
  return (
    <InputFrame className={className} $invalid={isInvalid} $disabled={!!control.disabled} $size={size}>
      <NativeSelect {...rest} {...control}>
        {placeholder !== undefined && (
          <option value="" disabled={control.required}>
            {placeholder}
          </option>
        )}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </NativeSelect>
      <Chevron>
        <ChevronDownIcon size={16} />
      </Chevron>
    </InputFrame>
  );
};
