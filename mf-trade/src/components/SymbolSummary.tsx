import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { useId } from 'react';
import { useTradeT } from '../i18n';
import type { TradeMarket } from '../markets/trade-market';

const Region = styled.section`
  padding: ${tokens.space.md} ${tokens.space.lg};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.lg};
  background: ${tokens.colors.surface};
`;

const Title = styled.h2`
  margin: 0 0 ${tokens.space.sm};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  color: ${tokens.colors.textMuted};
`;

const Facts = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.sm} ${tokens.space.xxl};
  margin: 0;
  div {
    min-width: 0;
  }
  dt {
    font-size: ${tokens.fontSizes.xs};
    color: ${tokens.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${tokens.fontSizes.lg};
    font-weight: ${tokens.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

export function SymbolSummary({ symbol, market }: { symbol: string; market: TradeMarket }) {
  const { t } = useTradeT();
  const titleId = useId();
  return (
    <Region aria-labelledby={titleId}>
      <Title id={titleId}>{t('home.summary')}</Title>
      <Facts>
        <div>
          <dt>{t('home.symbol')}</dt>
          <dd data-testid="selected-symbol">{symbol}</dd>
        </div>
        <div>
          <dt>{t('home.market')}</dt>
          <dd data-testid="selected-market">{t(`markets.${market}`)}</dd>
        </div>
      </Facts>
    </Region>
  );
}
