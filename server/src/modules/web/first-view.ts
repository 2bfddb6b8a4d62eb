// The first view of the guest explore page (`/trade/USDT-IDR`), written into the HTML the server
// sends: the header bar, the page's title and line, and the symbol's card with its last price,
// so the page shows what it is about at first paint instead of after React and the trade remote
// have loaded (LCP waited ~3 s for them on a throttled phone). The shell renders the app beside
// it, hidden, and swaps the two in one frame once the app shows the live price (`data-ready-when`);
// the first view is inert: its only control is the wordmark's link home.
import { formatCompact, formatCurrency, formatPercentChange, parseDecimal, type CurrencyCode } from '@pasar/shared/format';
import { breakpoints, getTheme, themeToCssVariables, type Theme } from '@pasar/shared/theme/tokens';
import { splitLocalePrefix } from '@pasar/shared/contract';

/** The page a first view exists for, and its symbol. */
export const FIRST_VIEW_PATH = '/trade/USDT-IDR';
export const FIRST_VIEW_SYMBOL = 'USDT-IDR';

/** The elements of the app that stand for the first view's content once they are on screen. */
export const FIRST_VIEW_READY_WHEN = '[data-testid="last-price"], [data-testid="remote-unavailable"]';

/** The theme cookie (§3 "Locally stored": `theme`), as the shell writes it. */
export const THEME_COOKIE = 'theme';

type Language = 'id' | 'en';

// The explore page's own words (mf-trade's `explore` and `header` strings, the same text).
const TEXT: Record<Language, { title: string; intro: string; market: string; high: string; low: string; volume: string; home: string }> = {
  id: {
    title: 'Jelajahi USDT-IDR',
    intro: 'Lihat pergerakan USDT terhadap rupiah secara langsung, tanpa perlu masuk.',
    market: 'Kripto',
    high: 'Tertinggi 24j',
    low: 'Terendah 24j',
    volume: 'Volume 24j',
    home: 'Pasar, ke halaman trading',
  },
  en: {
    title: 'Explore USDT-IDR',
    intro: 'Follow USDT against the rupiah live, no login needed.',
    market: 'Crypto',
    high: '24h high',
    low: '24h low',
    volume: '24h volume',
    home: 'Pasar, to the trading page',
  },
};

export interface FirstViewTicker {
  price: string;
  changePercent24h: string;
  high24h: string;
  low24h: string;
  volume24h: string;
}

export interface FirstViewInstrument {
  name: string;
  quoteCurrency: CurrencyCode;
  pricePrecision: number;
}

export interface FirstViewInput {
  language: Language;
  /** The theme the person chose (cookie); null follows the device's light or dark setting. */
  theme: 'light' | 'dark' | null;
  instrument: FirstViewInstrument;
  ticker: FirstViewTicker;
}

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The theme's variables; `except`'s own values left out (the dark palette differs in its colours only). */
const declarations = (theme: Theme, except?: Theme): string => {
  const skip = except ? themeToCssVariables(except) : {};
  return Object.entries(themeToCssVariables(theme))
    .filter(([name, value]) => skip[name] !== value)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
};

/**
 * The theme's variables on `<html>` as the shell's applyTheme sets them (its inline values win
 * once it runs), and the first view's layout: the shell's header bar and the kit's page gutters,
 * mf-trade's title, line and symbol card, so nothing moves when the app takes over.
 */
function styles(theme: FirstViewInput['theme']): string {
  const light = `:root{${declarations(getTheme('light'))};color-scheme:light}`;
  const dark = (over?: Theme) => `:root{${declarations(getTheme('dark'), over)};color-scheme:dark}`;
  const palette =
    theme === 'dark' ? dark() : theme === 'light' ? light : `${light}@media (prefers-color-scheme:dark){${dark(getTheme('light'))}}`;
  const v = (name: string) => `var(--pasar-${name})`;
  return [
    palette,
    `body{margin:0;min-width:320px;font-family:${v('font-body')};font-size:${v('font-size-md')};line-height:${v('line-height-normal')};color:${v('color-text')};background:${v('color-background')}}`,
    '.fv *,.fv *::before,.fv *::after{box-sizing:border-box}',
    `.fv-bar{display:flex;align-items:center;height:56px;padding:0 ${v('space-sm')};background:${v('color-surface')};border-bottom:1px solid ${v('color-border')}}`,
    `.fv-home{color:${v('color-primary-text')};font-size:${v('font-size-lg')};font-weight:${v('font-weight-bold')};letter-spacing:-0.02em;text-decoration:none}`,
    `.fv-page{max-width:1440px;margin:0 auto;padding:${v('space-lg')};display:flex;flex-direction:column;gap:${v('space-md')}}`,
    `.fv h1{margin:0;font-size:${v('font-size-xl')};line-height:${v('line-height-tight')}}`,
    `.fv-intro{margin:0;color:${v('color-text-muted')}}`,
    `.fv-frames{display:flex;flex-wrap:wrap;justify-content:space-between;gap:${v('space-md')}}`,
    `.fv-frame{height:44px;flex:1 1 100%;border-radius:${v('radius-md')};background:${v('color-surface-sunken')}}`,
    `.fv-card{display:flex;flex-wrap:wrap;align-items:center;gap:${v('space-md')} ${v('space-xl')};padding:${v('space-md')} ${v('space-lg')};border:1px solid ${v('color-border')};border-radius:${v('radius-lg')};background:${v('color-surface')}}`,
    `.fv-id{display:flex;align-items:center;gap:${v('space-sm')}}`,
    `.fv-disc{width:40px;height:40px;border-radius:50%;background:${v('color-surface-sunken')}}`,
    `.fv-id h2{margin:0;font-size:${v('font-size-xl')};line-height:${v('line-height-tight')}}`,
    `.fv-id p{margin:0;color:${v('color-text-muted')};font-size:${v('font-size-sm')}}`,
    '.fv-price{display:flex;flex-direction:column}',
    `.fv-price strong{font-family:${v('font-mono')};font-size:${v('font-size-xxl')};font-variant-numeric:tabular-nums;line-height:${v('line-height-tight')}}`,
    `.fv-change{font-family:${v('font-mono')};font-weight:${v('font-weight-semibold')};color:${v('color-text-muted')}}`,
    `.fv-change[data-sign="1"]{color:${v('color-buy-text')}}.fv-change[data-sign="-1"]{color:${v('color-sell-text')}}`,
    `.fv dl{display:flex;flex-wrap:wrap;gap:${v('space-xs')} ${v('space-lg')};margin:0}`,
    `.fv dt{color:${v('color-text-muted')};font-size:${v('font-size-xs')}}`,
    `.fv dd{margin:0;font-family:${v('font-mono')};font-size:${v('font-size-sm')};font-variant-numeric:tabular-nums;white-space:nowrap}`,
    `@media (min-width:${breakpoints.sm}px){.fv-bar{padding:0 ${v('space-lg')}}.fv-home{font-size:${v('font-size-xl')}}.fv-frame{flex:0 1 30rem}}`,
    `@media (min-width:${breakpoints.md}px){.fv-page{padding:${v('space-xl')}}}`,
  ].join('');
}

const signOf = (value: string): -1 | 0 | 1 => {
  const parts = parseDecimal(value);
  if (!parts || /^0*$/.test(parts.int + parts.frac)) return 0;
  return parts.negative ? -1 : 1;
};

/** The `<style>` for the page's head and the markup for `#root`. */
export function firstView({ language, theme, instrument, ticker }: FirstViewInput): { head: string; root: string } {
  const text = TEXT[language];
  const digits = { minFractionDigits: instrument.pricePrecision, maxFractionDigits: instrument.pricePrecision };
  const price = (value: string) => escapeHtml(formatCurrency(value, instrument.quoteCurrency, language, digits));
  const home = language === 'en' ? '/en/trade' : '/trade';
  const root =
    `<div class="fv" data-first-view data-ready-when="${escapeHtml(FIRST_VIEW_READY_WHEN)}">` +
    `<header class="fv-bar"><a class="fv-home" href="${home}" title="${escapeHtml(text.home)}">Pasar</a></header>` +
    '<main class="fv-page">' +
    `<div><h1>${escapeHtml(text.title)}</h1><p class="fv-intro">${escapeHtml(text.intro)}</p></div>` +
    '<div class="fv-frames" aria-hidden="true"><div class="fv-frame"></div><div class="fv-frame"></div></div>' +
    `<section class="fv-card" aria-label="${escapeHtml(FIRST_VIEW_SYMBOL)}">` +
    `<div class="fv-id"><div class="fv-disc" aria-hidden="true"></div><div><h2>${FIRST_VIEW_SYMBOL}</h2>` +
    `<p>${escapeHtml(instrument.name)} · ${escapeHtml(text.market)}</p></div></div>` +
    `<div class="fv-price"><strong>${price(ticker.price)}</strong>` +
    `<span class="fv-change" data-sign="${signOf(ticker.changePercent24h)}">${escapeHtml(formatPercentChange(ticker.changePercent24h, language))}</span></div>` +
    `<dl><div><dt>${escapeHtml(text.high)}</dt><dd>${price(ticker.high24h)}</dd></div>` +
    `<div><dt>${escapeHtml(text.low)}</dt><dd>${price(ticker.low24h)}</dd></div>` +
    `<div><dt>${escapeHtml(text.volume)}</dt><dd>${escapeHtml(formatCompact(ticker.volume24h, language))}</dd></div></dl>` +
    '</section></main></div>';
  return { head: `<style data-first-view>${styles(theme)}</style>`, root };
}

/** Whether a navigation gets the first view: the explore page in either language, not on the mobile-web routes nor with `?theme=` (their own theme rules). */
export function wantsFirstView(urlPath: string, search: string): { language: Language } | null {
  const { path, mobileWeb, english } = splitLocalePrefix(urlPath);
  if (path !== FIRST_VIEW_PATH || mobileWeb || /(^|[?&])theme=/.test(search)) return null;
  return { language: english ? 'en' : 'id' };
}

/** Puts `markup` inside the page's `<div id="root">`. Answers the page unchanged when it has none. */
export function fillRoot(html: string, markup: string): string {
  const at = html.search(/<div id="root"><\/div>/);
  if (at === -1) return html;
  const open = '<div id="root">'.length;
  return `${html.slice(0, at + open)}${markup}${html.slice(at + open)}`;
}
