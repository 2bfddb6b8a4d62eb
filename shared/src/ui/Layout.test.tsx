import { render, screen } from '@testing-library/react';
import { Button } from './Button';
import { Card, Page, PageHeader, Stack } from './Layout';

describe('layout helpers', () => {
  it('PageHeader gives the page its one h1 and keeps actions beside it', () => {
    render(
      <Page>
        <PageHeader title="Portofolio" subtitle="Semua aset Anda" actions={<Button>Isi saldo</Button>} />
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Portofolio' })).toBeInTheDocument();
    expect(screen.getByText('Semua aset Anda')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Isi saldo' })).toBeInTheDocument();
  });

  it('a Card with a title is a region named by it; without one it is a plain box', () => {
    const { rerender } = render(<Card title="Saldo">Rp0</Card>);
    expect(screen.getByRole('region', { name: 'Saldo' })).toHaveTextContent('Rp0');
    rerender(<Card>Rp0</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('Stack passes DOM props through', () => {
    render(
      <Stack direction="row" gap="sm" data-testid="stack" aria-label="Aksi">
        <span>a</span>
      </Stack>,
    );
    expect(screen.getByTestId('stack')).toHaveAttribute('aria-label', 'Aksi');
  });
});
