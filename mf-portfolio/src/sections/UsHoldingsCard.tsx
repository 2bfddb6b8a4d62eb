// The US stock holdings: per stock the shares (fractional; what open sell orders leave available),
// the average cost, the last price, the market value and the P&L unrealized (with %) and realized —
// in dollars, each with its Rupiah equivalent at the rate the answer names.
import styled from '@emotion/styled';
import { Card, EmptyState, Stack, tokens, type UsStockHoldingsResponse } from '@pasar/shared';
import { AssetName } from '../components/AssetName';
import { HoldingsHead, QuantityCell } from '../components/HoldingCells';
import { useFormat } from '../components/money';
import { Pnl } from '../components/Pnl';
import { Muted, ResponsiveTable } from '../components/ResponsiveTable';
import { usePortfolioT } from '../i18n';

/** A dollar figure over its Rupiah equivalent. */
const Dual = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  small {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
  }
`;

export function UsHoldingsCard({ data }: { data: UsStockHoldingsResponse }) {
  const { t } = usePortfolioT();
  const f = useFormat();
  const dual = (usd: string, idr: string, testId: string, exact = false) => (
    <Dual>
      <span data-testid={testId}>{exact ? f.usdExact(usd) : f.usd(usd)}</span>
      <small data-testid={`${testId}-idr`}>≈ {f.idr(idr)}</small>
    </Dual>
  );
  return (
    <Card title={t('usHoldings.title')}>
      {data.items.length === 0 ? (
        <EmptyState compact headingLevel={3} title={t('usHoldings.emptyTitle')} description={t('usHoldings.emptyBody')} />
      ) : (
        <Stack gap="md">
          <ResponsiveTable data-testid="us-holdings">
            <HoldingsHead asset={t('usHoldings.stock')} quantity={t('usHoldings.shares')} />
            <tbody>
              {data.items.map((h) => (
                <tr key={h.symbol} data-testid={`us-holding-${h.symbol}`}>
                  <td data-label="">
                    <AssetName symbol={h.symbol} label={h.symbol} category="USSTOCK" />
                  </td>
                  <QuantityCell label={t('usHoldings.shares')} quantity={h.quantity} available={h.available} />
                  <td data-label={t('holdings.averageCost')}>{dual(h.averageCost, h.idr.averageCost, 'holding-average-cost', true)}</td>
                  <td data-label={t('holdings.marketPrice')}>{dual(h.marketPrice, h.idr.marketPrice, 'holding-market-price', true)}</td>
                  <td data-label={t('holdings.marketValue')}>{dual(h.marketValue, h.idr.marketValue, 'holding-market-value')}</td>
                  <td data-label={t('holdings.unrealizedPnl')}>
                    <Pnl amount={h.unrealizedPnl} currency="USD" percent={h.unrealizedPnlPercent} idr={h.idr.unrealizedPnl} testId="holding-unrealized" />
                  </td>
                  <td data-label={t('holdings.realizedPnl')}>
                    <Pnl amount={h.realizedPnl} currency="USD" idr={h.idr.realizedPnl} testId="holding-realized" />
                  </td>
                </tr>
              ))}
            </tbody>
          </ResponsiveTable>
          <Muted data-testid="us-rate-note">
            {t('usHoldings.rateNote', { rate: f.idrExact(data.usdIdr.rate), time: f.dateTime(new Date(data.usdIdr.at).toISOString()) })}
          </Muted>
          <Muted>{t('usHoldings.priceNote')}</Muted>
        </Stack>
      )}
    </Card>
  );
}
