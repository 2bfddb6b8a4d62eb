import { registerTranslations } from '@pasar/shared';
import { renderWithShell } from '@pasar/shared/testing';
import { act, screen } from '@testing-library/react';
import { TRADE_NAMESPACE } from '../i18n';
import { tradeTranslations } from '../i18n/all';
import { HaltBanner } from './HaltBanner';

beforeAll(() => registerTranslations(TRADE_NAMESPACE, tradeTranslations));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('halt status (§4: after 500 ms)', () => {
  it('appears only once the halt has lasted 500 ms, with §8’s default message', () => {
    renderWithShell(<HaltBanner halted reason={null} />, { language: 'en' });
    act(() => jest.advanceTimersByTime(499));
    expect(screen.queryByTestId('halt-status')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const status = screen.getByTestId('halt-status');
    expect(status).toHaveAttribute('role', 'alert');
    expect(status).toHaveTextContent('Trading is halted');
    expect(status).toHaveTextContent('temporarily unavailable due to regulatory actions, price fluctuations, news or technical issues');
  });

  it('shows the operator’s reason when there is one, in Indonesian by default', () => {
    const { rerender } = renderWithShell(<HaltBanner halted={false} />);
    rerender(<HaltBanner halted reason={{ title: 'Suspensi BEI', description: 'Menunggu keterbukaan informasi.' }} />);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByTestId('halt-status')).toHaveTextContent('Suspensi BEI');
    expect(screen.getByTestId('halt-status')).toHaveTextContent('Menunggu keterbukaan informasi.');
  });

  it('never shows a halt that ends within 500 ms, and hides at once on resume', () => {
    const { rerender } = renderWithShell(<HaltBanner halted />, { language: 'en' });
    act(() => jest.advanceTimersByTime(300));
    rerender(<HaltBanner halted={false} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByTestId('halt-status')).not.toBeInTheDocument();

    rerender(<HaltBanner halted />);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByTestId('halt-status')).toBeInTheDocument();
    rerender(<HaltBanner halted={false} />);
    expect(screen.queryByTestId('halt-status')).not.toBeInTheDocument();
  });
});
