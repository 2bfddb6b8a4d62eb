// Price alerts (§3 "Price alert: targetPrice, createFromChart", §6 login needed) — zod schemas and
// their types, and the private stream event of a notification. Paths and plain constants:
// `price-alerts-paths.ts`. Prices are decimal strings on the instrument's tick grid.
import { DecimalString } from './envelope';
import { AssetType } from './enums';
import type { UserNotification } from './account';
import { z } from './zod';
import { plainLine, plainMultiLine } from './text';
import { PRICE_ALERT_DIRECTIONS, PRICE_ALERT_NOTE_MAX, PRICE_ALERT_STATUSES } from './price-alerts-paths';

const IsoDateTime = z.string().describe('ISO 8601 date-time');
const PositiveDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a positive decimal number written as a string')
  .refine((v) => /[1-9]/.test(v), 'must be above 0');

export const PriceAlertDirectionEnum = z.enum(PRICE_ALERT_DIRECTIONS);
export const PriceAlertStatusEnum = z.enum(PRICE_ALERT_STATUSES);

export const PriceAlert = z.object({
  id: z.string(),
  symbol: z.string(),
  assetType: AssetType,
  targetPrice: DecimalString,
  direction: PriceAlertDirectionEnum,
  note: z.string().nullable(),
  /** false: one-shot (TRIGGERED after it fires); true: fires again after the price moved back across. */
  repeating: z.boolean(),
  createFromChart: z.boolean(),
  status: PriceAlertStatusEnum,
  /** The price when it was made (or last moved): which side of the target it started on. */
  priceAtCreation: DecimalString,
  /** How many times it fired. */
  triggerCount: z.number().int(),
  lastTriggeredAt: IsoDateTime.nullable(),
  lastTriggeredPrice: DecimalString.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type PriceAlert = z.infer<typeof PriceAlert>;

export const PriceAlertsQuery = z.object({
  symbol: z.string().min(1).max(32).optional(),
  status: PriceAlertStatusEnum.optional(),
});
export type PriceAlertsQuery = z.infer<typeof PriceAlertsQuery>;
export const PriceAlertsResponse = z.object({
  items: z.array(PriceAlert),
  /** maxActive: live (ACTIVE) alerts a user may hold (4103 beyond). */
  limits: z.object({ maxActive: z.number().int() }),
});
export type PriceAlertsResponse = z.infer<typeof PriceAlertsResponse>;

export const CreatePriceAlertRequest = z.object({
  symbol: plainLine().min(1).max(32).transform((s) => s.toUpperCase()),
  /** On the instrument's tick (4101 otherwise) and not the current price (4102). */
  targetPrice: PositiveDecimal,
  direction: PriceAlertDirectionEnum.default('EITHER'),
  note: plainMultiLine().max(PRICE_ALERT_NOTE_MAX).optional(),
  repeating: z.boolean().default(false),
  /** Made from the chart (a line placed, or "alert at this price"). */
  createFromChart: z.boolean().default(false),
});
export type CreatePriceAlertRequest = z.infer<typeof CreatePriceAlertRequest>;
export type CreatePriceAlertInput = z.input<typeof CreatePriceAlertRequest>;

/** What to change; a new targetPrice (a dragged chart line) re-arms the alert against the current price. */
export const UpdatePriceAlertRequest = z
  .object({
    targetPrice: PositiveDecimal.optional(),
    direction: PriceAlertDirectionEnum.optional(),
    note: plainMultiLine().max(PRICE_ALERT_NOTE_MAX).nullable().optional(),
    repeating: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to change');
export type UpdatePriceAlertRequest = z.infer<typeof UpdatePriceAlertRequest>;
export const PriceAlertIdParams = z.object({ id: z.string().min(1).max(64) });

/** The crossing a fired alert reports. */
export const FiredPriceAlert = z.object({
  alertId: z.string(),
  symbol: z.string(),
  assetType: AssetType,
  targetPrice: DecimalString,
  /** The crossing that fired: the price rose to/through the target (UP) or fell (DOWN). */
  crossed: z.enum(['UP', 'DOWN']),
  /** The price of the tick that crossed. */
  price: DecimalString,
  /** 1 for the first firing, then 2, 3, … (repeating alerts). */
  crossing: z.number().int(),
  firedAt: IsoDateTime,
  note: z.string().nullable(),
});
export type FiredPriceAlert = z.infer<typeof FiredPriceAlert>;

/**
 * The private stream channel `notifications`: `{type:'event', channel:'notifications', data}` with
 * this data, once per notification put in the user's centre (in-app on). `alert` is there for a
 * PRICE_ALERT; `notification.link` says where it leads.
 */
export interface NotificationStreamEvent {
  readonly type: 'notification';
  readonly notification: UserNotification;
  readonly alert?: FiredPriceAlert;
}
