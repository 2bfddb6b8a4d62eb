import { MARKET_PATHS, registerTranslations, useLocation } from '@pasar/shared';
import { createTestApiClient, renderWithShell } from '@pasar/shared/testing';
import { screen, within } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { resetInstrumentCache } from '../market/market-api';
import { INSTRUMENTS } from '../testing/market-fixtures';
import { SymbolSearch } from './SymbolSearch';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
beforeEach(() => resetInstrumentCache());

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSearch() {
  const api = createTestApiClient().reply('GET', MARKET_PATHS.instruments, { items: INSTRUMENTS });
  return renderWithShell(
    <>
      <SymbolSearch />
      <Where />
    </>,
    { api, language: 'en', route: '/trade' },
  );
}

describe('symbol search (combobox)', () => {
  it('lists matches grouped by market and moves through them with the arrow keys', async () => {
    const { user } = renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search symbols' });
    await user.click(box);
    await user.type(box, 'btc');
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && group.textContent?.split(/BTC/)[0])).toEqual([
      'Crypto',
      'Crypto futures',
    ]);
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.querySelector('strong')?.textContent)).toEqual(['BTC-IDR', 'BTCUSDT-PERP']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);

    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/trade/BTCUSDT-PERP');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('');
  });

  it('closes on Escape, then clears the text on a second Escape', async () => {
    const { user } = renderSearch();
    const box = screen.getByRole('combobox');
    await user.click(box);
    await user.type(box, 'aapl');
    expect(await screen.findByRole('option')).toHaveTextContent('Apple Inc.');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('aapl');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('opens an index on its asset page, picked with the mouse', async () => {
    const { user } = renderSearch();
    await user.type(screen.getByRole('combobox'), 's&p');
    await user.click(await screen.findByRole('option', { name: /S&P 500/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/asset/usindex/SPX/3');
  });

  it('says when nothing matches', async () => {
    const { user } = renderSearch();
    await user.type(screen.getByRole('combobox'), 'zzz');
    expect(await screen.findByText('No symbol matches “zzz”.')).toBeInTheDocument();
  });
});
