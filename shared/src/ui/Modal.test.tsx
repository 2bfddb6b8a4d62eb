import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { TextInput } from './TextInput';

const Opener = ({ closeOnBackdropClick }: { closeOnBackdropClick?: boolean }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Buka</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Atur harga"
        description="Harga batas untuk order ini"
        closeOnBackdropClick={closeOnBackdropClick}
        footer={<Button onClick={() => setOpen(false)}>Simpan</Button>}
      >
        <TextInput aria-label="Harga" />
      </Modal>
    </>
  );
};

describe('Modal', () => {
  it('is a modal dialog named by its title and described by its description', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    const dialog = screen.getByRole('dialog', { name: 'Atur harga' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Harga batas untuk order ini');
  });

  it('moves focus to the first field inside on open', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    expect(screen.getByRole('textbox', { name: 'Harga' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Buka' }));
    // Order inside: close button, text field, save button.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Tutup' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Simpan' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Buka' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its close button', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a backdrop click unless told not to', async () => {
    const { unmount } = render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();

    render(<Opener closeOnBackdropClick={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('locks page scroll while open and restores it after', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('pulls focus back when it escapes to the page behind', async () => {
    render(
      <>
        <Opener />
        <Button>Di luar</Button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buka' }));
    act(() => screen.getByRole('button', { name: 'Di luar', hidden: true }).focus());
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('with nested dialogs, Escape closes only the top one', async () => {
    const Nested = () => {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(true);
      return (
        <>
          <Modal open={outer} onClose={() => setOuter(false)} title="Luar">
            <Button>isi</Button>
          </Modal>
          <Modal open={inner} onClose={() => setInner(false)} title="Dalam">
            <Button>isi dalam</Button>
          </Modal>
        </>
      );
    };
    render(<Nested />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Dalam' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Luar' })).toBeInTheDocument();
  });

  it('ignores Escape while dismissing is disabled', async () => {
    const onClose = jest.fn();
    render(
      <Modal open onClose={onClose} title="Memproses" dismissDisabled>
        <p>...</p>
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Tutup' })).toBeDisabled();
  });
});

describe('Modal scroll lock with stacked dialogs', () => {
  it('restores page scroll only when the last dialog closes, whichever closes first', () => {
    document.body.style.overflow = 'auto';
    const { rerender } = render(
      <>
        <Modal open onClose={() => undefined} title="A" />
        <Modal open onClose={() => undefined} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open={false} onClose={() => undefined} title="A" />
        <Modal open onClose={() => undefined} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('hidden');
    rerender(
      <>
        <Modal open={false} onClose={() => undefined} title="A" />
        <Modal open={false} onClose={() => undefined} title="B" />
      </>,
    );
    expect(document.body.style.overflow).toBe('auto');
    document.body.style.overflow = '';
  });
});
