// §5: an input error is a title plus a description, with an optional tooltip.
import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { tokens } from '../theme/css-variables';
import { AlertIcon } from './icons';
import { InfoTip } from './InfoTip';

export interface InputErrorMessage {
  title: string;
  description?: string;
  /** Longer help behind an info button. */
  tooltip?: string;
}

export interface InputErrorProps {
  title: ReactNode;
  description?: ReactNode;
  tooltip?: ReactNode;
  /** Referenced by the control's aria-describedby. Covers title and description, not the tooltip button. */
  id?: string;
  className?: string;
}

const Root = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space.xs};
  margin-top: ${tokens.space.xs};
  color: ${tokens.colors.dangerText};
  font-size: ${tokens.fontSizes.sm};
  line-height: ${tokens.lineHeights.normal};
`;

const IconSlot = styled.span`
  display: inline-flex;
  padding-top: 2px;
  flex: none;
`;

const Text = styled.div`
  min-width: 0;
`;

const Title = styled.span`
  display: block;
  font-weight: ${tokens.fontWeights.semibold};
`;

const Description = styled.span`
  display: block;
  color: ${tokens.colors.textMuted};
`;

export const InputError = ({ title, description, tooltip, id, className }: InputErrorProps) => (
  <Root className={className}>
    <IconSlot>
      <AlertIcon size={16} />
    </IconSlot>
    <Text id={id}>
      <Title>{title}</Title>
      {description && <Description>{description}</Description>}
    </Text>
    {tooltip && <InfoTip content={tooltip} size="sm" />}
  </Root>
);
