// Toasts: anything on the page emits `toast:show` on the shared event bus (or calls showToast);
// the one ToastViewport the shell renders shows them. Errors are announced assertively, the rest
// politely. Each toast dismisses itself, pausing while hovered or focused.
import styled from '@emotion/styled';
import { useCallback, useEffect, useRef, useState } from 'react';
import { eventBus, type EventBus, type EventMap, type ToastKind, type ToastPayload } from '../events';
import { tokens } from '../theme/css-variables';
import { media } from '../theme/theme-definitions';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icons';
import { IconButton } from './IconButton';
import { useUiText } from './use-ui-text';

export const TOAST_CONFIG = {
  /** How long each kind stays (ms); errors longest, there is more to read and act on. */
  durationMs: { success: 4000, info: 5000, warning: 6000, error: 8000 } satisfies Record<ToastKind, number>,
  /** Older toasts give way beyond this many. */
  maxVisible: 4,
} as const;

/** Shows a toast from anywhere (any remote): emits `toast:show` on the shared bus. */
export const showToast = (payload: ToastPayload, bus: EventBus<EventMap> = eventBus): void => {
  bus.emit('toast:show', payload);
};

interface ToastEntry extends ToastPayload {
  id: number;
}

export interface ToastViewportProps {
  /** The bus to listen on; the page's shared bus by default. */
  bus?: EventBus<EventMap>;
  durationMs?: Partial<Record<ToastKind, number>>;
  maxVisible?: number;
}

const Viewport = styled.section`
  position: fixed;
  z-index: ${tokens.zIndex.toast};
  left: ${tokens.space.sm};
  right: ${tokens.space.sm};
  bottom: max(${tokens.space.sm}, env(safe-area-inset-bottom));
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  pointer-events: none;
  ${media.md} {
    left: auto;
    bottom: auto;
    top: ${tokens.space.lg};
    right: ${tokens.space.lg};
    width: 380px;
  }
`;

const Region = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
`;

const ACCENT: Record<ToastKind, string> = {
  success: tokens.colors.buyText,
  info: tokens.colors.primaryText,
  warning: tokens.colors.warningText,
  error: tokens.colors.dangerText,
};

const Card = styled.div<{ $kind: ToastKind }>`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-left: 4px solid ${({ $kind }) => ACCENT[$kind]};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceElevated};
  color: ${tokens.colors.text};
  box-shadow: ${tokens.shadows.md};
  pointer-events: auto;
`;

const KindIcon = styled.span<{ $kind: ToastKind }>`
  display: inline-flex;
  flex: none;
  padding-top: 2px;
  color: ${({ $kind }) => ACCENT[$kind]};
`;

const Text = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Title = styled.p`
  margin: 0;
  font-weight: ${tokens.fontWeights.semibold};
  font-size: ${tokens.fontSizes.sm};
`;

const Description = styled.p`
  margin: ${tokens.space.xxs} 0 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const DismissButton = styled(IconButton)`
  margin: -6px -6px 0 0;
`;

const ICONS: Record<ToastKind, typeof InfoIcon> = {
  success: CheckIcon,
  info: InfoIcon,
  warning: AlertIcon,
  error: AlertIcon,
};

interface ToastItemProps {
  toast: ToastEntry;
  durationMs: number;
  onDismiss: (id: number) => void;
}

const ToastItem = ({ toast, durationMs, onDismiss }: ToastItemProps) => {
  const { t } = useUiText();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(durationMs);

  useEffect(() => {
    if (paused) return undefined;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, onDismiss, toast.id]);

  const Icon = ICONS[toast.kind];
  return (
    <Card
      $kind={toast.kind}
      data-kind={toast.kind}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <KindIcon $kind={toast.kind}>
        <Icon size={18} />
      </KindIcon>
      <Text>
        <Title>{toast.title}</Title>
        {toast.description && <Description>{toast.description}</Description>}
      </Text>
      <DismissButton
        aria-label={t('dismissNotification')}
        icon={<CloseIcon size={16} />}
        size="sm"
        onClick={() => onDismiss(toast.id)}
      />
    </Card>
  );
};

let nextToastId = 1;

export const ToastViewport = ({ bus = eventBus, durationMs, maxVisible = TOAST_CONFIG.maxVisible }: ToastViewportProps) => {
  const { t } = useUiText();
  const [toasts, setToasts] = useState<ToastEntry[]>([]);

  useEffect(
    () =>
      bus.on('toast:show', (payload) => {
        setToasts((current) => {
          // The same message twice (three retries failing alike) is shown once.
          const duplicate = current.some(
            (toast) =>
              toast.kind === payload.kind && toast.title === payload.title && toast.description === payload.description,
          );
          if (duplicate) return current;
          return [...current, { ...payload, id: nextToastId++ }].slice(-maxVisible);
        });
      }),
    [bus, maxVisible],
  );

  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const durationOf = (kind: ToastKind) => durationMs?.[kind] ?? TOAST_CONFIG.durationMs[kind];
  const render = (toast: ToastEntry) => (
    <ToastItem key={toast.id} toast={toast} durationMs={durationOf(toast.kind)} onDismiss={dismiss} />
  );

  // Both live regions exist before any toast, so screen readers announce what is added to them.
  return (
    <Viewport aria-label={t('notifications')}>
      <Region role="status" aria-live="polite" aria-atomic="false">
        {toasts.filter((toast) => toast.kind !== 'error').map(render)}
      </Region>
      <Region role="alert" aria-live="assertive" aria-atomic="false">
        {toasts.filter((toast) => toast.kind === 'error').map(render)}
      </Region>
    </Viewport>
  );
};
