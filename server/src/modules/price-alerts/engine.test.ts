// The alert engine's index without a database: the crossing rules on the index keys (strict waits
// one 10^-18 step beyond the target), and an alert changed while a reload reads the database is
// not lost when the reloaded index is swapped in.
import type { FastifyBaseLogger } from 'fastify';
import { armedState, cross, indexPrice, reaches } from './crossing';
import { AlertEngine } from './engine';
import type { PriceAlertRepo } from './repo';
import type { PriceAlertRow } from './tables';

const at = new Date('2026-11-26T00:00:00Z');
const row = (id: string, target: string, waitFor: 'UP' | 'DOWN', strict = false): PriceAlertRow => ({
  id, userId: 'u', symbol: 'BTC-IDR', assetType: 'CRYPTO', targetPrice: target, direction: 'EITHER', note: null, repeating: true,
  createFromChart: false, status: 'ACTIVE', priceAtCreation: '100', waitFor, strict, crossings: 0, lastTriggeredAt: null,
  lastTriggeredPrice: null, createdAt: at, updatedAt: at,
});
const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

/** An engine over a stand-in repo: `active` as given, `byIds` reads `rows` (the database now). */
function engineOver(active: () => Promise<PriceAlertRow[]>, rows: PriceAlertRow[] = []): AlertEngine {
  const repo = { active, byIds: async (ids: string[]) => rows.filter((r) => ids.includes(r.id)) } as unknown as PriceAlertRepo;
  return new AlertEngine({ repo, lastPrice: () => null, pubsub: null as never, log, notify: async () => null, intervalMs: 0, now: () => at });
}

describe('crossing rules', () => {
  it('arms toward the side the target lies on, and not at the price', () => {
    expect(armedState('110', '100')).toEqual({ waitFor: 'UP', strict: false });
    expect(armedState('90', '100')).toEqual({ waitFor: 'DOWN', strict: false });
    expect(armedState('100.0', '100')).toBeNull();
  });

  it('a crossing at the target makes the way back strict; one beyond it does not', () => {
    expect(cross({ waitFor: 'UP', strict: false }, 'UP', '100', '100')).toEqual({ fires: true, next: { waitFor: 'DOWN', strict: true } });
    expect(cross({ waitFor: 'UP', strict: false }, 'DOWN', '100', '105')).toEqual({ fires: false, next: { waitFor: 'DOWN', strict: false } });
    expect(reaches({ waitFor: 'DOWN', strict: true }, '100', '100')).toBe(false);
    expect(reaches({ waitFor: 'DOWN', strict: true }, '100', '99.99')).toBe(true);
  });

  it('keys the index so that it hits exactly what reaches() says', async () => {
    expect(indexPrice({ waitFor: 'UP', strict: true }, '100')).toBe('100.000000000000000001');
    expect(indexPrice({ waitFor: 'DOWN', strict: true }, '100')).toBe('99.999999999999999999');
    const engine = engineOver(async () => [row('up', '100', 'UP', true), row('down', '100', 'DOWN', true), row('plain', '101', 'UP')]);
    await engine.reload();
    expect(engine.hitsOf('BTC-IDR', '100').map((r) => r.id)).toEqual([]);
    expect(engine.hitsOf('BTC-IDR', '100.5').map((r) => r.id)).toEqual(['up']);
    expect(engine.hitsOf('BTC-IDR', '101').map((r) => r.id).sort()).toEqual(['plain', 'up']);
    expect(engine.hitsOf('BTC-IDR', '99').map((r) => r.id)).toEqual(['down']);
  });
});

describe('the engine index', () => {
  it('keeps an alert made while a reload read the database', async () => {
    let release!: (rows: PriceAlertRow[]) => void;
    const database = [row('old', '130', 'UP')];
    const engine = engineOver(() => new Promise((resolve) => (release = resolve)), database);
    const reloading = engine.reload();
    // Made (and committed) after the reload's read began: the read does not have it.
    database.push(row('new', '120', 'UP'));
    engine.apply([database[1]!]);
    release([row('old', '130', 'UP')]);
    await reloading;
    expect(engine.has('old')).toBe(true);
    expect(engine.has('new')).toBe(true);
  });
});
