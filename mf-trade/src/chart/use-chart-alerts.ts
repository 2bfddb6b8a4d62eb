// The trade chart's side of the price alerts: the signed-in person's live alerts of the symbol as
// lines (the shared store's `ui.priceAlertSidebar.userPriceAlerts`, loaded from the alerts chunk,
// which only a signed-in page fetches), a dropped line moving its alert (PATCH, then the new
// target), and "alert at this price": the next click on the chart opens the PriceAlert view with
// that price (`ui.priceAlertData`, createFromChart). A guest gets no lines and no pick.
import { appStore, isApiError, showToast, useAppStore } from '@pasar/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTradeT } from '../i18n';
import { formatPrice, type PriceFormat } from '../market/price-format';
import type { AlertLineHandlers, ChartAlertLine } from './alert-lines';

const alertsChunk = () => import(/* webpackChunkName: "price-alerts" */ '../price-alerts/alerts-state');
const targetChunk = () => import(/* webpackChunkName: "price-alerts" */ '../price-alerts/alert-target');

export interface ChartAlerts {
  signedIn: boolean;
  lines: readonly ChartAlertLine[];
  handlers: AlertLineHandlers | null;
  picking: boolean;
  setPicking(picking: boolean): void;
}

export function useChartAlerts(symbol: string, tick: string, format: PriceFormat): ChartAlerts {
  const { t } = useTradeT();
  const signedIn = useAppStore((state) => !state.guestMode && state.auth.accessToken !== null);
  const all = useAppStore((state) => state.ui.priceAlertSidebar.userPriceAlerts);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    alertsChunk().then(
      (m) => m.loadAlerts(symbol),
      (error: unknown) => console.error('[trade] price alerts chunk failed', error),
    );
  }, [signedIn, symbol]);

  // Esc leaves the pick mode.
  useEffect(() => {
    if (!picking) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicking(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [picking]);

  const title = t('chart.alertLine');
  const lines = useMemo(
    () => (signedIn ? all.filter((alert) => alert.symbol === symbol).map((alert) => ({ id: alert.id, price: alert.targetPrice, title })) : []),
    [all, symbol, signedIn, title],
  );

  const handlers = useMemo<AlertLineHandlers | null>(() => {
    if (!signedIn) return null;
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
            (alert) => showToast({ kind: 'success', title: t('chart.alertMoved', { price: formatPrice(alert.targetPrice, format) }) }),
            (error: unknown) => {
              showToast({ kind: 'error', title: isApiError(error) ? error.message : String(error) });
              // The line goes back where the alert is.
              appStore.getState().setPriceAlertSidebar({ userPriceAlerts: [...appStore.getState().ui.priceAlertSidebar.userPriceAlerts] });
            },
          );
      },
    };
  }, [signedIn, symbol, tick, format, t]);

  return { signedIn, lines, handlers, picking, setPicking };
}
