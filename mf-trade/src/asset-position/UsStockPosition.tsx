// The signed-in person's position in a US stock on its asset page (its own chunk): shares (and
// what open sells leave to sell), average cost and market value in USD, the value in IDR at the
// wallet's USD/IDR price, and the unrealized P&L, from the user-position call. Loaded again on a
// `balances` event of the private stream and on return to the tab. Leveraged positions in the
// stock (2x, 4x) follow, with their wallet's margin ratio.
import { compareDecimal, formatCurrency, formatNumber, Stack } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { UsLeveragePositions } from '../ticket/us-leverage-positions';
import { usStockOrders } from '../order-calls/us-stock-calls';
import { Figures, Note, Pnl, PositionCard, useLivePosition } from './AssetPosition';

const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

export function UsStockPosition({ symbol }: { symbol: string }) {
  const { t, i18n } = useTradeT();
  const lng = i18n.language === 'en' ? 'en' : 'id';
  const position = useLivePosition(() => usStockOrders.position(), [symbol]);

  const holding = position.data?.items.find((item) => item.symbol === symbol);
  const usd = (value: string) => formatCurrency(value, 'USD', lng, { minFractionDigits: 2, maxFractionDigits: Math.max(2, decimalsOf(value)) });
  const idr = (value: string) => formatCurrency(value, 'IDR', lng, { maxFractionDigits: 0, rounding: 'trunc' });
  const shares = (value: string) => `${formatNumber(value, lng, { maxFractionDigits: decimalsOf(value) })} ${symbol}`;

  return (
    <Stack gap="md">
      <PositionCard position={position} market="USSTOCK" none={t('assetPosition.none', { asset: symbol })}>
      {holding && position.data && (
        <>
          <Figures>
            <div>
              <dt>{t('assetPosition.quantity')}</dt>
              <dd data-testid="position-quantity">{shares(holding.quantity)}</dd>
            </div>
            {compareDecimal(holding.available, holding.quantity) !== 0 && (
              <div>
                <dt>{t('assetPosition.available')}</dt>
                <dd data-testid="position-available">{shares(holding.available)}</dd>
              </div>
            )}
            <div>
              <dt>{t('assetPosition.averageCost')}</dt>
              <dd data-testid="position-average-cost">{usd(holding.averageCost)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.marketValue')}</dt>
              <dd data-testid="position-market-value">{usd(holding.marketValue)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.marketValueIdr')}</dt>
              <dd data-testid="position-market-value-idr">{idr(holding.idr.marketValue)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.costBasis')}</dt>
              <dd>{usd(holding.costBasis)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.unrealizedPnl')}</dt>
              <dd>
                <Pnl amount={holding.unrealizedPnl} percent={holding.unrealizedPnlPercent} currency="USD" testId="position-unrealized" />
              </dd>
            </div>
            <div>
              <dt>{t('assetPosition.realizedPnl')}</dt>
              <dd>
                <Pnl amount={holding.realizedPnl} currency="USD" testId="position-realized" />
              </dd>
            </div>
          </Figures>
          <Note>{t('assetPosition.usPriceNote', { rate: formatNumber(position.data.usdIdr.rate, lng, { maxFractionDigits: 2 }) })}</Note>
        </>
      )}
    </PositionCard>
      {/* Leveraged (2x, 4x) positions in this stock, with their wallet's margin ratio (shown when there are some). */}
      <UsLeveragePositions symbol={symbol} hideWhenEmpty asCard />
    </Stack>
  );
}
