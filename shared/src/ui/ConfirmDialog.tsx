// Asks before money moves. The confirm action runs once: a double tap cannot send two orders,
// and the dialog cannot be dismissed while the request is in flight.
import { useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../api/api-error';
import { Button, type ButtonVariant } from './Button';
import { Modal } from './Modal';
import { useUiText } from './use-ui-text';

export type ConfirmTone = Extract<ButtonVariant, 'primary' | 'buy' | 'sell' | 'danger'>;

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Details to check (the order summary). */
  children?: ReactNode;
  /** May return a promise: the button shows progress until it settles. */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  /** Busy from outside (the caller tracks the request itself). */
  busy?: boolean;
}

export const ConfirmDialog = ({
  open,
  title,
  description,
  children,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy = false,
}: ConfirmDialogProps) => {
  const { t } = useUiText();
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  // Focus starts on Cancel: Enter on an accidental open must not move money.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const working = busy || pending;

  const confirm = async () => {
    if (inFlight.current || busy) return;
    inFlight.current = true;
    setPending(true);
    try {
      await onConfirm();
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      role="alertdialog"
      size="sm"
      initialFocusRef={cancelRef}
      dismissDisabled={working}
      closeOnBackdropClick={false}
      footer={
        <>
          {/* aria-disabled, not disabled: focus stays on the button instead of falling to the page. */}
          <Button
            ref={cancelRef}
            variant="secondary"
            aria-disabled={working || undefined}
            onClick={working ? undefined : onCancel}
          >
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button variant={tone} onClick={() => {
              // Errors are the caller's to show (a toast); the dialog only stops waiting. A refusal
              // of the server is such a handled outcome; anything else is a bug worth an error.
              confirm().catch((error: unknown) => {
                if (!(isApiError(error) && error.httpStatus < 500)) console.error(error);
              });
            }} loading={working}>
            {confirmLabel ?? t('confirm')}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
};
