// Layout pieces the order panel's parts share.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
  min-width: 0;
`;

/** A row of mutually exclusive buttons (side, quantity/amount, layout). */
export const Segmented = styled.div`
  display: flex;
  gap: ${tokens.space.xxs};
  padding: ${tokens.space.xxs};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
`;

export const SegmentButton = styled.button<{ $tone?: 'buy' | 'sell' }>`
  flex: 1 1 0;
  min-height: 40px;
  padding: 0 ${tokens.space.sm};
  border: 0;
  border-radius: ${tokens.radii.sm};
  background: transparent;
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-weight: ${tokens.fontWeights.semibold};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${({ $tone }) => ($tone === 'buy' ? tokens.colors.buy : $tone === 'sell' ? tokens.colors.sell : tokens.colors.surface)};
    color: ${({ $tone }) => ($tone === 'buy' ? tokens.colors.onBuy : $tone === 'sell' ? tokens.colors.onSell : tokens.colors.text)};
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

export const Available = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  span:first-of-type {
    color: ${tokens.colors.textMuted};
  }
  strong {
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
    text-align: right;
  }
`;

/** Price, quantity, amount, fee, tax, total: label left, figure right. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${tokens.space.xxs} ${tokens.space.md};
  margin: 0;
  font-size: ${tokens.fontSizes.sm};
  dt {
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    font-family: ${tokens.fonts.mono};
    font-variant-numeric: tabular-nums;
    text-align: right;
    overflow-wrap: anywhere;
  }
  dd[data-strong='true'] {
    font-weight: ${tokens.fontWeights.bold};
  }
`;

export const Notice = styled.div`
  padding: ${tokens.space.sm} ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid ${tokens.colors.warningText};
  border-radius: ${tokens.radii.md};
  font-size: ${tokens.fontSizes.sm};
  strong {
    display: block;
  }
  p {
    margin: ${tokens.space.xxs} 0 0;
    color: ${tokens.colors.textMuted};
  }
`;

/**
 * The narrowest column a ticket select (order type, validity) may get: its longest option
 * ("OCO (take profit + stop loss)") whole, with the select's padding and arrow. Narrower panels
 * stack the selects instead of cutting their text.
 */
export const SELECT_COLUMN_MIN_PX = 280;

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${SELECT_COLUMN_MIN_PX}px), 1fr));
  gap: ${tokens.space.sm};
`;

/** An on/off switch (a checkbox with role="switch") with its label and a line under it. */
export const SwitchRow = styled.label`
  display: flex;
  gap: ${tokens.space.sm};
  align-items: flex-start;
  cursor: pointer;
  input {
    flex: none;
    width: 36px;
    height: 20px;
    margin: 2px 0 0;
    accent-color: ${tokens.colors.primary};
  }
  input:focus-visible {
    outline: 2px solid ${tokens.colors.primary};
    outline-offset: 2px;
  }
  span {
    display: flex;
    flex-direction: column;
    gap: ${tokens.space.xxs};
  }
  small {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.xs};
  }
`;
