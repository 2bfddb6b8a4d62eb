import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';

const deferred = () => {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('ConfirmDialog', () => {
  it('is an alert dialog that starts on Cancel, so a stray Enter moves no money', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open title="Beli 0,1 BTC?" onConfirm={onConfirm} onCancel={onCancel} tone="buy" />);
    expect(screen.getByRole('alertdialog', { name: 'Beli 0,1 BTC?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Batal' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('confirms once even when tapped twice, showing progress until the request settles', async () => {
    const request = deferred();
    const onConfirm = jest.fn(() => request.promise);
    const onCancel = jest.fn();
    const user = userEvent.setup();
    render(
      <ConfirmDialog open title="Tarik dana?" confirmLabel="Tarik" onConfirm={onConfirm} onCancel={onCancel}>
        Rp1.000.000 ke BCA
      </ConfirmDialog>,
    );
    const confirm = screen.getByRole('button', { name: 'Tarik' });
    await user.click(confirm);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveAttribute('aria-busy', 'true');

    // While in flight it cannot be dismissed.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onCancel).not.toHaveBeenCalled();

    await act(async () => {
      request.resolve();
      await request.promise;
    });
    expect(confirm).not.toHaveAttribute('aria-busy');
  });

  it('recovers after a failed confirm so the person can retry', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const onConfirm = jest.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(undefined);
    render(<ConfirmDialog open title="Jual?" onConfirm={onConfirm} onCancel={() => undefined} />);
    const confirm = screen.getByRole('button', { name: 'Konfirmasi' });
    await userEvent.click(confirm);
    await screen.findByRole('button', { name: 'Konfirmasi' });
    expect(confirm).not.toHaveAttribute('aria-busy');
    await userEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('renders nothing when closed', () => {
    render(<ConfirmDialog open={false} title="x" onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
