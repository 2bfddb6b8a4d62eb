// Where a person's total is, as two allocations that each add up to the total exactly: by market
// (the net-worth parts themselves) and by asset (each part split into the assets it holds, what a
// split leaves over going to the part's own currency: IDX sale proceeds not yet settled are IDR).
import type { AllocationSlice, NetWorth } from '@pasar/shared/contract';
import Decimal from 'decimal.js';

/** The asset a part's value is in when it is not split further (or what its split leaves over). */
const PART_CURRENCY: Record<string, string> = { IDR_CASH: 'IDR', USD_WALLETS: 'USD', USDT_MARGIN: 'USDT', US_CFD: 'USD', IDX: 'IDR' };

export interface AssetValue {
  readonly key: string;
  /** Whole Rupiah. */
  readonly valueIdr: Decimal.Value;
}

/** Slices with their percent of the positive slices' sum (2 decimals, half up), largest first; zero slices left out. */
export function slicesOf(values: ReadonlyMap<string, Decimal>): AllocationSlice[] {
  const entries = [...values].filter(([, v]) => !v.isZero());
  const positive = entries.reduce((sum, [, v]) => (v.gt(0) ? sum.plus(v) : sum), new Decimal(0));
  return entries
    .sort(([ka, a], [kb, b]) => b.comparedTo(a) || ka.localeCompare(kb))
    .map(([key, v]) => ({
      key,
      valueIdr: v.toFixed(0),
      percent: v.gt(0) && positive.gt(0) ? v.times(100).div(positive).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed() : '0',
    }));
}

/** By market and by asset; `assetsOf[part]` lists what a part holds (whole Rupiah each). */
export function allocationOf(worth: Pick<NetWorth, 'parts'>, assetsOf: Readonly<Record<string, readonly AssetValue[]>>): { byMarket: AllocationSlice[]; byAsset: AllocationSlice[] } {
  const byMarket = new Map<string, Decimal>();
  const byAsset = new Map<string, Decimal>();
  const add = (map: Map<string, Decimal>, key: string, value: Decimal.Value) => map.set(key, (map.get(key) ?? new Decimal(0)).plus(value));
  for (const part of worth.parts) {
    add(byMarket, part.key, part.valueIdr);
    let rest = new Decimal(part.valueIdr);
    for (const asset of assetsOf[part.key] ?? []) {
      add(byAsset, asset.key, asset.valueIdr);
      rest = rest.minus(asset.valueIdr);
    }
    if (!rest.isZero()) add(byAsset, PART_CURRENCY[part.key] ?? part.key, rest);
  }
  return { byMarket: slicesOf(byMarket), byAsset: slicesOf(byAsset) };
}
