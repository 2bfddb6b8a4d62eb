import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cssRulesFor } from '../testing/css-rules';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { Skeleton } from './Skeleton';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('is a status named "Memuat" by default, or by its label', () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Memuat');
    rerender(<Spinner label="Memuat order book" />);
    expect(screen.getByRole('status')).toHaveTextContent('Memuat order book');
  });

  it('is hidden from screen readers when decorative', () => {
    render(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('Skeleton', () => {
  it('is hidden from screen readers', () => {
    const { container } = render(<Skeleton lines={3} />);
    const root = container.firstElementChild;
    expect(root).toHaveAttribute('aria-hidden', 'true');
    expect(root?.children).toHaveLength(3);
  });

  it('stops shimmering for people who prefer reduced motion', () => {
    const { container } = render(<Skeleton variant="rect" />);
    const css = cssRulesFor(container.firstElementChild as Element);
    expect(css).toMatch(/animation: \S+ 1\.4s/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\)\s*\{[^}]*animation: none/);
  });
});

describe('ErrorState (§5: title plus description, optional tooltip)', () => {
  it('shows title and description and announces itself', () => {
    render(<ErrorState title="Gagal memuat portofolio" description="Periksa koneksi internet Anda." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Gagal memuat portofolio');
    expect(alert).toHaveTextContent('Periksa koneksi internet Anda.');
    expect(screen.getByRole('heading', { level: 2, name: 'Gagal memuat portofolio' })).toBeInTheDocument();
  });

  it('falls back to a translated title', () => {
    render(<ErrorState />);
    expect(screen.getByRole('heading', { name: 'Terjadi kesalahan' })).toBeInTheDocument();
  });

  it('offers a retry that calls back', async () => {
    const onRetry = jest.fn();
    render(<ErrorState onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry, and an info button only with a tooltip', () => {
    const { rerender } = render(<ErrorState title="Perdagangan dihentikan" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<ErrorState title="Perdagangan dihentikan" tooltip="Karena tindakan regulator" />);
    expect(screen.getByRole('button', { name: 'Info selengkapnya' })).toHaveAccessibleDescription(
      'Karena tindakan regulator',
    );
  });

  it('can stay quiet and use a lower heading inside a panel', () => {
    render(<ErrorState title="Order book tidak tersedia" announce={false} headingLevel={3} compact />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3 })).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows a translated default title, description and action', () => {
    render(<EmptyState description="Tambahkan aset ke watchlist." action={<Button>Tambah</Button>} />);
    expect(screen.getByRole('heading', { name: 'Belum ada data' })).toBeInTheDocument();
    expect(screen.getByText('Tambahkan aset ke watchlist.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah' })).toBeInTheDocument();
  });
});
