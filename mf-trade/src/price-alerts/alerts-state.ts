// The signed-in user's price alerts of the open symbol: loaded by the PriceAlert view (or for the
// chart's lines), kept here in full, and mirrored into the shared store's spec UI state
// (`ui.priceAlertSidebar.userPriceAlerts`: the live ones, which the chart draws as lines). When
// something outside says the alerts changed (a fired alert on the live stream sets
// `ui.priceAlertSidebar.fetch`), the loaded symbol's alerts are fetched again, and the flag is
// cleared once they are.
import { api, appStore, type PriceAlert } from '@pasar/shared';
import { createPriceAlertsClient, type PriceAlertsClient } from '@pasar/shared/alerts-client';
import { create } from 'zustand';

export interface AlertsState {
  symbol: string | null;
  alerts: PriceAlert[] | null;
  maxActive: number | null;
  error: unknown;
}

export const alertsStore = create<AlertsState>(() => ({ symbol: null, alerts: null, maxActive: null, error: undefined }));

let client: PriceAlertsClient = createPriceAlertsClient(api);
/** Tests bind another client. */
export const setPriceAlertsClient = (next: PriceAlertsClient): void => {
  client = next;
};
export const priceAlerts = (): PriceAlertsClient => client;

function mirror(alerts: readonly PriceAlert[]): void {
  appStore.getState().setPriceAlertSidebar({
    fetch: false,
    userPriceAlerts: alerts
      .filter((alert) => alert.status === 'ACTIVE')
      .map((alert) => ({ id: alert.id, symbol: alert.symbol, targetPrice: alert.targetPrice, createFromChart: alert.createFromChart })),
  });
}

function put(alerts: PriceAlert[]): void {
  alertsStore.setState({ alerts });
  mirror(alerts);
}

let latest = 0;

/** Loads the alerts of `symbol` (newest first). */
export async function loadAlerts(symbol: string): Promise<void> {
  const call = (latest += 1);
  if (alertsStore.getState().symbol !== symbol) alertsStore.setState({ symbol, alerts: null, error: undefined });
  try {
    const answer = await client.list({ symbol });
    if (call !== latest) return;
    alertsStore.setState({ maxActive: answer.limits.maxActive, error: undefined });
    put(answer.items);
  } catch (error) {
    if (call !== latest) return;
    alertsStore.setState({ error });
    appStore.getState().setPriceAlertSidebar({ fetch: false });
  }
}

/** One alert as the server now has it (a new one first). */
export function putAlert(alert: PriceAlert): void {
  const current = alertsStore.getState().alerts ?? [];
  put(current.some((a) => a.id === alert.id) ? current.map((a) => (a.id === alert.id ? alert : a)) : [alert, ...current]);
}

export function dropAlert(id: string): void {
  put((alertsStore.getState().alerts ?? []).filter((a) => a.id !== id));
}

/** A chart line dragged to `targetPrice`: the alert moves there (and is armed again). */
export async function moveAlert(id: string, targetPrice: string): Promise<PriceAlert> {
  const alert = await client.update(id, { targetPrice });
  putAlert(alert);
  return alert;
}

// A logout forgets the previous person's alerts (and the chart's lines of them); a request to
// fetch them again reloads the symbol they were loaded for.
let signedInAs = appStore.getState().auth.accessToken !== null;
appStore.subscribe((state, previous) => {
  const now = state.auth.accessToken !== null;
  const loggedOut = signedInAs && !now;
  // Set first: what follows writes to the store, which calls this again.
  signedInAs = now;
  if (loggedOut) {
    latest += 1;
    alertsStore.setState({ symbol: null, alerts: null, maxActive: null, error: undefined });
    appStore.getState().setPriceAlertSidebar({ userPriceAlerts: [], fetch: false });
    return;
  }
  const asked = state.ui.priceAlertSidebar.fetch && !previous.ui.priceAlertSidebar.fetch;
  const symbol = alertsStore.getState().symbol;
  if (asked && now && symbol) void loadAlerts(symbol);
});
