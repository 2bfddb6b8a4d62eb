// What a saved chart's content and symbol may be: the content is the text of a JSON object within
// the size limit, kept as sent; a symbol is a listed instrument of any market, written as a ticker
// or as a symbol-info id ("CRYPTO:BTC-IDR", "USSTOCK:7"); a resolution one its market offers (§9).
import { CHART_STRIPPED_PREFIXES, MARKET_LIST, MARKETS, marketOfKind, type Instrument } from '@pasar/shared/contract';

/** "btc" → "BTC-IDR" (crypto is charted as short ticker plus its market's marker). */
const toIdrSymbol = (base: string): string => `${base.toUpperCase()}${MARKETS.crypto.symbolMarker}`;

export type ContentProblem = 'missing' | 'size' | 'json';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The content's text when it is a JSON object of at most `maxBytes` (UTF-8, no byte-order mark); else the problem. */
export function readChartContent(data: Buffer | null, maxBytes: number): { text: string } | { problem: ContentProblem } {
  if (data === null) return { problem: 'missing' };
  if (data.length > maxBytes) return { problem: 'size' };
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    return { problem: 'json' };
  }
  // JSON.parse walks without recursion limits of its own; a chart is one object.
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { problem: 'json' };
  } catch {
    return { problem: 'json' };
  }
  return { text };
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// A prefix right after the quote that opens a string, also inside JSON text nested in a string
// (`\"CRYPTO:BTC-IDR\"`): removing characters inside a string leaves the JSON valid.
const PREFIX_AT_STRING_START = new RegExp(`(")(?:${CHART_STRIPPED_PREFIXES.map(escapeRegex).join('|')})(?=[^"\\\\])`, 'g');

/** The content with crypto and US stock symbol prefixes stripped from its strings ("CRYPTO:BTC-IDR" → "BTC-IDR"); every other byte unchanged. */
export const stripSymbolPrefixes = (content: string): string => content.replace(PREFIX_AT_STRING_START, '$1');

/** What the module reads of the market registry. */
export interface ChartsMarket {
  instrument(symbol: string): Instrument | undefined;
  instruments(): readonly Instrument[];
}

/** The listed instrument a chart's symbol names, or undefined. */
export function chartInstrument(market: ChartsMarket, symbol: string): Instrument | undefined {
  const upper = symbol.trim().toUpperCase();
  const colon = upper.indexOf(':');
  if (colon === -1) return market.instrument(upper);
  const category = upper.slice(0, colon);
  const rest = upper.slice(colon + 1);
  const entry = MARKET_LIST.find((m) => m.symbolCategory === category);
  if (!entry || rest === '') return undefined;
  const inMarket = (inst: Instrument) => marketOfKind(inst.kind) === entry.id;
  if (/^\d+$/.test(rest)) return market.instruments().find((inst) => inMarket(inst) && String(inst.id) === rest);
  // A crypto symbol-info id may name the short ticker ("CRYPTO:BTC").
  const names = entry.id === MARKETS.crypto.id && !rest.includes('-') ? [rest, toIdrSymbol(rest)] : [rest];
  for (const name of names) {
    const inst = market.instrument(name);
    if (inst && inMarket(inst)) return inst;
  }
  return undefined;
}

/** The resolution as its market writes it ("1d" → "1D") when the instrument's market offers it; else undefined. */
export function chartResolution(inst: Instrument, resolution: string): string | undefined {
  const wanted = resolution.trim().toUpperCase();
  const offered: readonly string[] = MARKETS[marketOfKind(inst.kind)].resolutions;
  return offered.includes(wanted) ? wanted : undefined;
}

/** §7 Charts: a crypto symbol listed as short ticker + -IDR, others as their ticker; an unresolvable one as stored (§8). */
export function listedSymbol(market: ChartsMarket, stored: string): string {
  const inst = market.instrument(stored);
  if (!inst) return stored;
  return marketOfKind(inst.kind) === MARKETS.crypto.id ? toIdrSymbol(inst.shortName) : inst.symbol;
}
