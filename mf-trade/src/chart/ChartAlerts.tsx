// The trade chart's side of the price alerts, for a signed-in person only (a chunk of its own:
// the guest's page does not carry it): their live alerts of the symbol as lines (the shared
// store's `ui.priceAlertSidebar.userPriceAlerts`, loaded from the alerts chunk), a dropped line
// moving its alert (PATCH, then the new target), and "alert at a price": the next click on the
// chart opens the PriceAlert view with that price (`ui.priceAlertData`, createFromChart).
import styled from '@emotion/styled';
import { appStore, isApiError, showToast, tokens, useAppStore } from '@pasar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTradeT } from '../i18n';
import { registerAlertsTranslations } from '../i18n/alerts';
import { formatPrice, type PriceFormat } from '../market/price-format';
import type { AlertLineHandlers, ChartAlertLine } from './alert-lines';
import { ChartToolButton } from './ChartToolbar';

registerAlertsTranslations();

const alertsChunk = () => import(/* webpackChunkName: "price-alerts" */ '../price-alerts/alerts-state');
const targetChunk = () => import(/* webpackChunkName: "price-alerts" */ '../price-alerts/alert-target');

/** What the chart draws and does for the alerts. */
export interface ChartAlertState {
  lines: readonly ChartAlertLine[];
  handlers: AlertLineHandlers | null;
  picking: boolean;
}

const PickButton = ChartToolButton;

const Hint = styled.p`
  flex-basis: 100%;
  margin: ${tokens.space.xxs} 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

export interface ChartAlertsProps {
  symbol: string;
  tick: string;
  format: PriceFormat;
  onChange(state: ChartAlertState): void;
}

/** The "alert at a price" button (and its hint while picking); reports the lines and handlers up. */
export function ChartAlerts({ symbol, tick, format, onChange }: ChartAlertsProps) {
  const { t } = useTradeT();
  const all = useAppStore((state) => state.ui.priceAlertSidebar.userPriceAlerts);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    alertsChunk().then(
      (m) => m.loadAlerts(symbol),
      (error: unknown) => console.error('[trade] price alerts chunk failed', error),
    );
  }, [symbol]);

  // Esc leaves the pick mode.
  useEffect(() => {
    if (!picking) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicking(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picking]);

  const title = t('alerts.line');
  const lines = useMemo(
    () => all.filter((alert) => alert.symbol === symbol).map((alert) => ({ id: alert.id, price: alert.targetPrice, title })),
    [all, symbol, title],
  );

  const handlers = useMemo<AlertLineHandlers>(() => {
    return {
      onPick(price) {
        setPicking(false);
        void targetChunk().then(({ targetOnTick }) => {
          appStore.getState().setPriceAlertData({ symbol, targetPrice: targetOnTick(price, tick), createFromChart: true });
          appStore.getState().setMisc({ tradingView: 'PriceAlert' });
        });
      },
      onMove(id, price) {
        void Promise.all([alertsChunk(), targetChunk()])
          .then(([alerts, { targetOnTick }]) => alerts.moveAlert(id, targetOnTick(price, tick)))
          .then(
            (alert) => showToast({ kind: 'success', title: t('alerts.updated', { price: formatPrice(alert.targetPrice, format) }) }),
            (error: unknown) => {
              showToast({ kind: 'error', title: isApiError(error) ? error.message : String(error) });
              // The line goes back where the alert is.
              appStore.getState().setPriceAlertSidebar({ userPriceAlerts: [...appStore.getState().ui.priceAlertSidebar.userPriceAlerts] });
            },
          );
      },
    };
  }, [symbol, tick, format, t]);

  useEffect(() => {
    onChange({ lines, handlers, picking });
  }, [lines, handlers, picking, onChange]);
  // Gone (a logout, another page): no lines, no pick.
  useEffect(() => () => onChange({ lines: [], handlers: null, picking: false }), [onChange]);

  return (
    <>
      <PickButton type="button" aria-pressed={picking} onClick={() => setPicking(!picking)}>
        {t('alerts.pickAt')}
      </PickButton>
      {picking && <Hint role="status">{t('alerts.pickHint')}</Hint>}
    </>
  );
}
