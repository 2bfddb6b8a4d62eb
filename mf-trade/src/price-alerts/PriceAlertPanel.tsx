// The PriceAlert trading view (§2, §3 "targetPrice, createFromChart"): a form for a new alert of
// the open symbol (target, direction, note, one-shot or repeating), prefilled by the chart's
// "alert at this price" (the store's `ui.priceAlertData`), and the user's alerts of the symbol to
// edit or delete. Bad input is refused by the field before anything is sent, and the server's
// refusals (off tick 4101, the current price 4102, the limit 4103) show by the field: nothing
// changes. After the first alert, the person may allow system notifications (the one moment that
// says why). Loaded lazily with its strings.
import styled from '@emotion/styled';
import {
  appStore,
  Badge,
  Button,
  ButtonLink,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  eventBus,
  Field,
  isApiError,
  plainTextProblem,
  Select,
  showToast,
  Skeleton,
  Stack,
  TextInput,
  tokens,
  useAppStore,
  useLocation,
  type PriceAlert,
  type PriceAlertDirection,
} from '@pasar/shared';
import { PRICE_ALERT_CREATED_EVENT } from '@pasar/shared/contract/price-alerts-paths';
import { enableSystemNotifications, systemNotificationState } from '@pasar/shared/system-notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { PanelHeading, PanelNote } from '../components/panel-text';
import { useTradeT } from '../i18n';
import { registerAlertsTranslations } from '../i18n/alerts';
import { formatPrice, type PriceFormat } from '../market/price-format';
import { useLiveTicker } from '../market/use-live-market';
import { alertsStore, dropAlert, loadAlerts, priceAlerts, putAlert } from './alerts-state';
import { targetOnTick, targetProblem } from './alert-target';

registerAlertsTranslations();

const DIRECTIONS: readonly PriceAlertDirection[] = ['EITHER', 'UP', 'DOWN'];
/** Server refusals that are about the target (shown by the field). */
const TARGET_CODES = new Set(['4101', '4102', '002']);

const List = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${tokens.space.xs};
    padding: ${tokens.space.sm} 0;
    border-bottom: 1px solid ${tokens.colors.border};
  }
  strong {
    font-family: ${tokens.fonts.mono};
    font-variant-numeric: tabular-nums;
  }
`;

const Check = styled.label`
  display: flex;
  gap: ${tokens.space.xs};
  align-items: center;
  font-size: ${tokens.fontSizes.sm};
  input {
    width: 20px;
    height: 20px;
    accent-color: ${tokens.colors.primary};
  }
`;

const Prompt = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
  background: ${tokens.colors.surfaceSunken};
  p {
    margin: 0;
  }
`;

interface Draft {
  target: string;
  direction: PriceAlertDirection;
  note: string;
  repeating: boolean;
  fromChart: boolean;
}

const emptyDraft = (target = '', fromChart = false): Draft => ({ target, direction: 'EITHER', note: '', repeating: false, fromChart });

export interface PriceAlertPanelProps {
  symbol: string;
  tick: string;
  format: PriceFormat;
}

function AlertForm({ symbol, tick, format, editing, onDone }: PriceAlertPanelProps & { editing: PriceAlert | null; onDone: () => void }) {
  const { t } = useTradeT();
  const ticker = useLiveTicker(symbol);
  const picked = useAppStore((state) => state.ui.priceAlertData);
  const [draft, setDraft] = useState<Draft>(() =>
    editing ? { target: editing.targetPrice, direction: editing.direction, note: editing.note ?? '', repeating: editing.repeating, fromChart: editing.createFromChart } : emptyDraft(),
  );
  const [problem, setProblem] = useState<string | null>(null);
  // The note is checked as it is typed (pasted control characters), its message by the field.
  const noteProblem = plainTextProblem(draft.note.trim(), true);
  const [sending, setSending] = useState(false);
  const [askSystem, setAskSystem] = useState(false);

  // The spec's "price alert modal open" flag: up while the alert form is on screen.
  useEffect(() => {
    appStore.getState().setPriceAlertModalOpen(!askSystem);
    return () => appStore.getState().setPriceAlertModalOpen(false);
  }, [askSystem]);

  // "Alert at this price" on the chart: the picked price, on the tick grid, fills the target.
  useEffect(() => {
    if (editing || !picked || picked.symbol !== symbol || !picked.targetPrice) return;
    setDraft((d) => ({ ...d, target: targetOnTick(picked.targetPrice!, tick), fromChart: picked.createFromChart ?? false }));
    setProblem(null);
    appStore.getState().setPriceAlertData(null);
  }, [picked, symbol, tick, editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = targetProblem(draft.target, tick, editing ? undefined : ticker.data?.price);
    if (local) {
      setProblem(t(`alerts.${local}`, { tick }));
      return;
    }
    if (noteProblem) return;
    setSending(true);
    try {
      const target = draft.target.trim();
      const saved = editing
        ? await priceAlerts().update(editing.id, { targetPrice: target, direction: draft.direction, note: draft.note.trim() || null, repeating: draft.repeating })
        : await priceAlerts().create({
            symbol,
            targetPrice: target,
            direction: draft.direction,
            ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
            repeating: draft.repeating,
            createFromChart: draft.fromChart,
          });
      putAlert(saved);
      // §7: creating an alert is an analytics event (with where it was made).
      if (!editing) eventBus.emit('analytics:track', { name: PRICE_ALERT_CREATED_EVENT, properties: { symbol, createFromChart: draft.fromChart } });
      showToast({ kind: 'success', title: t(editing ? 'alerts.updated' : 'alerts.created', { symbol, price: formatPrice(saved.targetPrice, format) }) });
      setProblem(null);
      setDraft(emptyDraft());
      if (!editing && systemNotificationState() === 'ask') setAskSystem(true);
      else onDone();
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      if (isApiError(error) && TARGET_CODES.has(error.code)) setProblem(message);
      else showToast({ kind: 'error', title: message });
    } finally {
      setSending(false);
    }
  };

  if (askSystem) {
    return (
      <Prompt role="region" aria-label={t('alerts.systemTitle')}>
        <strong>{t('alerts.systemTitle')}</strong>
        <p>{t('alerts.systemBody')}</p>
        <Stack direction="row" gap="sm" wrap>
          <Button
            size="sm"
            onClick={() => {
              void enableSystemNotifications().finally(() => {
                setAskSystem(false);
                onDone();
              });
            }}
          >
            {t('alerts.systemAllow')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setAskSystem(false);
              onDone();
            }}
          >
            {t('alerts.systemLater')}
          </Button>
        </Stack>
      </Prompt>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t(editing ? 'alerts.editForm' : 'alerts.form')} data-testid="alert-form">
      <Stack gap="sm">
        <PanelHeading>{t(editing ? 'alerts.editForm' : 'alerts.form')}</PanelHeading>
        <Field
          label={t('alerts.target')}
          error={problem}
          hint={ticker.data ? t('alerts.current', { price: formatPrice(ticker.data.price, format) }) : undefined}
          required
        >
          <TextInput
            inputMode="decimal"
            autoComplete="off"
            value={draft.target}
            onChange={(e) => {
              setDraft({ ...draft, target: e.target.value });
              setProblem(null);
            }}
            endAdornment={format.currency}
          />
        </Field>
        {draft.fromChart && !editing && <Badge $tone="neutral">{t('alerts.fromChart')}</Badge>}
        <Field label={t('alerts.direction')}>
          <Select
            value={draft.direction}
            onChange={(e) => setDraft({ ...draft, direction: e.target.value as PriceAlertDirection })}
            options={DIRECTIONS.map((d) => ({ value: d, label: t(`alerts.directions.${d}`) }))}
          />
        </Field>
        <Field label={t('alerts.note')} error={noteProblem ? t(noteProblem) : null}>
          <TextInput value={draft.note} maxLength={200} onChange={(e) => setDraft({ ...draft, note: e.target.value })} />
        </Field>
        <Check>
          <input type="checkbox" checked={draft.repeating} onChange={(e) => setDraft({ ...draft, repeating: e.target.checked })} />
          {t('alerts.repeating')}
        </Check>
        <Stack direction="row" gap="sm" wrap>
          <Button type="submit" loading={sending}>
            {t(editing ? 'alerts.save' : 'alerts.create')}
          </Button>
          {editing && (
            <Button type="button" variant="ghost" onClick={onDone}>
              {t('alerts.cancel')}
            </Button>
          )}
        </Stack>
      </Stack>
    </form>
  );
}

export function PriceAlertPanel(props: PriceAlertPanelProps) {
  const { symbol, format } = props;
  const { t } = useTradeT();
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const { pathname, search } = useLocation();
  const { alerts, maxActive, error, symbol: loadedFor } = alertsStore();
  const [editing, setEditing] = useState<PriceAlert | null>(null);
  const [removing, setRemoving] = useState<PriceAlert | null>(null);

  useEffect(() => {
    appStore.getState().setPriceAlertSidebar({ open: true });
    return () => appStore.getState().setPriceAlertSidebar({ open: false });
  }, []);
  // Loaded here, and again whenever `ui.priceAlertSidebar.fetch` asks (alerts-state.ts).
  useEffect(() => {
    if (signedIn) void loadAlerts(symbol);
  }, [signedIn, symbol]);

  if (!signedIn) {
    return (
      <EmptyState
        compact
        headingLevel={3}
        title={t('alerts.form')}
        description={t('alerts.loginBody', { symbol })}
        action={
          <ButtonLink to="/login" state={{ from: `${pathname}${search}` }}>
            {t('alerts.login')}
          </ButtonLink>
        }
      />
    );
  }

  const mine = loadedFor === symbol ? alerts : null;
  const active = mine?.filter((a) => a.status === 'ACTIVE').length ?? 0;
  return (
    <Stack gap="lg" data-testid="price-alert-panel">
      <AlertForm key={editing?.id ?? 'new'} {...props} editing={editing} onDone={() => setEditing(null)} />
      <Stack gap="sm">
        <PanelHeading>{t('alerts.list', { symbol })}</PanelHeading>
        {error && !mine ? (
          <ErrorState compact headingLevel={4} title={t('alerts.loadError')} onRetry={() => void loadAlerts(symbol)} />
        ) : !mine ? (
          <Skeleton lines={3} />
        ) : mine.length === 0 ? (
          <PanelNote>{t('alerts.empty', { symbol })}</PanelNote>
        ) : (
          <List data-testid="alert-list">
            {mine.map((alert) => {
              const price = formatPrice(alert.targetPrice, format);
              return (
                <li key={alert.id} data-testid="alert-row">
                  <span>
                    <strong>{price}</strong> · {t(`alerts.directions.${alert.direction}`)}
                    <br />
                    <Badge $tone={alert.status === 'ACTIVE' ? 'success' : 'neutral'}>{t(`alerts.status.${alert.status}`)}</Badge>{' '}
                    {alert.repeating && <Badge $tone="neutral">{t('alerts.repeatingBadge')}</Badge>}
                    {alert.note && <PanelNote>{alert.note}</PanelNote>}
                  </span>
                  <Stack direction="row" gap="xs">
                    <Button size="sm" variant="secondary" aria-label={t('alerts.edit', { price })} onClick={() => setEditing(alert)}>
                      ✎
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={t('alerts.remove', { price })} onClick={() => setRemoving(alert)}>
                      ✕
                    </Button>
                  </Stack>
                </li>
              );
            })}
          </List>
        )}
        {maxActive !== null && mine && <PanelNote>{t('alerts.limit', { active, max: maxActive })}</PanelNote>}
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('alerts.removeTitle', { price: formatPrice(removing.targetPrice, format) }) : ''}
        tone="danger"
        confirmLabel={t('alerts.removeConfirm')}
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await priceAlerts().remove(removing.id);
            dropAlert(removing.id);
            showToast({ kind: 'success', title: t('alerts.removed') });
          } catch (failure) {
            showToast({ kind: 'error', title: isApiError(failure) ? failure.message : String(failure) });
          }
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
