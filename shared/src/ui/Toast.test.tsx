import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEventBus, type EventMap } from '../events';
import { showToast, TOAST_CONFIG, ToastViewport } from './Toast';

const setup = (props: Partial<Parameters<typeof ToastViewport>[0]> = {}) => {
  const bus = createEventBus<EventMap>();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<ToastViewport bus={bus} {...props} />);
  return { bus, user };
};

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('ToastViewport', () => {
  it('shows a toast emitted as toast:show on the bus, in the polite region', () => {
    const { bus } = setup();
    act(() => bus.emit('toast:show', { kind: 'success', title: 'Order terkirim', description: 'Beli 0,1 BTC' }));
    const polite = screen.getByRole('status');
    expect(polite).toHaveAttribute('aria-live', 'polite');
    expect(within(polite).getByText('Order terkirim')).toBeInTheDocument();
    expect(within(polite).getByText('Beli 0,1 BTC')).toBeInTheDocument();
  });

  it('announces errors assertively', () => {
    const { bus } = setup();
    act(() => showToast({ kind: 'error', title: 'Saldo tidak cukup' }, bus));
    const assertive = screen.getByRole('alert');
    expect(assertive).toHaveAttribute('aria-live', 'assertive');
    expect(within(assertive).getByText('Saldo tidak cukup')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).queryByText('Saldo tidak cukup')).not.toBeInTheDocument();
  });

  it('names the region for screen readers', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Notifikasi' })).toBeInTheDocument();
  });

  it('dismisses itself after the duration of its kind', () => {
    const { bus } = setup();
    act(() => showToast({ kind: 'info', title: 'Pasar tutup' }, bus));
    advance(TOAST_CONFIG.durationMs.info - 1);
    expect(screen.getByText('Pasar tutup')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Pasar tutup')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time that was left', async () => {
    const { bus, user } = setup({ durationMs: { info: 1000 } });
    act(() => showToast({ kind: 'info', title: 'Harga berubah' }, bus));
    advance(600);
    await user.hover(screen.getByText('Harga berubah'));
    advance(5000);
    expect(screen.getByText('Harga berubah')).toBeInTheDocument();
    await user.unhover(screen.getByText('Harga berubah'));
    advance(350);
    expect(screen.getByText('Harga berubah')).toBeInTheDocument();
    advance(100);
    expect(screen.queryByText('Harga berubah')).not.toBeInTheDocument();
  });

  it('pauses while its dismiss button has keyboard focus', () => {
    const { bus } = setup({ durationMs: { warning: 1000 } });
    act(() => showToast({ kind: 'warning', title: 'Sesi hampir habis' }, bus));
    act(() => screen.getByRole('button', { name: 'Tutup notifikasi' }).focus());
    advance(5000);
    expect(screen.getByText('Sesi hampir habis')).toBeInTheDocument();
  });

  it('closes with its dismiss button', async () => {
    const { bus, user } = setup();
    act(() => showToast({ kind: 'success', title: 'Tersimpan' }, bus));
    await user.click(screen.getByRole('button', { name: 'Tutup notifikasi' }));
    expect(screen.queryByText('Tersimpan')).not.toBeInTheDocument();
  });

  it('shows the same message once, and at most maxVisible toasts', () => {
    const { bus } = setup({ maxVisible: 2 });
    act(() => {
      showToast({ kind: 'error', title: 'Gagal' }, bus);
      showToast({ kind: 'error', title: 'Gagal' }, bus);
    });
    expect(screen.getAllByText('Gagal')).toHaveLength(1);
    act(() => {
      showToast({ kind: 'info', title: 'Satu' }, bus);
      showToast({ kind: 'info', title: 'Dua' }, bus);
    });
    expect(screen.queryByText('Gagal')).not.toBeInTheDocument();
    expect(screen.getByText('Satu')).toBeInTheDocument();
    expect(screen.getByText('Dua')).toBeInTheDocument();
  });

  it('stops listening when unmounted', () => {
    const bus = createEventBus<EventMap>();
    const { unmount } = render(<ToastViewport bus={bus} />);
    expect(bus.listenerCount('toast:show')).toBe(1);
    unmount();
    expect(bus.listenerCount('toast:show')).toBe(0);
  });
});
