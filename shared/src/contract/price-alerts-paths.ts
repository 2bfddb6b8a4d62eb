// Paths of the price alert calls (§3 "Price alert: targetPrice, createFromChart", §7 Other) and the
// area's plain constants (plain values: the browser index exports them without zod). Schemas:
// `price-alerts.ts`. Every call needs a login (§6 "creating alerts require passing a login");
// another user's alert id answers 404 (003), revealing nothing.
//
// A fired alert arrives as a notification (type PRICE_ALERT) on the private stream channel
// `notifications` ({type:'notification', notification, alert}), and by e-mail / Telegram as the
// user's notification settings say.

export const PRICE_ALERT_PATHS = {
  /** GET ?symbol=&status=: the user's alerts, newest first, with the limit (PriceAlertsResponse). POST CreatePriceAlertRequest. */
  alerts: '/api/price-alerts',
} as const;

/** `/api/price-alerts/:id`: GET one, PATCH UpdatePriceAlertRequest (a new target re-arms it), DELETE. */
export const priceAlertPath = (id: string): string => `${PRICE_ALERT_PATHS.alerts}/${encodeURIComponent(id)}`;

/** Which crossing of the target fires: price rising through it, falling through it, or either. */
export const PRICE_ALERT_DIRECTIONS = ['UP', 'DOWN', 'EITHER'] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];

/** ACTIVE: waiting for a crossing; TRIGGERED: a one-shot alert that fired (a PATCH with a new target re-arms it). */
export const PRICE_ALERT_STATUSES = ['ACTIVE', 'TRIGGERED'] as const;
export type PriceAlertStatus = (typeof PRICE_ALERT_STATUSES)[number];

/** Default limit of live (ACTIVE) alerts per user (4103 beyond); PriceAlertsResponse.limits says the live one. */
export const DEFAULT_PRICE_ALERT_LIMIT = 100;
export const PRICE_ALERT_NOTE_MAX = 200;

/** The analytics event a created alert records (§7 "analytics events fire on clicks (alert creation …)"). */
export const PRICE_ALERT_CREATED_EVENT = 'price_alert_created';
