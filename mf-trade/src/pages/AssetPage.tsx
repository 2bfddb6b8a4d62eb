// Asset pages (§2): /asset/{crypto|usstock|idx|usindex}/{symbol}/{assetId}: the profile, key figures,
// a chart with the ranges of §3 (ONE_DAY … ALL), corporate actions and earnings for US stocks,
// and the symbol's news.
import styled from '@emotion/styled';
import {
  ButtonLink,
  Card,
  EmptyState,
  ErrorState,
  formatCurrency,
  formatNumber,
  isWatchedKind,
  MARKETS,
  markedMarketOf,
  marketOfKind,
  marketIconPath,
  media,
  NUMBER_LOCALES,
  Page,
  Skeleton,
  toIdrSymbol,
  tokens,
  useAppStore,
  useParams,
  type ChartRange,
  type CurrencyCode,
  type InstrumentKindValue,
} from '@pasar/shared';
import { useMemo, useState } from 'react';
import { AssetPosition } from '../asset-position';
import { ChartToolbar } from '../chart/ChartToolbar';
import { PriceChart } from '../chart/PriceChart';
import { NewsPanel } from '../components/NewsPanel';
import { SymbolMark } from '../components/SymbolMark';
import { useTradeT } from '../i18n';
import { registerAssetTranslations } from '../i18n/asset';
import { WatchStarSlot } from '../watchlist/WatchStarSlot';
import { fetchCandles, fetchCorporateActions, fetchDescription, fetchEps } from '../market/market-api';
import {
  compareDecimal,
  formatChange,
  formatPrice,
  formatVolume,
  scalePow10,
  signOf,
  type PriceFormat,
} from '../market/price-format';
import type { Candle, KeyFigure } from '../market/types';
import { useInstrument } from '../market/use-instruments';
import { useLiveTicker } from '../market/use-live-market';
import { useResource } from '../market/use-resource';
import { ASSET_CHART_RANGES, rangeWindow } from '../markets/chart-resolutions';
import { AssetOrderCards } from '../ticket/OrderArea';
import { tradeHomeFor } from '../markets/trade-market';

// The asset pages' strings come with this chunk, not with the trade page's first load.
registerAssetTranslations();

/** The market symbol of an asset: crypto pages may name the coin ("btc") or the pair; indices and stocks as is. */
export function assetSymbolOf(kind: InstrumentKindValue, symbol: string): string {
  if (kind === 'crypto' && markedMarketOf(symbol) === null) return toIdrSymbol(symbol);
  return symbol.toUpperCase();
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space.md} ${tokens.space.xl};
  margin-bottom: ${tokens.space.lg};
  h1 {
    margin: 0;
    font-size: ${tokens.fontSizes.xxl};
    line-height: ${tokens.lineHeights.tight};
  }
  p {
    margin: 0;
    color: ${tokens.colors.textMuted};
  }
`;

const Identity = styled.div`
  display: flex;
  flex: 1 1 240px;
  align-items: center;
  gap: ${tokens.space.md};
  min-width: 0;
`;

const Price = styled.div`
  display: flex;
  flex-direction: column;
  strong {
    font-family: ${tokens.fonts.mono};
    font-size: ${tokens.fontSizes.xxl};
    font-variant-numeric: tabular-nums;
  }
`;

const Change = styled.span<{ $sign: -1 | 0 | 1 }>`
  font-family: ${tokens.fonts.mono};
  font-weight: ${tokens.fontWeights.semibold};
  color: ${({ $sign }) => ($sign > 0 ? tokens.colors.buyText : $sign < 0 ? tokens.colors.sellText : tokens.colors.textMuted)};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space.lg};
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(300px, 1fr);
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.lg};
  min-width: 0;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
  gap: ${tokens.space.md};
  margin: 0;
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

const Prose = styled.p`
  margin: 0 0 ${tokens.space.lg};
  line-height: ${tokens.lineHeights.normal};
  white-space: pre-line;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${tokens.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${tokens.space.xs} ${tokens.space.xs};
    border-bottom: 1px solid ${tokens.colors.border};
    text-align: left;
  }
  th {
    color: ${tokens.colors.textMuted};
    font-weight: ${tokens.fontWeights.medium};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

/** Lowest low and highest high of a set of bars, compared exactly on their decimal strings. */
export function rangeOf(candles: readonly Candle[]): { low: string; high: string } | null {
  if (!candles.length) return null;
  let low = candles[0]!.l;
  let high = candles[0]!.h;
  for (const candle of candles) {
    if (compareDecimal(candle.l, low) < 0) low = candle.l;
    if (compareDecimal(candle.h, high) > 0) high = candle.h;
  }
  return { low, high };
}

const YEAR_SECONDS = 365 * 86_400;

/** Figures this page computes itself (52-week range from daily bars, volume from the live ticker). */
const SHOWN_APART = new Set(['high52w', 'low52w', 'volume24h']);

function useFiftyTwoWeekRange(symbol: string) {
  return useResource(`52w:${symbol}`, async (signal) => {
    const to = Math.floor(Date.now() / 1000);
    const response = await fetchCandles(symbol, '1D', to - YEAR_SECONDS, to, signal);
    return rangeOf(response.candles);
  });
}

function KeyFigureValue({ figure, format }: { figure: KeyFigure; format: PriceFormat }) {
  const { unit, value } = figure;
  if (unit === 'IDR' || unit === 'USD' || unit === 'USDT') {
    return <>{formatCurrency(value, unit as CurrencyCode, format.lng, { compact: true })}</>;
  }
  if (unit === '%') return <>{figure.key.startsWith('change') ? formatChange(value, format.lng) : `${formatNumber(value, format.lng, { maxFractionDigits: 2 })}%`}</>;
  if (unit === 'x') return <>{formatNumber(value, format.lng, { maxFractionDigits: 2 })}×</>;
  return <>{formatVolume(value, format.lng)}</>;
}

function AssetPage({ kind }: { kind: InstrumentKindValue }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const { symbol: rawSymbol = '' } = useParams();
  const symbol = assetSymbolOf(kind, rawSymbol);
  const market = marketOfKind(kind);
  const instrument = useInstrument(symbol);
  const ticker = useLiveTicker(symbol);
  const description = useResource(`description:${symbol}:${lng}`, (signal) => fetchDescription(symbol, signal));
  const yearRange = useFiftyTwoWeekRange(symbol);
  const [range, setRange] = useState<ChartRange>('ONE_MONTH');
  const window = useMemo(() => rangeWindow(range, market, Date.now()), [range, market]);

  const format: PriceFormat = {
    currency: instrument.data?.quoteCurrency ?? MARKETS[market].quoteCurrency,
    precision: instrument.data?.pricePrecision ?? MARKETS[market].pricePrecision,
    lng,
  };
  const tick = instrument.data?.tickSize ?? scalePow10('1', -format.precision);
  const tradable = !isWatchedKind(kind) && (instrument.data?.tradable ?? true);
  const name = description.data?.name ?? instrument.data?.name ?? symbol;

  if (instrument.unknown && description.error) {
    return (
      <Page>
        <ErrorState title={t('asset.unknownTitle', { symbol })} description={t('asset.unknownBody')} announce={false} />
      </Page>
    );
  }

  const rangeOptions = ASSET_CHART_RANGES.map((value) => ({ value, short: t(`range.${value}`), long: t(`range.${value}Long`) }));

  return (
    <Page>
      <Header>
        <Identity>
          <SymbolMark icon={instrument.data?.icon ?? marketIconPath(symbol)} symbol={symbol} size={48} />
          <div>
            <h1>{t(`asset.${kind}Title`, { symbol: rawSymbol.toUpperCase() })}</h1>
            <p data-testid="asset-name">
              {name} · {symbol}
            </p>
          </div>
        </Identity>
        <Price>
          {ticker.data ? (
            <>
              <strong data-testid="last-price">{formatPrice(ticker.data.price, format)}</strong>
              <Change $sign={signOf(ticker.data.changePercent24h)}>{formatChange(ticker.data.changePercent24h, lng)}</Change>
            </>
          ) : ticker.error ? null : (
            <Skeleton width={160} height={44} />
          )}
        </Price>
        <WatchStarSlot symbol={symbol} />
        {tradable && <ButtonLink to={tradeHomeFor(symbol)}>{t('asset.trade')}</ButtonLink>}
      </Header>
      <Columns>
        <Stack>
          <Card padding="md" title={t('chart.title', { symbol })}>
            <ChartToolbar label={t('range.label')} options={rangeOptions} value={range} onChange={(value) => setRange(value as ChartRange)} testId="chart-ranges" />
            <PriceChart symbol={symbol} market={market} window={window} format={format} tick={tick} live={range === 'ONE_DAY'} />
          </Card>
          {(kind === 'crypto' || kind === 'usstock') && <AssetPosition symbol={symbol} market={kind === 'crypto' ? 'CRYPTO' : 'USSTOCK'} />}
          <Card title={t('asset.about', { name })}>
            {description.error ? (
              <ErrorState compact headingLevel={3} title={t('asset.descriptionError')} onRetry={description.retry} />
            ) : !description.data ? (
              <Skeleton lines={5} />
            ) : (
              <>
                <Prose>{description.data.description}</Prose>
                <Figures data-testid="key-figures">
                  {description.data.sector && (
                    <div>
                      <dt>{t('figures.sector')}</dt>
                      <dd>{description.data.sector}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('figures.yearLow')}</dt>
                    <dd>{yearRange.data ? formatPrice(yearRange.data.low, format) : '–'}</dd>
                  </div>
                  <div>
                    <dt>{t('figures.yearHigh')}</dt>
                    <dd>{yearRange.data ? formatPrice(yearRange.data.high, format) : '–'}</dd>
                  </div>
                  <div>
                    <dt>{t('figures.volume24h')}</dt>
                    <dd>{ticker.data ? formatVolume(ticker.data.volume24h, lng) : '–'}</dd>
                  </div>
                  {description.data.keyFigures.filter((figure) => !SHOWN_APART.has(figure.key)).map((figure) => (
                    <div key={figure.key}>
                      <dt>{t(`figures.${figure.key}`, { defaultValue: figure.key })}</dt>
                      <dd>
                        <KeyFigureValue figure={figure} format={format} />
                      </dd>
                    </div>
                  ))}
                </Figures>
              </>
            )}
          </Card>
          {kind === 'usstock' && <UsStockFacts symbol={symbol} />}
        </Stack>
        <Stack>
          {kind === 'usstock' && instrument.data && <AssetOrderCards instrument={instrument.data} format={format} halted={ticker.data?.marketState === 'HALTED'} />}
          <Card title={t('views.news')}>
            <NewsPanel symbol={symbol} size={10} />
          </Card>
        </Stack>
      </Columns>
    </Page>
  );
}

function UsStockFacts({ symbol }: { symbol: string }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const actions = useResource(`corporate:${symbol}`, (signal) => fetchCorporateActions(symbol, signal));
  const eps = useResource(`eps:${symbol}`, (signal) => fetchEps(symbol, signal));
  const date = new Intl.DateTimeFormat(NUMBER_LOCALES[lng], { dateStyle: 'medium', timeZone: 'UTC' });
  const day = (iso: string | null) => (iso ? date.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso)) : '–');
  const usd: PriceFormat = { currency: 'USD', precision: 2, lng };
  return (
    <>
      <Card title={t('corporate.title')}>
        {actions.error ? (
          <ErrorState compact headingLevel={3} title={t('corporate.error')} onRetry={actions.retry} />
        ) : !actions.data ? (
          <Skeleton lines={4} />
        ) : !actions.data.items.length ? (
          <EmptyState compact headingLevel={3} title={t('corporate.empty')} />
        ) : (
          <Scroll>
            <Table data-testid="corporate-actions">
              <thead>
                <tr>
                  <th scope="col">{t('corporate.type')}</th>
                  <th scope="col">{t('corporate.exDate')}</th>
                  <th scope="col">{t('corporate.payDate')}</th>
                  <th scope="col">{t('corporate.detail')}</th>
                  <th scope="col">{t('corporate.status')}</th>
                </tr>
              </thead>
              <tbody>
                {actions.data.items.map((action) => (
                  <tr key={action.id}>
                    <td>{t(`corporate.${action.type}`)}</td>
                    <td>{day(action.exDate)}</td>
                    <td>{day(action.payDate)}</td>
                    <td>
                      {action.type === 'DIVIDEND' && action.amount
                        ? t('corporate.perShare', { amount: formatPrice(action.amount, { ...usd, precision: Math.max(2, action.amount.split('.')[1]?.length ?? 0) }) })
                        : (action.ratio ?? '–')}
                    </td>
                    <td>{t(`corporate.${action.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
      </Card>
      <Card title={t('eps.title')}>
        {eps.error ? (
          <ErrorState compact headingLevel={3} title={t('eps.error')} onRetry={eps.retry} />
        ) : !eps.data ? (
          <Skeleton lines={4} />
        ) : !eps.data.items.length ? (
          <EmptyState compact headingLevel={3} title={t('eps.empty')} />
        ) : (
          <Scroll>
            <Table data-testid="eps">
              <thead>
                <tr>
                  <th scope="col">{t('eps.period')}</th>
                  <th scope="col">{t('eps.reportDate')}</th>
                  <th scope="col">{t('eps.estimate')}</th>
                  <th scope="col">{t('eps.actual')}</th>
                  <th scope="col">{t('eps.surprise')}</th>
                </tr>
              </thead>
              <tbody>
                {eps.data.items.map((row) => (
                  <tr key={`${row.fiscalYear}-${row.fiscalQuarter}`}>
                    <td>{t('eps.quarter', { quarter: row.fiscalQuarter, year: row.fiscalYear })}</td>
                    <td>{day(row.reportDate)}</td>
                    <td>{formatPrice(row.estimate, usd)}</td>
                    <td>{row.actual ? formatPrice(row.actual, usd) : t('eps.upcoming')}</td>
                    <td>{row.surprisePercent ? formatChange(row.surprisePercent, lng) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Scroll>
        )}
      </Card>
    </>
  );
}

export const CryptoAssetPage = () => <AssetPage kind="crypto" />;
export const UsStockAssetPage = () => <AssetPage kind="usstock" />;
export const IdxAssetPage = () => <AssetPage kind="idx" />;
export const UsIndexAssetPage = () => <AssetPage kind="usindex" />;
