// The order book (§3, §9): top 10 asks above the spread and top 10 bids below it, each row with a
// cumulative depth bar, a price-grouping selector, and prices that can be picked for the order
// panel (an `orderbook:price-picked` event on the shared bus).
import styled from '@emotion/styled';
import { EmptyState, ErrorState, eventBus, formatNumber, ORDER_BOOK_DEPTH, Skeleton, tokens, useAppStore, type Language } from '@pasar/shared';
import { memo, useEffect, useId, useState, type CSSProperties } from 'react';
import { useTradeT } from '../i18n';
import { decimalsOf, formatBarePrice, formatQuantity, type PriceFormat } from '../market/price-format';
import type { Instrument, OrderBookLevel } from '../market/types';
import { useLiveBook } from '../market/use-live-market';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  min-width: 0;
  font-variant-numeric: tabular-nums;
  /* Live levels re-lay out inside the book only (no paint containment: it would clip the rows' focus outline). */
  contain: layout;
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  label {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.xs};
  }
  select {
    min-height: 32px;
    padding: 0 ${tokens.space.sm};
    border: 1px solid ${tokens.colors.borderStrong};
    border-radius: ${tokens.radii.sm};
    background: ${tokens.colors.surface};
    color: ${tokens.colors.text};
    font: inherit;
    font-size: ${tokens.fontSizes.sm};
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1fr;
  padding: 0 ${tokens.space.sm};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
  span:not(:first-of-type) {
    text-align: right;
  }
`;

const Side = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 1px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

// The depth is a custom property set inline: as a styled prop every new percentage would mint
// and inject a new CSS class, many per second under live updates.
const Row = styled.button<{ $side: 'bid' | 'ask' }>`
  position: relative;
  display: grid;
  grid-template-columns: 1fr 1fr 1fr;
  width: 100%;
  min-height: 24px;
  padding: 0 ${tokens.space.sm};
  border: 0;
  border-radius: ${tokens.radii.sm};
  background: linear-gradient(
    to left,
    ${({ $side }) => ($side === 'bid' ? 'rgba(11, 122, 72, 0.16)' : 'rgba(196, 38, 46, 0.16)')} var(--depth),
    transparent var(--depth)
  );
  color: ${tokens.colors.text};
  font-family: ${tokens.fonts.mono};
  font-size: ${tokens.fontSizes.sm};
  line-height: 24px;
  text-align: right;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    outline: 1px solid ${tokens.colors.borderStrong};
  }
  span:first-of-type {
    text-align: left;
    color: ${({ $side }) => ($side === 'bid' ? tokens.colors.buyText : tokens.colors.sellText)};
    font-weight: ${tokens.fontWeights.semibold};
  }
`;

const Spread = styled.div`
  display: flex;
  justify-content: space-between;
  padding: ${tokens.space.xs} ${tokens.space.sm};
  border-block: 1px solid ${tokens.colors.border};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.xs};
`;

export interface OrderBookProps {
  symbol: string;
  instrument: Instrument | undefined;
  format: PriceFormat;
}

/** Depth as a CSS percentage (the server's cumulative percent, clamped to 0–100). */
export function depthPercent(level: OrderBookLevel): string {
  const value = Number(level.cumulativePercent);
  if (!Number.isFinite(value)) return '0';
  return String(Math.min(100, Math.max(0, value)));
}

interface BookRowProps {
  symbol: string;
  side: 'bid' | 'ask';
  price: string;
  quantity: string;
  cumulativePercent: string;
  precision: number;
  lng: Language;
  quantityDigits: number;
}

/** One level; picking it puts its price in the order panel (`orderbook:price-picked`). */
const BookRow = memo(function BookRow({ symbol, side, price, quantity, cumulativePercent, precision, lng, quantityDigits }: BookRowProps) {
  const { t } = useTradeT();
  const shownPrice = formatNumber(price, lng, { minFractionDigits: precision, maxFractionDigits: precision });
  const shownQuantity = formatQuantity(quantity, lng, quantityDigits);
  return (
    <li>
      <Row
        type="button"
        $side={side}
        style={{ '--depth': `${depthPercent({ price, quantity, cumulativePercent })}%` } as CSSProperties}
        data-testid={`book-${side}`}
        aria-label={t(side === 'bid' ? 'book.pickBid' : 'book.pickAsk', { price: shownPrice, quantity: shownQuantity })}
        onClick={() => eventBus.emit('orderbook:price-picked', { symbol, price, side })}
      >
        <span>{shownPrice}</span>
        <span>{shownQuantity}</span>
        <span>{formatNumber(cumulativePercent, lng, { maxFractionDigits: 1 })}%</span>
      </Row>
    </li>
  );
});

export const OrderBook = memo(function OrderBook({ symbol, instrument, format }: OrderBookProps) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const selectId = useId();
  const choices = instrument?.granularities ?? [];
  const [granularity, setGranularity] = useState<string | undefined>(undefined);
  // A new symbol starts at its finest grouping.
  useEffect(() => setGranularity(undefined), [symbol]);
  const book = useLiveBook(symbol, granularity);
  const current = granularity ?? book.data?.granularity ?? choices[0];
  const rowFormat: PriceFormat = current ? { ...format, precision: Math.min(decimalsOf(current), format.precision) } : format;
  const quantityDigits = instrument?.quantityPrecision ?? 8;

  // Rows are keyed by position: under live updates the prices move through the rows, and
  // updating ten rows' text is far cheaper than removing and inserting them every update. Each row
  // is memoised on its strings, so only the levels that changed re-render.
  const row = (level: OrderBookLevel, side: 'bid' | 'ask', position: number) => (
    <BookRow
      key={position}
      symbol={symbol}
      side={side}
      price={level.price}
      quantity={level.quantity}
      cumulativePercent={level.cumulativePercent}
      precision={rowFormat.precision}
      lng={lng}
      quantityDigits={quantityDigits}
    />
  );

  let body;
  if (book.error && !book.data) {
    body = <ErrorState compact headingLevel={3} title={t('book.error')} onRetry={book.retry} />;
  } else if (!book.data) {
    body = (
      <div aria-hidden="true">
        <Skeleton lines={8} />
      </div>
    );
  } else if (!book.data.bids.length && !book.data.asks.length) {
    body = <EmptyState compact headingLevel={3} title={t('book.empty')} description={t('book.emptyBody')} />;
  } else {
    const asks = book.data.asks.slice(0, ORDER_BOOK_DEPTH);
    const bids = book.data.bids.slice(0, ORDER_BOOK_DEPTH);
    body = (
      <>
        <Columns aria-hidden="true">
          <span>{t('book.price', { currency: format.currency })}</span>
          <span>{t('book.quantity')}</span>
          <span>{t('book.cumulative')}</span>
        </Columns>
        <Side aria-label={t('book.asks')}>{[...asks].reverse().map((level, index) => row(level, 'ask', index))}</Side>
        <Spread>
          <span>{t('book.spread')}</span>
          <span data-testid="book-spread">
            {asks[0] && bids[0] ? formatBarePrice(subtractDecimal(asks[0].price, bids[0].price), format) : '–'}
          </span>
        </Spread>
        <Side aria-label={t('book.bids')}>{bids.map((level, index) => row(level, 'bid', index))}</Side>
      </>
    );
  }

  return (
    <Root aria-busy={!book.data && !book.error} data-testid="order-book">
      {choices.length > 1 && (
        <Controls>
          <label htmlFor={selectId}>{t('book.granularity')}</label>
          <select id={selectId} value={current} onChange={(event) => setGranularity(event.target.value)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {formatBarePrice(choice, { ...format, precision: decimalsOf(choice) })}
              </option>
            ))}
          </select>
        </Controls>
      )}
      {body}
    </Root>
  );
});

/** a − b on decimal strings, exactly (the spread). */
export function subtractDecimal(a: string, b: string): string {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const diff = BigInt(ai + af.padEnd(width, '0')) - BigInt(bi + bf.padEnd(width, '0'));
  const negative = diff < 0n;
  const digits = (negative ? -diff : diff).toString().padStart(width + 1, '0');
  const int = digits.slice(0, digits.length - width);
  const frac = width ? digits.slice(-width).replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}
