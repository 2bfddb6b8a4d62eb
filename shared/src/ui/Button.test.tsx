import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { CloseIcon } from './icons';

describe('Button', () => {
  it('is a plain button by default, so it never submits the form around it', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Beli</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Beli' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('while loading is busy, keeps its name and focus, and ignores clicks', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="buy" loading onClick={onClick}>
        Beli BTC
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Beli BTC' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();

    button.focus();
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(button).toHaveFocus();
  });

  it('calls onClick when not loading', async () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Jual</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Jual' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('forwards its ref to the DOM button', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(<Button ref={ref}>OK</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'OK' }));
  });
});

describe('IconButton', () => {
  it('is named by its aria-label, not by the icon', () => {
    render(<IconButton aria-label="Tutup" icon={<CloseIcon />} />);
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeInTheDocument();
  });

  it('does not compile without an aria-label', () => {
    // @ts-expect-error aria-label is required
    const element = <IconButton icon={<CloseIcon />} />;
    expect(element).toBeTruthy();
  });
});
