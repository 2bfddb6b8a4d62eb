// A modal dialog: focus moves in and is trapped, Escape closes, focus returns to the opener.
// Bottom sheet on phones, centred card from the `sm` breakpoint up. One dialog at a time: a dialog
// another one opens over is hidden (its state kept) until that one closes, then shown again with
// focus back inside.
import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { tokens } from '../theme/css-variables';
import { media } from '../theme/theme-definitions';
import { getTabbable, isTopDialog, lockPageScroll, pushDialog, removeDialog, subscribeDialogs, topDialog, unlockPageScroll } from './focus-utils';
import { CloseIcon } from './icons';
import { IconButton } from './IconButton';
import { useUiText } from './use-ui-text';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  /** Escape, the close button and (unless disabled) a click on the backdrop call this. */
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Describes the dialog (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, laid out at the bottom (full-width buttons on phones). */
  footer?: ReactNode;
  size?: ModalSize;
  /** Where focus goes on open; default the first focusable element of the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdropClick?: boolean;
  /** While true, Escape, backdrop and close button do nothing (a payment is in flight). */
  dismissDisabled?: boolean;
  hideCloseButton?: boolean;
  /** `alertdialog` for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
}

const MAX_WIDTH: Record<ModalSize, string> = { sm: '400px', md: '560px', lg: '800px' };

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const riseIn = keyframes`
  from { opacity: 0; transform: translateY(16px); }
  to { opacity: 1; transform: none; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${tokens.zIndex.modal};
  display: flex;
  align-items: flex-end;
  justify-content: center;
  background: ${tokens.colors.overlay};
  animation: ${fadeIn} ${tokens.motion.normal} ${tokens.motion.easing};
  ${media.sm} {
    align-items: center;
    padding: ${tokens.space.xl};
  }
`;

const Panel = styled.div<{ $size: ModalSize }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-height: 92vh;
  max-height: 92dvh;
  border-radius: ${tokens.radii.lg} ${tokens.radii.lg} 0 0;
  background: ${tokens.colors.surfaceElevated};
  color: ${tokens.colors.text};
  box-shadow: ${tokens.shadows.lg};
  animation: ${riseIn} ${tokens.motion.normal} ${tokens.motion.easing};
  &:focus {
    outline: none;
  }
  ${media.sm} {
    max-width: ${({ $size }) => MAX_WIDTH[$size]};
    max-height: calc(100vh - 48px);
    border-radius: ${tokens.radii.lg};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.lg} ${tokens.space.lg} 0;
  ${media.sm} {
    padding: ${tokens.space.xl} ${tokens.space.xl} 0;
  }
`;

const Titles = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${tokens.fontSizes.xl};
  font-weight: ${tokens.fontWeights.semibold};
  line-height: ${tokens.lineHeights.tight};
  overflow-wrap: anywhere;
`;

const Description = styled.div`
  margin-top: ${tokens.space.xs};
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Body = styled.div`
  flex: 1 1 auto;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: ${tokens.space.lg};
  ${media.sm} {
    padding: ${tokens.space.lg} ${tokens.space.xl};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-direction: column-reverse;
  gap: ${tokens.space.sm};
  padding: 0 ${tokens.space.lg} ${tokens.space.lg};
  padding-bottom: max(${tokens.space.lg}, env(safe-area-inset-bottom));
  & > * {
    width: 100%;
  }
  ${media.sm} {
    flex-direction: row;
    justify-content: flex-end;
    padding: 0 ${tokens.space.xl} ${tokens.space.xl};
    & > * {
      width: auto;
    }
  }
`;

const ModalDialog = ({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdropClick = true,
  dismissDisabled = false,
  hideCloseButton = false,
  role = 'dialog',
}: Omit<ModalProps, 'open'>) => {
  const { t } = useUiText();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const latest = useRef({ onClose, dismissDisabled });
  latest.current = { onClose, dismissDisabled };
  // Another dialog opened over this one: hidden until it closes.
  const top = useSyncExternalStore(subscribeDialogs, topDialog, topDialog);
  const covered = top !== null && top !== id;
  const wasCovered = useRef(false);
  const lastFocused = useRef<HTMLElement | null>(null);

  // Open: remember the opener, register on the stack, lock page scroll, move focus in.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushDialog(id);
    lockPageScroll();

    const target =
      initialFocusRef?.current ??
      (bodyRef.current && getTabbable(bodyRef.current)[0]) ??
      (footerFirstTabbable(panelRef.current) || panelRef.current);
    target?.focus();

    return () => {
      removeDialog(id);
      unlockPageScroll();
      // Back to where the person was, if that element is still on the page.
      if (opener?.isConnected) opener.focus();
    };
    // Runs once per opening; initialFocusRef is read at that moment on purpose.
  }, [id]);

  // Escape is listened for on the document so it works whatever inside has focus.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !isTopDialog(id)) return;
      event.stopPropagation();
      if (!latest.current.dismissDisabled) latest.current.onClose();
    };
    // Focus that escapes (a click on the page behind, a screen reader jump) is pulled back.
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (panel?.contains(event.target as Node)) lastFocused.current = event.target as HTMLElement;
      if (!panel || !isTopDialog(id) || panel.contains(event.target as Node)) return;
      (getTabbable(panel)[0] ?? panel).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [id]);

  // Shown again: focus comes back where it was inside (the covering dialog could not return it to an element hidden here).
  useEffect(() => {
    const panel = panelRef.current;
    if (wasCovered.current && !covered && panel && !panel.contains(document.activeElement)) {
      const back = lastFocused.current;
      (back?.isConnected && panel.contains(back) && getTabbable(panel).includes(back) ? back : (getTabbable(panel)[0] ?? panel)).focus();
    }
    wasCovered.current = covered;
  }, [covered]);

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const tabbable = getTabbable(panelRef.current);
    if (tabbable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget && closeOnBackdropClick && !dismissDisabled) onClose();
  };

  return createPortal(
    <Backdrop onMouseDown={onBackdropMouseDown} data-testid="modal-backdrop" style={covered ? { display: 'none' } : undefined} aria-hidden={covered || undefined}>
      <Panel
        ref={panelRef}
        $size={size}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <Header>
          <Titles>
            <Title id={titleId}>{title}</Title>
            {description && <Description id={descriptionId}>{description}</Description>}
          </Titles>
          {!hideCloseButton && (
            <IconButton
              aria-label={t('close')}
              icon={<CloseIcon size={20} />}
              size="sm"
              onClick={onClose}
              disabled={dismissDisabled}
            />
          )}
        </Header>
        <Body ref={bodyRef}>{children}</Body>
        {footer && <Footer>{footer}</Footer>}
      </Panel>
    </Backdrop>,
    document.body,
  );
};

const footerFirstTabbable = (panel: HTMLElement | null): HTMLElement | undefined => {
  const footer = panel?.lastElementChild;
  return footer instanceof HTMLElement ? getTabbable(footer)[0] : undefined;
};

export const Modal = ({ open, ...props }: ModalProps) => (open ? <ModalDialog {...props} /> : null);
