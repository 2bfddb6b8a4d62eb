// The signed-in user's position in the crypto of an asset page: quantity (and what open sell
// orders leave available), average cost, market value and P&L, from the portfolio API. Nothing
// for guests. Loaded again on a `balances` event of the private stream and on return to the tab.
import styled from '@emotion/styled';
import {
  api,
  baseAssetOf,
  Card,
  compareDecimal,
  ErrorState,
  formatCurrency,
  formatNumber,
  formatPercentChange,
  media,
  PORTFOLIO_PATHS,
  Skeleton,
  TextLink,
  toDecimalString,
  tokens,
  useApiData,
  useAppStore,
  usePrivateStream,
  VisuallyHidden,
  type ApiData,
  type AssetHoldingsResponse,
  useOnReturn,
} from '@pasar/shared';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { useTradeT } from '../i18n';
import { registerAssetPositionTranslations } from './asset-position-i18n';

registerAssetPositionTranslations();

const UsStockPosition = lazy(() => import(/* webpackChunkName: "us-position" */ './UsStockPosition').then((m) => ({ default: m.UsStockPosition })));

export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${tokens.space.md};
  margin: 0 0 ${tokens.space.md};
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  dt {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-family: ${tokens.fonts.mono};
    font-variant-numeric: tabular-nums;
    font-weight: ${tokens.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

export const Note = styled.p`
  margin: 0 0 ${tokens.space.sm};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
`;

const Signed = styled.span<{ $sign: -1 | 0 | 1 }>`
  white-space: nowrap;
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

const decimalsOf = (value: string): number => value.split('.')[1]?.length ?? 0;

function signOf(value: string): -1 | 0 | 1 {
  const text = toDecimalString(value);
  if (!text || !/[1-9]/.test(text)) return 0;
  return text.startsWith('-') ? -1 : 1;
}

/** A P&L in colour AND in text: its sign, an arrow, and "gain"/"loss" for screen readers. */
export function Pnl({ amount, percent, testId, currency = 'IDR' }: { amount: string; percent?: string; testId?: string; currency?: 'IDR' | 'USD' }) {
  const { t, i18n } = useTradeT();
  const lng = i18n.language === 'en' ? 'en' : 'id';
  const sign = signOf(amount);
  return (
    <Signed $sign={sign} data-testid={testId}>
      {sign !== 0 && <span aria-hidden="true">{sign > 0 ? '▲ ' : '▼ '}</span>}
      {formatCurrency(amount, currency, lng, { signDisplay: 'exceptZero', ...(currency === 'USD' ? { minFractionDigits: 2, maxFractionDigits: 2 } : {}) })}
      {percent !== undefined && ` (${formatPercentChange(percent, lng)})`}
      {sign !== 0 && <VisuallyHidden> {t(sign > 0 ? 'assetPosition.gain' : 'assetPosition.loss')}</VisuallyHidden>}
    </Signed>
  );
}

/** Renders nothing unless someone is signed in (asset pages are open to guests); a US stock's card comes in its own chunk. */
export function AssetPosition({ symbol, market = 'CRYPTO' }: { symbol: string; market?: 'CRYPTO' | 'USSTOCK' }) {
  const signedIn = useAppStore((state) => state.auth.accessToken !== null && !state.guestMode);
  if (!signedIn) return null;
  if (market === 'USSTOCK') {
    return (
      <Suspense fallback={<Skeleton lines={3} />}>
        <UsStockPosition symbol={symbol} />
      </Suspense>
    );
  }
  return <SignedInPosition symbol={symbol} asset={baseAssetOf(symbol)} />;
}

/** A position's answer, asked again on a `balances` event of the private stream and on return to the tab. */
export function useLivePosition<T>(load: () => Promise<T>, deps: readonly unknown[]): ApiData<T> {
  const position = useApiData(load, deps);
  const refresh = useRef(position.refresh);
  refresh.current = position.refresh;
  usePrivateStream('balances', () => void refresh.current(), { onResync: () => void refresh.current() });
  useOnReturn(() => void refresh.current());
  return position;
}

/** The card's states: the error with a retry, loading, the figures (`children`), or nothing held (`none`). */
export function PositionCard({ position, market, none, children }: { position: Pick<ApiData<unknown>, 'data' | 'error' | 'reload'>; market: 'CRYPTO' | 'USSTOCK'; none: string; children: ReactNode }) {
  const { t } = useTradeT();
  return (
    <Card title={t('assetPosition.title')} data-testid="asset-position" data-market={market}>
      {position.error ? (
        <ErrorState compact headingLevel={3} title={t('assetPosition.loadFailed')} onRetry={() => void position.reload()} />
      ) : !position.data ? (
        <div role="status" aria-busy="true" aria-label={t('assetPosition.loading')}>
          <Skeleton lines={3} />
        </div>
      ) : children ? (
        <>
          {children}
          <TextLink to="/portfolio">{t('assetPosition.portfolio')}</TextLink>
        </>
      ) : (
        <Note data-testid="position-none">{none}</Note>
      )}
    </Card>
  );
}

function SignedInPosition({ symbol, asset }: { symbol: string; asset: string }) {
  const { t, i18n } = useTradeT();
  const lng = i18n.language === 'en' ? 'en' : 'id';
  const holdings = useLivePosition(
    () => api.get<AssetHoldingsResponse>(PORTFOLIO_PATHS.assetHoldings, { params: { assetType: 'CRYPTO', symbol }, language: true }),
    [symbol],
  );

  const holding = holdings.data?.items.find((item) => item.symbol === symbol);

  const idr = (value: string) => formatCurrency(value, 'IDR', lng, { rounding: 'trunc' });
  const exact = (value: string) => formatCurrency(value, 'IDR', lng, { maxFractionDigits: decimalsOf(value) });
  const quantity = (value: string) => formatNumber(value, lng, { maxFractionDigits: decimalsOf(value) });

  return (
    <PositionCard position={holdings} market="CRYPTO" none={t('assetPosition.none', { asset })}>
      {holding && (
        <>
          <Figures>
            <div>
              <dt>{t('assetPosition.quantity')}</dt>
              <dd data-testid="position-quantity">
                {quantity(holding.quantity)} {asset}
              </dd>
            </div>
            {compareDecimal(holding.available, holding.quantity) !== 0 && (
              <div>
                <dt>{t('assetPosition.available')}</dt>
                <dd data-testid="position-available">
                  {quantity(holding.available)} {asset}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('assetPosition.averageCost')}</dt>
              <dd data-testid="position-average-cost">{exact(holding.averageCost)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.marketValue')}</dt>
              <dd data-testid="position-market-value">{idr(holding.marketValue)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.costBasis')}</dt>
              <dd>{idr(holding.costBasis)}</dd>
            </div>
            <div>
              <dt>{t('assetPosition.unrealizedPnl')}</dt>
              <dd>
                <Pnl amount={holding.unrealizedPnl} percent={holding.unrealizedPnlPercent} testId="position-unrealized" />
              </dd>
            </div>
            <div>
              <dt>{t('assetPosition.realizedPnl')}</dt>
              <dd>
                <Pnl amount={holding.realizedPnl} testId="position-realized" />
              </dd>
            </div>
          </Figures>
          <Note>{t('assetPosition.priceNote')}</Note>
        </>
      )}
    </PositionCard>
  );
}
