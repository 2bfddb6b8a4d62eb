// Price alerts: create, list, change and delete a signed-in user's alerts. A target must be on the
// instrument's tick grid (4101; IDX by its price band) and not the current price (4102); a user
// holds at most `maxActive` live alerts (4103). Another user's alert is not found (003). Every
// change is handed to the engine's index here and announced to the other instances.
import { randomUUID } from 'node:crypto';
import type { CreatePriceAlertRequest, Instrument, PriceAlert, PriceAlertsQuery, PriceAlertsResponse, UpdatePriceAlertRequest } from '@pasar/shared/contract';
import { TradingDecimal, plain } from '@pasar/shared/trading';
import { AppError } from '../../http/app-error';
import { isOnIdxGrid } from '../../market/idx-rules';
import { armedState } from './crossing';
import type { AlertEngine } from './engine';
import type { AlertChange, PriceAlertRepo } from './repo';
import type { PriceAlertRow } from './tables';

export interface PriceAlertServiceDeps {
  readonly repo: PriceAlertRepo;
  readonly engine: Pick<AlertEngine, 'apply' | 'forget' | 'announce'>;
  readonly instrument: (symbol: string) => Instrument | undefined;
  /** The symbol's last price now. */
  readonly lastPrice: (symbol: string) => string;
  readonly maxActive: number;
  readonly now: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('003');

export function alertView(row: PriceAlertRow): PriceAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    assetType: row.assetType as PriceAlert['assetType'],
    targetPrice: plain(new TradingDecimal(row.targetPrice)),
    direction: row.direction,
    note: row.note,
    repeating: row.repeating,
    createFromChart: row.createFromChart,
    status: row.status,
    priceAtCreation: plain(new TradingDecimal(row.priceAtCreation)),
    triggerCount: row.crossings,
    lastTriggeredAt: row.lastTriggeredAt ? row.lastTriggeredAt.toISOString() : null,
    lastTriggeredPrice: row.lastTriggeredPrice === null ? null : plain(new TradingDecimal(row.lastTriggeredPrice)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether `price` is on the instrument's tick grid (IDX: the tick of its price band). */
export function onTick(inst: Instrument, price: string): boolean {
  const p = new TradingDecimal(price);
  if (inst.assetType === 'IDSS') return p.isInteger() && isOnIdxGrid(p.toNumber());
  return p.mod(inst.tickSize).isZero();
}

export function createPriceAlertService(deps: PriceAlertServiceDeps) {
  const { repo, engine } = deps;

  /** The armed state against the price now; 4101 off the tick, 4102 at the price. */
  function arm(inst: Instrument, target: string) {
    if (!onTick(inst, target)) throw new AppError('4101', { details: [{ path: 'targetPrice', message: `must be a multiple of ${inst.tickSize}` }] });
    const price = plain(new TradingDecimal(deps.lastPrice(inst.symbol)));
    const state = armedState(target, price);
    if (!state) throw new AppError('4102', { details: [{ path: 'targetPrice', message: `the price is ${price} now` }] });
    return { price, state };
  }

  async function mine(userId: string, id: string): Promise<PriceAlertRow> {
    const row = UUID.test(id) ? await repo.one(userId, id) : null;
    if (!row) throw notFound();
    return row;
  }

  const changed = (row: PriceAlertRow) => {
    engine.apply([row]);
    engine.announce([row.id]);
  };

  return {
    async list(userId: string, query: PriceAlertsQuery): Promise<PriceAlertsResponse> {
      const rows = await repo.list(userId, { symbol: query.symbol?.toUpperCase(), status: query.status });
      return { items: rows.map(alertView), limits: { maxActive: deps.maxActive } };
    },

    async one(userId: string, id: string): Promise<PriceAlert> {
      return alertView(await mine(userId, id));
    },

    async create(userId: string, body: CreatePriceAlertRequest): Promise<PriceAlert> {
      const inst = deps.instrument(body.symbol);
      if (!inst) throw new AppError('002', { details: [{ path: 'symbol', message: `${body.symbol} is not a listed symbol` }] });
      const target = plain(new TradingDecimal(body.targetPrice));
      const { price, state } = arm(inst, target);
      const at = deps.now();
      const row: PriceAlertRow = {
        id: randomUUID(),
        userId,
        symbol: inst.symbol,
        assetType: inst.assetType,
        targetPrice: target,
        direction: body.direction,
        note: body.note ? body.note : null,
        repeating: body.repeating,
        createFromChart: body.createFromChart,
        status: 'ACTIVE',
        priceAtCreation: price,
        waitFor: state.waitFor,
        strict: state.strict,
        crossings: 0,
        lastTriggeredAt: null,
        lastTriggeredPrice: null,
        createdAt: at,
        updatedAt: at,
      };
      if (!(await repo.create(row, deps.maxActive))) {
        throw new AppError('4103', { details: [{ path: 'symbol', message: `at most ${deps.maxActive} active alerts` }] });
      }
      changed(row);
      return alertView(row);
    },

    async update(userId: string, id: string, body: UpdatePriceAlertRequest): Promise<PriceAlert> {
      const current = await mine(userId, id);
      let change: AlertChange = {
        ...(body.direction !== undefined ? { direction: body.direction } : {}),
        ...(body.note !== undefined ? { note: body.note ? body.note : null } : {}),
        ...(body.repeating !== undefined ? { repeating: body.repeating } : {}),
      };
      if (body.targetPrice !== undefined) {
        const inst = deps.instrument(current.symbol);
        if (!inst) throw new AppError('002', { details: [{ path: 'symbol', message: `${current.symbol} is no longer listed` }] });
        const target = plain(new TradingDecimal(body.targetPrice));
        change = { ...change, targetPrice: target, rearm: arm(inst, target) };
      }
      const updated = await repo.update(userId, id, change, deps.now(), deps.maxActive);
      if (updated === 'limit') throw new AppError('4103', { details: [{ path: 'targetPrice', message: `at most ${deps.maxActive} active alerts` }] });
      if (!updated) throw notFound();
      changed(updated);
      return alertView(updated);
    },

    async remove(userId: string, id: string): Promise<{ deleted: true }> {
      if (!UUID.test(id) || !(await repo.remove(userId, id))) throw notFound();
      engine.forget([id]);
      engine.announce([id]);
      return { deleted: true };
    },
  };
}

export type PriceAlertService = ReturnType<typeof createPriceAlertService>;
