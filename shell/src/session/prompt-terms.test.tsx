// The accept-terms prompt (041): "syarat dan ketentuan" is a link that opens the terms as readable,
// scrollable text in the prompt, in id and en, before the person accepts.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { eventBus } from '@pasar/shared';
import { renderShell, resetPage, settle } from '../testing/shell-test-kit';

beforeEach(resetPage);

describe('the accept-terms prompt', () => {
  it.each([
    ['/trade', 'Setujui ketentuan', 'syarat dan ketentuan', 'Syarat dan ketentuan perdagangan aset kripto', /diawasi oleh Badan Pengawas Perdagangan Berjangka Komoditi/],
    ['/en/trade', 'Accept the terms', 'terms and conditions', 'Crypto asset trading terms and conditions', /supervised by the Commodity Futures Trading Regulatory Agency/],
  ])('at %s links the terms and shows them, scrollable, before accepting', async (path, title, link, termsTitle, firstTerm) => {
    await renderShell(path);
    await screen.findByRole('heading', { name: 'mf_trade /trade' });
    act(() => eventBus.emit('prompt:pin', { code: '041' }));
    const dialog = await screen.findByRole('dialog', { name: title });
    const open = within(dialog).getByRole('button', { name: link });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('region', { name: termsTitle })).toBeNull();

    await settle(async () => fireEvent.click(open));
    expect(open).toHaveAttribute('aria-expanded', 'true');
    const terms = within(dialog).getByRole('region', { name: termsTitle });
    expect(open).toHaveAttribute('aria-controls', terms.id);
    expect(terms).toHaveTextContent(firstTerm);
    expect(within(terms).getAllByRole('paragraph').length).toBeGreaterThanOrEqual(5);
    // Reachable by keyboard, so its text can be scrolled without a pointer.
    expect(terms).toHaveAttribute('tabindex', '0');
    // Still nothing accepted: the button waits for the box.
    expect(within(dialog).getByRole('checkbox')).not.toBeChecked();
  });
});
