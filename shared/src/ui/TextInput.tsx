import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useFieldControl } from './field-context';
import { Adornment, BareInput, InputFrame, type ControlSize } from './input-frame';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'> {
  /** Shown red and announced as invalid (a surrounding Field with an error sets this too). */
  invalid?: boolean;
  size?: ControlSize;
  /** Before the text: an icon or a unit (Rp). Decorative unless it holds a control. */
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Class of the outer frame (width, margins). */
  className?: string;
}

export const TextInput = ({
  invalid,
  size = 'md',
  startAdornment,
  endAdornment,
  className,
  type = 'text',
  ...rest
}: TextInputProps) => {
  const { invalid: isInvalid, ...control } = useFieldControl({ ...rest, invalid });
  return (
    <InputFrame className={className} $invalid={isInvalid} $disabled={!!control.disabled} $size={size}>
      {startAdornment && <Adornment>{startAdornment}</Adornment>}
      <BareInput type={type} {...rest} {...control} />
      {endAdornment && <Adornment>{endAdornment}</Adornment>}
    </InputFrame>
  );
};
