import styled from '@emotion/styled';
import { tokens } from '@pasar/shared';
import { Link } from 'react-router-dom';
import { useTradeT } from '../i18n';
import { DEFAULT_SYMBOL_OF, TRADE_MARKETS, tradeHomeFor, type TradeMarket } from '../markets/trade-market';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space.xs};
  margin: 0;
  padding: ${tokens.space.xxs};
  list-style: none;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.pill};
  background: ${tokens.colors.surface};
  width: fit-content;
  max-width: 100%;
`;

const MarketLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${tokens.space.md};
  border-radius: ${tokens.radii.pill};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  text-decoration: none;
  &:hover {
    color: ${tokens.colors.text};
  }
  &[aria-current='true'] {
    background: ${tokens.colors.primary};
    color: ${tokens.colors.onPrimary};
  }
`;

/** Switches market by opening its default symbol (§2). */
export function MarketNav({ current }: { current: TradeMarket }) {
  const { t } = useTradeT();
  return (
    <nav aria-label={t('markets.label')}>
      <List>
        {TRADE_MARKETS.map((market) => (
          <li key={market}>
            <MarketLink to={tradeHomeFor(DEFAULT_SYMBOL_OF[market])} aria-current={market === current ? 'true' : undefined}>
              {t(`markets.${market}`)}
            </MarketLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
