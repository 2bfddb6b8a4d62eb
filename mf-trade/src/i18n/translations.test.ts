import { alertsEn } from './alerts-en';
import { alertsId } from './alerts-id';
import { assetEn } from './asset-en';
import { assetId } from './asset-id';
import { en } from './en';
import { id } from './id';
import { orderEn } from './order-en';
import { orderId } from './order-id';

/** Every leaf key path of a nested translation object: `home.title`. */
const keysOf = (messages: object, prefix = ''): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

const valuesOf = (messages: object): unknown[] =>
  Object.values(messages).flatMap((value) => (typeof value === 'object' && value !== null ? valuesOf(value) : [value]));

describe('trade translations', () => {
  it('have the same keys in Indonesian and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(id).sort());
    expect(keysOf(assetEn).sort()).toEqual(keysOf(assetId).sort());
    expect(keysOf(orderEn).sort()).toEqual(keysOf(orderId).sort());
  });

  it('keep the order panel’s strings apart from the others (no key twice in the one namespace)', () => {
    const others = new Set([...keysOf(id), ...keysOf(assetId)]);
    expect(keysOf(orderId).filter((key) => others.has(key))).toEqual([]);
    expect(keysOf(orderId)).toContain('ticket.reviewBUY');
  });

  it('keep the asset pages’ strings apart from the trade pages’ (merged into one namespace, no key twice)', () => {
    const trade = new Set(keysOf(id));
    expect(keysOf(assetId).filter((key) => trade.has(key))).toEqual([]);
    expect(keysOf(assetId)).toContain('asset.trade');
  });

  it('keep the Watchlist and PriceAlert views’ strings in both languages, apart from the others', () => {
    expect(keysOf(alertsEn).sort()).toEqual(keysOf(alertsId).sort());
    const others = new Set([...keysOf(id), ...keysOf(assetId), ...keysOf(orderId)]);
    expect(keysOf(alertsId).filter((key) => others.has(key))).toEqual([]);
    for (const value of [...valuesOf(alertsId), ...valuesOf(alertsEn)]) expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
  });

  it('have a non-empty string for every key', () => {
    for (const value of [...valuesOf(id), ...valuesOf(en), ...valuesOf(assetId), ...valuesOf(assetEn), ...valuesOf(orderId), ...valuesOf(orderEn)]) {
      expect(typeof value === 'string' && value.trim().length > 0).toBe(true);
    }
  });
});
