import { CRYPTO_PATHS, cryptoBalancePath, cryptoOrderPath, eventBus, registerTranslations, WALLET_PATHS, type CryptoOrder } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { startAmending, useOpenOrdersStore } from '../my-orders/open-orders';
import { applyOrders } from '../my-orders/orders-feed';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { instrument, mockMarket } from '../testing/market-fixtures';
import { cryptoOrder, mockOrders, orderTypes, SIGNED_IN, type OrderMockOptions } from '../testing/order-fixtures';
import { resetLayoutPreference } from './layout-preference';
import { OrderPanel } from './OrderPanel';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
// Whole order flows (type, review, confirm) on a shared 2-core machine: more than the default 5 s.
jest.setTimeout(20_000);

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  resetLayoutPreference();
  live = installFakeLive();
  useOpenOrdersStore.setState({ symbol: 'BTC-IDR', open: [], closed: [], loaded: true, error: null, amendingId: null });
});
afterEach(() => {
  live.restore();
  jest.restoreAllMocks();
});

const FORMAT = { currency: 'IDR' as const, precision: 0, lng: 'en' as const };

function renderPanel({ pro = false, halted = false, mock = {}, api = createTestApiClient() }: { pro?: boolean; halted?: boolean; mock?: OrderMockOptions; api?: ReturnType<typeof createTestApiClient> } = {}) {
  const result = renderWithShell(<OrderPanel symbol="BTC-IDR" instrument={instrument()} format={FORMAT} halted={halted} haltText={halted ? 'Trading is halted' : null} />, {
    language: 'en',
    auth: SIGNED_IN,
    api: mockMarket(mockOrders(api, { pro, ...mock })),
    // Typing without a pause between keys: these tests type many long numbers.
    userEventOptions: { delay: null },
  });
  return result;
}

const ticket = () => screen.getByTestId('order-ticket');
const sizeInput = (name: 'amount' | 'quantity') => within(ticket()).getByRole('textbox', { name: new RegExp(name === 'amount' ? 'Amount' : 'quantity', 'i') });

async function ready() {
  await screen.findByTestId('order-ticket');
  // The balances have arrived (IDR cash and the symbol's BTC).
  await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent(/Rp|BTC/));
}

describe('simple mode (CryptoInstant)', () => {
  it('buys by amount: live numbers, a review with the server’s estimate, then one order with the amount only', async () => {
    const placed = cryptoOrder({ id: 'bought', orderType: 'MARKET', source: 'INSTANT', inputType: 'amount', quantity: null, amount: '1000000', limitPrice: null, status: 'SUCCESS' });
    const api = createTestApiClient().reply('POST', CRYPTO_PATHS.buy, { orders: [placed] });
    const { user } = renderPanel({ api });
    await ready();
    expect(screen.getByTestId('order-available')).toHaveTextContent('Available IDR');
    expect(screen.getByTestId('order-available')).toHaveTextContent('Rp10,000,000');
    // Simple buys go by amount only: no quantity/amount toggle.
    expect(screen.queryByRole('group', { name: 'Order by' })).not.toBeInTheDocument();

    await user.type(sizeInput('amount'), '1000000');
    // The fee math at once: 0.1 % fee, buy tax 0, at the ask 1,650,001,000 with step 0.00001.
    await waitFor(() => expect(screen.getByTestId('numbers-quantity')).toHaveTextContent('0.0006 BTC'));
    expect(screen.getByTestId('numbers-total')).toHaveTextContent('Rp990,992');

    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('review-price')).toHaveTextContent('Rp1,650,001,000');
    expect(within(dialog).getByTestId('review-quantity')).toHaveTextContent('0.0006 BTC');
    expect(within(dialog).getByTestId('review-amount')).toHaveTextContent('Rp990,001');
    expect(within(dialog).getByTestId('review-fee')).toHaveTextContent('Rp991');
    expect(within(dialog).getByTestId('review-tax')).toHaveTextContent('Rp0');
    expect(within(dialog).getByTestId('review-total')).toHaveTextContent('Rp990,992');
    // Nothing is placed before the confirmation.
    expect(api.callsTo('POST', CRYPTO_PATHS.buy)).toHaveLength(0);
    const balanceCallsBefore = api.callsTo('GET', WALLET_PATHS.accounts).length;

    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('BTC buy order sent')).toBeInTheDocument();
    expect(screen.getByText('Status: Filled')).toBeInTheDocument();
    const [call] = api.callsTo('POST', CRYPTO_PATHS.buy);
    expect(call!.body).toEqual({ symbol: 'BTC-IDR', amount: '1000000' });
    expect(call!.headers['x-language-code']).toBe('en');
    // Balances refreshed after the order: IDR and the asset.
    await waitFor(() => expect(api.callsTo('GET', WALLET_PATHS.accounts).length).toBeGreaterThan(balanceCallsBefore));
    expect(api.callsTo('GET', cryptoBalancePath('BTC-IDR')).length).toBeGreaterThanOrEqual(2);
    expect(sizeInput('amount')).toHaveValue('');
  });

  it('input rules (§5): digits only, amounts cut to whole Rupiah, quantities cut to the precision and rounded down to the step; minus does nothing below the step', async () => {
    const { user } = renderPanel();
    await ready();
    const amount = sizeInput('amount');
    await user.click(amount);
    await user.paste('Rp abc 1,500,000.99');
    expect(amount).toHaveValue('1,500,000');
    // Typed: a decimal point starts a fraction that whole Rupiah cut (not digits joining the integer).
    await user.clear(amount);
    await user.type(amount, '5x0y0z0');
    expect(amount).toHaveValue('5,000');
    await user.clear(amount);
    await user.type(amount, '12500.99');
    expect(amount).toHaveValue('12,500.');
    expect(amount).toHaveAccessibleDescription(/Whole numbers only/);
    await user.tab();
    expect(amount).toHaveValue('12,500');
    await user.type(amount, '{end}{backspace}7');
    expect(amount).toHaveValue('12,507');

    await user.click(screen.getByRole('button', { name: 'Sell' }));
    const quantity = sizeInput('quantity');
    await user.type(quantity, '0.123456789');
    expect(quantity).toHaveValue('0.12345678');
    await user.tab();
    expect(quantity).toHaveValue('0.12345');

    // Below one step the value rounds down to 0 when typing ends.
    await user.clear(quantity);
    await user.type(quantity, '0.000005');
    await user.tab();
    expect(quantity).toHaveValue('0');
    const minus = screen.getByRole('button', { name: 'Decrease BTC quantity' });
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    await user.click(minus);
    expect(quantity).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Increase BTC quantity' }));
    expect(quantity).toHaveValue('0.00001');
    await user.click(minus);
    expect(quantity).toHaveValue('0');
  });

  it('the slider takes a share of the IDR cash (buy) and of the holdings rounded down to the step (sell)', async () => {
    const { user } = renderPanel({ mock: { cash: '1234567', btc: '0.123456' } });
    await ready();
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(sizeInput('amount')).toHaveValue('617,283');
    expect(screen.getByTestId('order-slider')).toHaveValue('50');

    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await waitFor(() => expect(screen.getByTestId('order-available')).toHaveTextContent('0.123456 BTC'));
    await user.click(screen.getByRole('button', { name: '25%' }));
    // 0.030864 rounded down to the step 0.00001.
    expect(sizeInput('quantity')).toHaveValue('0.03086');
    expect(screen.getByTestId('order-slider')).toHaveAttribute('aria-valuetext', '25% of your BTC');
    // Typing moves the slider: 0.0617 of 0.123456 is 49 % (rounded down).
    await user.clear(sizeInput('quantity'));
    await user.type(sizeInput('quantity'), '0.0617');
    expect(screen.getByTestId('order-slider')).toHaveValue('49');
    // Dragging the slider (a native range input) to the end sells everything, to the step.
    fireEvent.change(screen.getByTestId('order-slider'), { target: { value: '100' } });
    expect(sizeInput('quantity')).toHaveValue('0.12345');
  });

  it('sells by amount when asked; the quantity follows from the bid', async () => {
    const api = createTestApiClient().reply('POST', CRYPTO_PATHS.sell, { orders: [cryptoOrder({ side: 'SELL', orderType: 'MARKET', status: 'SUCCESS' })] });
    const { user } = renderPanel({ api });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.click(within(screen.getByRole('group', { name: 'Order by' })).getByRole('button', { name: 'Amount (IDR)' }));
    await user.type(sizeInput('amount'), '3300000');
    await waitFor(() => expect(screen.getByTestId('numbers-quantity')).toHaveTextContent('0.002 BTC'));
    await user.click(screen.getByRole('button', { name: 'Review sell BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sell now' }));
    await screen.findByText('BTC sell order sent');
    expect(api.callsTo('POST', CRYPTO_PATHS.sell)[0]!.body).toEqual({ symbol: 'BTC-IDR', amount: '3300000' });
  });

  it('checks the size before the review: minimum and available balance, as title and description', async () => {
    const { user, api } = renderPanel({ mock: { cash: '50000' } });
    await ready();
    await user.type(sizeInput('amount'), '5000');
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    expect(screen.getByText('Amount too small')).toBeInTheDocument();
    expect(screen.getByText('The minimum is Rp10,000.')).toBeInTheDocument();
    await user.clear(sizeInput('amount'));
    await user.type(sizeInput('amount'), '60000');
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    expect(screen.getByText('Not enough balance')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', CRYPTO_PATHS.buy)).toHaveLength(0);
  });

  it('shows the server’s refusal as an error toast, and “Something went wrong” when there is no message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = createTestApiClient().replyError('POST', CRYPTO_PATHS.buy, { code: '9504', message: 'Saldo kripto tidak cukup (server)', status: 400 });
    const { user } = renderPanel({ api });
    await ready();
    await user.type(sizeInput('amount'), '1000000');
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('Saldo kripto tidak cukup (server)')).toBeInTheDocument();
    // A refusal closes the review: the order can be changed.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    api.on('POST', CRYPTO_PATHS.buy, () => ({ status: 400, body: { status: 'error', error_code: 'NOPE' } }));
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });

  it('uses one request id per reviewed order', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const api = createTestApiClient().on('POST', CRYPTO_PATHS.buy, () => {
      calls += 1;
      return calls === 1
        ? { status: 400, body: { status: 'error', error_code: '9599', error_message: 'Refused once' } }
        : { body: { status: 'success', data: { orders: [cryptoOrder({ status: 'SUCCESS' })] } } };
    });
    const { user } = renderPanel({ api });
    await ready();
    await user.type(sizeInput('amount'), '1000000');
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    await screen.findByText('Refused once');
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Buy now' }));
    await screen.findByText('BTC buy order sent');
    const ids = api.callsTo('POST', CRYPTO_PATHS.buy).map((call) => call.headers['x-request-id']);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('disables buying per the product flags, with the reason', async () => {
    renderPanel({ mock: { types: orderTypes({ instant: { enableBuy: false, enableSell: true }, disabledReason: 'Buying paused by the operator' }) } });
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('side-disabled')).toHaveTextContent('Buying BTC is unavailable right now');
    expect(screen.getByTestId('side-disabled')).toHaveTextContent('Buying paused by the operator');
    expect(screen.getByRole('button', { name: 'Review buy BTC' })).toBeDisabled();
  });

  it('disables both sides while the symbol is halted', async () => {
    const { user } = renderPanel({ halted: true });
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('side-disabled')).toHaveTextContent('BTC trading is unavailable right now');
    expect(screen.getByTestId('side-disabled')).toHaveTextContent('Trading is halted');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.getByRole('button', { name: 'Review sell BTC' })).toBeDisabled();
  });
});

describe('pro mode (CryptoAdvanced)', () => {
  it('shows each order type’s fields', async () => {
    const { user } = renderPanel({ pro: true });
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'pro');
    const type = screen.getByRole('combobox', { name: 'Order type' });
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['Market', 'Limit', 'Stop', 'Stop limit', 'OCO (take profit + stop loss)']);
    const prices = () => ['Limit price', 'Stop price', 'Take profit', 'Stop loss'].filter((name) => screen.queryByRole('textbox', { name: new RegExp(name) }));

    expect(prices()).toEqual([]);
    expect(screen.queryByRole('combobox', { name: 'Time in force' })).not.toBeInTheDocument();
    await user.selectOptions(type, 'LIMIT');
    expect(prices()).toEqual(['Limit price']);
    expect(screen.getByRole('combobox', { name: 'Time in force' })).toHaveValue('GOOD_TILL_CANCEL');
    await user.selectOptions(type, 'STOP');
    expect(prices()).toEqual(['Stop price']);
    await user.selectOptions(type, 'STOP_LIMIT');
    expect(prices()).toEqual(['Limit price', 'Stop price']);
    await user.selectOptions(type, 'OCO');
    expect(prices()).toEqual(['Take profit', 'Stop loss']);
  });

  it('places a limit buy by quantity: the limit price and quantity, no amount', async () => {
    const api = createTestApiClient().reply('POST', CRYPTO_PATHS.advancedBuy, { orders: [cryptoOrder({ id: 'limit-1' })] });
    const { user } = renderPanel({ pro: true, api, mock: { cash: '20000000' } });
    await ready();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'LIMIT');
    await user.click(within(screen.getByRole('group', { name: 'Order by' })).getByRole('button', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: /Limit price/ }), '1600000000');
    await user.type(sizeInput('quantity'), '0.01');
    await waitFor(() => expect(screen.getByTestId('numbers-total')).toHaveTextContent('Rp16,016,000'));
    await user.click(screen.getByRole('button', { name: 'Review buy BTC' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('order-review')).toHaveTextContent('Limit price');
    await user.click(within(dialog).getByRole('button', { name: 'Buy now' }));
    await screen.findByText('BTC buy order sent');
    expect(api.callsTo('POST', CRYPTO_PATHS.advancedBuy)[0]!.body).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'LIMIT',
      inputType: 'quantity',
      quantity: '0.01',
      limitPrice: '1600000000',
      timeInForce: 'GOOD_TILL_CANCEL',
    });
    // The new open order is in the shared store (list and chart read it).
    expect(useOpenOrdersStore.getState().open.map((o) => o.id)).toEqual(['limit-1']);
  });

  it('an OCO sell asks for take profit above stop loss, then sends both prices', async () => {
    const legs = [
      cryptoOrder({ id: 'tp', side: 'SELL', orderType: 'OCO', ocoLeg: 'TAKE_PROFIT', ocoGroupId: 'g', limitPrice: '1800000000' }),
      cryptoOrder({ id: 'sl', side: 'SELL', orderType: 'OCO', ocoLeg: 'STOP_LOSS', ocoGroupId: 'g', limitPrice: null, stopPrice: '1500000000' }),
    ];
    const api = createTestApiClient().reply('POST', CRYPTO_PATHS.advancedSell, { orders: legs });
    const { user } = renderPanel({ pro: true, api });
    await ready();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order type' }), 'OCO');
    await user.type(screen.getByRole('textbox', { name: /Take profit/ }), '1400000000');
    await user.type(screen.getByRole('textbox', { name: /Stop loss/ }), '1500000000');
    await user.type(sizeInput('quantity'), '0.1');
    await user.click(screen.getByRole('button', { name: 'Review sell BTC' }));
    expect(screen.getByText('Take profit too low')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /Take profit/ }));
    await user.type(screen.getByRole('textbox', { name: /Take profit/ }), '1800000000');
    await user.click(screen.getByRole('button', { name: 'Review sell BTC' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sell now' }));
    await screen.findByText('BTC sell order sent');
    expect(api.callsTo('POST', CRYPTO_PATHS.advancedSell)[0]!.body).toEqual({
      symbol: 'BTC-IDR',
      orderType: 'OCO',
      inputType: 'quantity',
      quantity: '0.1',
      takeProfit: '1800000000',
      stopLoss: '1500000000',
      timeInForce: 'GOOD_TILL_CANCEL',
    });
    expect(useOpenOrdersStore.getState().open.map((o) => o.id).sort()).toEqual(['sl', 'tp']);
  });

  it('uses the pro flags in pro mode', async () => {
    const { user } = renderPanel({ pro: true, mock: { types: orderTypes({ advanced: { ...orderTypes().advanced, enableSell: false } }) } });
    await screen.findByTestId('order-ticket');
    expect(screen.queryByTestId('side-disabled')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.getByTestId('side-disabled')).toHaveTextContent('Selling BTC is unavailable right now');
  });

  it('an order-book price fills the limit price; in simple mode it switches to pro first', async () => {
    const { store } = renderPanel();
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'simple');
    act(() => eventBus.emit('orderbook:price-picked', { symbol: 'BTC-IDR', price: '1649997000', side: 'bid' }));
    await waitFor(() => expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'pro'));
    expect(store.getState().chart.layout).toBe('CryptoAdvanced');
    expect(screen.getByRole('combobox', { name: 'Order type' })).toHaveValue('LIMIT');
    expect(screen.getByRole('textbox', { name: /Limit price/ })).toHaveValue('1,649,997,000');
    // Another symbol's pick is not this panel's.
    act(() => eventBus.emit('orderbook:price-picked', { symbol: 'ETH-IDR', price: '5', side: 'ask' }));
    expect(screen.getByRole('textbox', { name: /Limit price/ })).toHaveValue('1,649,997,000');
  });
});

describe('order panel modes (§2)', () => {
  it('a user without the pro tag starts in simple mode, a pro user (PRO_USER, §6) in pro mode', async () => {
    const { store, unmount } = renderPanel();
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'simple');
    await waitFor(() => expect(store.getState().chart.layout).toBe('CryptoInstant'));
    unmount();
    renderPanel({ pro: true });
    await screen.findByTestId('order-ticket');
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'pro');
    await waitFor(() => expect(store.getState().chart.layout).toBe('CryptoAdvanced'));
  });

  it('select layout switches between the simple and pro tickets and mirrors the mode in the store', async () => {
    const { user, store } = renderPanel({ pro: true });
    await screen.findByTestId('order-ticket');
    expect(store.getState().misc.orderPanelMode).toBe('AdvanceOrder');
    await user.click(screen.getByRole('button', { name: 'Pro mode' }));
    expect(store.getState().misc.orderPanelMode).toBe('SelectLayout');
    await user.click(screen.getByRole('radio', { name: /^Simple/ }));
    expect(screen.getByTestId('order-ticket')).toHaveAttribute('data-mode', 'simple');
    await waitFor(() => expect(store.getState().chart.layout).toBe('CryptoInstant'));
    expect(screen.getByRole('radio', { name: /^Simple/ })).toBeChecked();
    // The picker closes with its button, now named for the mode chosen.
    await user.click(screen.getByRole('button', { name: 'Simple mode' }));
    expect(screen.queryByTestId('layout-picker')).not.toBeInTheDocument();
    expect(store.getState().misc.orderPanelMode).toBe('None');
  });

  it('modify order: amends only what changed, after a review', async () => {
    const order = cryptoOrder({ id: 'open-1', limitPrice: '1600000000', quantity: '0.01' });
    const amended = { ...order, limitPrice: '1610000000', updatedAt: '2026-11-22T04:00:00.000Z' };
    const api = createTestApiClient().reply('PATCH', cryptoOrderPath('open-1'), { orders: [amended] });
    const { user, store } = renderPanel({ pro: true, api });
    await screen.findByTestId('order-ticket');
    act(() => {
      applyOrders([order]);
      startAmending(order);
    });
    expect(await screen.findByTestId('amend-form')).toBeInTheDocument();
    expect(store.getState().misc.orderPanelMode).toBe('ModifyOrder');
    const price = screen.getByRole('textbox', { name: /Limit price/ });
    expect(price).toHaveValue('1,600,000,000');
    await user.clear(price);
    await user.type(price, '1610000000');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('amend-review')).toHaveTextContent('Rp1,600,000,000 → Rp1,610,000,000');
    await user.click(within(dialog).getByRole('button', { name: 'Modify order' }));
    await screen.findByText('Order modified');
    expect(api.callsTo('PATCH', cryptoOrderPath('open-1'))[0]!.body).toEqual({ limitPrice: '1610000000' });
    expect(useOpenOrdersStore.getState().open[0]!.limitPrice).toBe('1610000000');
    await waitFor(() => expect(store.getState().misc.orderPanelMode).toBe('AdvanceOrder'));
  });

  it('modify mode ends when the order closes meanwhile', async () => {
    const order: CryptoOrder = cryptoOrder({ id: 'open-2' });
    renderPanel({ pro: true });
    await screen.findByTestId('order-ticket');
    act(() => {
      applyOrders([order]);
      startAmending(order);
    });
    await screen.findByTestId('amend-form');
    act(() => applyOrders([{ ...order, status: 'SUCCESS', updatedAt: '2026-11-22T05:00:00.000Z' }]));
    expect(await screen.findByTestId('order-ticket')).toBeInTheDocument();
    expect(useOpenOrdersStore.getState().amendingId).toBeNull();
  });
});
