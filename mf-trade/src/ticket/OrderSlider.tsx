// The slider of §9: 0–100 % in steps of 1 with marks at 0/25/50/75/100, a share of the buying
// power (buys) or of the holdings (sells). A native range input (arrow keys, Page Up/Down, Home,
// End) with the marks as buttons below it.
import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { memo, useId, useMemo } from 'react';
import { ORDER_PANEL_CONFIG } from './order-config';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.xxs};
`;

const Range = styled.input<{ $side: 'BUY' | 'SELL' }>`
  width: 100%;
  margin: 0;
  accent-color: ${({ $side }) => ($side === 'BUY' ? tokens.colors.buy : tokens.colors.sell)};
  cursor: pointer;
  &:disabled {
    cursor: not-allowed;
  }
`;

const Marks = styled.div`
  display: flex;
  justify-content: space-between;
`;

const Mark = styled.button`
  min-width: 40px;
  min-height: 28px;
  padding: 0 ${tokens.space.xxs};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.sm};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.textMuted};
  font: inherit;
  font-size: ${tokens.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  &[aria-pressed='true'] {
    border-color: ${tokens.colors.primary};
    color: ${tokens.colors.text};
    font-weight: ${tokens.fontWeights.semibold};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

export interface OrderSliderProps {
  value: number;
  onChange: (percent: number) => void;
  side: 'BUY' | 'SELL';
  label: string;
  /** Spoken value: "25% of available Rupiah". */
  valueText: (percent: number) => string;
  markLabel: (percent: number) => string;
  disabled?: boolean;
}

/** Memoised: the ticket re-renders with every live price, the slider only when its own props change. */
export const OrderSlider = memo(function OrderSlider({ value, onChange, side, label, valueText, markLabel, disabled = false }: OrderSliderProps) {
  const { min, max, step, marks } = ORDER_PANEL_CONFIG.slider;
  const listId = useId();
  // The marks' labels do not change while a person types or slides.
  const markLabels = useMemo(() => marks.map((mark) => markLabel(mark)), [marks, markLabel]);
  return (
    <Root>
      <Range
        type="range"
        $side={side}
        min={min}
        max={max}
        step={step}
        value={value}
        list={listId}
        aria-label={label}
        aria-valuetext={valueText(value)}
        disabled={disabled}
        data-testid="order-slider"
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <datalist id={listId}>
        {marks.map((mark) => (
          <option key={mark} value={mark} />
        ))}
      </datalist>
      <Marks role="group" aria-label={label}>
        {marks.map((mark, index) => (
          <Mark key={mark} type="button" aria-pressed={value === mark} aria-label={markLabels[index]} disabled={disabled} onClick={() => onChange(mark)}>
            {mark}%
          </Mark>
        ))}
      </Marks>
    </Root>
  );
});
