// The US leverage notices name what they are about: a wallet's margin call and pending liquidation
// name the wallet (2x for the leverage wallet, 4x for the intraday one) — the margin engine's call
// per book carries the book as its symbol, its pending liquidation the book in its details — and a
// close names the stock; an event with its own subject (the sweep's) keeps it.
import type { MarginEventRecord } from '../../trading/margin/api';
import { usLeverageNotice } from './leverage';

const event = (kind: string, symbol: string, details: Record<string, unknown> = {}): MarginEventRecord => ({ key: `k:${kind}:${symbol}`, kind, market: 'USSTOCK_LEV', userId: 'u', symbol, details });

describe('usLeverageNotice', () => {
  it("names the wallet of the engine's margin call per book (2x, 4x) in both languages", () => {
    expect(usLeverageNotice(event('MARGIN_CALL', 'intraday', { ratio: '85.00', book: 'intraday' }))).toEqual({
      type: 'MARGIN_CALL',
      title: { id: 'Margin call', en: 'Margin call' },
      body: {
        id: 'Rasio margin dompet 4x tinggi. Tambah dana atau kurangi posisi untuk menghindari likuidasi.',
        en: "The 4x wallet's margin ratio is high. Add funds or reduce positions to avoid liquidation.",
      },
    });
    expect(usLeverageNotice(event('MARGIN_CALL', 'leverage'))?.body.en).toBe("The 2x wallet's margin ratio is high. Add funds or reduce positions to avoid liquidation.");
  });

  it("names the wallet of the engine's pending liquidation from the book in its details", () => {
    const notice = usLeverageNotice(event('LIQUIDATION_PENDING', 'AAPL', { size: '10', ratio: '104.00', book: 'leverage' }));
    expect(notice?.type).toBe('ACCOUNT_LIQUIDATION');
    expect(notice?.body.en).toBe("The 2x wallet's margin ratio reached 100% while the US market is closed. Its positions are liquidated at the open unless margin is added.");
  });

  it('names the stock of a close, and keeps the subject an event carries', () => {
    expect(usLeverageNotice(event('TAKE_PROFIT', 'AAPL', { size: '2' }))?.body).toEqual({ id: 'Take profit posisi leverage AAPL tereksekusi.', en: 'The take profit of your leveraged AAPL position executed.' });
    expect(usLeverageNotice(event('MARGIN_CALL', 'intraday', { subject: '4x' }))?.body.en).toContain("The 4x wallet's");
    expect(usLeverageNotice(event('FUNDING', 'AAPL'))).toBeNull();
  });
});
