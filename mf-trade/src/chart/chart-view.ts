// How a person likes the chart to look (the user web chart settings of §3, kept per market in
// {product}Properties beside the chart type): the price scale's mode and side, the crosshair, and
// the up, down and background colours (absent: the theme's). Settings come from the server as free
// JSON, so everything read here is checked and anything unknown falls back to the default. Plain
// data and pure helpers: the tools chunk draws it, the workspace chunk edits and stores it.

export const SCALE_MODES = ['auto', 'log', 'percentage'] as const;
export type ScaleMode = (typeof SCALE_MODES)[number];

export const SCALE_SIDES = ['right', 'left'] as const;
export type ScaleSide = (typeof SCALE_SIDES)[number];

export const CROSSHAIR_MODES = ['normal', 'magnet', 'hidden'] as const;
export type CrosshairMode = (typeof CROSSHAIR_MODES)[number];

export const VIEW_COLOURS = ['upColor', 'downColor', 'background'] as const;
export type ViewColour = (typeof VIEW_COLOURS)[number];

export interface ChartView {
  scale: ScaleMode;
  scaleSide: ScaleSide;
  crosshair: CrosshairMode;
  /** `#rrggbb`; a colour left out is the theme's. */
  colours: Partial<Record<ViewColour, string>>;
}

export const DEFAULT_VIEW: ChartView = { scale: 'auto', scaleSide: 'right', crosshair: 'normal', colours: {} };

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T => (options.includes(value as T) ? (value as T) : fallback);

/** The view kept in a market's {product}Properties (flat keys beside `chartType`), the default for anything unknown. */
export function viewOf(properties: unknown): ChartView {
  const raw = isRecord(properties) ? properties : {};
  const colours: ChartView['colours'] = {};
  for (const key of VIEW_COLOURS) {
    const value = raw[key];
    if (typeof value === 'string' && HEX_COLOUR.test(value)) colours[key] = value.toLowerCase();
  }
  return {
    scale: oneOf(SCALE_MODES, raw.scale, DEFAULT_VIEW.scale),
    scaleSide: oneOf(SCALE_SIDES, raw.scaleSide, DEFAULT_VIEW.scaleSide),
    crosshair: oneOf(CROSSHAIR_MODES, raw.crosshair, DEFAULT_VIEW.crosshair),
    colours,
  };
}

/** {product}Properties with the view written in, every other key kept (a colour back to the theme's is removed). */
export function withView(properties: unknown, view: ChartView): Record<string, unknown> {
  const kept = { ...(isRecord(properties) ? properties : {}) };
  for (const key of VIEW_COLOURS) delete kept[key];
  const colours = Object.fromEntries(VIEW_COLOURS.flatMap((key) => (view.colours[key] ? [[key, view.colours[key]]] : [])));
  return { ...kept, scale: view.scale, scaleSide: view.scaleSide, crosshair: view.crosshair, ...colours };
}

/** One text per view, to tell a change from the same view again. */
export const viewKey = (view: ChartView): string => JSON.stringify(withView(null, view));

export const isDefaultView = (view: ChartView): boolean => viewKey(view) === viewKey(DEFAULT_VIEW);
