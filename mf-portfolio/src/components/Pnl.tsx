// A profit or loss: green or red, and never colour alone — the figure carries its sign, an arrow
// shows the direction, and screen readers hear "gain" or "loss".
import styled from '@emotion/styled';
import { tokens, VisuallyHidden } from '@pasar/shared';
import { usePortfolioT } from '../i18n';
import { signOf, useFormat } from './money';

const Root = styled.span<{ $sign: -1 | 0 | 1 }>`
  font-variant-numeric: tabular-nums;
  font-weight: ${tokens.fontWeights.semibold};
  white-space: nowrap;
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

const ARROWS = { 1: '▲', 0: '', [-1]: '▼' } as const;

export interface PnlProps {
  /** Rupiah, signed. */
  amount: string;
  /** Percent, signed, 2 decimals. */
  percent?: string;
  testId?: string;
}

export function Pnl({ amount, percent, testId }: PnlProps) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const sign = signOf(amount);
  return (
    <Root $sign={sign} data-testid={testId} data-sign={sign}>
      {sign !== 0 && <span aria-hidden="true">{ARROWS[sign]} </span>}
      {f.signedIdr(amount)}
      {percent !== undefined && ` (${f.percent(percent)})`}
      {sign !== 0 && <VisuallyHidden> {sign > 0 ? t('pnl.gain') : t('pnl.loss')}</VisuallyHidden>}
    </Root>
  );
}
