// The order panel's "select layout" choice (§2 order panel mode SelectLayout): a symbol with pro
// mode opens in CryptoAdvanced; a person who chose the simple panel keeps it while moving between
// symbols, for the rest of the visit.
import type { ChartLayoutKind } from '@pasar/shared';

let preferred: ChartLayoutKind | null = null;

export function rememberLayout(layout: ChartLayoutKind): void {
  preferred = layout;
}

/** The layout to show for a symbol whose own is `computed`. */
export function layoutFor(computed: ChartLayoutKind): ChartLayoutKind {
  return computed === 'CryptoAdvanced' && preferred === 'CryptoInstant' ? 'CryptoInstant' : computed;
}

/** Forgets the choice (tests). */
export function resetLayoutPreference(): void {
  preferred = null;
}
