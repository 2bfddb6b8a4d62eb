// The phone trade page: a sticky Buy/Sell bar opens whatever order panel the market supplies (the
// grid's `order` area) as a sheet, on the side chosen when the panel offers the choice.
import { appStore, ConfirmDialog } from '@pasar/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PhoneOrderSheet } from './PhoneOrderSheet';
import { PhoneOrderSlot } from './PhoneOrderSlot';

/** Any market's panel: here a Buy/Sell toggle and a field. */
function Panel() {
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  return (
    <form aria-label="Tiket order">
      {(['BUY', 'SELL'] as const).map((s) => (
        <button key={s} type="button" data-order-side={s} aria-pressed={side === s} onClick={() => setSide(s)}>
          {s === 'BUY' ? 'Sisi beli' : 'Sisi jual'}
        </button>
      ))}
      <input aria-label="Jumlah" />
    </form>
  );
}

/** A panel whose submit opens its order review (a shared dialog, portalled to the page). */
function PanelWithReview() {
  const [review, setReview] = useState(false);
  return (
    <form aria-label="Tiket order">
      <input aria-label="Jumlah" />
      <button type="button" onClick={() => setReview(true)}>
        Tinjau order
      </button>
      <ConfirmDialog open={review} title="Tinjau order beli" confirmLabel="Konfirmasi beli" onCancel={() => setReview(false)} onConfirm={() => setReview(false)}>
        <p>Total Rp1.000.000</p>
      </ConfirmDialog>
    </form>
  );
}

const grid = () => screen.getByTestId('grid');
const openDialogs = () => [...screen.queryAllByRole('dialog'), ...screen.queryAllByRole('alertdialog')];

function renderGrid(ui = <PhoneOrderSheet symbol="BTC-IDR" />, panel = <Panel />) {
  return render(
    <div data-testid="grid">
      {ui}
      <div data-area="chart">grafik</div>
      <div data-area="order">{panel}</div>
    </div>,
  );
}

beforeEach(() => act(() => appStore.getState().setLanguage('id')));

describe('the phone order sheet', () => {
  it('keeps the order panel out of the page and offers Buy and Sell in a bar', () => {
    renderGrid();
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
    const bar = screen.getByRole('group', { name: 'Beli atau jual' });
    expect(bar).toHaveTextContent('Beli');
    expect(bar).toHaveTextContent('Jual');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the panel as a sheet on the side chosen, focus inside; Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderGrid();
    const sell = screen.getByRole('button', { name: 'Jual' });
    await user.click(sell);
    expect(grid()).toHaveAttribute('data-phone-sheet', 'open');
    const sheet = screen.getByRole('dialog', { name: 'Order BTC-IDR' });
    expect(sheet).toHaveAttribute('data-area', 'order');
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sisi jual' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Sisi jual' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Jual' })).toHaveFocus());
    expect(document.body.style.overflow).toBe('');
  });

  it('closes with its close button and the backdrop, in English too', async () => {
    act(() => appStore.getState().setLanguage('en'));
    const user = userEvent.setup();
    renderGrid();
    await user.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('dialog', { name: 'Order BTC-IDR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sisi beli' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    fireEvent.click(screen.getByTestId('phone-sheet-backdrop'));
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
  });

  it('is one dialog at a time: the order review opened from the sheet hides it until the review closes, then focus comes back', async () => {
    const user = userEvent.setup();
    renderGrid(<PhoneOrderSheet symbol="BTC-IDR" />, <PanelWithReview />);
    await user.click(screen.getByRole('button', { name: 'Beli' }));
    await user.type(screen.getByRole('textbox', { name: 'Jumlah' }), '0,5');
    const review = screen.getByRole('button', { name: 'Tinjau order' });
    await user.click(review);

    // The review alone: the sheet, its header and backdrop are out of sight and of the accessibility tree.
    expect(openDialogs()).toHaveLength(1);
    expect(openDialogs()[0]).toHaveAccessibleName('Tinjau order beli');
    expect(screen.queryByRole('dialog', { name: 'Order BTC-IDR' })).toBeNull();
    expect(grid()).toHaveAttribute('data-phone-sheet', 'covered');
    expect(screen.getByLabelText('Jumlah')).not.toBeVisible();
    expect(screen.getByTestId('phone-sheet-backdrop')).not.toBeVisible();
    expect(document.body.style.overflow).toBe('hidden');

    // Escape closes the review only; the sheet is back as it was, focus on the button that opened the review.
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Total Rp1.000.000')).toBeNull();
    expect(grid()).toHaveAttribute('data-phone-sheet', 'open');
    expect(screen.getByRole('dialog', { name: 'Order BTC-IDR' })).toBeVisible();
    expect(openDialogs()).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Jumlah' })).toHaveValue('0,5');
    await waitFor(() => expect(review).toHaveFocus());
    expect(document.body.style.overflow).toBe('hidden');

    // Confirming the review also brings the sheet back; then Escape closes the sheet.
    await user.click(review);
    expect(grid()).toHaveAttribute('data-phone-sheet', 'covered');
    await user.click(screen.getByRole('button', { name: 'Konfirmasi beli' }));
    await waitFor(() => expect(grid()).toHaveAttribute('data-phone-sheet', 'open'));
    await waitFor(() => expect(review).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
    expect(openDialogs()).toHaveLength(0);
    expect(document.body.style.overflow).toBe('');
  });

  it('leaves the grid as it was when it goes (a wider screen, another market)', () => {
    const { rerender } = renderGrid();
    expect(grid()).toHaveAttribute('data-phone-sheet', 'closed');
    rerender(
      <div data-testid="grid">
        <div data-area="order">
          <Panel />
        </div>
      </div>,
    );
    expect(grid()).not.toHaveAttribute('data-phone-sheet');
  });
});

describe('the phone order slot', () => {
  const mediaMatches = (matches: boolean) => {
    window.matchMedia = ((query: string) => ({ matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  };

  it('loads the bar on a phone', async () => {
    mediaMatches(true);
    renderGrid(<PhoneOrderSlot symbol="BTC-IDR" />);
    expect(await screen.findByTestId('phone-order-bar')).toBeInTheDocument();
  });

  it('loads nothing on a wider screen: the panel stays in the grid', async () => {
    mediaMatches(false);
    renderGrid(<PhoneOrderSlot symbol="BTC-IDR" />);
    await act(async () => undefined);
    expect(screen.queryByTestId('phone-order-bar')).toBeNull();
    expect(grid()).not.toHaveAttribute('data-phone-sheet');
  });
});
