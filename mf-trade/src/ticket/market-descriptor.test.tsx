import { registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { instrument, mockMarket } from '../testing/market-fixtures';
import { mockOrders, orderTypes, SIGNED_IN } from '../testing/order-fixtures';
import { AAPL_ID, mockUsOrders, usTypes } from '../testing/us-order-fixtures';
import { cryptoDescriptor } from './crypto-descriptor';
import type { MarketDescriptor, TicketTarget } from './market-descriptor';
import { emptyDraft } from './order-math';
import { usLocalNumbers, usOrderPayload, usPriceQuery, usStockDescriptor, type UsTicketTypes } from './us-stock-descriptor';
import { useOrderDraft, type OrderDraftState } from './use-order-draft';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

const BTC: TicketTarget = { symbol: 'BTC-IDR', instrument: instrument(), pro: false };
const AAPL: TicketTarget = {
  symbol: 'AAPL',
  instrument: instrument({ symbol: 'AAPL', id: AAPL_ID, kind: 'usstock', assetType: 'USSTOCK', quoteCurrency: 'USD', pricePrecision: 2, tickSize: '0.01', hasPostMarket: true }),
  pro: true,
};
const US_TYPES: UsTicketTypes = { BUY: usTypes('BUY'), SELL: usTypes('SELL') };

describe('market descriptors', () => {
  it('crypto: the simple ticket is a market order, buys by amount; the pro ticket has every type and times in force; no extended hours', () => {
    const simpleBuy = cryptoDescriptor.rules(orderTypes(), BTC, { side: 'BUY', extendedHours: false });
    expect(simpleBuy).toMatchObject({ orderTypes: ['MARKET'], inputTypes: ['amount'], timesInForce: [], extendedHours: false });
    expect(cryptoDescriptor.rules(orderTypes(), BTC, { side: 'SELL', extendedHours: false }).inputTypes).toEqual(['quantity', 'amount']);
    const pro = cryptoDescriptor.rules(orderTypes(), { ...BTC, pro: true }, { side: 'BUY', extendedHours: true });
    expect(pro).toMatchObject({ orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO'], timesInForce: ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'], extendedHours: false });
    expect(cryptoDescriptor.currency).toBe('IDR');
  });

  it('US: the switch only with post-market (ipme); switched on, limit orders only; buy and sell flags from each side’s answer', () => {
    expect(usStockDescriptor.rules(US_TYPES, AAPL, { side: 'BUY', extendedHours: false })).toMatchObject({
      orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'],
      inputTypes: ['quantity', 'amount'],
      extendedHours: true,
      pricePrecision: 2,
      quantityStep: '0.000001',
      timesInForce: ['GOOD_TILL_CANCEL', 'GOOD_TILL_MARKET_CLOSE'],
    });
    expect(usStockDescriptor.rules(US_TYPES, AAPL, { side: 'BUY', extendedHours: true }).orderTypes).toEqual(['LIMIT']);
    const noIpme = { ...AAPL, instrument: { ...AAPL.instrument!, hasPostMarket: false } };
    expect(usStockDescriptor.rules(US_TYPES, noIpme, { side: 'BUY', extendedHours: true })).toMatchObject({ extendedHours: false, orderTypes: ['MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT'] });
    const sellClosed = { ...US_TYPES, SELL: usTypes('SELL', { enabled: false, disabledReason: 'Tidak ada saham untuk dijual' }) };
    expect(usStockDescriptor.rules(sellClosed, AAPL, { side: 'BUY', extendedHours: false })).toMatchObject({ enableBuy: true, enableSell: false });
    // Below $1 the price has 4 decimals.
    expect(usStockDescriptor.rules({ ...US_TYPES, BUY: usTypes('BUY', { tickSize: '0.0001' }) }, AAPL, { side: 'BUY', extendedHours: false }).pricePrecision).toBe(4);
  });

  it('US payload (§3): exactly one of quantity and amount, only the type’s prices, time in force for orders that wait', () => {
    const byAmount = { ...emptyDraft('BUY'), amount: '250.50', quantity: '3' };
    expect(usOrderPayload(AAPL_ID, byAmount)).toEqual({ stockId: AAPL_ID, orderType: 'MARKET', orderSubType: 'NORMAL', tradingHours: 'REGULAR_HOURS', leverage: 1, isIntradayLeverage: false, amount: '250.5' });
    const oco = { ...emptyDraft('SELL'), orderType: 'OCO' as const, quantity: '2', takeProfit: '200', stopLoss: '170', limitPrice: '1', timeInForce: 'GOOD_TILL_MARKET_CLOSE' as const };
    expect(usOrderPayload(AAPL_ID, oco)).toEqual({
      stockId: AAPL_ID,
      orderType: 'OCO',
      orderSubType: 'NORMAL',
      tradingHours: 'REGULAR_HOURS',
      leverage: 1,
      isIntradayLeverage: false,
      quantity: '2',
      takeProfit: '200',
      stopLoss: '170',
      timeInForce: 'GOOD_TILL_MARKET_CLOSE',
    });
    const stopLimit = { ...emptyDraft('BUY'), orderType: 'STOP_LIMIT' as const, inputType: 'quantity' as const, quantity: '0.25', stopPrice: '190', limitPrice: '191', extendedHours: true };
    expect(usPriceQuery(AAPL_ID, stopLimit)).toEqual({ stockId: AAPL_ID, transactionType: 'BUY', orderType: 'STOP_LIMIT', quantity: '0.25', unitPrice: '191', stopPrice: '190' });
    expect(usOrderPayload(AAPL_ID, stopLimit)).toMatchObject({ tradingHours: 'INCLUDE_EXTENDED_HOURS', unitPrice: '191', stopPrice: '190' });
  });

  it('US preview: the notional to the cent (up for a buy), a buy by amount pays the commission too, the IDR total at the wallet’s rate', () => {
    const quote = { ask: '187.3', bid: '187.2', last: '187.25' };
    const byQuantity = usLocalNumbers({ ...emptyDraft('BUY'), inputType: 'quantity', quantity: '0.333333' }, quote, usTypes('BUY'), '16250');
    // 0.333333 × 187.30 = 62.4332709 → 62.44.
    expect(byQuantity).toMatchObject({ price: '187.3', quantity: '0.333333', amount: '62.44', fee: '0', total: '62.44', totalIdr: '1014650' });
    const withCommission = usTypes('BUY', { commission: '1', commissionRatePercent: '0' });
    const byAmount = usLocalNumbers({ ...emptyDraft('BUY'), amount: '100' }, quote, withCommission, null);
    // $1 commission out of $100: 99 / 187.30 = 0.528563 shares (down), notional 99.00 (up), total 100.00.
    expect(byAmount).toMatchObject({ quantity: '0.528563', amount: '99', fee: '1', total: '100', totalIdr: null });
    const sell = usLocalNumbers({ ...emptyDraft('SELL'), quantity: '1' }, quote, usTypes('SELL'), null);
    expect(sell).toMatchObject({ price: '187.2', amount: '187.2', total: '187.2' });
  });
});

/** Shows what `useOrderDraft` makes of a descriptor. */
function Probe<T, R>({ descriptor, target, types, onState }: { descriptor: MarketDescriptor<T, R>; target: TicketTarget; types: T; onState: (state: OrderDraftState) => void }) {
  const state = useOrderDraft({ descriptor, target, types, halted: false, haltText: null, openOrders: [] });
  onState(state);
  return <p data-testid="probe">{`${state.draft.orderType} ${state.draft.inputType} ${state.rules.orderTypes.join(',')}`}</p>;
}

describe('one useOrderDraft for every market', () => {
  let live: FakeLive;
  beforeEach(() => {
    live = installFakeLive();
  });
  afterEach(() => live.restore());

  it('drives crypto and US stocks from their descriptors: each market’s allowed types and sizes, one draft logic', async () => {
    let crypto: OrderDraftState | null = null;
    const first = renderWithShell(<Probe descriptor={cryptoDescriptor} target={BTC} types={orderTypes()} onState={(s) => (crypto = s)} />, {
      language: 'en',
      auth: SIGNED_IN,
      api: mockMarket(mockOrders(createTestApiClient())),
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('MARKET amount MARKET');
    // A limit asked of the simple ticket falls back to what it takes.
    act(() => crypto!.update({ orderType: 'LIMIT' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('MARKET amount MARKET');
    first.unmount();

    let us: OrderDraftState | null = null;
    renderWithShell(<Probe descriptor={usStockDescriptor} target={AAPL} types={US_TYPES} onState={(s) => (us = s)} />, {
      language: 'en',
      auth: SIGNED_IN,
      api: mockMarket(mockUsOrders(createTestApiClient())),
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('MARKET amount MARKET,LIMIT,STOP,STOP_LIMIT');
    act(() => us!.update({ extendedHours: true }));
    // Extended hours take limit orders only: the market order becomes a limit.
    expect(screen.getByTestId('probe')).toHaveTextContent('LIMIT amount LIMIT');
    act(() => us!.chooseSide('SELL'));
    expect(screen.getByTestId('probe')).toHaveTextContent('LIMIT quantity LIMIT');
  });
});
