// The order book (§3, §9): top 10 asks above the spread and top 10 bids below it, each row with a
// cumulative depth bar, a price-grouping selector, and prices that can be picked for the order
// panel (an `orderbook:price-picked` event on the shared bus).
// By keyboard the book is one composite widget (the WAI-ARIA listbox pattern): one Tab stop, the
// arrow keys, Home and End move the active row (aria-activedescendant), Enter or Space picks it.
import styled from '@emotion/styled';
import { EmptyState, ErrorState, eventBus, ORDER_BOOK_DEPTH, Skeleton, tokens, useAppStore, type Language } from '@pasar/shared';
import { memo, useEffect, useId, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTradeT } from '../i18n';
import { decimalsOf, formatBarePrice, formatDepthShare, formatQuantity, type PriceFormat } from '../market/price-format';
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

const Book = styled.div`
  display: flex;
  flex-direction: column;
  border-radius: ${tokens.radii.sm};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${tokens.colors.borderStrong};
    outline-offset: 2px;
  }
  /* The active row is shown only while the book has the keyboard's focus. */
  &:focus-visible [data-active='true'] {
    outline: 2px solid ${tokens.colors.text};
    outline-offset: -2px;
  }
`;

// A row's look lives on its side's box, so a row is a plain element: a styled row serializes and
// hashes its styles on every render, twenty rows several times a second. The depth is a custom
// property set inline: as a styled prop every new percentage would mint and inject a CSS class.
const Side = styled.div<{ $side: 'bid' | 'ask' }>`
  display: flex;
  flex-direction: column;
  gap: 1px;
  & > div {
    position: relative;
    display: grid;
    grid-template-columns: 1fr 1fr 1fr;
    width: 100%;
    min-height: 24px;
    padding: 0 ${tokens.space.sm};
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
  }
  & > div:hover {
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

type TradeT = ReturnType<typeof useTradeT>['t'];

interface BookRowProps {
  id: string;
  /** The row's place from the top of the book (asks first). */
  place: number;
  symbol: string;
  side: 'bid' | 'ask';
  price: string;
  quantity: string;
  cumulativePercent: string;
  precision: number;
  lng: Language;
  quantityDigits: number;
  active: boolean;
  /** The book's translator, passed down: a translation hook per row costs more than the row. */
  t: TradeT;
  /** Told the picked row's place; stable across renders, so the memoised rows skip unchanged levels. */
  onPick: (place: number) => void;
}

const pickPrice = (symbol: string, side: 'bid' | 'ask', price: string) => eventBus.emit('orderbook:price-picked', { symbol, price, side });

/** One level, an option of the book; picking it puts its price in the order panel (`orderbook:price-picked`). */
const BookRow = memo(function BookRow({ id, place, symbol, side, price, quantity, cumulativePercent, precision, lng, quantityDigits, active, t, onPick }: BookRowProps) {
  const shownPrice = formatBarePrice(price, { precision, lng });
  const shownQuantity = formatQuantity(quantity, lng, quantityDigits);
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-active={active}
      style={{ '--depth': `${depthPercent({ price, quantity, cumulativePercent })}%` } as CSSProperties}
      data-testid={`book-${side}`}
      aria-label={t(side === 'bid' ? 'book.pickBid' : 'book.pickAsk', { price: shownPrice, quantity: shownQuantity })}
      onClick={() => {
        onPick(place);
        pickPrice(symbol, side, price);
      }}
    >
      <span>{shownPrice}</span>
      <span>{shownQuantity}</span>
      <span>{formatDepthShare(cumulativePercent, lng)}%</span>
    </div>
  );
});

/** The active row: its place from the top of the book (asks first, highest ask at 0). */
export function moveActive(key: string, current: number | null, count: number): number | null {
  if (count === 0) return null;
  const at = current === null ? -1 : Math.min(current, count - 1);
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, at + 1);
    case 'ArrowUp':
      return at < 0 ? 0 : Math.max(0, at - 1);
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return current;
  }
}

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
  const bookId = useId();
  // The active row by its place from the top (asks, then bids); null until the book is entered.
  const [active, setActive] = useState<number | null>(null);
  const asks = book.data ? [...book.data.asks.slice(0, ORDER_BOOK_DEPTH)].reverse() : [];
  const bids = book.data ? book.data.bids.slice(0, ORDER_BOOK_DEPTH) : [];
  const count = asks.length + bids.length;
  const activeAt = active === null || count === 0 ? null : Math.min(active, count - 1);
  const rowId = (place: number) => `${bookId}-row-${place}`;
  const levelAt = (place: number): { side: 'bid' | 'ask'; level: OrderBookLevel | undefined } =>
    place < asks.length ? { side: 'ask', level: asks[place] } : { side: 'bid', level: bids[place - asks.length] };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      const picked = activeAt === null ? undefined : levelAt(activeAt);
      if (!picked?.level) return;
      event.preventDefault();
      pickPrice(symbol, picked.side, picked.level.price);
      return;
    }
    const next = moveActive(event.key, activeAt, count);
    if (next === activeAt) return;
    event.preventDefault();
    setActive(next);
    if (next !== null) document.getElementById(rowId(next))?.scrollIntoView?.({ block: 'nearest' });
  };

  const row = (level: OrderBookLevel, side: 'bid' | 'ask', position: number) => {
    const place = side === 'ask' ? position : asks.length + position;
    return (
      <BookRow
        key={position}
        id={rowId(place)}
        place={place}
        active={activeAt === place}
        onPick={setActive}
        t={t}
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
  };

  const spreadText = asks.length && bids[0] ? formatBarePrice(subtractDecimal(asks[asks.length - 1]!.price, bids[0].price), format) : '–';

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
    body = (
      <>
        <Columns aria-hidden="true">
          <span>{t('book.price', { currency: format.currency })}</span>
          <span>{t('book.quantity')}</span>
          <span>{t('book.cumulative')}</span>
        </Columns>
        <Book
          role="listbox"
          tabIndex={0}
          aria-label={t('book.label')}
          aria-activedescendant={activeAt === null ? undefined : rowId(activeAt)}
          onFocus={() => setActive((current) => current ?? (count > 0 ? 0 : null))}
          onKeyDown={onKeyDown}
        >
          <Side $side="ask" role="group" aria-label={t('book.asks')}>
            {asks.map((level, index) => row(level, 'ask', index))}
          </Side>
          <Spread role="group" aria-label={t('book.spreadLabel', { spread: spreadText })}>
            <span aria-hidden="true">{t('book.spread')}</span>
            <span aria-hidden="true" data-testid="book-spread">
              {spreadText}
            </span>
          </Spread>
          <Side $side="bid" role="group" aria-label={t('book.bids')}>
            {bids.map((level, index) => row(level, 'bid', index))}
          </Side>
        </Book>
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
