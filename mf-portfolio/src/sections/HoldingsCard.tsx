// The crypto holdings: per pair the quantity (and what open sell orders leave available), the
// average cost, the market price and value, and the P&L unrealized (with %) and realized.
import styled from '@emotion/styled';
import { Card, compareDecimal, EmptyState, Stack, TextLink, tokens, type CryptoHolding } from '@pasar/shared';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { assetHref, useSymbolEntries } from '../components/use-symbol-entries';
import { usePortfolioT } from '../i18n';

const AssetCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space.sm};
  img {
    width: 28px;
    height: 28px;
    border-radius: 50%;
    flex: none;
  }
`;

export function HoldingsCard({ items }: { items: readonly CryptoHolding[] }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const entryOf = useSymbolEntries();
  return (
    <Card title={t('holdings.title')}>
      {items.length === 0 ? (
        <EmptyState compact headingLevel={3} title={t('holdings.emptyTitle')} description={t('holdings.emptyBody')} />
      ) : (
        <Stack gap="md">
          <ResponsiveTable data-testid="holdings">
            <thead>
              <tr>
                <th scope="col">{t('holdings.asset')}</th>
                <th scope="col">{t('holdings.quantity')}</th>
                <th scope="col">{t('holdings.averageCost')}</th>
                <th scope="col">{t('holdings.marketPrice')}</th>
                <th scope="col">{t('holdings.marketValue')}</th>
                <th scope="col">{t('holdings.unrealizedPnl')}</th>
                <th scope="col">{t('holdings.realizedPnl')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((h) => {
                const entry = entryOf(h.symbol);
                return (
                  <tr key={h.symbol} data-testid={`holding-${h.symbol}`}>
                    <td data-label="">
                      <AssetCell>
                        {entry?.icon && <img src={entry.icon} alt="" />}
                        <span>
                          <TextLink to={assetHref(h.symbol, entry)}>{h.asset}</TextLink>
                          <Muted>{entry?.name ?? h.symbol}</Muted>
                        </span>
                      </AssetCell>
                    </td>
                    <td data-label={t('holdings.quantity')}>
                      <span>
                        <span data-testid="holding-quantity">{f.quantity(h.quantity)}</span>
                        {compareDecimal(h.available, h.quantity) !== 0 && <Muted>{t('holdings.available', { quantity: f.quantity(h.available) })}</Muted>}
                      </span>
                    </td>
                    <td data-label={t('holdings.averageCost')} data-testid="holding-average-cost">
                      {f.idrExact(h.averageCost)}
                    </td>
                    <td data-label={t('holdings.marketPrice')}>{f.idrExact(h.marketPrice)}</td>
                    <td data-label={t('holdings.marketValue')} data-testid="holding-market-value">
                      {f.idr(h.marketValue)}
                    </td>
                    <td data-label={t('holdings.unrealizedPnl')}>
                      <Pnl amount={h.unrealizedPnl} percent={h.unrealizedPnlPercent} testId="holding-unrealized" />
                    </td>
                    <td data-label={t('holdings.realizedPnl')}>
                      <Pnl amount={h.realizedPnl} testId="holding-realized" />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ResponsiveTable>
          <Muted>{t('holdings.priceNote')}</Muted>
        </Stack>
      )}
    </Card>
  );
}
