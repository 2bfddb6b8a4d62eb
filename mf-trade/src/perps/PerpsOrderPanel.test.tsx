import {
  registerTranslations,
} from '@pasar/shared';
import { PERPS_PATHS } from '@pasar/shared/contract/perps-paths';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { SIGNED_IN } from '../testing/order-fixtures';
import { mockPerps, PERP, perpPosition, type PerpMockOptions } from '../testing/perp-fixtures';
import { PerpsAccountArea, PerpsOrderPanel } from './PerpsWorkspace';
import { resetPerpsStore } from './perps-store';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
// Whole flows (type, estimate, intro, review, confirm) on a shared 2-core machine.
jest.setTimeout(20_000);

beforeEach(() => {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  resetPerpsStore();
});

const FORMAT = { currency: 'USDT' as const, precision: 1, lng: 'en' as const };

function renderPanel(mock: PerpMockOptions = {}, language: 'en' | 'id' = 'en') {
  const api = mockPerps(createTestApiClient(), mock);
  const result = renderWithShell(
    <>
      <PerpsOrderPanel symbol={PERP} format={{ ...FORMAT, lng: language }} halted={false} haltText={null} />
      <PerpsAccountArea symbol={PERP} format={{ ...FORMAT, lng: language }} />
    </>,
    { language, auth: SIGNED_IN, api, userEventOptions: { delay: null } },
  );
  return { ...result, api };
}

const ticket = async () => screen.findByTestId('perps-ticket', undefined, { timeout: 5000 });
const posts = (api: ReturnType<typeof createTestApiClient>, path: string) => api.calls.filter((call) => call.method === 'POST' && call.path === path);

describe('the perps order panel', () => {
  it('shows the margin required and the liquidation price before submitting, passes the intro once, confirms, and places a 10x long with the review’s request id', async () => {
    const { user, api } = renderPanel();
    const form = await ticket();
    await waitFor(() => expect(screen.getByTestId('perps-available')).toHaveTextContent('Available: ₮1,000.00'));
    expect(within(form).getByTestId('leverage-button')).toHaveTextContent('10x');
    await user.type(within(form).getByLabelText(/Quantity \(BTC\)/), '0.01');
    // The estimate call's figures, before anything is sent.
    await waitFor(() => expect(screen.getByTestId('estimate-margin')).toHaveTextContent('₮60.00'));
    expect(screen.getByTestId('estimate-liquidation')).toHaveTextContent('₮54,321.5');
    expect(screen.getByTestId('estimate-total')).toHaveTextContent('₮60.24');
    const estimate = api.calls.filter((call) => call.path === PERPS_PATHS.estimate).at(-1)!;
    expect(estimate.query).toMatchObject({ symbol: PERP, side: 'BUY', orderType: 'MARKET', quantity: '0.01', leverage: 10, marginMode: 'CROSS', reduceOnly: false });

    await user.click(screen.getByTestId('perps-review'));
    // The first leveraged order: the intro first.
    const intro = await screen.findByRole('dialog', { name: 'Before you trade with leverage' });
    await user.click(within(intro).getByRole('checkbox'));
    await user.click(within(intro).getByTestId('leverage-intro-continue'));
    const confirm = await screen.findByRole('alertdialog', { name: `Confirm buy / long ${PERP}` });
    expect(within(confirm).getByTestId('review-margin')).toHaveTextContent('₮60.00');
    expect(within(confirm).getByTestId('review-liquidation')).toHaveTextContent('₮54,321.5');
    expect(posts(api, PERPS_PATHS.buy)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(posts(api, PERPS_PATHS.buy)).toHaveLength(1));
    const [placed] = posts(api, PERPS_PATHS.buy);
    expect(placed!.body).toEqual({ symbol: PERP, orderType: 'MARKET', quantity: '0.01', reduceOnly: false, leverage: 10, marginMode: 'CROSS' });
    expect(placed!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(form).getByLabelText(/Quantity \(BTC\)/)).toHaveValue(''));
  });

  it('does not show the intro again to a person who has acknowledged it', async () => {
    document.cookie = `dontShow_ShowGssAndCryptoPerps_${SIGNED_IN.userDetails.id}=true; path=/`;
    const { user } = renderPanel();
    const form = await ticket();
    await user.click(within(form).getByRole('button', { name: 'Sell / Short' }));
    await user.type(within(form).getByLabelText(/Quantity \(BTC\)/), '0.02');
    await waitFor(() => expect(screen.getByTestId('estimate-margin')).toHaveTextContent('₮60.00'));
    await user.click(screen.getByTestId('perps-review'));
    await screen.findByRole('alertdialog', { name: `Confirm sell / short ${PERP}` });
    expect(screen.queryByRole('dialog', { name: 'Before you trade with leverage' })).not.toBeInTheDocument();
  });

  it('refuses bad sizes and prices in the field, in the reader’s language, and sends nothing', async () => {
    const { user, api } = renderPanel({ types: { minQuantity: '0.002' } }, 'id');
    const form = await ticket();
    const quantity = within(form).getByLabelText(/Jumlah \(BTC\)/);
    // Letters never enter.
    await user.type(quantity, 'abc');
    expect(quantity).toHaveValue('');
    await user.click(screen.getByTestId('perps-review'));
    expect(await within(form).findByText('Wajib diisi: masukkan angka di atas 0.')).toBeInTheDocument();
    await user.type(quantity, '0,001');
    expect(await within(form).findByText('Jumlah minimum 0,002.')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '0,01');
    await user.selectOptions(within(form).getByLabelText('Tipe order'), 'LIMIT');
    await user.type(within(form).getByLabelText(/Harga limit/), '70000');
    expect(await within(form).findByText('Harga harus antara ₮57.000,0 dan ₮63.000,0.')).toBeInTheDocument();
    await user.click(screen.getByTestId('perps-review'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(api.calls.filter((call) => call.path === PERPS_PATHS.estimate)).toHaveLength(0);
  });

  it('says why the server would refuse (a reduce-only order that increases) and does not open the review', async () => {
    const { user, api } = renderPanel({ estimate: { refusalCode: '4201' } });
    const form = await ticket();
    await user.click(within(form).getByRole('checkbox', { name: /Reduce-only/ }));
    await user.type(within(form).getByLabelText(/Quantity \(BTC\)/), '0.01');
    expect(await screen.findByTestId('perps-refusal')).toHaveTextContent('A reduce-only order may only reduce the position');
    expect(api.calls.filter((call) => call.path === PERPS_PATHS.estimate).at(-1)!.query.reduceOnly).toBe(true);
    await user.click(screen.getByTestId('perps-review'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('changes the leverage from 1x to the maximum: 0, above it and letters are refused and nothing changes; the leverage modal comes first', async () => {
    const { user, api } = renderPanel();
    const form = await ticket();
    await user.click(within(form).getByTestId('leverage-button'));
    const dialog = await screen.findByRole('dialog', { name: `Adjust ${PERP} leverage` });
    const field = within(dialog).getByRole('textbox', { name: /Leverage \(1–125x\)/ });
    for (const bad of ['0', '126', 'abc']) {
      await user.clear(field);
      await user.type(field, bad);
      await user.click(within(dialog).getByTestId('leverage-apply'));
      expect(await within(dialog).findByText('Leverage must be a whole number from 1 to 125.')).toBeInTheDocument();
    }
    expect(posts(api, PERPS_PATHS.leverage)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '125');
    expect(await within(dialog).findByTestId('leverage-max-notional')).toHaveTextContent('Maximum position at 125x: ₮50,000.00');
    await user.clear(field);
    await user.type(field, '20');
    expect(await within(dialog).findByTestId('leverage-max-notional')).toHaveTextContent('₮3,000,000.00');
    await user.click(within(dialog).getByTestId('leverage-apply'));
    const risk = await screen.findByRole('alertdialog', { name: 'Leverage 20x' });
    await user.click(within(risk).getByRole('button', { name: 'Use 20x' }));
    await waitFor(() => expect(posts(api, PERPS_PATHS.leverage)).toHaveLength(1));
    expect(posts(api, PERPS_PATHS.leverage)[0]!.body).toEqual({ symbol: PERP, leverage: 20 });
    await waitFor(() => expect(within(form).getByTestId('leverage-button')).toHaveTextContent('20x'));
  });

  it('shows the server’s refusal of a leverage the margin cannot carry inside the dialog', async () => {
    const api = mockPerps(createTestApiClient()).replyError('POST', PERPS_PATHS.leverage, { code: '4202', message: 'The leverage cannot be changed: the position margin cannot carry it' });
    const { user } = renderWithShell(<PerpsOrderPanel symbol={PERP} format={FORMAT} halted={false} haltText={null} />, { language: 'en', auth: SIGNED_IN, api, userEventOptions: { delay: null } });
    const form = await ticket();
    localStorage.setItem('dontShowLeverageModal', 'true');
    await user.click(within(form).getByTestId('leverage-button'));
    const dialog = await screen.findByRole('dialog', { name: `Adjust ${PERP} leverage` });
    const field = within(dialog).getByRole('textbox', { name: /Leverage/ });
    await user.clear(field);
    await user.type(field, '100');
    await user.click(within(dialog).getByTestId('leverage-apply'));
    expect(await within(dialog).findByText('The leverage cannot be changed: the position margin cannot carry it')).toBeInTheDocument();
    expect(within(form).getByTestId('leverage-button')).toHaveTextContent('10x');
  });

  it('switches to isolated margin through the margin-mode call', async () => {
    const { user, api } = renderPanel({ positions: [perpPosition()] });
    const form = await ticket();
    await user.click(within(form).getByRole('button', { name: 'Isolated' }));
    await waitFor(() => expect(posts(api, PERPS_PATHS.marginMode)).toHaveLength(1));
    expect(posts(api, PERPS_PATHS.marginMode)[0]!.body).toEqual({ symbol: PERP, marginMode: 'ISOLATED' });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Isolated' })).toHaveAttribute('aria-pressed', 'true'));
  });
});
