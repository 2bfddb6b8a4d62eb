import {
  registerTranslations,
} from '@pasar/shared';
import { IDX_PATHS } from '@pasar/shared/contract/idx-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { instrument } from '../testing/market-fixtures';
import { startAmending, useOpenOrdersStore } from '../my-orders/open-orders';
import { IdxOrderPanel } from './IdxOrderPanel';
import { idxProblems, stepPrice } from './idx-ticket';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
// Whole order flows (type, review, confirm) on a shared 2-core machine: more than the default 5 s.
jest.setTimeout(20_000);

const BBCA = instrument({ symbol: 'BBCA', id: 1, kind: 'idx', assetType: 'IDSS', shortName: 'BBCA', name: 'Bank Central Asia Tbk.', quoteCurrency: 'IDR', pricePrecision: 0, tickSize: '25' });
const FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };
const SIGNED_IN = { accessToken: 'test-access-token-0123456789', userDetails: { id: 'user-1', gssKycStatus: 'NOT_SUBMITTED' as const } };

const TYPES = (side: 'BUY' | 'SELL', session: 'SESSION_2' | 'LUNCH_BREAK' | 'PRE_OPENING' = 'SESSION_2') => ({
  stockId: 1,
  symbol: 'BBCA',
  transactionType: side,
  session: {
    session,
    acceptingOrders: session !== 'LUNCH_BREAK',
    continuous: session === 'SESSION_2',
    nextChangeAt: '2026-11-30T08:50:00.000Z',
    nextSession: session === 'SESSION_2' ? 'PRE_CLOSING' : 'SESSION_2',
  },
  enabled: session !== 'LUNCH_BREAK',
  disabledReason: session === 'LUNCH_BREAK' ? 'The Indonesia Stock Exchange is closed.' : null,
  orderTypes: session === 'SESSION_2' ? ['LIMIT', 'MARKET'] : ['LIMIT'],
  timesInForce: ['GOOD_TILL_MARKET_CLOSE', 'GOOD_TILL_CANCEL'],
  lotSize: 100,
  band: { previousClose: '5000', arb: '4250', ara: '6250' },
  lastPrice: '5000',
  tickSize: '25',
  fees: { buyFeeRate: '0.0015', sellFeeRate: '0.0015', sellTaxRate: '0.001' },
  settlementDate: '2026-12-02',
  buyingPower: '5897750',
});

const ESTIMATE = { stockId: 1, symbol: 'BBCA', transactionType: 'BUY', price: '4990', quantity: '200', lots: 2, amount: '998000', fee: '1497', tax: '0', total: '999497', tradeDate: '2026-11-30', settlementDate: '2026-12-02' };
const ORDER = {
  id: 'o1', market: 'IDSS', symbol: 'BBCA', side: 'BUY', orderType: 'LIMIT', source: 'ADVANCED', inputType: 'quantity', quantity: '200', amount: null, limitPrice: '4990', stopPrice: null,
  timeInForce: 'GOOD_TILL_MARKET_CLOSE', status: 'PENDING', exchangeStatus: 'SENT_TO_EXCHANGE', filledQuantity: '0', filledAmount: '0', averagePrice: null, fee: '0', tax: '0', total: '0',
  ocoGroupId: null, ocoLeg: null, triggeredAt: null, reason: null, currency: 'IDR', createdAt: '2026-11-30T07:00:00.000Z', updatedAt: '2026-11-30T07:00:00.000Z',
};

type Side = 'BUY' | 'SELL';

function renderPanel(session: 'SESSION_2' | 'LUNCH_BREAK' | 'PRE_OPENING' | ((side: Side) => object) = 'SESSION_2', language: 'en' | 'id' = 'en') {
  const typesOf = typeof session === 'function' ? session : (side: Side) => TYPES(side, session);
  const api = createTestApiClient()
    .on('GET', IDX_PATHS.orderTypes, (request) => ({ body: { status: 'success', data: typesOf((request.query as { transactionType: Side }).transactionType) } }))
    .reply('GET', IDX_PATHS.wallet, { cash: '5000000', unsettled: '0', unsettledByDate: [], withdrawable: '5000000' })
    .reply('GET', `${IDX_PATHS.holdings}/:stockId`, { stockId: 1, symbol: 'BBCA', quantity: '300', quantityAvailableForSale: '300', averageCost: '4800' })
    .reply('GET', IDX_PATHS.priceCalculate, ESTIMATE)
    .reply('POST', IDX_PATHS.buy, { orders: [ORDER] })
    .reply('PATCH', `${IDX_PATHS.orders}/:id`, { orders: [{ ...ORDER, limitPrice: '4980' }] });
  const result = renderWithShell(<IdxOrderPanel symbol="BBCA" instrument={BBCA} format={{ ...FORMAT, lng: language }} halted={false} haltText={null} />, {
    language,
    auth: SIGNED_IN,
    api,
    userEventOptions: { delay: null },
  });
  return { ...result, api };
}

const ticket = () => screen.getByTestId('order-ticket');

describe('the IDX ticket math', () => {
  it('steps the price by the tick of its band, inside ARB and ARA', () => {
    const band = { arb: '1700', ara: '2500' };
    expect(stepPrice('2000', -1, band)).toBe('1995');
    expect(stepPrice('1995', 1, band)).toBe('2000');
    expect(stepPrice('2000', 1, band)).toBe('2010');
    expect(stepPrice('2500', 1, band)).toBe('2500');
    expect(stepPrice('1700', -1, band)).toBe('1700');
  });

  it('names what is wrong: not whole lots, off the tick, outside the band', () => {
    const types = { band: { previousClose: '5000', arb: '4250', ara: '6250' } };
    const draft = { side: 'BUY' as const, orderType: 'LIMIT' as const, timeInForce: 'GOOD_TILL_MARKET_CLOSE' as const, price: '5000', lots: '2' };
    expect(idxProblems(draft, types)).toEqual({});
    expect(idxProblems({ ...draft, lots: '1.5' }, types).lots).toEqual({ key: 'lots' });
    expect(idxProblems({ ...draft, price: '5010' }, types).price).toEqual({ key: 'tick', tick: 25 });
    expect(idxProblems({ ...draft, price: '6275' }, types).price).toEqual({ key: 'band', arb: '4250', ara: '6250' });
  });
});

describe('the IDX order panel', () => {
  it('shows the session, ARB/ARA and the tick; steps the price by the tick; reviews fee, tax and the settlement date; places 2 lots as 200 shares', async () => {
    const { user, api } = renderPanel();
    await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
    expect(screen.getByTestId('idx-session')).toHaveTextContent('Session II');
    expect(screen.getByTestId('idx-session')).toHaveTextContent('Next: Pre-closing (auction)');
    expect(screen.getByTestId('idx-arb')).toHaveTextContent('4,250');
    expect(screen.getByTestId('idx-ara')).toHaveTextContent('6,250');
    await waitFor(() => expect(screen.getByTestId('idx-available')).toHaveTextContent('5,897,750'));

    const price = within(ticket()).getByRole('textbox', { name: /Price/ });
    expect(price).toHaveValue('5,000');
    await user.click(screen.getByRole('button', { name: 'Lower the price one tick' }));
    expect(price).toHaveValue('4,990');
    await user.type(within(ticket()).getByRole('textbox', { name: /Quantity \(lots\)/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('review-quantity')).toHaveTextContent('2 lot (200 shares)');
    expect(within(dialog).getByTestId('review-fee')).toHaveTextContent('1,497');
    expect(within(dialog).getByTestId('review-total')).toHaveTextContent('999,497');
    expect(within(dialog).getByTestId('review-settlement-date')).toHaveAttribute('data-date', '2026-12-02');
    expect(within(dialog).getByTestId('review-settlement-date')).toHaveTextContent('2 December 2026');
    expect(api.callsTo('GET', IDX_PATHS.priceCalculate).at(-1)!.query).toMatchObject({ stockId: 1, transactionType: 'BUY', orderType: 'LIMIT', quantity: '200', unitPrice: '4990' });
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    await screen.findByTestId('idx-placed');
    expect(api.callsTo('POST', IDX_PATHS.buy)[0]!.body).toEqual({ stockId: 1, quantity: '200', orderType: 'LIMIT', timeInForce: 'GOOD_TILL_MARKET_CLOSE', unitPrice: '4990' });
  });

  it('refuses in the field a price off the tick and above ARA, and nothing is asked of the server', async () => {
    const { user, api } = renderPanel();
    await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
    const price = within(ticket()).getByRole('textbox', { name: /Price/ });
    await user.clear(price);
    await user.type(price, '5010');
    await user.type(within(ticket()).getByRole('textbox', { name: /Quantity \(lots\)/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Review order' }));
    expect(await screen.findByText('The price must be a multiple of Rp25')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '6275');
    expect(await screen.findByText('The price must be between ARB Rp4250 and ARA Rp6250')).toBeInTheDocument();
    expect(api.callsTo('GET', IDX_PATHS.priceCalculate)).toHaveLength(0);
  });

  it('at lunch says the market is closed (in Indonesian too) and offers no review', async () => {
    renderPanel('LUNCH_BREAK', 'id');
    await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
    expect(screen.getByTestId('idx-session')).toHaveTextContent('Istirahat siang — tutup');
    expect(screen.getByRole('button', { name: 'Tinjau order' })).toBeDisabled();
  });

  it('shows the pre-opening auction with limit orders only', async () => {
    renderPanel('PRE_OPENING');
    await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
    expect(screen.getByTestId('idx-session')).toHaveTextContent('Pre-opening (auction)');
    expect(within(within(ticket()).getByRole('combobox', { name: 'Order type' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Limit']);
  });

  it('follows the session as it changes, without a reload: session I, the lunch break at 12:00, the next day’s pre-opening with its new band', async () => {
    const now = Date.parse('2026-11-30T04:59:50.000Z'); // 11:59:50 in Jakarta, a Monday
    const at = (ms: number) => new Date(now + ms).toISOString();
    const phases = [
      (side: Side) => ({ ...TYPES(side), session: { session: 'SESSION_1', acceptingOrders: true, continuous: true, nextChangeAt: at(10_000), nextSession: 'LUNCH_BREAK' } }),
      (side: Side) => ({ ...TYPES(side, 'LUNCH_BREAK'), session: { session: 'LUNCH_BREAK', acceptingOrders: false, continuous: false, nextChangeAt: at(20_000), nextSession: 'SESSION_2' } }),
      (side: Side) => ({
        ...TYPES(side, 'PRE_OPENING'),
        session: { session: 'PRE_OPENING', acceptingOrders: true, continuous: false, nextChangeAt: at(3_600_000), nextSession: 'SESSION_1' },
        band: { previousClose: '5100', arb: '4335', ara: '6375' },
      }),
    ];
    let phase = 0;
    jest.spyOn(Date, 'now').mockReturnValue(now);
    // Timers are the test's (Date.now is pinned); Testing Library's waits advance them.
    jest.useFakeTimers({ doNotFake: ['Date', 'queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { user, api } = renderPanel((side) => phases[phase]!(side));
      await screen.findByTestId('order-ticket', undefined, { timeout: 5000 });
      expect(screen.getByTestId('idx-session')).toHaveAttribute('data-session', 'SESSION_1');
      expect(screen.getByTestId('order-review-button')).toBeEnabled();
      await user.selectOptions(within(ticket()).getByRole('combobox', { name: 'Order type' }), 'MARKET');
      const calls = api.callsTo('GET', IDX_PATHS.orderTypes).length;

      // Just before 12:00 nothing is asked again.
      phase = 1;
      act(() => {
        jest.advanceTimersByTime(9_000);
      });
      expect(api.callsTo('GET', IDX_PATHS.orderTypes)).toHaveLength(calls);
      act(() => {
        jest.advanceTimersByTime(3_000);
      });
      await waitFor(() => expect(screen.getByTestId('idx-session')).toHaveAttribute('data-session', 'LUNCH_BREAK'));
      expect(screen.getByTestId('idx-session')).toHaveTextContent('Lunch break — closed· Next: Session II');
      expect(screen.getByTestId('order-review-button')).toBeDisabled();
      expect(screen.getByTestId('order-ticket')).toBeInTheDocument();

      // The next trading day: the pre-opening auction takes limits only, within the new band.
      phase = 2;
      act(() => {
        jest.advanceTimersByTime(22_000);
      });
      await waitFor(() => expect(screen.getByTestId('idx-session')).toHaveAttribute('data-session', 'PRE_OPENING'));
      expect(screen.getByTestId('idx-session')).toHaveTextContent('Pre-opening (auction)');
      expect(screen.getByTestId('idx-ara')).toHaveTextContent('6,375');
      expect(screen.getByTestId('idx-arb')).toHaveTextContent('4,335');
      expect(screen.getByTestId('order-review-button')).toBeEnabled();
      const type = within(ticket()).getByRole('combobox', { name: 'Order type' });
      expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Limit']);
      expect(type).toHaveValue('LIMIT');
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });

  it('amends an open limit picked in the orders list: the new price goes as unitPrice', async () => {
    useOpenOrdersStore.setState({ symbol: 'BBCA', open: [ORDER as never], closed: [], loaded: true, error: null, amendingId: null });
    startAmending(ORDER as never);
    const { user, api } = renderPanel();
    const form = await screen.findByTestId('amend-form', undefined, { timeout: 5000 });
    const price = within(form).getByRole('textbox', { name: /Limit price/ });
    await user.clear(price);
    await user.type(price, '4980');
    await user.click(within(form).getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${IDX_PATHS.orders}/:id`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${IDX_PATHS.orders}/:id`)[0]!.body).toEqual({ unitPrice: '4980' });
    useOpenOrdersStore.setState({ open: [], amendingId: null });
  });
});
