// The chart's Indicators and Draw buttons: the dialog adds, edits (parameters checked) and removes
// studies through the engine; the toolbar picks drawing tools. The engine is the recording stand-in.
import { registerTranslations } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { TradeHomePage } from '../pages/TradeHomePage';
import { engines } from '../testing/chart-engine-mock';
import { installFakeLive, type FakeLive } from '../testing/fake-live';
import { mockMarket } from '../testing/market-fixtures';

jest.mock('./chart-engine', () => jest.requireActual('../testing/chart-engine-mock'));

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));

let live: FakeLive;
beforeEach(() => {
  resetInstrumentCache();
  engines.length = 0;
  live = installFakeLive();
});
afterEach(() => live.restore());

const open = (language: 'en' | 'id' = 'en') => renderWithShell(<TradeHomePage />, { route: '/trade/BTC-IDR', language, api: mockMarket(createTestApiClient()) });

test('add RSI, edit its period (a bad value is refused), and remove it', async () => {
  const { user } = open();
  await user.click(await screen.findByRole('button', { name: 'Indicators' }, { timeout: 8000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Indicators' });
  expect(await within(dialog).findByText('No indicators on this chart yet.')).toBeInTheDocument();
  await user.selectOptions(within(dialog).getByLabelText('Choose an indicator'), 'RSI');
  await user.click(within(dialog).getByRole('button', { name: 'Add indicator' }));
  const engine = engines.at(-1)!;
  expect(engine.state.studies.map((s) => [s.type, s.params])).toEqual([['RSI', { period: 14 }]]);
  expect(engine.state.symbol).toBe('BTC-IDR');

  await user.click(within(dialog).getByRole('button', { name: 'Edit RSI' }));
  const period = await screen.findByLabelText('Period');
  await user.clear(period);
  await user.type(period, '0');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter a number from 2 to 500.')).toBeInTheDocument();
  expect(engine.state.studies[0]!.params.period).toBe(14);
  await user.clear(period);
  await user.type(period, '9');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(engine.state.studies[0]!.params.period).toBe(9));

  const list = await screen.findByTestId('studies-dialog');
  expect(within(list).getByText(/RSI \(9\)/)).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: 'Remove RSI' }));
  expect(engine.state.studies).toEqual([]);
});

test('the drawing toolbar picks a tool and toggles it off, in Indonesian', async () => {
  const { user } = open('id');
  await user.click(await screen.findByRole('button', { name: 'Gambar' }, { timeout: 8000 }));
  const toolbar = await screen.findByRole('toolbar', { name: 'Alat gambar' });
  const engine = engines.at(-1)!;
  await user.click(within(toolbar).getByRole('button', { name: 'Garis tren' }));
  expect(engine.tools.tool).toBe('trend');
  expect(within(toolbar).getByRole('button', { name: 'Garis tren' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(within(toolbar).getByRole('button', { name: 'Garis tren' }));
  expect(engine.tools.tool).toBeNull();
  expect(screen.getByTestId('chart-canvas')).toHaveAttribute('tabindex', '0');
  await user.click(within(toolbar).getByRole('button', { name: 'Tutup' }));
  expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
});
