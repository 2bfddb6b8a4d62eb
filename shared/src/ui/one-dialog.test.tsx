// One dialog at a time: a dialog opened over another (the shell's accept-terms prompt over an
// order review that asked for it) is the only one shown; the one below waits hidden with its state
// and comes back, focus inside, when the top one closes.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

/** The order review whose confirm asks for a prompt first (as the API client does on 041) and waits for it. */
function ReviewAskingForPrompt() {
  const [review, setReview] = useState(false);
  const [prompt, setPrompt] = useState<null | (() => void)>(null);
  const [sent, setSent] = useState(false);
  return (
    <>
      <Button onClick={() => setReview(true)}>Beli BTC</Button>
      {sent && <p>Order terkirim</p>}
      <ConfirmDialog
        open={review}
        title="Tinjau order beli"
        confirmLabel="Konfirmasi beli"
        onCancel={() => setReview(false)}
        onConfirm={async () => {
          await new Promise<void>((resolve) => setPrompt(() => resolve));
          setSent(true);
          setReview(false);
        }}
      >
        <p>Total Rp1.000.000</p>
      </ConfirmDialog>
      <Modal
        open={prompt !== null}
        onClose={() => setPrompt(null)}
        title="Setujui ketentuan"
        footer={
          <Button
            onClick={() => {
              prompt?.();
              setPrompt(null);
            }}
          >
            Setuju dan lanjutkan
          </Button>
        }
      />
    </>
  );
}

const openDialogs = () => [...screen.queryAllByRole('dialog'), ...screen.queryAllByRole('alertdialog')];

describe('one dialog at a time', () => {
  it('hides the review while the prompt it asked for is open; the order goes on once it is accepted', async () => {
    const user = userEvent.setup();
    render(<ReviewAskingForPrompt />);
    await user.click(screen.getByRole('button', { name: 'Beli BTC' }));
    expect(openDialogs()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Konfirmasi beli' }));
    // The prompt alone: the review is not shown (nor in the accessibility tree) beneath it.
    expect(openDialogs()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Setujui ketentuan' })).toBeVisible();
    expect(screen.queryByRole('alertdialog', { name: 'Tinjau order beli' })).toBeNull();
    expect(screen.getByText('Total Rp1.000.000')).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Setuju dan lanjutkan' }));
    await act(async () => undefined);
    expect(await screen.findByText('Order terkirim')).toBeInTheDocument();
    expect(openDialogs()).toHaveLength(0);
  });

  it('shows the review again, focus back inside, when the prompt is dismissed', async () => {
    const user = userEvent.setup();
    render(<ReviewAskingForPrompt />);
    await user.click(screen.getByRole('button', { name: 'Beli BTC' }));
    await user.click(screen.getByRole('button', { name: 'Konfirmasi beli' }));
    expect(screen.queryByRole('alertdialog', { name: 'Tinjau order beli' })).toBeNull();
    await user.keyboard('{Escape}');
    const review = await screen.findByRole('alertdialog', { name: 'Tinjau order beli' });
    expect(openDialogs()).toHaveLength(1);
    expect(review.contains(document.activeElement)).toBe(true);
  });
});
