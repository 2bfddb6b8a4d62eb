// The phone trade page (below 768 px): the order panel the market supplies (the grid's `order`
// area, `data-area="order"`) leaves the page's flow, and a sticky bar at the bottom offers Buy and
// Sell. Either opens the panel as a sheet over the page, on that side when the panel offers the
// choice (a button `data-order-side="BUY|SELL"`): a modal dialog named by the symbol with a close
// button, Escape and the backdrop closing it, focus moved in and kept there, and given back to the
// bar. Works for every market's panel: it only moves the area, it does not know what is inside.
// It is one of the page's dialogs (the shared dialog stack): a dialog opened over it (the panel's
// order review, the shell's terms prompt) hides it until that one closes, then focus comes back
// where it was inside.
import { Global, css } from '@emotion/react';
import styled from '@emotion/styled';
import { isTopDialog, lockPageScroll, pushDialog, removeDialog, subscribeDialogs, tokens, topDialog, unlockPageScroll, useAppStore } from '@pasar/shared';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { PHONE_QUERY } from './PhoneOrderSlot';
import { PHONE_TEXT } from './phone-text';

type Side = 'BUY' | 'SELL';

const BAR_HEIGHT = '64px';
const SHEET_HEADER = '56px';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const tabbable = (root: HTMLElement) => Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);

// The grid the bar sits in: its order area hidden in the flow, shown as the sheet when open;
// the page keeps room at the bottom for the bar (and the PWA's bottom navigation under it).
const layoutStyles = css`
  @media ${PHONE_QUERY} {
    [data-phone-sheet] {
      padding-bottom: calc(${BAR_HEIGHT} + env(safe-area-inset-bottom));
    }
    [data-phone-sheet='closed'] > [data-area='order'],
    [data-phone-sheet='covered'] > [data-area='order'] {
      display: none;
    }
    [data-phone-sheet='open'] > [data-area='order'] {
      position: fixed;
      top: ${SHEET_HEADER};
      left: 0;
      right: 0;
      bottom: var(--pasar-bottom-nav-height, 0px);
      z-index: ${tokens.zIndex.modal};
      overflow-y: auto;
      overscroll-behavior: contain;
      padding: ${tokens.space.sm};
      background: ${tokens.colors.background};
    }
  }
`;

const Bar = styled.div`
  position: fixed;
  left: 0;
  right: 0;
  bottom: var(--pasar-bottom-nav-height, 0px);
  z-index: ${tokens.zIndex.sticky};
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.sm} ${tokens.space.md};
  padding-bottom: max(${tokens.space.sm}, env(safe-area-inset-bottom));
  border-top: 1px solid ${tokens.colors.border};
  background: ${tokens.colors.surfaceElevated};
  box-shadow: ${tokens.shadows.lg};
`;

const SideButton = styled.button<{ $side: Side }>`
  min-height: 44px;
  border: 0;
  border-radius: ${tokens.radii.md};
  font: inherit;
  font-weight: ${tokens.fontWeights.semibold};
  color: ${tokens.colors.onPrimary};
  background: ${({ $side }) => ($side === 'BUY' ? tokens.colors.buy : tokens.colors.sell)};
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${tokens.zIndex.overlay};
  background: ${tokens.colors.overlay};
`;

const SheetHeader = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: ${SHEET_HEADER};
  z-index: ${tokens.zIndex.modal};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.md};
  padding: 0 ${tokens.space.md};
  border-radius: ${tokens.radii.lg} ${tokens.radii.lg} 0 0;
  background: ${tokens.colors.background};
  border-bottom: 1px solid ${tokens.colors.border};
  h2 {
    margin: 0;
    font-size: ${tokens.fontSizes.lg};
  }
`;

const CloseButton = styled.button`
  min-height: 44px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font: inherit;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${tokens.colors.focusRing};
    outline-offset: 2px;
  }
`;

export function PhoneOrderSheet({ symbol }: { symbol: string }) {
  const text = PHONE_TEXT[useAppStore((state) => state.language)];
  const anchor = useRef<HTMLSpanElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState(false);
  const titleId = `phone-order-${symbol}`;
  const dialogId = useId();
  // Another dialog opened over the open sheet: the sheet is hidden (its panel's state kept) until it closes.
  const top = useSyncExternalStore(subscribeDialogs, topDialog, topDialog);
  const covered = open && top !== null && top !== dialogId;
  const lastFocused = useRef<HTMLElement | null>(null);
  const wasCovered = useRef(false);

  const grid = () => anchor.current?.parentElement ?? null;
  const area = () => grid()?.querySelector<HTMLElement>(':scope > [data-area="order"]') ?? null;

  // The grid knows it is on a phone while the bar is here; back to the plain grid when it goes.
  useLayoutEffect(() => {
    const g = grid();
    g?.setAttribute('data-phone-sheet', covered ? 'covered' : open ? 'open' : 'closed');
    return () => g?.removeAttribute('data-phone-sheet');
  }, [open, covered]);

  // Open: the area is the dialog (named by the header), on the dialog stack; the page behind does not scroll.
  useLayoutEffect(() => {
    const a = area();
    if (!open || !a) return;
    a.setAttribute('role', 'dialog');
    a.setAttribute('aria-modal', 'true');
    a.setAttribute('aria-labelledby', titleId);
    pushDialog(dialogId);
    lockPageScroll();
    const onFocusIn = (event: FocusEvent) => {
      if (a.contains(event.target as Node)) lastFocused.current = event.target as HTMLElement;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      a.removeAttribute('role');
      a.removeAttribute('aria-modal');
      a.removeAttribute('aria-labelledby');
      removeDialog(dialogId);
      unlockPageScroll();
    };
  }, [open, titleId, dialogId]);

  // Covered: out of sight and of the accessibility tree. Shown again: focus back where it was inside
  // (the covering dialog could not give it back to an element hidden here).
  useLayoutEffect(() => {
    const a = area();
    if (!a) return;
    if (covered) {
      a.hidden = true;
      a.setAttribute('aria-hidden', 'true');
      wasCovered.current = true;
      return () => {
        a.hidden = false;
        a.removeAttribute('aria-hidden');
      };
    }
    if (wasCovered.current && open && !a.contains(document.activeElement)) {
      const back = lastFocused.current;
      (back?.isConnected && a.contains(back) ? back : (tabbable(a)[0] ?? closeRef.current))?.focus();
    }
    wasCovered.current = false;
  }, [covered, open]);

  const close = useCallback(() => {
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  }, []);

  // Escape closes; Tab stays in the sheet (its header and the panel). A dialog over the sheet has the keys.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isTopDialog(dialogId)) return;
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const a = area();
      const items = [closeRef.current, ...(a ? tabbable(a) : [])].filter((el): el is HTMLElement => el !== null);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = items.includes(document.activeElement as HTMLElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close, dialogId]);

  const openOn = (side: Side, button: HTMLButtonElement) => {
    opener.current = button;
    setOpen(true);
    // The panel's own side choice, when it has one; then focus into the panel.
    requestAnimationFrame(() => {
      const a = area();
      const choice = a?.querySelector<HTMLButtonElement>(`[data-order-side="${side}"]`);
      if (choice && choice.getAttribute('aria-pressed') !== 'true') choice.click();
      (choice ?? (a && tabbable(a)[0]) ?? closeRef.current)?.focus();
    });
  };

  return (
    <>
      <span ref={anchor} hidden />
      <Global styles={layoutStyles} />
      {open && (
        <>
          <Backdrop data-testid="phone-sheet-backdrop" onClick={close} style={covered ? { display: 'none' } : undefined} />
          <SheetHeader style={covered ? { display: 'none' } : undefined} aria-hidden={covered || undefined}>
            <h2 id={titleId}>{text.sheet(symbol)}</h2>
            <CloseButton ref={closeRef} type="button" onClick={close}>
              {text.close}
            </CloseButton>
          </SheetHeader>
        </>
      )}
      {/* Kept while the sheet is open (hidden), so focus can go back to the button that opened it. */}
      <Bar role="group" aria-label={text.bar} data-testid="phone-order-bar" style={open ? { display: 'none' } : undefined}>
          <SideButton type="button" $side="BUY" onClick={(event) => openOn('BUY', event.currentTarget)}>
            {text.buy}
          </SideButton>
          <SideButton type="button" $side="SELL" onClick={(event) => openOn('SELL', event.currentTarget)}>
            {text.sell}
          </SideButton>
      </Bar>
    </>
  );
}
