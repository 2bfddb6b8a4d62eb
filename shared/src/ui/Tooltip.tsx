// Tooltip with the timings of §9: hover opens after 100 ms, a touch long-press after 700 ms, and
// a touch-opened tooltip stays 1500 ms after the finger lifts. Keyboard focus opens it too, and
// Escape dismisses it (WCAG 1.4.13). The text stays in the DOM so aria-describedby always reads it.
import styled from '@emotion/styled';
import {
  cloneElement,
  isValidElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP } from '../format/constants';
import { tokens } from '../theme/css-variables';
import { joinIds } from './merge-refs';

export const TOOLTIP_CONFIG = {
  enterDelayMs: TOOLTIP.enterDelayMs,
  touchEnterDelayMs: TOOLTIP.touchEnterDelayMs,
  touchLeaveDelayMs: TOOLTIP.touchLeaveDelayMs,
  maxWidthPx: TOOLTIP.maxWidth,
  /** Grace period to move the pointer from the trigger onto the tooltip. */
  hoverLeaveDelayMs: 100,
  /** Gap between trigger and tooltip, and minimum distance to the viewport edge. */
  offsetPx: 8,
} as const;

export type TooltipPlacement = 'top' | 'bottom';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link); it gets aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: TooltipPlacement;
  /** Also toggle on click or tap (info icons, where a tap is the natural gesture). */
  openOnClick?: boolean;
  className?: string;
}

const Anchor = styled.span`
  display: inline-flex;
  vertical-align: middle;
`;

const Bubble = styled.div`
  position: fixed;
  z-index: ${tokens.zIndex.tooltip};
  max-width: min(${TOOLTIP_CONFIG.maxWidthPx}px, calc(100vw - ${2 * TOOLTIP_CONFIG.offsetPx}px));
  padding: ${tokens.space.xs} ${tokens.space.sm};
  border-radius: ${tokens.radii.sm};
  background: ${tokens.colors.tooltipBackground};
  color: ${tokens.colors.tooltipText};
  box-shadow: ${tokens.shadows.md};
  font-size: ${tokens.fontSizes.sm};
  line-height: ${tokens.lineHeights.normal};
  overflow-wrap: anywhere;
  &[hidden] {
    display: none;
  }
`;

type Position = Pick<CSSProperties, 'top' | 'left'>;

export const Tooltip = ({ content, children, placement = 'top', openOnClick = false, className }: TooltipProps) => {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<Position>({ top: 0, left: 0 });
  const anchorRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Opened by a click or tap: stays until clicked again, Escape, blur or a tap elsewhere.
  const pinned = useRef(false);

  const clear = () => clearTimeout(timer.current);
  const schedule = useCallback((next: boolean, delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delayMs);
  }, []);
  const show = () => {
    clear();
    setOpen(true);
  };
  const hide = () => {
    clear();
    pinned.current = false;
    setOpen(false);
  };
  const togglePinned = () => {
    if (pinned.current) {
      hide();
    } else {
      show();
      pinned.current = true;
    }
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!anchorRef.current?.contains(target) && !bubbleRef.current?.contains(target)) hide();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const place = useCallback(() => {
    const anchor = anchorRef.current?.getBoundingClientRect();
    const bubble = bubbleRef.current?.getBoundingClientRect();
    if (!anchor || !bubble) return;
    const gap = TOOLTIP_CONFIG.offsetPx;
    const above = anchor.top - bubble.height - gap;
    const below = anchor.bottom + gap;
    const fitsAbove = above >= gap;
    const fitsBelow = below + bubble.height <= window.innerHeight - gap;
    const top = placement === 'top' ? (fitsAbove || !fitsBelow ? above : below) : fitsBelow || !fitsAbove ? below : above;
    const centred = anchor.left + anchor.width / 2 - bubble.width / 2;
    const left = Math.min(Math.max(centred, gap), Math.max(gap, window.innerWidth - bubble.width - gap));
    setPosition({ top: Math.max(top, gap), left });
  }, [placement]);

  useLayoutEffect(() => {
    if (!open) return undefined;
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, place]);

  const onPointerEnter = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch') schedule(true, TOOLTIP_CONFIG.enterDelayMs);
  };
  const onPointerLeave = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch' && !pinned.current) schedule(false, TOOLTIP_CONFIG.hoverLeaveDelayMs);
  };
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === 'touch') schedule(true, TOOLTIP_CONFIG.touchEnterDelayMs);
  };
  const onTouchEnd = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch' || pinned.current) return;
    // A short tap cancels the long-press; a shown tooltip lingers so it can be read.
    if (open) schedule(false, TOOLTIP_CONFIG.touchLeaveDelayMs);
    else clear();
  };

  const trigger = isValidElement(children)
    ? cloneElement(children, { 'aria-describedby': joinIds(children.props['aria-describedby'], id) })
    : children;

  return (
    <>
      <Anchor
        ref={anchorRef}
        className={className}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onPointerDown={onPointerDown}
        onPointerUp={onTouchEnd}
        onPointerCancel={onTouchEnd}
        onFocus={() => schedule(true, TOOLTIP_CONFIG.enterDelayMs)}
        onBlur={hide}
        onClick={openOnClick ? togglePinned : undefined}
      >
        {trigger}
      </Anchor>
      {createPortal(
        <Bubble
          ref={bubbleRef}
          id={id}
          role="tooltip"
          hidden={!open}
          style={position}
          onPointerEnter={clear}
          onPointerLeave={onPointerLeave}
        >
          {content}
        </Bubble>,
        document.body,
      )}
    </>
  );
};
