// Which ticket the order panel shows (§2 order panel modes; chart layouts CryptoInstant and
// CryptoAdvanced). A pro user (the PRO_USER tag, §6) starts in pro mode, everyone else in simple
// mode; a choice made with "select layout" holds for the rest of the visit. The page's chart
// layout follows the panel while a signed-in panel is on screen.
import type { ChartLayoutKind } from '@pasar/shared';

type TicketLayout = Extract<ChartLayoutKind, 'CryptoInstant' | 'CryptoAdvanced'>;

let chosen: TicketLayout | null = null;
let shown: TicketLayout | null = null;

/** The layout picked in "select layout" (null: none picked this visit). */
export const chosenLayout = (): TicketLayout | null => chosen;

export function chooseLayout(layout: TicketLayout): void {
  chosen = layout;
}

/** What the signed-in panel shows now (null: no panel). */
export function showLayout(layout: TicketLayout | null): void {
  shown = layout;
}

/** The layout of the page for a symbol whose own is `computed`: the panel's, when it shows the simple ticket. */
export function layoutFor(computed: ChartLayoutKind): ChartLayoutKind {
  return computed === 'CryptoAdvanced' && shown === 'CryptoInstant' ? 'CryptoInstant' : computed;
}

/** Forgets both (tests). */
export function resetLayoutPreference(): void {
  chosen = null;
  shown = null;
}
