import styled from '@emotion/styled';
import { media, tokens, Link, SWITCHABLE_MARKETS, type MarketId } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { tradeHomeFor } from '../markets/trade-market';

// Equal segments across a phone's width; as wide as their labels from the small breakpoint up.
const List = styled.ul`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(0, 1fr);
  gap: ${tokens.space.xxs};
  width: 100%;
  margin: 0;
  padding: ${tokens.space.xxs};
  list-style: none;
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.lg};
  background: ${tokens.colors.surface};
  ${media.sm} {
    grid-auto-columns: auto;
    width: fit-content;
  }
`;

const MarketLink = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  min-height: 36px;
  padding: ${tokens.space.xxs} ${tokens.space.md};
  border-radius: ${tokens.radii.md};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  font-weight: ${tokens.fontWeights.semibold};
  line-height: ${tokens.lineHeights.tight};
  text-align: center;
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
export function MarketNav({ current }: { current: MarketId }) {
  const { t } = useTradeT();
  return (
    <nav aria-label={t('markets.label')}>
      <List>
        {SWITCHABLE_MARKETS.map((market) => (
          <li key={market.id}>
            <MarketLink to={tradeHomeFor(market.defaultSymbol)} aria-current={market.id === current ? 'true' : undefined}>
              {t(`markets.${market.id}`)}
            </MarketLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
